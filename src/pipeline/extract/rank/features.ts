// Features of a candidate value: the labels around it (which field they name, in which direction, how far), its
// place on the page, its size, its block, keyword context in every language of the label dictionary, arithmetic
// with the other amounts, document-level priors, and what the rule engine proposed. Every feature is a number in
// [0, 1] so that one regularization strength fits all.
import type { BBox } from '../../model.js';
import type { Candidate } from '../builtin/candidates.js';
import { bottom, horizontalOverlap, right, sameRow } from '../builtin/layout/geometry.js';
import type { LabelHit } from '../builtin/layout/label-hits.js';
import type { Segment } from '../builtin/layout/layout.js';
import type { LabelField } from '../parse/index.js';
import type { ValueCandidate } from './candidates.js';
import { candidatesOf, type RankContext } from './context.js';
import type { ValueKind } from './fields.js';

/** Label fields folded into the groups a feature names (all tax ids are one group, all column headers another). */
const LABEL_GROUPS = [
  'number',
  'date',
  'due',
  'delivery',
  'order_date',
  'po',
  'customer',
  'taxid',
  'subtotal',
  'tax',
  'total',
  'amount_due',
  'currency',
  'party',
  'column',
] as const;
type LabelGroup = (typeof LABEL_GROUPS)[number];

function groupOf(field: LabelField): LabelGroup {
  switch (field) {
    case 'invoice_number':
      return 'number';
    case 'invoice_date':
      return 'date';
    case 'due_date':
      return 'due';
    case 'delivery_date':
      return 'delivery';
    case 'order_date':
      return 'order_date';
    case 'po_number':
      return 'po';
    case 'customer_number':
      return 'customer';
    case 'tax_id':
    case 'vendor_tax_id':
    case 'buyer_tax_id':
    case 'registration_id':
      return 'taxid';
    case 'subtotal':
      return 'subtotal';
    case 'tax':
      return 'tax';
    case 'total':
      return 'total';
    case 'amount_due':
      return 'amount_due';
    case 'currency':
      return 'currency';
    case 'buyer_block':
    case 'ship_to_block':
    case 'vendor_block':
      return 'party';
    default:
      return 'column';
  }
}

const DIRECTIONS = ['inline', 'left', 'above', 'line'] as const;
const LABEL_FEATURES = DIRECTIONS.flatMap((d) => LABEL_GROUPS.map((g) => `${d}:${g}`));

/** Names of the rules that propose header candidates (the part before ':'), plus 'rules' for a chosen amount. */
export const RULE_NAMES = [
  'label',
  'title',
  'title-alone',
  'payment-terms',
  'direct-debit',
  'letter-date',
  'receipt-reference',
  'hash-reference',
  'po-prefix',
  'rules',
] as const;

const COMMON_FEATURES = [
  ...LABEL_FEATURES,
  'no_label',
  'left_gap',
  'above_gap',
  'label_opens_segment',
  'page_first',
  'page_last',
  'y',
  'x',
  'y_top',
  'y_bottom',
  'x_right',
  'height',
  'tall',
  'in_table',
  'table_header_row',
  'alone',
  'segments_on_line',
  'ocr',
  'read_confidence',
  'repeats',
  'first_occurrence',
  'rule_best',
  'rule_confidence',
  'rule_any',
  'rule_place',
  ...RULE_NAMES.map((r) => `rule:${r}`),
  // Only the "no value" pseudo-candidate carries these (see noneVector).
  'none',
  'none_no_proposals',
];

const KIND_FEATURES: Record<ValueKind, readonly string[]> = {
  date: [
    'ambiguous',
    'swapped',
    'swapped_mdy_cue',
    'kept_dmy_cue',
    'in_range',
    'earliest',
    'latest',
    'date_rank',
    'order_known',
    'after_rule_best',
    'before_rule_best',
  ],
  amount: [
    'is_max',
    'amount_rank',
    'has_currency',
    'negative',
    'zero',
    'sum_of_pair',
    'addend',
    'tax_like',
    'net_like',
    'last_of_value',
    'after_rule_best',
    'below_rule_best',
  ],
  identifier: [
    'has_letter',
    'has_separator',
    'length',
    'digit_count',
    'long_digits',
    'year_like',
    'digits_only',
    'hash_before',
    'has_slash',
    'starts_letter',
  ],
};

/** The feature names of a kind, in the order of the vectors `featuresOf` returns. */
export function featureNames(kind: ValueKind): readonly string[] {
  return [...COMMON_FEATURES, ...KIND_FEATURES[kind]];
}

