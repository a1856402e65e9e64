// Fitting one field's scorer: L2-regularized conditional logit (softmax over each document's candidates; every
// candidate carrying the labelled value is a right answer), by full-batch Adam from zero weights for a fixed number
// of steps. No randomness and a fixed order of documents and candidates: the same examples give the same weights,
// bit for bit.
import { softmax } from './model.js';

export interface TrainingGroup {
  /** One document's candidates for the field. */
  vectors: readonly Float64Array[];
  /** Which candidates carry the labelled value (at least one). */
  positive: readonly boolean[];
}

export interface FitSettings {
  /** L2 strength per document (the loss is averaged over documents). */
  l2: number;
  iterations: number;
  learningRate: number;
}

export const DEFAULT_FIT: FitSettings = { l2: 0.003, iterations: 400, learningRate: 0.05 };

/** Weights rounded to 1e-6: enough for scoring, and the JSON stays small and stable. */
function rounded(w: Float64Array): Float64Array {
  return w.map((v) => Math.round(v * 1e6) / 1e6);
}

/** Most features of a candidate are 0: training walks the non-zero ones only. */
interface SparseRow {
  index: Int32Array;
  value: Float64Array;
}

function sparseRow(x: Float64Array): SparseRow {
  const index: number[] = [];
  const value: number[] = [];
  x.forEach((v, i) => {
    if (v !== 0) {
      index.push(i);
      value.push(v);
    }
  });
  return { index: Int32Array.from(index), value: Float64Array.from(value) };
}

function sparseGroup(g: TrainingGroup): { rows: SparseRow[]; positive: readonly boolean[] } {
  return { rows: g.vectors.map(sparseRow), positive: g.positive };
}

function sparseScore(w: Float64Array, x: SparseRow): number {
  let s = 0;
  for (let k = 0; k < x.index.length; k++) s += (w[x.index[k] as number] as number) * (x.value[k] as number);
  return s;
}

export function fitField(
  groups: readonly TrainingGroup[],
  size: number,
  settings: FitSettings = DEFAULT_FIT,
): Float64Array {
  const w = new Float64Array(size);
  const m = new Float64Array(size);
  const v = new Float64Array(size);
  const usable = groups.filter((g) => g.vectors.length > 0 && g.positive.some(Boolean)).map(sparseGroup);
  if (usable.length === 0) return w;
  const beta1 = 0.9;
  const beta2 = 0.999;
  const grad = new Float64Array(size);
  for (let step = 1; step <= settings.iterations; step++) {
    grad.fill(0);
    for (const g of usable) {
      const p = softmax(g.rows.map((x) => sparseScore(w, x)));
      let positiveMass = 0;
      g.positive.forEach((pos, i) => {
        if (pos) positiveMass += p[i] as number;
      });
      g.rows.forEach((x, i) => {
        // d(-log sum_pos p)/ds_i = p_i - [pos_i] p_i / positiveMass
        const coefficient = (p[i] as number) - (g.positive[i] ? (p[i] as number) / positiveMass : 0);
        if (coefficient === 0) return;
        for (let k = 0; k < x.index.length; k++) {
          const j = x.index[k] as number;
          grad[j] = (grad[j] as number) + coefficient * (x.value[k] as number);
        }
      });
    }
    for (let j = 0; j < size; j++) {
      const gj = (grad[j] as number) / usable.length + settings.l2 * (w[j] as number);
      m[j] = beta1 * (m[j] as number) + (1 - beta1) * gj;
      v[j] = beta2 * (v[j] as number) + (1 - beta2) * gj * gj;
      const mHat = (m[j] as number) / (1 - beta1 ** step);
      const vHat = (v[j] as number) / (1 - beta2 ** step);
      w[j] = (w[j] as number) - (settings.learningRate * mHat) / (Math.sqrt(vHat) + 1e-8);
    }
  }
  return rounded(w);
}
