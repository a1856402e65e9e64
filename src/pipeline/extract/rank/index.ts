// The learned candidate ranker for header fields (docs/ranker.md): candidates of every kind on the page, features
// per candidate, one conditional-logit scorer per field trained by `npm run train`, weights committed as data in
// weights/header-fields.json. The engine consults it through its ranker hook (builtin/ranking.ts) for the fields
// whose leave-one-family-out accuracy beat the rules; `fit` is the accuracy benchmark's --lofo hook.
import weightsData from './weights/header-fields.json' with { type: 'json' };
import { RANK_FIELDS, type RankField } from './fields.js';
import { loadWeights, type LoadedModels } from './model.js';
import { rankerOf, type HeaderFieldRanker } from './ranker.js';
import { examplesOf, trainModels, type LabelledDocument } from './train.js';

export type { HeaderFieldRanker } from './ranker.js';
export type { LabelledDocument } from './train.js';

let committed: LoadedModels | null = null;

/** The committed weights, validated once (a malformed file throws naming `npm run train`). */
export function committedModels(): LoadedModels {
  committed ??= loadWeights(weightsData);
  return committed;
}

/** Fields the committed weights enable (LOFO beat the rules for them when they were trained). */
export function enabledFields(models: LoadedModels = committedModels()): Set<RankField> {
  return new Set(RANK_FIELDS.filter((f) => models[f]?.enabled === true));
}

let defaultRanker: HeaderFieldRanker | null = null;

/** The ranker the service runs: the committed weights, deciding only the enabled fields. */
export function committedRanker(): HeaderFieldRanker {
  defaultRanker ??= rankerOf(committedModels(), enabledFields());
  return defaultRanker;
}

/**
 * Fits a ranker on labelled documents (deterministic: same documents, same ranker) deciding the fields the
 * committed weights enable, so that a leave-one-family-out run measures the configuration the service runs.
 */
export function fit(documents: readonly LabelledDocument[]): HeaderFieldRanker {
  const fields = enabledFields();
  return rankerOf(trainModels(examplesOf(documents), fields), fields);
}
