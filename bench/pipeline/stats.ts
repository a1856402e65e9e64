// Small numeric helpers shared by the pipeline benchmark's sections.
import os from 'node:os';

/** The q-quantile (0..1) of the values, nearest-rank; NaN for an empty list. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

export const mean = (values: readonly number[]): number =>
  values.length === 0 ? Number.NaN : values.reduce((sum, v) => sum + v, 0) / values.length;

export const ms = (value: number): string =>
  Number.isFinite(value) ? `${value.toFixed(value < 10 ? 1 : 0)} ms` : 'n/a';

export const ratio = (a: number, b: number): string =>
  Number.isFinite(a / b) && b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a';

/** Runs fn over items with at most `limit` running at once; results in input order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** Milliseconds since `start` (a performance.now() value). */
export const since = (start: number): number => performance.now() - start;

/** The 1-minute load average: the machine is shared, and figures move with it. */
export const loadNote = (): string => `load ${os.loadavg()[0]!.toFixed(1)}`;

export function progress(message: string): void {
  console.log(`  .. ${message}`);
}
