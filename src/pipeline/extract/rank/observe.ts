// One document seen as training or evaluation material: its layout context, what the rules proposed for each
// field (recorded through the engine's ranker hook, so exactly what a ranker is offered in production) and what
// the rules finally reported.
import { best, type Candidate } from '../builtin/candidates.js';
import { extractInvoice } from '../builtin/index.js';
import type { DocumentHints } from '../builtin/hints.js';
import type { LabelIndex } from '../builtin/layout/label-hits.js';
import { buildLayout, type Layout } from '../builtin/layout/layout.js';
import type { ReadDocument } from '../../model.js';
import type { InvoiceResult } from '../schemas/invoice.js';
import { contextOf, type RankContext } from './context.js';
import { FIELD_KIND, RANK_FIELDS, type RankField } from './fields.js';
import type { Evidence } from '../builtin/layout/runs.js';

export interface Observation {
  ctx: RankContext;
  proposals: Record<RankField, readonly Candidate<unknown>[]>;
  /** The rules' own pick among the proposals (their tie-break), null without proposals. */
  rulesBest: Record<RankField, Candidate<unknown> | null>;
  /** What the rules reported for each field (the result's summary value), for the baseline. */
  rulesValue: Record<RankField, unknown>;
}

const EMPTY = (): Record<RankField, readonly Candidate<unknown>[]> =>
  Object.fromEntries(RANK_FIELDS.map((f) => [f, []])) as unknown as Record<RankField, readonly Candidate<unknown>[]>;

/** Amount fields are not offered through the hook: the rules' reported value stands in as their one proposal. */
function reportedAmount(result: InvoiceResult, field: RankField): Candidate<unknown>[] {
  const value = (result.summary_data as Record<string, unknown>)[field];
  const provenance = result.fields[`summary_data.${field}`];
  if (value === null || value === undefined || !provenance?.bbox || provenance.page === undefined) return [];
  const evidence: Evidence = {
    page: provenance.page,
    bbox: provenance.bbox,
    raw: provenance.raw ?? '',
    source: provenance.source === 'ocr' ? 'ocr' : 'text',
    readConfidence: 1,
  };
  return [{ value: String(value), confidence: provenance.confidence, evidence, order: 0, rule: 'rules' }];
}

export function observe(document: ReadDocument): Observation {
  const proposals = EMPTY();
  const source = { ...document, einvoice: null };
  // The context the engine hands a ranker (its layout, labels and hints): features are computed on exactly that.
  let ctx: RankContext | null = null;
  const recorder = {
    choose<T>(
      field: string,
      candidates: readonly Candidate<T>[],
      layout: Layout,
      built?: { labels: LabelIndex; hints: DocumentHints },
    ): Candidate<T> | undefined {
      ctx ??= contextOf(layout, built);
      if ((RANK_FIELDS as readonly string[]).includes(field)) proposals[field as RankField] = [...candidates];
      return undefined;
    },
  };
  const result = extractInvoice(source, { requireLineItems: false, documentType: 'invoice', ranker: recorder });
  for (const field of RANK_FIELDS) if (FIELD_KIND[field] === 'amount') proposals[field] = reportedAmount(result, field);
  const rulesBest = Object.fromEntries(RANK_FIELDS.map((f) => [f, best(proposals[f])])) as Record<
    RankField,
    Candidate<unknown> | null
  >;
  const rulesValue = Object.fromEntries(
    RANK_FIELDS.map((f) => [f, (result.summary_data as Record<string, unknown>)[f] ?? null]),
  ) as Record<RankField, unknown>;
  return { ctx: ctx ?? contextOf(buildLayout(source)), proposals, rulesBest, rulesValue };
}