const NAME_INDEX: Record<ValueKind, Map<string, number>> = {
  date: new Map(featureNames('date').map((n, i) => [n, i])),
  amount: new Map(featureNames('amount').map((n, i) => [n, i])),
  identifier: new Map(featureNames('identifier').map((n, i) => [n, i])),
};

/** What the rules proposed for the field being ranked (the candidates their own choice is made among). */
export type RuleProposals = readonly Candidate<unknown>[];

const clip01 = (n: number): number => (n < 0 ? 0 : n > 1 ? 1 : n);
const cents = (key: string): number => Math.round(Number(key) * 100);

function overlaps(a: BBox, b: BBox): boolean {
  return horizontalOverlap(a, b) > 0 && sameRow(a, b);
}

/** Per-document facts every candidate of a kind is compared with. */
interface KindStats {
  counts: Map<string, number>;
  firstIndex: Map<string, number>;
  lastIndex: Map<string, number>;
  sortedKeys: string[];
  centsSet: Set<number>;
  pairSums: Set<number>;
}

function statsOf(list: readonly ValueCandidate[], kind: ValueKind): KindStats {
  const counts = new Map<string, number>();
  const firstIndex = new Map<string, number>();
  const lastIndex = new Map<string, number>();
  list.forEach((c, i) => {
    counts.set(c.key, (counts.get(c.key) ?? 0) + 1);
    if (!firstIndex.has(c.key)) firstIndex.set(c.key, i);
    lastIndex.set(c.key, i);
  });
  const keys = [...counts.keys()];
  const sortedKeys = kind === 'amount' ? keys.sort((a, b) => cents(b) - cents(a)) : keys.sort();
  const centsSet = new Set<number>();
  const pairSums = new Set<number>();
  if (kind === 'amount') {
    const values = keys
      .map(cents)
      .filter((v) => v > 0)
      .slice(0, 300);
    for (const v of values) centsSet.add(v);
    for (let i = 0; i < values.length; i++)
      for (let j = i + 1; j < values.length; j++) pairSums.add((values[i] as number) + (values[j] as number));
  }
  return { counts, firstIndex, lastIndex, sortedKeys, centsSet, pairSums };
}

const statsCache = new WeakMap<readonly ValueCandidate[], KindStats>();

/** The nearest label hit in each direction from a candidate. */
function labelsAround(ctx: RankContext, c: ValueCandidate, set: (name: string, value: number) => void): void {
  const { labels, layout } = ctx;
  const segment = c.segment;
  const page = layout.pages.find((p) => p.number === segment.page);
  const lh = page?.lineHeight ?? 10;
  let found = false;
  // A label word may match several fields ("Total" is a summary label and a column title): each counts.
  const inline = labels.inSegment(segment).filter((h) => h.end <= c.start);
  const nearestEnd = Math.max(-1, ...inline.map((h) => h.end));
  for (const h of inline) {
    if (h.end < nearestEnd - 1) continue;
    set(`inline:${groupOf(h.field)}`, h.confidence);
    found = true;
  }
  const row = labels.rowSegments(segment.page, segment.bbox, segment.line);
  const leftSegments = row
    .filter((s) => s.index !== segment.index && right(s.bbox) <= segment.bbox.x + 1)
    .sort((a, b) => b.bbox.x - a.bbox.x);
  for (const s of leftSegments) {
    const hits = labels.inSegment(s);
    if (hits.length === 0) continue;
    const lastEnd = Math.max(...hits.map((h) => h.end));
    for (const h of hits) if (h.end >= lastEnd - 1) set(`left:${groupOf(h.field)}`, h.confidence);
    set('left_gap', clip01((segment.bbox.x - right(s.bbox)) / (lh * 30)));
    found = true;
    break;
  }
  if (page) {
    const reach: BBox = { x: c.evidence.bbox.x - lh, y: 0, width: c.evidence.bbox.width + 2 * lh, height: 1 };
    let above: LabelHit[] | null = null;
    let gap = 0;
    for (let i = page.lines.length - 1; i >= 0 && !above; i--) {
      const line = page.lines[i];
      if (!line || line.bbox.y >= segment.bbox.y - 1) continue;
      const dy = segment.bbox.y - bottom(line.bbox);
      if (dy > 3 * lh) break;
      for (const s of line.segments) {
        if (horizontalOverlap(s.bbox, reach) <= 0) continue;
        const hits = labels.inSegment(s).filter((h) => horizontalOverlap(h.box, reach) > 0);
        if (hits.length > 0) {
          above = hits;
          gap = dy;
          break;
        }
      }
    }
    if (above) {
      for (const h of above) set(`above:${groupOf(h.field)}`, h.confidence);
      set('above_gap', clip01(gap / (3 * lh)));
      found = true;
    }
    const line = layout.lines[segment.line];
    for (const s of line?.segments ?? [])
      for (const h of labels.inSegment(s)) set(`line:${groupOf(h.field)}`, h.confidence);
  }
  if (!found) set('no_label', 1);
  set('label_opens_segment', labels.startsWithLabel(segment) ? 1 : 0);
}

