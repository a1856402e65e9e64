// Document references and dates: invoice number, invoice date, due date, purchase-order number, and what kind of
// document the title says it is. Each comes from a label and the value next to or under it; the document title
// ("Rechnung Nr. 4711 vom 05.03.2026", "Invoice INV/2026/0008") and payment terms ("zahlbar bis 04.04.2026")
// are weaker sources used when a label gives nothing better.
import { findDates, findPoNumbers, type FoundDate, type LabelField } from '../parse/index.js';
import { candidate, type Candidate } from './candidates.js';
import { chooseCandidate, type FieldRanker, type RankedField } from './ranking.js';
import type { DocumentHints } from './hints.js';
import { RELATION_WEIGHT, type LabelIndex } from './layout/label-hits.js';
import type { Layout } from './layout/layout.js';
import { evidenceOf, type Span } from './layout/runs.js';
import { readTitle } from './title.js';
import { readDate, readIdentifier, type Reading } from './values.js';

export interface HeaderFields {
  invoice_number: Candidate<string> | null;
  invoice_date: Candidate<string> | null;
  due_date: Candidate<string> | null;
  po_number: Candidate<string> | null;
  /** The document says it is a credit note ("Gutschrift", "Credit note", "Avoir" as its title). */
  creditNote: boolean;
}

// "Zahibar": OCR reads the l of "zahlbar" as i or 1.
const DUE_CONTEXT =
  /(?:zah[li1|]bar|zahlung|innerhalb|within|überweis|ueberweis|f[äa]llig|payable|payment|pay|paiement|payer|r[eéè]gl|virement|transf[eé]r|transfier|bonifico|overma(?:k|ak)|overschrijv|pago|pagar|pagamento|pagare|betal|due)/iu;
const DUE_PREPOSITION =
  /(?:bis|until|by|before|no later than|avant|au plus tard|d['’]ici|jusqu['’]au|antes(?: del?)?|hasta|entro|v[oó]{2}r|uiterlijk|sp[äa]testens)(?:\s+(?:zum|dem|den|am|le|el|il|the|de))?\s*:?\s*$/iu;

function fromSpan<T>(span: Span, reading: Reading<T> | null, confidence: number, rule: string): Candidate<T> | null {
  if (!reading) return null;
  const evidence = evidenceOf(span, reading.start, reading.end);
  return evidence ? candidate(reading.value, confidence * reading.quality, evidence, rule) : null;
}

function labelled<T>(
  labels: LabelIndex,
  fields: readonly LabelField[],
  read: (text: string) => Reading<T> | null,
): Candidate<T>[] {
  const found: Candidate<T>[] = [];
  for (const hit of labels.of(fields)) {
    // "PO-69897", "PO12345": a prefix printed as part of the identifier, not a label (gluedPoNumbers reads it).
    if (
      hit.field === 'po_number' &&
      /^-?\d/u.test(hit.segment.text.slice(hit.end)) &&
      /^p\.?o$/iu.test(hit.segment.text.slice(hit.start, hit.end))
    )
      continue;
    // A label inside running text ("... gemäß Bestellung vom ...") is weaker than a label cell.
    const placement = hit.atStart ? 1 : 0.7;
    for (const span of labels.valueSpans(hit)) {
      const text = span.run.text.slice(span.from, span.to);
      const c = fromSpan(
        span,
        read(text),
        hit.confidence * placement * RELATION_WEIGHT[span.relation],
        `label:${span.relation}`,
      );
      if (c) {
        found.push(c);
        break;
      }
    }
  }
  return found;
}

/** "Zahlbar innerhalb 30 Tagen netto bis 04.04.2026", "Please pay by 3 May 2026": the first date after "by/bis". */
function paymentTermsDueDate(layout: Layout, hints: DocumentHints): Candidate<string>[] {
  const found: Candidate<string>[] = [];
  for (const line of layout.lines) {
    if (!DUE_CONTEXT.test(line.text)) continue;
    for (const segment of line.segments) {
      for (const date of findDates(segment.text, { order: hints.dateOrder })) {
        const before = segment.text.slice(0, date.index);
        if (
          !DUE_PREPOSITION.test(before) ||
          !DUE_CONTEXT.test(line.text.slice(0, line.text.indexOf(segment.text) + date.index))
        )
          continue;
        const evidence = evidenceOf(
          { run: segment, from: 0, to: segment.text.length },
          date.index,
          date.index + date.length,
        );
        if (evidence) found.push(candidate(date.iso, 0.6, evidence, 'payment-terms'));
        break;
      }
    }
  }
  return found;
}

