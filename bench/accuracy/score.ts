// Scoring one extraction against its label, and aggregating so that each content_id weighs one: documents that
// render the same invoice share that weight.
import type { InvoiceResult } from '../../src/pipeline/extract/schemas/invoice.js';
import type { DatasetRow, LabelLine } from './manifest.js';
import { descriptionTokens, normalizeValue, SCORED_FIELDS } from './normalize.js';

export interface FieldOutcome {
  field: string;
  expected: string;
  actual: string | null;
  correct: boolean;
}

export interface LineOutcome {
  matched: number;
  predicted: number;
  labelled: number;
}

export interface DocumentScore {
  row: DatasetRow;
  fields: FieldOutcome[];
  lines: LineOutcome | null;
  pages: number;
  ms: number;
  /** Of `ms`, the extraction alone (no reading, no OCR): what changes in the engine cost. */
  extractMs?: number;
  error?: string;
}

/**
 * A predicted line matches a labelled one when every labelled number agrees and the descriptions share most words
 * of the shorter one (labels from e-invoices often add codes the page prints elsewhere, or leave out a second line).
 */
const DESCRIPTION_OVERLAP = 0.6;

function sameNumber(label: unknown, predicted: number | null | undefined): boolean {
  const a = normalizeValue(label, 'amount', true);
  const b = normalizeValue(predicted, 'amount', true);
  return a !== null && a === b;
}

function linesMatch(label: LabelLine, predicted: InvoiceResult['lineItems'][number]): boolean {
  if (label.amount != null && !sameNumber(label.amount, predicted.amount)) return false;
  if (label.quantity != null && !sameNumber(label.quantity, predicted.quantity)) return false;
  if (label.unit_price != null) {
    // One unit at a price: a line printing only its amount states the unit price too.
    const price =
      predicted.unit_price ?? (predicted.quantity == null || predicted.quantity === 1 ? predicted.amount : null);
    if (!sameNumber(label.unit_price, price)) return false;
  }
  const wanted = new Set(descriptionTokens(label.description));
  if (wanted.size > 0) {
    const got = new Set(descriptionTokens(predicted.description));
    const shared = [...wanted].filter((t) => got.has(t)).length;
    if (got.size === 0 || shared / Math.min(wanted.size, got.size) < DESCRIPTION_OVERLAP) return false;
  }
  return true;
}

function scoreLines(labelled: LabelLine[], predicted: InvoiceResult['lineItems']): LineOutcome {
  const used = new Set<number>();
  let matched = 0;
  for (const label of labelled) {
    const index = predicted.findIndex((p, i) => !used.has(i) && linesMatch(label, p));
    if (index >= 0) {
      used.add(index);
      matched++;
    }
  }
  return { matched, predicted: predicted.length, labelled: labelled.length };
}

export function scoreDocument(
  row: DatasetRow,
  result: InvoiceResult | null,
  pages: number,
  ms: number,
  error?: string,
): DocumentScore {
  const label = row.label;
  // Credit notes may store negative amounts where the page prints them without a sign.
  const absolute = typeof label.total === 'number' && label.total < 0;
  const fields: FieldOutcome[] = [];
  for (const [field, kind] of SCORED_FIELDS) {
    if (row.skip.has(field)) continue;
    const expected = normalizeValue(label[field], kind, absolute);
    if (expected === null) continue;
    const raw = result ? (result.summary_data as Record<string, unknown>)[field] : null;
    const actual = normalizeValue(raw, kind, absolute);
    fields.push({ field, expected, actual, correct: actual === expected });
  }
  // An empty list is "not labelled" (MINIMUM / BASIC-WL e-invoices carry no lines even when the page shows some).
  const labelledLines =
    Array.isArray(label.line_items) && label.line_items.length > 0 && !row.skip.has('line_items')
      ? label.line_items
      : null;
  const lines = labelledLines ? scoreLines(labelledLines, result?.lineItems ?? []) : null;
  const score: DocumentScore = { row, fields, lines, pages, ms };
  if (error !== undefined) score.error = error;
  return score;
}

export interface FieldSummary {
  correct: number;
  /** Content ids with this field labelled. */
  total: number;
}

export interface DatasetSummary {
  name: string;
  documents: number;
  contentIds: number;
  fields: Map<string, FieldSummary>;
  lines: { precision: number | null; recall: number | null; f1: number | null; contentIds: number };
  pages: number;
  ms: number;
  extractMs: number;
  errors: number;
}

/** Aggregates document scores: each content_id counts once, its documents' outcomes averaged. */
export function summarize(name: string, scores: readonly DocumentScore[]): DatasetSummary {
  const groups = new Map<string, DocumentScore[]>();
  for (const s of scores) {
    const key = `${s.row.dataset}\u0000${s.row.contentId}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const fields = new Map<string, FieldSummary>();
  let tp = 0;
  let predicted = 0;
  let labelled = 0;
  let lineGroups = 0;
  for (const docs of groups.values()) {
    for (const [field] of SCORED_FIELDS) {
      const outcomes = docs.flatMap((d) => d.fields.filter((f) => f.field === field));
      if (outcomes.length === 0) continue;
      const summary = fields.get(field) ?? { correct: 0, total: 0 };
      summary.correct += outcomes.filter((o) => o.correct).length / outcomes.length;
      summary.total += 1;
      fields.set(field, summary);
    }
    const withLines = docs.filter((d) => d.lines !== null);
    if (withLines.length > 0) {
      lineGroups++;
      const w = 1 / withLines.length;
      for (const d of withLines) {
        const l = d.lines as LineOutcome;
        tp += w * l.matched;
        predicted += w * l.predicted;
        labelled += w * l.labelled;
      }
    }
  }
  const precision = predicted > 0 ? tp / predicted : lineGroups > 0 ? 0 : null;
  const recall = labelled > 0 ? tp / labelled : null;
  const f1 =
    precision !== null && recall !== null
      ? precision + recall > 0
        ? (2 * precision * recall) / (precision + recall)
        : 0
      : null;
  return {
    name,
    documents: scores.length,
    contentIds: groups.size,
    fields,
    lines: { precision, recall, f1, contentIds: lineGroups },
    pages: scores.reduce((n, s) => n + s.pages, 0),
    ms: scores.reduce((n, s) => n + s.ms, 0),
    extractMs: scores.reduce((n, s) => n + (s.extractMs ?? 0), 0),
    errors: scores.filter((s) => s.error !== undefined).length,
  };
}