function inTable(ctx: RankContext, segment: Segment): { below: boolean; headerRow: boolean } {
  const header = ctx.tableHeaderLine.get(segment.page);
  if (header === undefined) return { below: false, headerRow: false };
  return { below: segment.line > header, headerRow: segment.line === header };
}

function ruleFeatures(
  c: ValueCandidate,
  proposals: RuleProposals,
  set: (name: string, value: number) => void,
  best: Candidate<unknown> | null,
): void {
  const keyOf = (p: Candidate<unknown>) => proposalKey(c.kind, p.value);
  let confidence = 0;
  for (const p of proposals) {
    if (keyOf(p) !== c.key) continue;
    confidence = Math.max(confidence, p.confidence);
    set('rule_any', 1);
    const name = p.rule.split(':')[0] as string;
    if ((RULE_NAMES as readonly string[]).includes(name)) set(`rule:${name}`, Math.max(p.confidence, 0.01));
  }
  set('rule_confidence', confidence);
  if (best && keyOf(best) === c.key) {
    set('rule_best', 1);
    if (best.evidence.page === c.evidence.page && overlaps(best.evidence.bbox, c.evidence.bbox)) set('rule_place', 1);
  }
}

/** A rule proposal's value in the candidates' key space. */
export function proposalKey(kind: ValueKind, value: unknown): string {
  const text = String(value);
  if (kind === 'amount') return (Math.round(Number(text) * 100) / 100).toFixed(2);
  if (kind === 'identifier') return text.toUpperCase();
  return text;
}

function dateFeatures(
  ctx: RankContext,
  c: ValueCandidate,
  stats: KindStats,
  best: string | null,
  set: (n: string, v: number) => void,
): void {
  const usCue = ctx.hints.currency === 'USD' || ctx.hints.dateOrder === 'MDY';
  set('ambiguous', c.ambiguous ? 1 : 0);
  set('swapped', c.swapped ? 1 : 0);
  if (c.swapped && usCue) set('swapped_mdy_cue', 1);
  if (c.ambiguous && !c.swapped && !usCue) set('kept_dmy_cue', 1);
  const datesOnLine = (ctx.layout.lines[c.segment.line]?.segments ?? []).reduce(
    (n, s) => n + candidatesOf(ctx, 'date').filter((d) => d.segment === s && !d.swapped).length,
    0,
  );
  if (datesOnLine >= 2) set('in_range', 1);
  const rank = stats.sortedKeys.indexOf(c.key);
  if (rank === 0) set('earliest', 1);
  if (rank === stats.sortedKeys.length - 1) set('latest', 1);
  set('date_rank', stats.sortedKeys.length > 1 ? rank / (stats.sortedKeys.length - 1) : 0);
  set('order_known', ctx.hints.dateOrder !== null ? 1 : 0);
  if (best !== null && c.key > best) set('after_rule_best', 1);
  if (best !== null && c.key < best) set('before_rule_best', 1);
}

function amountFeatures(
  c: ValueCandidate,
  stats: KindStats,
  index: number,
  best: string | null,
  set: (n: string, v: number) => void,
): void {
  const v = cents(c.key);
  const rank = stats.sortedKeys.indexOf(c.key);
  if (rank === 0) set('is_max', 1);
  set('amount_rank', 1 / (1 + rank));
  set('has_currency', c.currency ? 1 : 0);
  set('negative', c.negative ? 1 : 0);
  if (v === 0) set('zero', 1);
  const a = Math.abs(v);
  if (a > 0) {
    if (stats.pairSums.has(a)) set('sum_of_pair', 1);
    let addend = false;
    let taxLike = false;
    let netLike = false;
    for (const t of stats.centsSet) {
      if (t <= a || !stats.centsSet.has(t - a) || t - a === a) continue;
      addend = true;
      const other = t - a;
      if (a <= other * 0.3) taxLike = true;
      if (other <= a * 0.3) netLike = true;
    }
    if (addend) set('addend', 1);
    if (taxLike) set('tax_like', 1);
    if (netLike) set('net_like', 1);
  }
  if (stats.lastIndex.get(c.key) === index) set('last_of_value', 1);
  if (best !== null && v > cents(best)) set('after_rule_best', 1);
  if (best !== null && v < cents(best)) set('below_rule_best', 1);
}