/**
 * "Der Betrag wird am 20.03.2014 von Ihrem Konto eingezogen", "will be debited on 3 May 2026": with a direct debit
 * the collection date is the due date.
 */
const DEBIT_CONTEXT =
  /(?:eingezogen|abgebucht|einziehen|abbuchen|lastschrift|debited|direct debit|collected|pr[ée]lev|domicili|addebit|cargad|incasso|ge[ïi]ncasseerd|afgeschreven)/iu;
const DEBIT_PREPOSITION = /(?:\bam|\bon|\ble|\bel|\bil|\bop|\bper)\s*:?\s*$/iu;

function directDebitDueDate(layout: Layout, hints: DocumentHints): Candidate<string>[] {
  const found: Candidate<string>[] = [];
  for (const line of layout.lines) {
    // The sentence often wraps: "wird am 20.03.2014 von Ihrem Konto ... / ... per SEPA-Lastschrift eingezogen."
    const next = layout.lines[line.index + 1];
    const sentence = next && next.page === line.page ? `${line.text} ${next.text}` : line.text;
    if (!DEBIT_CONTEXT.test(sentence)) continue;
    for (const segment of line.segments) {
      const date = findDates(segment.text, { order: hints.dateOrder }).find((d) =>
        DEBIT_PREPOSITION.test(segment.text.slice(0, d.index)),
      );
      if (!date) continue;
      const evidence = evidenceOf(
        { run: segment, from: 0, to: segment.text.length },
        date.index,
        date.index + date.length,
      );
      if (evidence) found.push(candidate(date.iso, 0.5, evidence, 'direct-debit'));
      break;
    }
  }
  return found;
}

/** Date fields whose label on the same row makes a date theirs, not the letter's. */
const DATE_LABELS: readonly LabelField[] = ['invoice_date', 'due_date', 'delivery_date', 'order_date'];
/** "Musterstadt, den", "Paris, le", "Milano, il": a place before a letter's date. */
const PLACE_BEFORE_DATE = /^(?:[\p{L}][\p{L} .\-/]{1,40},\s*(?:(?:den|le|il|el|the|am)\s+)?)?$/u;
/** A date that opens or closes a period is not the date of the letter. */
const RANGE_BEFORE = /(?:\bvom|\bfrom|\bdu|\bdel|\bdal|\bvan|\bab|zeitraum|period|p[ée]riode|periodo)\s*:?\s*$/iu;
const RANGE_AFTER = /^\s*(?:-|–|bis\b|to\b|au\b|al\b|tot\b|until\b)/iu;

/**
 * Letters (insurers, utilities, authorities) often date the invoice without a label: a date alone at the right of
 * the subject line or under the address block ("18. April 2014", "Musterstadt, den 18.04.2014"). Used only when no
 * label names the invoice date; the first such date in the upper half of the first page.
 */
function letterDate(layout: Layout, labels: LabelIndex, hints: DocumentHints): Candidate<string>[] {
  const page = layout.pages[0];
  if (!page) return [];
  for (const line of page.lines) {
    if (line.bbox.y > page.height / 2) break;
    for (const segment of line.segments) {
      const dates = findDates(segment.text, { order: hints.dateOrder });
      const date = dates.length === 1 ? dates[0] : undefined;
      if (!date || date.index + date.length !== segment.text.trimEnd().length) continue;
      if (!PLACE_BEFORE_DATE.test(segment.text.slice(0, date.index))) continue;
      const lineStart = line.text.indexOf(segment.text);
      if (RANGE_BEFORE.test(line.text.slice(0, lineStart + date.index))) continue;
      if (RANGE_AFTER.test(line.text.slice(lineStart + segment.text.length))) continue;
      const row = labels.rowSegments(segment.page, segment.bbox, segment.line);
      if (row.some((s) => labels.inSegment(s).some((h) => DATE_LABELS.includes(h.field)))) continue;
      const evidence = evidenceOf(
        { run: segment, from: 0, to: segment.text.length },
        date.index,
        date.index + date.length,
      );
      if (evidence) return [candidate(date.iso, 0.35, evidence, 'letter-date')];
    }
  }
  return [];
}

