// L2-regularized logistic regression over hashed sparse features, trained by stochastic gradient descent in a
// seeded order (the same data and settings always give the same weights, byte for byte), stored sparsely: weights
// smaller than `minWeight` are pruned and the rest rounded, so the JSON stays small.
import { HASH_BITS, type SparseVector } from './features.js';

export interface TrainingOptions {
  /** L2 strength (per example). */
  lambda: number;
  epochs: number;
  /** Initial learning rate; it decays as eta0 / (1 + lambda * eta0 * t). */
  eta0: number;
  seed: number;
  /** Weights smaller than this in absolute value are dropped from the stored model. */
  minWeight: number;
}

export const DEFAULT_TRAINING: TrainingOptions = { lambda: 1e-3, epochs: 16, eta0: 0.5, seed: 13, minWeight: 0.03 };

/** Weights as stored: indices ascending, delta-encoded; weights rounded to WEIGHT_DECIMALS. */
export interface SparseWeights {
  hashBits: number;
  indexDeltas: number[];
  weights: number[];
}

const WEIGHT_DECIMALS = 4;

/** mulberry32: a tiny seeded PRNG, enough to shuffle deterministically. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

function dot(dense: Float64Array, x: SparseVector): number {
  let sum = 0;
  for (let k = 0; k < x.indices.length; k += 1)
    sum += (dense[x.indices[k] as number] as number) * (x.values[k] as number);
  return sum;
}

/**
 * Fits weights to examples (label 1 = invoice). Classes are weighed to count equally. The weight vector is kept as
 * scale * v so that the L2 shrink of every weight at every step costs one multiplication.
 */
export function train(
  examples: readonly SparseVector[],
  labels: readonly number[],
  options: TrainingOptions = DEFAULT_TRAINING,
): SparseWeights {
  const dims = 1 << HASH_BITS;
  const v = new Float64Array(dims);
  let scale = 1;
  const positives = labels.filter((l) => l === 1).length;
  const classWeight = [
    examples.length / (2 * Math.max(1, examples.length - positives)),
    examples.length / (2 * Math.max(1, positives)),
  ];
  const random = prng(options.seed);
  const order = examples.map((_, i) => i);
  let t = 0;
  const average = new Float64Array(dims);
  let averaged = 0;
  for (let epoch = 0; epoch < options.epochs; epoch += 1) {
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    for (const n of order) {
      const x = examples[n] as SparseVector;
      const y = labels[n] as number;
      const eta = options.eta0 / (1 + options.lambda * options.eta0 * t);
      const gradient = (sigmoid(scale * dot(v, x)) - y) * (classWeight[y] as number);
      scale *= 1 - eta * options.lambda;
      const step = (eta * gradient) / scale;
      for (let k = 0; k < x.indices.length; k += 1) {
        const d = x.indices[k] as number;
        v[d] = (v[d] as number) - step * (x.values[k] as number);
      }
      if (scale < 1e-6) {
        for (let d = 0; d < dims; d += 1) v[d] = (v[d] as number) * scale;
        scale = 1;
      }
      t += 1;
    }
    // The weights at the end of each epoch of the second half are averaged: SGD's last iterate depends on the
    // order of the last few examples; the average does much less (and generalizes better).
    if (epoch >= options.epochs / 2) {
      for (let d = 0; d < dims; d += 1) average[d] = (average[d] as number) + (v[d] as number) * scale;
      averaged += 1;
    }
  }
  const factor = 10 ** WEIGHT_DECIMALS;
  const indexDeltas: number[] = [];
  const weights: number[] = [];
  let previous = 0;
  for (let d = 0; d < dims; d += 1) {
    const w = (average[d] as number) / averaged;
    if (Math.abs(w) < options.minWeight) continue;
    indexDeltas.push(d - previous);
    weights.push(Math.round(w * factor) / factor);
    previous = d;
  }
  return { hashBits: HASH_BITS, indexDeltas, weights };
}

/** Dense weights for scoring; throws when they were trained with another hash size than this code computes. */
export function expandWeights(stored: SparseWeights): Float64Array {
  if (stored.hashBits !== HASH_BITS || stored.indexDeltas.length !== stored.weights.length) {
    throw new Error(
      `email-intent weights do not fit this code (hashBits ${stored.hashBits}, expected ${HASH_BITS}); run npm run train:email`,
    );
  }
  const dense = new Float64Array(1 << HASH_BITS);
  let index = 0;
  stored.indexDeltas.forEach((delta, k) => {
    index += delta;
    dense[index] = stored.weights[k] as number;
  });
  return dense;
}

/** p(invoice) of one example. */
export function probability(dense: Float64Array, x: SparseVector): number {
  return sigmoid(dot(dense, x));
}
