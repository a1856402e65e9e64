// Fits the email-intent model to labelled emails (used by `npm run train:email`, the cross-validation of
// `npm run bench:email -- --cv` and the reproducibility test). Deterministic: the same emails in the same order
// with the same options give the same weights.
import { assessEmailByRules, type EmailInput } from '../email.js';
import type { FeatureSet, SparseVector } from './features.js';
import { intentFeatures } from './intent.js';
import { DEFAULT_TRAINING, train, type SparseWeights, type TrainingOptions } from './logistic.js';

export interface LabelledInput extends EmailInput {
  label: 'invoice' | 'not_invoice';
}

/** Feature vectors of emails (the rules run once per email). */
export function vectorize(emails: readonly EmailInput[], set: FeatureSet): SparseVector[] {
  return emails.map((email) => intentFeatures(email, assessEmailByRules(email), set));
}

export function fitIntentWeights(
  emails: readonly LabelledInput[],
  set: FeatureSet,
  options: TrainingOptions = DEFAULT_TRAINING,
): SparseWeights {
  return train(
    vectorize(emails, set),
    emails.map((e) => (e.label === 'invoice' ? 1 : 0)),
    options,
  );
}