/**
 * A clock time right after a date: "05/24/2022 1:10 PM", "11.12.2014 11:05", "2019-12-07 14:32:10", also with a
 * word or label for it ("um 14:05", "Hora 12:49", "Zeit: 20:29", "Heure 09h15").
 */
const TIME_WORD =
  '(?:(?:um|at|à|a las|alle|om|às)\\s+|(?:time|zeit|uhrzeit|heure|hora|ora|orario|tijd|tempo)\\s*:?\\s*)';
const TIME_ALONE = new RegExp(`^${TIME_WORD}?\\d{1,2}:\\d{2}(?::\\d{2})?(?:\\s?(?:am|pm|uhr|h))?$`, 'iu');
// OCR may read a digit of the time as its look-alike letter ("17-01-2024 I5:31:44"); each part keeps a real digit.
const OCR_HOUR = '(?:\\d[\\dOIl]?|[OIl]\\d)';
const OCR_MINUTE = '(?:\\d[\\dOIl]|[OIl]\\d)';
const TIME_AFTER = new RegExp(`^[\\s,T-]*${TIME_WORD}?${OCR_HOUR}[:.h]${OCR_MINUTE}(?![\\d.,])`, 'iu');

/**
 * Receipts print the moment of the sale, a date with its time and no label ("05/24/2022 1:10 PM"): the document's
 * date when nothing labels one. Dates in a row whose labels name another date (due, delivery, order) are skipped.
 */
function receiptDate(layout: Layout, labels: LabelIndex, hints: DocumentHints): Candidate<string>[] {
  for (const segment of layout.segments) {
    const line = layout.lines[segment.line];
    const lineText = line?.text ?? segment.text;
    const offset = Math.max(0, lineText.indexOf(segment.text));
    for (const date of findDates(segment.text, { order: hints.dateOrder })) {
      const row = labels.rowSegments(segment.page, segment.bbox, segment.line);
      // The time in the same text after the date, or in its own cell of the row (OCR splits receipt rows).
      const timed =
        TIME_AFTER.test(lineText.slice(offset + date.index + date.length)) ||
        row.some((s) => s !== segment && s.bbox.x > segment.bbox.x && TIME_ALONE.test(s.text));
      if (!timed) continue;
      if (row.some((s) => labels.inSegment(s).some((h) => h.field !== 'invoice_date' && DATE_LABELS.includes(h.field))))
        continue;
      const evidence = evidenceOf(
        { run: segment, from: 0, to: segment.text.length },
        date.index,
        date.index + date.length,
      );
      if (evidence) return [candidate(date.iso, 0.3, evidence, 'receipt-date')];
    }
  }
  return [];
}

/**
 * A document that prints one date, once or more, is dated by it: a receipt whose sale time OCR garbled ("11:26" read
 * as "1126", so receiptDate finds no time beside the date), a short bill with its date and no label. Used only when
 * no label, title, letter or receipt rule found a date; a second distinct date anywhere (a due date, a period, a
 * best-before) stops it, and a date in a row labelled as another date never counts as the document's.
 */
function onlyDate(layout: Layout, labels: LabelIndex, hints: DocumentHints): Candidate<string>[] {
  let first: { segment: (typeof layout.segments)[number]; date: FoundDate } | null = null;
  for (const segment of layout.segments) {
    for (const date of findDates(segment.text, { order: hints.dateOrder })) {
      if (first !== null && first.date.iso !== date.iso) return [];
      first ??= { segment, date };
    }
  }
  if (first === null) return [];
  const { segment, date } = first;
  const row = labels.rowSegments(segment.page, segment.bbox, segment.line);
  if (row.some((s) => labels.inSegment(s).some((h) => h.field !== 'invoice_date' && DATE_LABELS.includes(h.field))))
    return [];
  const evidence = evidenceOf({ run: segment, from: 0, to: segment.text.length }, date.index, date.index + date.length);
  return evidence ? [candidate(date.iso, 0.25, evidence, 'only-date')] : [];
}

