// Address blocks of orders and receipts: a heading ("Supplier:", "Fournisseur :", "Ship to") over a name and the
// address lines below it, within the heading's column; and the letterhead (the issuer's name and address at the
// top of page 1, before the first label). Tax numbers inside a block are the party's; contact lines are not
// address lines.
import { findVatIds, matchLabel } from '../parse/index.js';
import { horizontalOverlap, segmentOf, verticalGap, wordsInRange, type LayoutLine, type Segment } from './layout.js';
import type { LabelIndex } from './label-values.js';
import type { LabelHit } from './phrases.js';
import { ORDER_LABELS } from './labels-orders.js';
import type { ReadValue } from './provenance.js';

export interface Party {
  name: ReadValue<string> | null;
  address: ReadValue<string> | null;
  /** The whole block (name and address) as one text: a delivery address is all of it. */
  block: ReadValue<string> | null;
  taxId: ReadValue<string> | null;
}

const MAX_BLOCK_LINES = 7;
const MAX_FIRST_GAP = 2.5;
const MAX_LINE_GAP = 1.5;
/** Headings of two letters or fewer ("To", "An", "À") count only alone or before a colon. */
const SHORT_LABEL_CHARS = 4;
const CONTACT = /(?:^|\b)(?:tel|t[ée]l[ée]phone|phone|fax|e-?mail|mail|www\.|https?:|iban|bic|swift|web)\b|@/iu;
const TAX_FIELDS = new Set(['tax_id', 'vendor_tax_id', 'buyer_tax_id', 'registration_id']);
const BLOCK_CONFIDENCE = 0.85;
const LETTERHEAD_CONFIDENCE = 0.55;

function standsAlone(segment: Segment, hit: LabelHit): boolean {
  if (hit.end - hit.start > SHORT_LABEL_CHARS) return true;
  return hit.start === 0 && /^\s*(?::|$)/.test(segment.text.slice(hit.end));
}

/** A label opening a segment ends a block, unless the segment is the party's tax number ("TVA : FR..."). */
function isStopLabel(hits: readonly LabelHit[] | undefined, segment: Segment): boolean {
  if (findVatIds(segment.text).length > 0) return false;
  return (hits ?? []).some((h) => h.start === 0 && h.confidence >= 0.7 && !TAX_FIELDS.has(h.field));
}

/** Builds the party from collected block lines (each a list of segments). */
function partyOf(collected: Array<{ line: LayoutLine; segments: Segment[] }>, confidence: number): Party {
  const texts = collected.map(({ line, segments }) => {
    const words = segments.flatMap((s) => s.words);
    return { line, text: segmentOf(words).text, words };
  });
  const read = (items: typeof texts, factor = 1): ReadValue<string> | null => {
    if (items.length === 0) return null;
    const value = items.map((t) => t.text.replace(/[\s,]+$/, '')).join(', ');
    const first = items[0] as (typeof texts)[number];
    return {
      value,
      evidence: {
        page: first.line.page,
        words: items.flatMap((t) => t.words),
        raw: items.map((t) => t.text).join('\n'),
        confidence: confidence * factor,
      },
    };
  };
  const isContactOrTax = (text: string): boolean =>
    CONTACT.test(text) ||
    findVatIds(text).length > 0 ||
    matchLabel(text).some((m) => m.start === 0 && TAX_FIELDS.has(m.field));
  const [first, ...others] = texts;
  const addressLines = others.filter((t) => !isContactOrTax(t.text));
  let taxId: ReadValue<string> | null = null;
  for (const t of texts) {
    const vat = findVatIds(t.text)[0];
    if (!vat) continue;
    const segment = segmentOf(t.words);
    taxId = {
      value: vat.vatId,
      evidence: {
        page: t.line.page,
        words: wordsInRange(segment, vat.index, vat.index + vat.length),
        raw: vat.raw,
        confidence,
      },
    };
    break;
  }
  return {
    name: first ? read([first]) : null,
    address: read(addressLines, 0.95),
    block: read(
      texts.filter((t) => !isContactOrTax(t.text)),
      0.95,
    ),
    taxId,
  };
}

/**
 * The block under the best label of `field` (an index over the lines with ORDER_LABELS and the shared labels).
 * `exclude` holds table lines, which never belong to a block.
 */
