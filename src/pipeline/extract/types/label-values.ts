// The generic "label, then its value" finder: a value is printed after its label in the same segment ("Due date:
// 04/10/2026"), in the next segment of the line (a label column and a value column), or in the segment right below
// the label (a header row over a value row). Candidates carry a confidence from the label match and the placement;
// callers take the best and record where it came from.
import type { Word } from '../../model.js';
import { horizontalOverlap, verticalGap, wordsInRange, type LayoutLine, type Segment } from './layout.js';
import type { LabelHit } from './phrases.js';
import type { Evidence } from './provenance.js';
import type { Span } from './values.js';

export type LabelFinder<F extends string> = (text: string) => LabelHit<F>[];

/** Labels found once per segment of a set of lines, so that many fields can be looked up without re-matching. */
export interface LabelIndex<F extends string> {
  lines: readonly LayoutLine[];
  hits: Array<{ line: LayoutLine; segment: number; hit: LabelHit<F> }>;
  /** Per line index and segment: the hits in that segment. */
  bySegment: Map<string, LabelHit<F>[]>;
}

export interface FoundValue<T> {
  value: T;
  field: string;
  label: string;
  line: LayoutLine;
  evidence: Evidence;
  /** The segment that holds the value and where the text given to the reader starts in it. */
  segment: Segment;
  offset: number;
}

export type Reader<T> = (text: string) => Span<T> | null;

/** Factors for where the value sits relative to its label. */
const PLACEMENT = { inline: 1, right: 0.95, below: 0.9, glued: 0.8, besideInline: 0.75, secondRight: 0.7 };
/** A value below its label must start within this many line heights of the label's bottom. */
const MAX_BELOW_GAP = 1.6;
/** Long segments are prose: a label there counts only when it starts the segment. */
const PROSE_TOKENS = 12;
/** What may stand between a label and a value in another segment: a currency or unit, a tax rate, colons. */
const LABEL_TAIL =
  /^[\s:.\-–=]*(?:\([^()]{1,30}\)|in\s+[\p{L}$€£]{1,4}|[$€£¥]|\(?\d{1,2}(?:[.,]\d{1,3})?\s?%\)?)?[\s:.\-–=]*$/u;

const key = (line: LayoutLine, segment: number): string => `${line.index}:${segment}`;

/** A label inside brackets qualifies the one before it: "Net total (excl. VAT)". */
function insideParentheses(text: string, hit: LabelHit<string>): boolean {
  const before = text.slice(0, hit.start);
  return before.lastIndexOf('(') > before.lastIndexOf(')');
}

/** A label glued to what follows ("PO-45120", "GRN-2026-0311") is the prefix of an identifier, not a label. */
function gluedToValue(text: string, hit: LabelHit<string>): boolean {
  return /^[-_/.]?[A-Za-z0-9]/.test(text.slice(hit.end));
}

/** A segment that opens with a confident label is a label, not another label's value. */
function startsWithLabel<F extends string>(index: LabelIndex<F>, line: LayoutLine, segment: number): boolean {
  const text = line.segments[segment]?.text ?? '';
  return (index.bySegment.get(key(line, segment)) ?? []).some(
    (h) => h.start === 0 && h.confidence >= 0.8 && !gluedToValue(text, h),
  );
}

export function indexLabels<F extends string>(lines: readonly LayoutLine[], find: LabelFinder<F>): LabelIndex<F> {
  const index: LabelIndex<F> = { lines, hits: [], bySegment: new Map() };
  for (const line of lines) {
    line.segments.forEach((segment, s) => {
      const prose = segment.words.length > PROSE_TOKENS;
      const hits = find(segment.text).filter((h) => !prose || h.start === 0);
      if (hits.length === 0) return;
      index.bySegment.set(key(line, s), hits);
      for (const hit of hits) index.hits.push({ line, segment: s, hit });
    });
  }
  return index;
}

function evidenceFor(
  line: LayoutLine,
  segment: Segment,
  span: Span<unknown>,
  offset: number,
  confidence: number,
): Evidence {
  const words: Word[] = wordsInRange(segment, offset + span.start, offset + span.end);
  return { page: line.page, words, raw: segment.text.slice(offset + span.start, offset + span.end), confidence };
}

/**
 * Every value of `field` the labels in the index lead to, best first (confidence, then the first or the last in
 * reading order). `read` parses the text after the label (or a neighbouring segment's text) and locates the value.
 */