/** "PO-12345", "P.O.#4711": order numbers glued to their prefix, anywhere in the text. */
function gluedPoNumbers(layout: Layout): Candidate<string>[] {
  const found: Candidate<string>[] = [];
  for (const segment of layout.segments) {
    for (const po of findPoNumbers(segment.text)) {
      if (!/^p\.?o/i.test(po.label)) continue;
      const evidence = evidenceOf({ run: segment, from: 0, to: segment.text.length }, po.index, po.index + po.length);
      if (evidence) found.push(candidate(po.value, 0.5, evidence, 'po-prefix'));
    }
  }
  return found;
}

/** What receipts call their reference, in the supported languages ("Bon", "Ticket", "Scontrino", "Recibo", ...). */
const RECEIPT_WORDS =
  'booking|receipt|transaction|transactie|transaktion|transazione|transacción|transaccion|trans|folio|voucher|reservation|confirmation|beleg|quittung|kassenbon|bon|ticket|reçu|recu|ricevuta|scontrino|recibo|tique|kassabon|doc';
/** The number word that may follow or precede it ("No.", "Nr.", "n°", "#"). */
const NUMBER_WORD = '(?:id|no\\.?|nr\\.?|number|nummer|n[°º]\\.?|n\\.|num\\.?|#)';
const REFERENCE_VALUE = '([A-Z0-9][A-Z0-9\\-/.]{1,24})(?=\\s|$)';

/**
 * The label and its value in one cell, maybe followed by more ("Bon-Nr.:6197", "Receipt #1081-00024", "Receipt No.
 * 59766 September 20, 2021 16:25", "N° ticket 65219"). A number word or ':'/'#' must mark it as a reference, or
 * the value must have four digits or more ("Bon 19398"): "Bon 2" or "Doc 3" alone say nothing.
 */
const RECEIPT_REFERENCE_INLINE = [
  new RegExp(
    `^(?:${RECEIPT_WORDS})(?:nr|nummer)?\\.?[\\s-]*(?:${NUMBER_WORD}\\s*[:#]?|[:#])\\s*${REFERENCE_VALUE}`,
    'iu',
  ),
  new RegExp(`^${NUMBER_WORD}\\s*(?:${RECEIPT_WORDS})\\.?\\s*[:#]?\\s*${REFERENCE_VALUE}`, 'iu'),
  new RegExp(`^(?:${RECEIPT_WORDS})(?:nr|nummer)?\\.?\\s+(\\d{4,12})(?=\\s|$)`, 'iu'),
];

/**
 * Receipts name their reference differently ("Booking ID", "Receipt No.", "Transaction ID", "Folio No."): a weak
 * invoice-number label, used only when no invoice-number label gives a value. (A wish for the shared dictionary.)
 */
const RECEIPT_REFERENCE = new RegExp(
  `^(?:(?:${RECEIPT_WORDS})(?:nr|nummer)?\\.?\\s*${NUMBER_WORD}?|${NUMBER_WORD}\\s*(?:${RECEIPT_WORDS})\\.?)\\s*:?$`,
  'iu',
);

