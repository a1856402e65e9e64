// The learned ranker at work: for a field, score every candidate of its kind in the document, pick the value with
// the most probability mass, and hand it to the rule engine through its ranker hook (builtin/ranking.ts): the
// rules' own candidate when one carries that value (its provenance stays), else a candidate of the ranker's own.
import { candidate, clamp01, type Candidate } from '../builtin/candidates.js';
import type { DocumentHints } from '../builtin/hints.js';
import type { LabelIndex } from '../builtin/layout/label-hits.js';
import type { Layout } from '../builtin/layout/layout.js';
import type { ValueCandidate } from './candidates.js';
import { candidatesOf, contextOf, type RankContext } from './context.js';
import { featuresOf, noneVector, proposalKey } from './features.js';
import { FIELD_KIND, isRankField, type RankField } from './fields.js';
import { chooseValue, type LoadedFieldModel, type LoadedModels } from './model.js';

/** Structurally the engine's FieldRanker (builtin/ranking.ts). */
export interface HeaderFieldRanker {
  choose<T>(
    field: string,
    candidates: readonly Candidate<T>[],
    layout: Layout,
    built?: { labels: LabelIndex; hints: DocumentHints },
  ): Candidate<T> | undefined;
}

/**
 * Where the rules proposed nothing, the ranker fills the field only when the value holds at least this much of the
 * probability mass: a document without a due date must not get one because some date had to win.
 */
export const FILL_MIN_PROBABILITY = 0.5;

export interface Ranked {
  key: string;
  candidate: ValueCandidate;
  probability: number;
}

/** The key of the "no value" pseudo-candidate (no real key is empty). */
export const NONE_KEY = '';

/** The ranker's value for a field of a document, given what the rules proposed for it; null when it abstains. */
export function rankField(
  ctx: RankContext,
  field: RankField,
  proposals: readonly Candidate<unknown>[],
  model: LoadedFieldModel,
): Ranked | null {
  const kind = FIELD_KIND[field];
  const list = candidatesOf(ctx, kind);
  if (list.length === 0) return null;
  const rulesBest = proposals.reduce<Candidate<unknown> | null>(
    (a, c) =>
      a === null ||
      c.confidence > a.confidence + 1e-9 ||
      (Math.abs(c.confidence - a.confidence) <= 1e-9 && c.order < a.order)
        ? c
        : a,
    null,
  );
  const vectors = [...featuresOf(ctx, kind, proposals, rulesBest), noneVector(kind, proposals)];
  const choice = chooseValue([...list.map((c) => c.key), NONE_KEY], vectors, model.weights);
  if (!choice || choice.key === NONE_KEY) return null;
  return { key: choice.key, candidate: list[choice.index] as ValueCandidate, probability: choice.probability };
}

/**
 * A ranker for the engine's hook. `fields` says which fields it decides (the others are left to the rules); the
 * rules' candidate carrying the chosen value is returned when there is one.
 */
export function rankerOf(models: LoadedModels, fields: ReadonlySet<RankField>): HeaderFieldRanker {
  return {
    choose<T>(
      field: string,
      candidates: readonly Candidate<T>[],
      layout: Layout,
      built?: { labels: LabelIndex; hints: DocumentHints },
    ): Candidate<T> | undefined {
      if (!isRankField(field) || !fields.has(field)) return undefined;
      const model = models[field];
      if (!model) return undefined;
      const ranked = rankField(contextOf(layout, built), field, candidates, model);
      if (!ranked || (candidates.length === 0 && ranked.probability < FILL_MIN_PROBABILITY)) return undefined;
      const kind = FIELD_KIND[field];
      const same = candidates
        .filter((c) => proposalKey(kind, c.value) === ranked.key)
        .sort((a, b) => b.confidence - a.confidence || a.order - b.order)[0];
      if (same) return same;
      const c = ranked.candidate;
      return candidate(c.value as unknown as T, clamp01(ranked.probability), c.evidence, 'ranker');
    },
  };
}