export function findValues<F extends string, T>(
  index: LabelIndex<F>,
  field: F,
  read: Reader<T>,
  prefer: 'first' | 'last' = 'first',
): FoundValue<T>[] {
  const found: FoundValue<T>[] = [];
  const lineAt = new Map(index.lines.map((line, i) => [line.index, i]));
  for (const { line, segment: s, hit } of index.hits) {
    if (hit.field !== field) continue;
    const segment = line.segments[s] as Segment;
    // A confident label later in the segment bounds this one's value ("Due date: 04/10 Minimum due: 35.00").
    const others = (index.bySegment.get(key(line, s)) ?? []).filter(
      (h) =>
        h.start >= hit.end &&
        h.field !== field &&
        h.confidence >= 0.8 &&
        !gluedToValue(segment.text, h) &&
        !insideParentheses(segment.text, h),
    );
    const nextLabelAt = others.length > 0 ? Math.min(...others.map((h) => h.start)) : segment.text.length;
    const rest = segment.text.slice(hit.end, nextLabelAt);
    const push = (value: FoundValue<T>): number => found.push(value);

    if (gluedToValue(segment.text, hit)) {
      // The label is the identifier's own prefix: the value starts with it.
      const whole = read(segment.text.slice(hit.start));
      if (whole) {
        push({
          value: whole.value,
          field,
          label: hit.label,
          line,
          segment,
          offset: hit.start,
          evidence: evidenceFor(line, segment, whole, hit.start, hit.confidence * PLACEMENT.glued),
        });
      }
      continue;
    }
    const inline = read(rest);
    const right = line.segments[s + 1];
    if (inline) {
      push({
        value: inline.value,
        field,
        label: hit.label,
        line,
        segment,
        offset: hit.end,
        evidence: evidenceFor(line, segment, inline, hit.end, hit.confidence * PLACEMENT.inline),
      });
      // "Tax 15% on $112.90      $16.94": the next column may hold the value and the inline text its base; a
      // weaker candidate for callers that choose among several (arithmetic checks).
      const beside =
        right && !startsWithLabel(index, line, s + 1) && nextLabelAt === segment.text.length ? read(right.text) : null;
      if (beside) {
        push({
          value: beside.value,
          field,
          label: hit.label,
          line,
          segment: right as Segment,
          offset: 0,
          evidence: evidenceFor(line, right as Segment, beside, 0, hit.confidence * PLACEMENT.besideInline),
        });
      }
      continue;
    }
    // Something other than a unit or a colon follows the label in its own segment: not a label of a value.
    if (!LABEL_TAIL.test(rest) || nextLabelAt < segment.text.length) continue;

    if (right && !startsWithLabel(index, line, s + 1)) {
      const value = read(right.text);
      if (value) {
        push({
          value: value.value,
          field,
          label: hit.label,
          line,
          segment: right,
          offset: 0,
          evidence: evidenceFor(line, right, value, 0, hit.confidence * PLACEMENT.right),
        });
        // "VAT 19%   473,00   89,87": base and amount side by side; the second is a weaker candidate.
        const further = line.segments[s + 2];
        const next = further && !startsWithLabel(index, line, s + 2) ? read(further.text) : null;
        if (next && further) {
          push({
            value: next.value,
            field,
            label: hit.label,
            line,
            segment: further,
            offset: 0,
            evidence: evidenceFor(line, further, next, 0, hit.confidence * PLACEMENT.secondRight),
          });
        }
        continue;
      }
    }

    const labelBox = segment.bbox;
    const position = lineAt.get(line.index) ?? -1;
    for (let i = position + 1; i < Math.min(index.lines.length, position + 3); i++) {
      const below = index.lines[i] as LayoutLine;
      if (below.page !== line.page || verticalGap(line.bbox, below.bbox) > MAX_BELOW_GAP * line.height) break;
      const t = below.segments.findIndex((seg) => horizontalOverlap(seg.bbox, labelBox) > 0);
      if (t < 0) continue;
      if (startsWithLabel(index, below, t)) break;
      const candidate = below.segments[t] as Segment;
      const value = read(candidate.text);
      if (value) {
        push({
          value: value.value,
          field,
          label: hit.label,
          line: below,
          segment: candidate,
          offset: 0,
          evidence: evidenceFor(below, candidate, value, 0, hit.confidence * PLACEMENT.below),
        });
      }
      break;
    }
  }
  // Equal confidence: statements print their summary first, orders and invoices their totals last.
  const order = prefer === 'first' ? 1 : -1;
  return found.sort((a, b) => b.evidence.confidence - a.evidence.confidence || order * (a.line.index - b.line.index));
}

/** The best value of a field, or null. */
export function findValue<F extends string, T>(index: LabelIndex<F>, field: F, read: Reader<T>): FoundValue<T> | null {
  return findValues(index, field, read)[0] ?? null;
}
