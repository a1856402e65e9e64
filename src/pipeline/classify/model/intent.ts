// The learned email-intent model: p(invoice) from a logistic regression over hashed n-grams of the email's fields
// and the rule engine's outputs (features.ts). The weights are data (email-intent.json, written by
// `npm run train:email`); they are read, parsed and expanded into a dense vector on first use, not at process start
// (the type-only import below makes the build copy the file beside the compiled code).
import type { Combination, EmailInput, RuleAssessment } from '../email.js';
import { readFileSync } from 'node:fs';
import type storedModelShape from './email-intent.json';
import { emailFeatures, type FeatureSet, type SparseVector } from './features.js';
import { expandWeights, probability, type SparseWeights } from './logistic.js';

export const MODEL_FORMAT = 'docex-email-intent/1';

export interface StoredIntentModel {
  format: typeof MODEL_FORMAT;
  featureSet: FeatureSet;
  /** p(invoice) at or above this is 'invoice'. */
  threshold: number;
  /** Weight of the rules' margin added to the model's log-odds (email.ts combineWithModel). */
  ruleWeight: number;
  /** What the weights were fitted on and how: data files and counts, commit, settings, cross-validation. */
  training: Record<string, unknown>;
  weights: SparseWeights;
}

/** The feature vector of an email for a feature set, given the rules' assessment of it. */
export function intentFeatures(input: EmailInput, rules: RuleAssessment, set: FeatureSet): SparseVector {
  return emailFeatures(rules.fields, input.body, set === 'text+rules' ? rules.rules : null, set);
}

export interface LoadedIntentModel extends Combination {
  featureSet: FeatureSet;
  dense: Float64Array;
}

/** Checks a stored model and expands its weights; throws naming the command that fixes it. */
export function loadIntentModel(data: unknown): LoadedIntentModel {
  const model = data as Partial<StoredIntentModel> | null;
  if (
    model?.format !== MODEL_FORMAT ||
    model.weights === undefined ||
    typeof model.threshold !== 'number' ||
    typeof model.ruleWeight !== 'number'
  ) {
    throw new Error(
      `src/pipeline/classify/model/email-intent.json is not a ${MODEL_FORMAT} model; run npm run train:email`,
    );
  }
  if (model.featureSet !== 'text' && model.featureSet !== 'text+rules') {
    throw new Error(
      `email-intent model has an unknown feature set ${String(model.featureSet)}; run npm run train:email`,
    );
  }
  return {
    featureSet: model.featureSet,
    threshold: model.threshold,
    ruleWeight: model.ruleWeight,
    dense: expandWeights(model.weights),
  };
}

let loaded: LoadedIntentModel | undefined;

const MODEL_FILE = new URL('./email-intent.json', import.meta.url);
export type ShippedModelFile = typeof storedModelShape;

/** The shipped model, read and expanded on first use (a 2 MB Float64Array; ~5-15 ms once). */
export function shippedIntentModel(): LoadedIntentModel {
  loaded ??= loadIntentModel(JSON.parse(readFileSync(MODEL_FILE, 'utf8')) as unknown);
  return loaded;
}

/** p(invoice) of an email under a model. */
export function intentProbability(model: LoadedIntentModel, input: EmailInput, rules: RuleAssessment): number {
  return probability(model.dense, intentFeatures(input, rules, model.featureSet));
}