export function readBlock(index: LabelIndex<string>, field: string, exclude: ReadonlySet<number>): Party | null {
  const candidates = index.hits
    .filter(({ hit, line, segment }) => hit.field === field && standsAlone(line.segments[segment] as Segment, hit))
    .sort((a, b) => b.hit.confidence - a.hit.confidence || a.line.index - b.line.index);
  const best = candidates[0];
  if (!best) return null;
  const { line, segment: s, hit } = best;
  const labelSegment = line.segments[s] as Segment;
  const bySegment = (l: LayoutLine, i: number): LabelHit[] | undefined => index.bySegment.get(`${l.index}:${i}`);
  const nextLabel = line.segments.findIndex((seg, i) => i > s && isStopLabel(bySegment(line, i), seg));
  const left = labelSegment.bbox.x - line.height;
  const right = nextLabel > 0 ? (line.segments[nextLabel] as Segment).bbox.x - 1 : line.page.width;

  const collected: Array<{ line: LayoutLine; segments: Segment[] }> = [];
  const rest = labelSegment.text.slice(hit.end).replace(/^[\s:.\-–]+/, '');
  const firstSegments: Segment[] = [];
  if (rest !== '')
    firstSegments.push(
      segmentOf(wordsInRange(labelSegment, labelSegment.text.length - rest.length, labelSegment.text.length)),
    );
  for (let i = s + 1; i < (nextLabel > 0 ? nextLabel : line.segments.length); i++)
    firstSegments.push(line.segments[i] as Segment);
  if (firstSegments.length > 0) collected.push({ line, segments: firstSegments });

  const lines = index.lines;
  let previous = line;
  for (let p = lines.indexOf(line) + 1; p < lines.length && collected.length < MAX_BLOCK_LINES; p++) {
    const below = lines[p] as LayoutLine;
    const gapLimit = (collected.length === 0 ? MAX_FIRST_GAP : MAX_LINE_GAP) * previous.height;
    if (below.page !== line.page || exclude.has(below.index) || verticalGap(previous.bbox, below.bbox) > gapLimit)
      break;
    const inColumn = below.segments
      .map((segment, i) => ({ segment, i }))
      .filter(({ segment }) => segment.bbox.x >= left && segment.bbox.x < right);
    if (inColumn.length === 0) {
      // A line elsewhere on the page (the other column); the block may continue below it.
      if (
        below.segments.some((seg) => horizontalOverlap(seg.bbox, { x: left, y: 0, width: right - left, height: 1 }) > 0)
      )
        break;
      continue;
    }
    if (inColumn.some(({ segment, i }) => isStopLabel(bySegment(below, i), segment))) break;
    collected.push({ line: below, segments: inColumn.map(({ segment }) => segment) });
    previous = below;
  }
  return collected.length > 0 ? partyOf(collected, hit.confidence * BLOCK_CONFIDENCE) : null;
}

const SENDER_SEPARATOR = /\s[·•|]\s|\s[-–]\s(?=.*\d)/gu;

function splitSenderLine(segment: Segment): Segment[] {
  const cuts = [...segment.text.matchAll(SENDER_SEPARATOR)];
  if (cuts.length === 0) return [segment];
  const parts: Segment[] = [];
  let start = 0;
  for (const cut of [...cuts, null]) {
    const end = cut ? cut.index : segment.text.length;
    const words = wordsInRange(segment, start, end).filter((w) => !/^[·•|\-–]$/.test(w.text));
    if (words.length > 0) parts.push(segmentOf(words));
    start = cut ? cut.index + cut[0].length : end;
  }
  return parts;
}

/**
 * The letterhead: the first text lines of page 1 above every label, skipping the document title; the block
 * continues down the same left edge. Documents are issued by their letterhead's party (a PO by its buyer).
 */
export function readLetterhead(index: LabelIndex<string>): Party | null {
  // A title ("PURCHASE ORDER") is also a PO-number label in the shared dictionary: it does not end the letterhead.
  const titles = index.hits.filter(({ hit }) => hit.field.startsWith('title_'));
  const isTitle = (entry: (typeof index.hits)[number]): boolean =>
    titles.some(
      (t) =>
        t.line === entry.line &&
        t.segment === entry.segment &&
        t.hit.start <= entry.hit.start &&
        t.hit.end >= entry.hit.end,
    );
  const labelled = new Set(
    index.hits
      .filter(
        (entry) =>
          !entry.hit.field.startsWith('title_') &&
          !TAX_FIELDS.has(entry.hit.field) &&
          !isTitle(entry) &&
          findVatIds((entry.line.segments[entry.segment] as Segment).text).length === 0,
      )
      .map(({ line }) => line.index),
  );
  const collected: Array<{ line: LayoutLine; segments: Segment[] }> = [];
  let left = 0;
  let previous: LayoutLine | null = null;
  for (const line of index.lines) {
    if (line.page.number !== 1 || labelled.has(line.index)) break;
    const first = line.segments[0] as Segment;
    const title = ORDER_LABELS.match(first.text).some((h) => h.field.startsWith('title_') && h.start === 0);
    if (collected.length === 0) {
      if (title || !/\p{L}{2}/u.test(first.text)) continue;
      left = first.bbox.x;
      // A sender line "Name · Street 3 · 20457 City": the name, then address parts.
      const parts = splitSenderLine(first);
      for (const part of parts) collected.push({ line, segments: [part] });
      previous = line;
      continue;
    }
    if (
      title ||
      Math.abs(first.bbox.x - left) > line.height ||
      verticalGap((previous as LayoutLine).bbox, line.bbox) > MAX_LINE_GAP * line.height
    )
      break;
    collected.push({ line, segments: [first] });
    previous = line;
  }
  return collected.length > 0 ? partyOf(collected, LETTERHEAD_CONFIDENCE) : null;
}