function identifierFeatures(c: ValueCandidate, set: (n: string, v: number) => void): void {
  const v = c.value;
  const digits = (v.match(/\d/g) ?? []).length;
  if (/\p{L}/u.test(v)) set('has_letter', 1);
  if (/[-/._]/.test(v)) set('has_separator', 1);
  set('length', clip01(v.length / 20));
  set('digit_count', clip01(digits / 12));
  if (digits >= 9 && digits === v.replace(/[\s\-/.]/g, '').length) set('long_digits', 1);
  if (/^(?:19|20)\d{2}$/.test(v)) set('year_like', 1);
  if (/^\d+$/.test(v)) set('digits_only', 1);
  if (c.segment.text.slice(Math.max(0, c.start - 2), c.start).includes('#')) set('hash_before', 1);
  if (v.includes('/')) set('has_slash', 1);
  if (/^\p{L}/u.test(v)) set('starts_letter', 1);
}

/**
 * The pseudo-candidate "the document has no such value": it competes with the real candidates, so the model learns
 * when to abstain (from documents whose labels are complete and lack the field).
 */
export function noneVector(kind: ValueKind, proposals: RuleProposals): Float64Array {
  const names = NAME_INDEX[kind];
  const vector = new Float64Array(names.size);
  vector[names.get('none') as number] = 1;
  if (proposals.length === 0) vector[names.get('none_no_proposals') as number] = 1;
  return vector;
}

/**
 * One feature vector per candidate of the kind (same order as `candidatesOf(ctx, kind)`), for a field whose rules
 * proposed `proposals` (their best, by the rules' own tie-break, is `best`).
 */
export function featuresOf(
  ctx: RankContext,
  kind: ValueKind,
  proposals: RuleProposals,
  best: Candidate<unknown> | null,
): Float64Array[] {
  const list = candidatesOf(ctx, kind);
  let stats = statsCache.get(list);
  if (!stats) {
    stats = statsOf(list, kind);
    statsCache.set(list, stats);
  }
  const names = NAME_INDEX[kind];
  const size = names.size;
  const bestKey = best ? proposalKey(kind, best.value) : null;
  const lastPage = ctx.layout.pages[ctx.layout.pages.length - 1]?.number ?? 1;
  return list.map((c, index) => {
    const vector = new Float64Array(size);
    const set = (name: string, value: number): void => {
      const i = names.get(name);
      if (i === undefined) throw new Error(`unknown feature ${name}`);
      if (value > (vector[i] as number)) vector[i] = value;
    };
    const page = ctx.layout.pages.find((p) => p.number === c.segment.page);
    const width = page?.width || 1;
    const height = page?.height || 1;
    const lh = page?.lineHeight || 10;
    const box = c.evidence.bbox;
    labelsAround(ctx, c, set);
    if (c.segment.page === (ctx.layout.pages[0]?.number ?? 1)) set('page_first', 1);
    if (c.segment.page === lastPage) set('page_last', 1);
    const y = clip01(box.y / height);
    const x = clip01((box.x + box.width / 2) / width);
    set('y', y);
    set('x', x);
    if (y < 1 / 3) set('y_top', 1);
    if (y > 2 / 3) set('y_bottom', 1);
    if (x > 0.5) set('x_right', 1);
    const wordHeight = c.segment.source === 'ocr' ? box.height * 1.5 : box.height;
    set('height', clip01(wordHeight / lh / 3));
    if (wordHeight / lh > 1.25) set('tall', 1);
    const table = inTable(ctx, c.segment);
    if (table.below) set('in_table', 1);
    if (table.headerRow) set('table_header_row', 1);
    if (c.segment.text.replace(/[^\p{L}\p{N}]/gu, '').length <= c.value.replace(/[^\p{L}\p{N}]/gu, '').length + 3)
      set('alone', 1);
    set('segments_on_line', clip01((ctx.layout.lines[c.segment.line]?.segments.length ?? 1) / 6));
    if (c.evidence.source === 'ocr') set('ocr', 1);
    set('read_confidence', c.evidence.readConfidence);
    set('repeats', clip01(((stats.counts.get(c.key) ?? 1) - 1) / 4));
    if (stats.firstIndex.get(c.key) === index) set('first_occurrence', 1);
    ruleFeatures(c, proposals, set, best);
    if (kind === 'date') dateFeatures(ctx, c, stats, bestKey, set);
    else if (kind === 'amount') amountFeatures(c, stats, index, bestKey, set);
    else identifierFeatures(c, set);
    return vector;
  });
}
