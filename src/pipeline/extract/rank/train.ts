// Training the ranker from labelled documents: observe each document (rules' proposals, candidates), mark the
// candidates carrying the labelled value, fit one model per field. Pure and deterministic; `npm run train`
// (bench/train.ts) and the accuracy benchmark's --lofo (through `fit` in index.ts) both come here.
import type { ReadDocument } from '../../model.js';
import { candidatesOf } from './context.js';
import { featureNames, featuresOf, noneVector } from './features.js';
import { FIELD_KIND, RANK_FIELDS, type RankField } from './fields.js';
import { DEFAULT_FIT, fitField, type FitSettings, type TrainingGroup } from './fit.js';
import { identifierKey, valueKey } from './label-keys.js';
import type { LoadedModels } from './model.js';
import { observe, type Observation } from './observe.js';

/** A labelled document (structurally the accuracy benchmark's TrainingDocument). */
export interface LabelledDocument {
  document: ReadDocument;
  /** Canonical label: ISO dates, numbers, strings; a missing key is "not labelled". */
  label: Record<string, unknown>;
  /** The dataset it comes from: see COMPLETE_LABEL_DATASETS. */
  dataset?: string;
}

/**
 * Datasets whose labels are complete: zugferd-corpus labels are the embedded e-invoice XML, so a field the XML
 * lacks is not on the page either. Their documents teach the ranker when to abstain.
 */
export const COMPLETE_LABEL_DATASETS: ReadonlySet<string> = new Set(['zugferd-corpus']);

export interface Example {
  observation: Observation;
  label: Record<string, unknown>;
  /** A field missing from the label is missing from the document. */
  complete: boolean;
}

/** Amounts compare without sign on credit notes whose label stores a negative total (as the benchmark does). */
export function labelKey(field: RankField, label: Record<string, unknown>): string | null {
  const absolute = typeof label.total === 'number' && label.total < 0;
  return valueKey(FIELD_KIND[field], label[field], absolute);
}

/** The candidate's key in the label's terms (identifiers normalized as the benchmark does, amounts maybe unsigned). */
export function candidateKey(field: RankField, key: string, label: Record<string, unknown>): string {
  const kind = FIELD_KIND[field];
  if (kind === 'identifier') return identifierKey(key);
  if (kind === 'amount' && typeof label.total === 'number' && label.total < 0) return key.replace(/^-/, '');
  return key;
}

/**
 * Examples by document object: a leave-one-family-out run fits once per family on the same documents, and
 * observing a document (running the rules) costs far more than fitting, so each is observed once.
 */
const exampleCache = new WeakMap<ReadDocument, Example>();

export function examplesOf(documents: readonly LabelledDocument[]): Example[] {
  return documents.map((d) => {
    const complete = COMPLETE_LABEL_DATASETS.has(d.dataset ?? '');
    const cached = exampleCache.get(d.document);
    if (cached && cached.label === d.label && cached.complete === complete) return cached;
    const example = { observation: observe(d.document), label: d.label, complete };
    exampleCache.set(d.document, example);
    return example;
  });
}

/** Features do not depend on the weights: each example's group is computed once, then reused by every fold. */
const groupCache = new WeakMap<Example, Map<RankField, TrainingGroup | null>>();

function groupOf(example: Example, field: RankField): TrainingGroup | null {
  let byField = groupCache.get(example);
  if (!byField) {
    byField = new Map();
    groupCache.set(example, byField);
  }
  if (byField.has(field)) return byField.get(field) ?? null;
  const { observation, label } = example;
  const kind = FIELD_KIND[field];
  const wanted = labelKey(field, label);
  let group: TrainingGroup | null = null;
  // The last vector is the "no value" pseudo-candidate: right when a complete label lacks the field.
  const vectors = () => [
    ...featuresOf(observation.ctx, kind, observation.proposals[field], observation.rulesBest[field]),
    noneVector(kind, observation.proposals[field]),
  ];
  if (wanted !== null) {
    const positive = candidatesOf(observation.ctx, kind).map((c) => candidateKey(field, c.key, label) === wanted);
    if (positive.some(Boolean)) group = { vectors: vectors(), positive: [...positive, false] };
  } else if (example.complete && !(field in label && label[field] !== null)) {
    group = { vectors: vectors(), positive: [...candidatesOf(observation.ctx, kind).map(() => false), true] };
  }
  byField.set(field, group);
  return group;
}

/** One training group per example whose label names the field and whose candidates carry that value. */
export function groupsFor(examples: readonly Example[], field: RankField): TrainingGroup[] {
  return examples.map((e) => groupOf(e, field)).filter((g): g is TrainingGroup => g !== null);
}

export function trainModels(
  examples: readonly Example[],
  enabled: ReadonlySet<RankField>,
  settings: FitSettings = DEFAULT_FIT,
): LoadedModels {
  const models: LoadedModels = {};
  for (const field of RANK_FIELDS) {
    const kind = FIELD_KIND[field];
    const weights = fitField(groupsFor(examples, field), featureNames(kind).length, settings);
    models[field] = { kind, enabled: enabled.has(field), weights };
  }
  return models;
}
