// Field labels found on the pages ("Invoice No.", "Rechnungsdatum", "Total TTC") and the places their values sit:
// after the label in the same segment, in the next segment to the right on the same row, or under the label (a
// header row with its values on the line below). Value parsers decide which of these places holds a value.
import type { BBox, Word } from '../../../model.js';
import { matchLabel, type LabelField, type LabelMatchKind } from '../../parse/index.js';
import { bottom, horizontalOverlap, right, sameRow, unionBoxes } from './geometry.js';
import type { Layout, LayoutPage, Segment } from './layout.js';
import { runOf, runWords, type Span } from './runs.js';

export interface LabelHit {
  field: LabelField;
  confidence: number;
  kind: LabelMatchKind;
  segment: Segment;
  /** The label's character range in the segment text. */
  start: number;
  end: number;
  box: BBox;
  /** True when the label starts its segment (a heading or a label cell, not a word inside prose). */
  atStart: boolean;
}

/**
 * Labels of a text, also where OCR glued a label to its number ("BTW21%", "MwSt.19%"): letters and digits are
 * parted for matching, and the offsets mapped back to the text as printed.
 */
/**
 * A label ends where a word ends: "invoice_number_1" or "RE2026" hold no label. A number may follow a number mark
 * directly ("n°562044387", "#123").
 */
function endsAWord(text: string, end: number): boolean {
  const next = text[end] ?? ' ';
  if (/[\p{L}_]/u.test(next)) return false;
  return !/\d/.test(next) || !/[\p{L}\p{N}]/u.test(text[end - 1] ?? '');
}

/** A letter glued to a rate: "BTW21%", "MwSt.19 %" (not "PO445", which is a reference). */
const GLUED_RATE = /\p{L}\d{1,2}(?:[.,]\d{1,2})?\s?%/u;
const GLUED_RATE_HERE = /^\p{L}\d{1,2}(?:[.,]\d{1,2})?\s?%/u;

/**
 * German compounds of a known label and a generic tail: "Fälligkeitstag" is "Fälligkeit" + "tag". Tried only when
 * the text opens with no label of its own.
 */
const COMPOUND_TAIL = /^(\p{L}{5,}?)s?(?:tag|termin|datum|betrag|summe)(?=[\s:.]|$)/iu;

/** "Versicherungsteuer", "Kfz-Steuer": German taxes are compounds ending in "steuer". */
const TAX_COMPOUND = /^\p{L}[\p{L}-]{3,}steuer(?=[\s:.]|$)/iu;

function compoundLabels(text: string): ReturnType<typeof matchLabel> {
  const tax = TAX_COMPOUND.exec(text);
  if (tax) return [{ field: 'tax', label: 'Steuer', confidence: 0.7, start: 0, end: tax[0].length, kind: 'edit' }];
  const m = COMPOUND_TAIL.exec(text);
  if (!m) return [];
  const stem = m[1] as string;
  const end = m[0].length;
  return matchLabel(stem)
    .filter((l) => l.start === 0 && l.end === stem.length)
    .map((l) => ({ ...l, end, confidence: Math.round(l.confidence * 0.9 * 100) / 100 }));
}

function labelsOf(text: string, ocr: boolean): ReturnType<typeof matchLabel> {
  const found = gluedLabels(text, ocr);
  if (found.some((m) => m.start === 0)) return found;
  return [...compoundLabels(text), ...found];
}

function gluedLabels(text: string, ocr: boolean): ReturnType<typeof matchLabel> {
  if (!GLUED_RATE.test(text)) return matchLabel(text, { ocr });
  let spaced = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (i > 0 && /\d/.test(ch) && /\p{L}/u.test(text[i - 1] as string) && GLUED_RATE_HERE.test(text.slice(i - 1))) {
      spaced += ' ';
      origin.push(i);
    }
    spaced += ch;
    origin.push(i);
  }
  origin.push(text.length);
  return matchLabel(spaced, { ocr }).map((m) => ({
    ...m,
    start: origin[m.start] as number,
    end: origin[m.end] as number,
  }));
}

