// Seeded choices for the generator, over the same PRNG the degradation uses (bench/accuracy/degrade.ts), so a seed
// fixes every document, value and image.
import { random } from '../accuracy/degrade.js';

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[];
}

export function createRng(seed: number): Rng {
  const next = random(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)] as T;
    },
    sample<T>(items: readonly T[], count: number): T[] {
      const pool = [...items];
      const out: T[] = [];
      while (out.length < count && pool.length > 0) out.push(pool.splice(int(0, pool.length - 1), 1)[0] as T);
      return out;
    },
  };
}

/** A seed for one document, derived from the run's seed and the document's index (FNV-1a mixing). */
export function documentSeed(runSeed: number, index: number): number {
  let h = 2166136261 ^ runSeed;
  for (const v of [index, index >>> 8, index >>> 16]) h = Math.imul(h ^ (v & 0xff), 16777619);
  return h >>> 0;
}