function receiptReferences(layout: Layout, labels: LabelIndex, hints: DocumentHints): Candidate<string>[] {
  const found: Candidate<string>[] = [];
  for (const segment of layout.segments) {
    // "Bon-Nr.:6197": label and value glued in one cell.
    const inline = RECEIPT_REFERENCE_INLINE.map((r) => r.exec(segment.text)).find((m) => m?.[1]);
    if (inline?.[1]) {
      const end = inline[0].length;
      const start = end - inline[1].length;
      const c = fromSpan(
        { run: segment, from: start, to: end },
        readIdentifier(inline[1], hints),
        0.45,
        'receipt-reference',
      );
      if (c) {
        found.push(c);
        continue;
      }
    }
    if (!RECEIPT_REFERENCE.test(segment.text) || !/\s|id|no|nr|#/i.test(segment.text)) continue;
    const spans = [labels.underBox(segment.page, segment.bbox)];
    const right = labels
      .rowSegments(segment.page, segment.bbox)
      .find((s) => s.bbox.x > segment.bbox.x + segment.bbox.width);
    if (right) spans.unshift({ run: right, from: 0, to: right.text.length, relation: 'right' });
    for (const span of spans) {
      if (!span) continue;
      const c = fromSpan(
        span,
        readIdentifier(span.run.text.slice(span.from, span.to), hints),
        0.45,
        'receipt-reference',
      );
      if (c) {
        found.push(c);
        break;
      }
    }
  }
  return found;
}

/**
 * OCR reads a capital I or O that opens a reference as 1 or 0 ("1BZY2087" for "IBZY2087"): before two or more
 * capitals that are followed by digits, the digit is taken for the letter. Only for references read by OCR.
 */
function ocrLetterPrefix(c: Candidate<string> | null): Candidate<string> | null {
  if (!c || c.evidence.source !== 'ocr') return c;
  const m = /^([01])(?=[A-Z]{2,}[-/._]?\d)/.exec(c.value);
  if (!m) return c;
  return { ...c, value: (m[1] === '1' ? 'I' : 'O') + c.value.slice(1), rule: `${c.rule}:ocr-letter` };
}

/** "# INV-0042" alone in the upper part of the first page: templates print the number so under the title. */
const HASH_REFERENCE = /^#\s*(?=[\p{L}\p{N}_\-/.]*\p{N})[\p{L}\p{N}][\p{L}\p{N}_\-/.]{2,}$/u;

function hashReferences(layout: Layout, hints: DocumentHints): Candidate<string>[] {
  const page = layout.pages[0];
  if (!page) return [];
  const found: Candidate<string>[] = [];
  for (const line of page.lines) {
    if (line.bbox.y > page.height / 3) break;
    for (const segment of line.segments) {
      if (!HASH_REFERENCE.test(segment.text)) continue;
      const c = fromSpan(
        { run: segment, from: 0, to: segment.text.length },
        readIdentifier(segment.text, hints),
        0.4,
        'hash-reference',
      );
      if (c) found.push(c);
    }
  }
  return found;
}

export function readHeaderFields(
  layout: Layout,
  labels: LabelIndex,
  hints: DocumentHints,
  ranker?: FieldRanker,
): HeaderFields {
  const identifier = (text: string) => readIdentifier(text, hints);
  const date = (text: string) => readDate(text, hints);
  const title = readTitle(layout, labels, hints);

  const numbers = labelled(labels, ['invoice_number'], identifier);
  if (numbers.length === 0) numbers.push(...receiptReferences(layout, labels, hints));
  const invoiceDates = labelled(labels, ['invoice_date'], date);
  numbers.push(...title.numbers);
  if (numbers.length === 0) numbers.push(...hashReferences(layout, hints));
  invoiceDates.push(...title.dates);
  if (invoiceDates.length === 0) invoiceDates.push(...letterDate(layout, labels, hints));
  if (invoiceDates.length === 0) invoiceDates.push(...receiptDate(layout, labels, hints));
  if (invoiceDates.length === 0) invoiceDates.push(...onlyDate(layout, labels, hints));
  const dueDates = labelled(labels, ['due_date'], date);
  if (dueDates.length === 0) dueDates.push(...paymentTermsDueDate(layout, hints));
  if (dueDates.length === 0) dueDates.push(...directDebitDueDate(layout, hints));
  const poNumbers = [...labelled(labels, ['po_number'], identifier), ...gluedPoNumbers(layout)];

  const choose = <T>(field: RankedField, candidates: readonly Candidate<T>[]) =>
    chooseCandidate(field, candidates, layout, ranker, { labels, hints });
  const invoiceNumber = ocrLetterPrefix(choose('invoice_number', numbers));
  return {
    invoice_number: invoiceNumber,
    invoice_date: choose('invoice_date', invoiceDates),
    due_date: choose('due_date', dueDates),
    // An order reference equal to the invoice number is the same reference printed twice, not a PO.
    po_number: choose(
      'po_number',
      poNumbers.filter((p) => p.value !== invoiceNumber?.value),
    ),
    creditNote: title.creditNote,
  };
}
