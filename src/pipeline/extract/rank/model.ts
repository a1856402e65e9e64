// The learned scorer: one linear model per field over the candidates' features, read as a conditional logit (a
// softmax over one document's candidates). The weights are data (weights/header-fields.json, written by
// `npm run train`), validated here against the feature names this code computes.
import { z } from 'zod';
import { featureNames } from './features.js';
import { FIELD_KIND, RANK_FIELDS, type RankField, type ValueKind } from './fields.js';

const FieldModelSchema = z
  .object({
    kind: z.enum(['identifier', 'date', 'amount']),
    /** True when leave-one-family-out accuracy showed the ranker beating the rules for this field. */
    enabled: z.boolean(),
    features: z.array(z.string()),
    weights: z.array(z.number().finite()),
    /** Per-field accuracies measured by `npm run train` (content ids counted once), for the record. */
    evaluation: z.record(z.string(), z.number()).optional(),
  })
  .strict()
  .refine((m) => m.features.length === m.weights.length, 'features and weights differ in length');

export const RankerWeightsSchema = z
  .object({
    format: z.literal('docex-ranker/1'),
    /** How and on what the weights were fitted: datasets, document and family counts, commit, settings. */
    training: z.record(z.string(), z.unknown()),
    fields: z.record(z.string(), FieldModelSchema),
  })
  .strict();

export type FieldModel = z.infer<typeof FieldModelSchema>;
export type RankerWeights = z.infer<typeof RankerWeightsSchema>;

/** A field's model ready for scoring: weights in the order `featureNames(kind)` computes. */
export interface LoadedFieldModel {
  kind: ValueKind;
  enabled: boolean;
  weights: Float64Array;
}

export type LoadedModels = Partial<Record<RankField, LoadedFieldModel>>;

/** Validates weights (a parsed JSON file) and orders them by this code's features; throws naming what to do. */
export function loadWeights(data: unknown): LoadedModels {
  const parsed = RankerWeightsSchema.safeParse(data);
  if (!parsed.success) {
    throw new Error(
      `ranker weights are malformed (${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}); run npm run train`,
    );
  }
  const models: LoadedModels = {};
  for (const [field, model] of Object.entries(parsed.data.fields)) {
    if (!(RANK_FIELDS as readonly string[]).includes(field))
      throw new Error(`ranker weights name an unknown field ${field}; run npm run train`);
    const kind = FIELD_KIND[field as RankField];
    if (model.kind !== kind)
      throw new Error(`ranker weights give ${field} the kind ${model.kind}, the code ${kind}; run npm run train`);
    const names = featureNames(kind);
    if (names.length !== model.features.length || names.some((n, i) => model.features[i] !== n)) {
      throw new Error(
        `ranker weights for ${field} were trained on other features than this code computes; run npm run train`,
      );
    }
    models[field as RankField] = { kind, enabled: model.enabled, weights: Float64Array.from(model.weights) };
  }
  return models;
}

export function score(weights: Float64Array, x: Float64Array): number {
  let s = 0;
  for (let i = 0; i < weights.length; i++) s += (weights[i] as number) * (x[i] as number);
  return s;
}

/** Softmax probabilities of the candidates' scores (numerically stable). */
export function softmax(scores: readonly number[]): number[] {
  const max = Math.max(...scores);
  const exps = scores.map((s) => Math.exp(s - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}

export interface Choice {
  /** Index of the candidate that stands for the chosen value (its highest-scoring occurrence). */
  index: number;
  key: string;
  /** Probability mass of the value: the sum over every candidate carrying it. */
  probability: number;
}

/**
 * The value with the most probability mass (a value printed three times pools its three candidates), represented
 * by its best-scoring candidate. Ties go to the earlier candidate in reading order.
 */
export function chooseValue(
  keys: readonly string[],
  vectors: readonly Float64Array[],
  weights: Float64Array,
): Choice | null {
  if (vectors.length === 0) return null;
  const scores = vectors.map((x) => score(weights, x));
  const p = softmax(scores);
  const mass = new Map<string, number>();
  keys.forEach((k, i) => mass.set(k, (mass.get(k) ?? 0) + (p[i] as number)));
  let best: Choice | null = null;
  keys.forEach((key, i) => {
    const m = mass.get(key) as number;
    if (
      best === null ||
      m > best.probability + 1e-12 ||
      (Math.abs(m - best.probability) <= 1e-12 &&
        key === best.key &&
        (scores[i] as number) > (scores[best.index] as number))
    ) {
      best = { index: i, key, probability: m };
    }
  });
  return best;
}
