// What the features of one document need, built once per layout: its label index, its hints (both handed over by
// the engine when it has them), where its tables start and the candidates of each kind. Cached by layout object, so ranking several fields of one document reads the
// page once.
import { readHints, type DocumentHints } from '../builtin/hints.js';
import { LabelIndex } from '../builtin/layout/label-hits.js';
import type { Layout } from '../builtin/layout/layout.js';
import { valueCandidates, type ValueCandidate } from './candidates.js';
import type { ValueKind } from './fields.js';

export interface RankContext {
  layout: Layout;
  labels: LabelIndex;
  hints: DocumentHints;
  /** Per page, the index (in Layout.lines) of the first line that reads as a table header (3+ column titles). */
  tableHeaderLine: Map<number, number>;
  candidates: Partial<Record<ValueKind, ValueCandidate[]>>;
}

const contexts = new WeakMap<Layout, RankContext>();

/**
 * Where tables start, from the column titles the label index already found (cheaper than the table reader, and
 * all a feature needs): the first line per page holding three different column fields.
 */
function tableHeaderLines(labels: LabelIndex): Map<number, number> {
  const fieldsByLine = new Map<number, Set<string>>();
  for (const hit of labels.hits) {
    if (!hit.field.startsWith('line_') || hit.confidence < 0.5) continue;
    const set = fieldsByLine.get(hit.segment.line) ?? new Set<string>();
    set.add(hit.field);
    fieldsByLine.set(hit.segment.line, set);
  }
  const first = new Map<number, number>();
  for (const [line, fields] of [...fieldsByLine.entries()].sort((a, b) => a[0] - b[0])) {
    const page = labels.layout.lines[line]?.page;
    if (fields.size >= 3 && page !== undefined && !first.has(page)) first.set(page, line);
  }
  return first;
}

/** The context of a layout; pass labels and hints when the caller already built them (saves a label scan). */
export function contextOf(layout: Layout, built: { labels?: LabelIndex; hints?: DocumentHints } = {}): RankContext {
  let ctx = contexts.get(layout);
  if (!ctx) {
    const labels = built.labels ?? new LabelIndex(layout);
    ctx = {
      layout,
      labels,
      hints: built.hints ?? readHints(layout),
      tableHeaderLine: tableHeaderLines(labels),
      candidates: {},
    };
    contexts.set(layout, ctx);
  }
  return ctx;
}

export function candidatesOf(ctx: RankContext, kind: ValueKind): ValueCandidate[] {
  ctx.candidates[kind] ??= valueCandidates(ctx.layout, ctx.hints, kind);
  return ctx.candidates[kind];
}