export type Relation = 'inline' | 'right' | 'below';

export interface ValueSpan extends Span {
  relation: Relation;
}

/** How much a value's place weighs: the text right after a label is the surest. */
export const RELATION_WEIGHT: Record<Relation, number> = { inline: 1, right: 0.95, below: 0.85 };

/** Label hits of the whole document, by segment index. */
export class LabelIndex {
  readonly hits: LabelHit[] = [];
  readonly #bySegment = new Map<number, LabelHit[]>();

  constructor(readonly layout: Layout) {
    for (const segment of layout.segments) {
      const found: LabelHit[] = [];
      for (const match of labelsOf(segment.text, segment.source === 'ocr')) {
        if (!endsAWord(segment.text, match.end)) continue;
        const words = runWords(segment, match.start, match.end);
        if (words.length === 0) continue;
        found.push({
          field: match.field,
          confidence: match.confidence,
          kind: match.kind,
          segment,
          start: match.start,
          end: match.end,
          box: unionBoxes(words.map((w) => w.bbox)),
          // Stray marks before a label ("[Rechnungsnummer" from OCR, "• Total") do not move it off the start.
          atStart: /^[\s\p{P}\p{S}]*$/u.test(segment.text.slice(0, match.start)),
        });
      }
      found.sort((a, b) => a.start - b.start);
      this.#bySegment.set(segment.index, found);
      this.hits.push(...found);
    }
  }

  inSegment(segment: Segment): readonly LabelHit[] {
    return this.#bySegment.get(segment.index) ?? [];
  }

  /** Hits of the given fields, in reading order. */
  of(fields: readonly LabelField[]): LabelHit[] {
    return this.hits.filter((h) => fields.includes(h.field));
  }

  /** True when the segment begins with a label (of any field) of at least the given confidence. */
  startsWithLabel(segment: Segment, minConfidence = 0.5): boolean {
    return this.inSegment(segment).some((h) => h.atStart && h.confidence >= minConfidence);
  }

  /** True when the segment opens with a label of another field ("PO-7788" after "PO Number:" is a value). */
  startsWithOtherLabel(segment: Segment, field: LabelField): boolean {
    return this.inSegment(segment).some((h) => h.atStart && h.confidence >= 0.5 && h.field !== field);
  }

  /**
   * Where the next label after `from` starts in the segment, or the segment's end. Column labels ("#", "Nr.") and
   * weak matches do not end a value: "Invoice No : # BLR_2015" reads on.
   */
  nextLabelStart(segment: Segment, from: number): number {
    const next = this.inSegment(segment).find(
      (h) => h.start >= from && !h.field.startsWith('line_') && h.confidence >= 0.5,
    );
    return next ? next.start : segment.text.length;
  }

  page(hit: LabelHit): LayoutPage {
    return this.layout.pages.find((p) => p.number === hit.segment.page) as LayoutPage;
  }

