// Scoring the ranker against the rules on labelled documents: per field, the share of content ids (documents
// rendering one invoice weigh one together, as bench:accuracy counts) whose value is right.
import { candidatesOf } from '../../src/pipeline/extract/rank/context.js';
import { proposalKey } from '../../src/pipeline/extract/rank/features.js';
import { FIELD_KIND, RANK_FIELDS, type RankField } from '../../src/pipeline/extract/rank/fields.js';
import type { LoadedModels } from '../../src/pipeline/extract/rank/model.js';
import { FILL_MIN_PROBABILITY, rankField } from '../../src/pipeline/extract/rank/ranker.js';
import {
  candidateKey,
  COMPLETE_LABEL_DATASETS,
  labelKey,
  type Example,
} from '../../src/pipeline/extract/rank/train.js';

export interface TrainingItem extends Example {
  dataset: string;
  family: string;
  contentId: string;
}

/** How one document fared on one field. */
export interface FieldOutcome {
  rules: boolean;
  /** As deployed: the ranker decides among the rules' proposals, and fills a field the rules left empty when sure. */
  ranker: boolean;
  /** The ranker decides only where the rules proposed something. */
  hookOnly: boolean;
  /** The ranker decides always, however unsure. */
  free: boolean;
  /** Some candidate carries the labelled value: the ceiling of any ranker. */
  reachable: boolean;
}

export type Outcomes = Map<TrainingItem, Partial<Record<RankField, FieldOutcome>>>;

/** Per field: unlabelled fields of completely labelled documents, and how many of them the ranker filled. */
export type FalseFills = Record<RankField, { absent: number; filled: number }>;

export function emptyFills(): FalseFills {
  return Object.fromEntries(RANK_FIELDS.map((f) => [f, { absent: 0, filled: 0 }])) as FalseFills;
}

export function evaluate(
  items: readonly TrainingItem[],
  models: LoadedModels,
  into: Outcomes = new Map(),
  fills: FalseFills = emptyFills(),
): Outcomes {
  for (const item of items) {
    const { observation, label } = item;
    const result: Partial<Record<RankField, FieldOutcome>> = {};
    for (const field of RANK_FIELDS) {
      const wanted = labelKey(field, label);
      const model = models[field];
      if (!model) continue;
      const kind = FIELD_KIND[field];
      const proposed = observation.proposals[field].length > 0;
      if (wanted === null) {
        // Completely labelled documents show what filling costs: a value where the document has none.
        if (!COMPLETE_LABEL_DATASETS.has(item.dataset) || proposed) continue;
        const ranked = rankField(observation.ctx, field, [], model);
        fills[field].absent++;
        if (ranked && ranked.probability >= FILL_MIN_PROBABILITY) fills[field].filled++;
        continue;
      }
      const rulesRaw = observation.rulesValue[field];
      const rulesKey =
        rulesRaw === null || rulesRaw === undefined ? null : candidateKey(field, proposalKey(kind, rulesRaw), label);
      const ranked = rankField(observation.ctx, field, observation.proposals[field], model);
      const rankedKey = ranked ? candidateKey(field, ranked.key, label) : null;
      const fill = ranked !== null && ranked.probability >= FILL_MIN_PROBABILITY;
      const reachable = candidatesOf(observation.ctx, kind).some((c) => candidateKey(field, c.key, label) === wanted);
      // An abstaining ranker (null: "no value" won) leaves the choice to the rules, as the engine's hook does.
      const decided = (decides: boolean) => (ranked !== null && decides ? rankedKey : rulesKey) === wanted;
      result[field] = {
        rules: rulesKey === wanted,
        ranker: decided(proposed || fill),
        hookOnly: decided(proposed),
        free: decided(true),
        reachable,
      };
    }
    into.set(item, result);
  }
  return into;
}

export interface FieldAccuracy {
  contentIds: number;
  rules: number;
  ranker: number;
  hookOnly: number;
  free: number;
  reachable: number;
}

/** Per field, accuracies with each content id counted once (its documents' outcomes averaged). */
export function accuracies(outcomes: Outcomes): Record<RankField, FieldAccuracy> {
  const out = {} as Record<RankField, FieldAccuracy>;
  for (const field of RANK_FIELDS) {
    const groups = new Map<string, FieldOutcome[]>();
    for (const [item, result] of outcomes) {
      const o = result[field];
      if (!o) continue;
      const key = `${item.dataset}\u0000${item.contentId}`;
      groups.set(key, [...(groups.get(key) ?? []), o]);
    }
    const sum = { rules: 0, ranker: 0, hookOnly: 0, free: 0, reachable: 0 };
    for (const list of groups.values()) {
      for (const k of ['rules', 'ranker', 'hookOnly', 'free', 'reachable'] as const)
        sum[k] += list.filter((o) => o[k]).length / list.length;
    }
    const n = groups.size;
    const share = (x: number) => (n === 0 ? 0 : x / n);
    out[field] = {
      contentIds: n,
      rules: share(sum.rules),
      ranker: share(sum.ranker),
      hookOnly: share(sum.hookOnly),
      free: share(sum.free),
      reachable: share(sum.reachable),
    };
  }
  return out;
}
