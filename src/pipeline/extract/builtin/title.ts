// The document title: "Rechnung Nr. 4711 vom 05.03.2026", "Handelsrechnung (380) Nr. 471102", "Invoice
// INV/2026/0008", "Facture n°562044387 du 02 juillet 2026", "Gutschrift (Selbst ausgestellte Rechnung) Nr. 12"
// with "vom 05.03.2026" on the next line. It gives the invoice number and date when no label does, and tells a
// credit note from an invoice.
import { findDates } from '../parse/index.js';
import { candidate, type Candidate } from './candidates.js';
import type { DocumentHints } from './hints.js';
import { bottom, sameRow } from './layout/geometry.js';
import type { Layout, LayoutPage, Segment } from './layout/layout.js';
import type { LabelIndex } from './layout/label-hits.js';
import { evidenceOf } from './layout/runs.js';
import { readIdentifier } from './values.js';

export interface TitleFields {
  numbers: Candidate<string>[];
  dates: Candidate<string>[];
  creditNote: boolean;
}

/** Title words in the six languages and "Faktura" (cs, pl, sk, sv, da, no, hr, sl); German compounds ("Handelsrechnung") and kerning splits ("Rechnungskor rektur"). */
const TITLE_WORD =
  /(?<![\p{L}])(?:\p{L}*(?:rechnung|gutschrift)\p{L}*(?:\s\p{Ll}{2,8}(?=\s))?|(?:tax |commercial |final |pro ?forma )?invoice|credit (?:note|memo)|debit note|facture(?: d'avoir)?|avoir|factura|fattura|nota (?:di|de) cr[eé]dito|factuur|creditnota|faktura)(?![\p{L}])/iu;
const CREDIT_TITLE =
  /^(?:gutschrift|credit (?:note|memo)|avoir|facture d'avoir|nota (?:di|de) cr[eé]dito|creditnota)(?![\p{L}])/iu;
const NUMBER_WORD = '(?:nr|no|n[°º]|nummer|number|num[eé]ro|n[uú]mero|#)';
/** Between the title and its number: a few words ("des Versicherers"), a type code "(380)", then "Nr." / "#". */
const NUMBER_LEAD = new RegExp(
  `^(?:\\s+[\\p{L}()]+){0,4}?\\s*(?:\\(\\d{3}\\)\\s*)?${NUMBER_WORD}(?![\\p{L}])\\.?\\s*:?\\s*`,
  'iu',
);
const CODE_LEAD = /^\s*\(\d{3}\)\s*/u;
/** Words before the date of the document in its title line: "vom", "du", "dated", "issued at". */
const DATE_LEAD =
  /^(?:\s*(?:vom|von|du|dated|date|of|del|van|datum|le|issued(?:\s+(?:on|at))?|at|on|am|ausgestellt am|émise le|emessa il)\s*:?)?\s*$/iu;
/** The title sits in the top half of the first page, within its first words. */
const MAX_TITLE_OFFSET = 40;

function titleNumber(
  segment: Segment,
  titleEnd: number,
  titleAtStart: boolean,
  hints: DocumentHints,
): Candidate<string> | null {
  const rest = segment.text.slice(titleEnd);
  const lead = NUMBER_LEAD.exec(rest) ?? CODE_LEAD.exec(rest) ?? (titleAtStart ? /^\s*/.exec(rest) : null);
  if (!lead) return null;
  const from = titleEnd + lead[0].length;
  const reading = readIdentifier(segment.text.slice(from), hints);
  if (!reading || reading.start > 0) return null;
  const evidence = evidenceOf({ run: segment, from, to: segment.text.length }, reading.start, reading.end);
  const confidence = lead[0].trim() === '' ? 0.6 : 0.8;
  return evidence ? candidate(reading.value, confidence * reading.quality, evidence, 'title') : null;
}

/** The segment right under the title (a date wrapped to the next line: "... Nr. 471102" / "vom 05.03.2018"). */
function nextLineSegment(page: LayoutPage, segment: Segment): Segment | null {
  const lh = page.lineHeight;
  for (const line of page.lines) {
    if (line.bbox.y <= segment.bbox.y + 1) continue;
    if (line.bbox.y > bottom(segment.bbox) + lh * 1.5) return null;
    const first = line.segments.find((s) => Math.abs(s.bbox.x - segment.bbox.x) < lh * 2);
    if (first) return first;
  }
  return null;
}

/** The date after `from` in the title segment, or at the start of the next line ("vom 05.03.2018"). */
function titleDate(page: LayoutPage, segment: Segment, from: number, hints: DocumentHints): Candidate<string> | null {
  const rest = segment.text.slice(from);
  const inline = findDates(rest, { order: hints.dateOrder })[0];
  if (inline) {
    if (!DATE_LEAD.test(rest.slice(0, inline.index))) return null;
    const start = from + inline.index;
    const evidence = evidenceOf({ run: segment, from: 0, to: segment.text.length }, start, start + inline.length);
    return evidence ? candidate(inline.iso, 0.75, evidence, 'title') : null;
  }
  if (!DATE_LEAD.test(rest)) return null;
  // The date right-aligned on the title's row, in a cell of its own.
  const beside = page.lines
    .flatMap((l) => l.segments)
    .find(
      (s) =>
        s.index !== segment.index && sameRow(s.bbox, segment.bbox) && s.bbox.x > segment.bbox.x + segment.bbox.width,
    );
  const besideDate = beside ? findDates(beside.text, { order: hints.dateOrder })[0] : undefined;
  if (beside && besideDate && DATE_LEAD.test(beside.text.slice(0, besideDate.index))) {
    const evidence = evidenceOf(
      { run: beside, from: 0, to: beside.text.length },
      besideDate.index,
      besideDate.index + besideDate.length,
    );
    return evidence ? candidate(besideDate.iso, 0.7, evidence, 'title') : null;
  }
  const next = nextLineSegment(page, segment);
  const date = next ? findDates(next.text, { order: hints.dateOrder })[0] : undefined;
  if (!next || !date || !DATE_LEAD.test(next.text.slice(0, date.index))) return null;
  const evidence = evidenceOf({ run: next, from: 0, to: next.text.length }, date.index, date.index + date.length);
  return evidence ? candidate(date.iso, 0.7, evidence, 'title') : null;
}

/**
 * A title standing alone ("INVOICE", or "Factuur" in a header row) with its number beside or under it
 * ("# INV-0001"): weaker than a labelled number.
 */
function standaloneTitleNumber(segment: Segment, labels: LabelIndex, hints: DocumentHints): Candidate<string> | null {
  // "Handelsrechnung Nr." with the number in the next cell (a gap OCR or the layout put before it) stands alone too.
  const rest = segment.text
    .replace(TITLE_WORD, '')
    .replace(/(?<![\p{L}])(?:nr|no|n°|nº|num|nummer|number|numéro|número|numero)(?![\p{L}])/giu, '');
  if (!/^[\s:#.]*$/u.test(rest)) return null;
  const spans = [labels.underBox(segment.page, segment.bbox)];
  const right = labels
    .rowSegments(segment.page, segment.bbox)
    .find((s) => s.bbox.x > segment.bbox.x + segment.bbox.width);
  if (right && !labels.startsWithLabel(right, 0.5))
    spans.unshift({ run: right, from: 0, to: right.text.length, relation: 'right' });
  for (const span of spans) {
    if (!span) continue;
    const text = span.run.text.slice(span.from, span.to);
    const reading = readIdentifier(text, hints);
    // Only a value that opens the cell and has letters or a number mark with it: "# 123", "INV-0001".
    if (!reading || text.slice(0, reading.start).replace(/[\s#:]/g, '') !== '') continue;
    const evidence = evidenceOf(span, reading.start, reading.end);
    if (evidence) return candidate(reading.value, 0.55 * reading.quality, evidence, 'title-alone');
  }
  return null;
}

/** "Beitragsrechnung          24. Januar 2014": a bare title with a date in the next cell of its row. */
function dateBeside(segment: Segment, labels: LabelIndex, hints: DocumentHints): Candidate<string> | null {
  if (!/^[\s:#.]*$/u.test(segment.text.replace(TITLE_WORD, ''))) return null;
  const right = labels
    .rowSegments(segment.page, segment.bbox)
    .find((s) => s.bbox.x > segment.bbox.x + segment.bbox.width);
  if (!right) return null;
  const date = findDates(right.text, { order: hints.dateOrder })[0];
  if (!date || !DATE_LEAD.test(right.text.slice(0, date.index))) return null;
  const evidence = evidenceOf({ run: right, from: 0, to: right.text.length }, date.index, date.index + date.length);
  return evidence ? candidate(date.iso, 0.65, evidence, 'title-alone') : null;
}

/** The cell to the right of the title on its row that holds `text` (the title's number printed apart). */
function cellHolding(page: LayoutPage, title: Segment, text: string): Segment | null {
  for (const line of page.lines) {
    const cell = line.segments.find(
      (s) => s.index !== title.index && sameRow(s.bbox, title.bbox) && s.bbox.x > title.bbox.x && s.text.includes(text),
    );
    if (cell) return cell;
  }
  return null;
}

export function readTitle(layout: Layout, labels: LabelIndex, hints: DocumentHints): TitleFields {
  const result: TitleFields = { numbers: [], dates: [], creditNote: false };
  const page = layout.pages[0];
  if (!page) return result;
  for (const line of page.lines) {
    if (line.bbox.y > page.height * 0.5) break;
    for (const segment of line.segments) {
      const m = TITLE_WORD.exec(segment.text);
      if (!m || m.index > MAX_TITLE_OFFSET) continue;
      // "Abrechnungszeitraum", "Rechnungsanschrift": a compound that is another field's label is no title (the
      // invoice's own number and date labels, "Rechnung Nr.", still open one).
      const otherLabel = labels
        .inSegment(segment)
        .some(
          (h) =>
            h.start <= m.index &&
            h.end >= m.index + m[0].length &&
            h.field !== 'invoice_number' &&
            h.field !== 'invoice_date',
        );
      if (otherLabel) continue;
      const titleEnd = m.index + m[0].length;
      const atStart = m.index === 0;
      const number =
        titleNumber(segment, titleEnd, atStart, hints) ??
        (atStart ? standaloneTitleNumber(segment, labels, hints) : null);
      if (number) result.numbers.push(number);
      // A date belongs to the title only next to its number, or right after the title word ("Rechnung vom ...").
      // The number may sit in the next cell of the row ("Handelsrechnung Nr."  "471102 vom 05.03.2018").
      const numberAt = number ? segment.text.indexOf(number.evidence.raw, titleEnd) : -1;
      const numberCell = number && numberAt < 0 ? cellHolding(page, segment, number.evidence.raw) : null;
      const date = numberCell
        ? titleDate(
            page,
            numberCell,
            numberCell.text.indexOf(number!.evidence.raw) + number!.evidence.raw.length,
            hints,
          )
        : (titleDate(page, segment, number ? numberAt + number.evidence.raw.length : titleEnd, hints) ??
          (atStart ? dateBeside(segment, labels, hints) : null));
      if (date) result.dates.push(date);
      if (atStart && CREDIT_TITLE.test(segment.text) && (number !== null || segment.words.length <= 6))
        result.creditNote = true;
    }
  }
  return result;
}