  /** The places a value for this label may sit, surest first. */
  valueSpans(hit: LabelHit): ValueSpan[] {
    const spans: ValueSpan[] = [];
    const segment = hit.segment;
    const inlineEnd = this.nextLabelStart(segment, hit.end);
    if (segment.text.slice(hit.end, inlineEnd).replace(/[\s:#.\-–]/g, '') !== '') {
      spans.push({ run: segment, from: hit.end, to: inlineEnd, relation: 'inline' });
    }
    const rightSpan = this.rightOf(hit);
    if (rightSpan) spans.push(rightSpan);
    const belowSpan = this.below(hit);
    if (belowSpan) spans.push(belowSpan);
    return spans;
  }

  /**
   * Segments of the page on the same row as `box`, left to right: boxes at the same height, and the other
   * segments of `line` (the reader put them on one line, which survives a residual skew of a scan).
   */
  rowSegments(pageNumber: number, box: BBox, line?: number): Segment[] {
    const page = this.layout.pages.find((p) => p.number === pageNumber);
    if (!page) return [];
    const row: Segment[] = [];
    for (const l of page.lines) {
      if (l.bbox.y > bottom(box) + page.lineHeight * 2) break;
      for (const s of l.segments) if (sameRow(s.bbox, box) || (l.index === line && page.source === 'ocr')) row.push(s);
    }
    return row.sort((a, b) => a.bbox.x - b.bbox.x);
  }

  /**
   * The next segment to the right on the label's row, up to the next label in it; none when it is a label. With
   * `wholeRow`, every segment up to the next one that opens with a label ("USt. 7%  275,00  19,25").
   */
  rightOf(hit: LabelHit, options: { wholeRow?: boolean; force?: boolean } = {}): ValueSpan | null {
    // Only when the inline text holds no more labels: "Net 10.00 Tax 1.90" reads pairs inline.
    if (!options.force && this.nextLabelStart(hit.segment, hit.end) < hit.segment.text.length) return null;
    const following = this.rowSegments(hit.segment.page, hit.box, hit.segment.line).filter(
      (s) => s.index !== hit.segment.index && s.bbox.x >= right(hit.segment.bbox) - 1,
    );
    const next = following[0];
    if (!next || this.startsWithOtherLabel(next, hit.field)) return null;
    if (!options.wholeRow) return { run: next, from: 0, to: this.nextLabelStart(next, 1), relation: 'right' };
    const words: Word[] = [];
    for (const segment of following) {
      if (segment !== next && this.startsWithLabel(segment, 0.5)) break;
      const end = this.nextLabelStart(segment, 1);
      words.push(...segment.words.filter((_, i) => (segment.starts[i] as number) < end));
      if (end < segment.text.length) break;
    }
    const run = runOf(words, hit.segment.page, hit.segment.source);
    return { run, from: 0, to: run.text.length, relation: 'right' };
  }

  /**
   * The words under the label on the first lower row that has any (within two line heights), cut at the column of
   * the next label to the right on the label's row, so that a header row "Date  Due date  Ref" gives each label its
   * own value.
   */
  below(hit: LabelHit): ValueSpan | null {
    return this.underBox(hit.segment.page, hit.box, hit);
  }

  /** The value cell under a box (a label or a column title), as for {@link below}. */
  underBox(pageNumber: number, box: BBox, self?: LabelHit): ValueSpan | null {
    const page = this.layout.pages.find((p) => p.number === pageNumber);
    if (!page) return null;
    const lh = page.lineHeight;
    const rowLabels = this.rowSegments(page.number, box)
      .flatMap((s) => this.inSegment(s))
      .filter((h) => h !== self && h.box.x > right(box) && h.confidence >= 0.5)
      .sort((a, b) => a.box.x - b.box.x);
    const columnRight = rowLabels[0] ? rowLabels[0].box.x - lh * 0.3 : Infinity;
    const reach = { x: box.x - lh, y: box.y, width: box.width + 2 * lh, height: box.height };
    for (const line of page.lines) {
      if (line.bbox.y <= bottom(box) - box.height * 0.3) continue;
      if (line.bbox.y > bottom(box) + 2 * lh) break;
      const touching = line.segments.filter((s) => horizontalOverlap(s.bbox, reach) > 0);
      if (touching.length === 0) continue;
      const first = touching[0] as Segment;
      const blocked = self ? this.startsWithOtherLabel(first, self.field) : this.startsWithLabel(first, 0.6);
      if (blocked && first.bbox.x <= right(box)) return null;
      const words: Word[] = [];
      for (const segment of touching) {
        for (const word of segment.words) {
          const center = word.bbox.x + word.bbox.width / 2;
          if (word.bbox.x + word.bbox.width < reach.x || center > columnRight) continue;
          words.push(word);
        }
      }
      if (words.length === 0) return null;
      const run = runOf(words, page.number, page.source);
      return { run, from: 0, to: run.text.length, relation: 'below' };
    }
    return null;
  }
}
