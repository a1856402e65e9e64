// What the features of one document need, built once per layout: its label index, its hints, its table headers
// and the candidates of each kind. Cached by layout object, so ranking several fields of one document reads the
// page once.
import { readHints, type DocumentHints } from '../builtin/hints.js';
import { LabelIndex } from '../builtin/layout/label-hits.js';
import type { Layout } from '../builtin/layout/layout.js';
import { findHeaders, type TableHeader } from '../builtin/table/index.js';
import { valueCandidates, type ValueCandidate } from './candidates.js';
import type { ValueKind } from './fields.js';

export interface RankContext {
  layout: Layout;
  labels: LabelIndex;
  hints: DocumentHints;
  headers: readonly TableHeader[];
  candidates: Partial<Record<ValueKind, ValueCandidate[]>>;
}

const contexts = new WeakMap<Layout, RankContext>();

/** The context of a layout; pass labels and hints when the caller already built them (saves a label scan). */
export function contextOf(layout: Layout, built: { labels?: LabelIndex; hints?: DocumentHints } = {}): RankContext {
  let ctx = contexts.get(layout);
  if (!ctx) {
    ctx = {
      layout,
      labels: built.labels ?? new LabelIndex(layout),
      hints: built.hints ?? readHints(layout),
      headers: findHeaders(layout),
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
