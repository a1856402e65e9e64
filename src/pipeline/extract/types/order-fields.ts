// Label lookup shared by purchase orders and goods received notes: the shared dictionary (PO numbers, dates,
// amounts, tax ids) merged with the order dictionary (titles, receipt fields, the parties as orders name them),
// indexed once over the lines outside the line table.
import { GENERIC_DATE_LABEL_WORDS, inEveryLanguage } from '../language/index.js';
import { findPoNumbers, matchLabel } from '../parse/index.js';
import { segmentOf, wordsInRange, type Layout, type LayoutLine } from './layout.js';
import { findValue, indexLabels, type LabelIndex } from './label-values.js';
import { ORDER_LABELS } from './labels-orders.js';
import { mergeHits, type LabelHit } from './phrases.js';
import type { FieldRecorder, ReadValue } from './provenance.js';
import { readDate, readIdentifier, type ValueContext } from './values.js';

/** Shared block labels are left out: the order dictionary says who is who on an order ("To:" is the supplier). */
const SHARED_BLOCKS = new Set(['buyer_block', 'vendor_block', 'ship_to_block']);
/** Generic date labels ("Date:", "Datum") of the shared dictionary: the document's own date on an order. */
const GENERIC_DATE_LABELS = new Set(inEveryLanguage(GENERIC_DATE_LABEL_WORDS));

export function orderHits(text: string): LabelHit<string>[] {
  const shared = matchLabel(text)
    // Column headers ("Gesamt", "Menge") are the table reader's business, not labels of values.
    .filter((m) => !SHARED_BLOCKS.has(m.field) && !m.field.startsWith('line_'))
    .map((m) => ({
      // "Date:" alone is the document's date; the invoice dictionary files it under invoice_date.
      field: m.field === 'invoice_date' && GENERIC_DATE_LABELS.has(m.label) ? 'document_date' : m.field,
      label: m.label,
      start: m.start,
      end: m.end,
      confidence: m.confidence,
    }));
  return mergeHits<string>(shared, ORDER_LABELS.match(text));
}

export function orderIndex(layout: Layout, exclude: ReadonlySet<number>): LabelIndex<string> {
  return indexLabels(
    layout.lines.filter((l) => !exclude.has(l.index)),
    orderHits,
  );
}

export function dateValue(
  index: LabelIndex<string>,
  fields: readonly string[],
  ctx: ValueContext,
): ReadValue<string> | null {
  for (const field of fields) {
    const found = findValue(index, field, (text) => readDate(text, ctx));
    if (found) return { value: found.value, evidence: found.evidence };
  }
  return null;
}

export function identifierValue(index: LabelIndex<string>, field: string): ReadValue<string> | null {
  const found = findValue(index, field, readIdentifier);
  return found ? { value: found.value, evidence: found.evidence } : null;
}

/** A PO number by label, else a "PO-12345" style reference anywhere outside the table. */
export function poNumberValue(index: LabelIndex<string>, lines: readonly LayoutLine[]): ReadValue<string> | null {
  const labelled = identifierValue(index, 'po_number');
  if (labelled) return labelled;
  for (const line of lines) {
    const whole = segmentOf(line.segments.flatMap((s) => s.words));
    const po = findPoNumbers(whole.text)[0];
    if (po) {
      const words = wordsInRange(whole, po.index, po.index + po.length);
      return { value: po.value, evidence: { page: line.page, words, raw: po.value, confidence: 0.7 } };
    }
  }
  return null;
}

/** Records a value's provenance at `path` and returns the value (null stays null, without an entry). */
export function take<T>(recorder: FieldRecorder, path: string, read: ReadValue<T> | null): T | null {
  if (!read) return null;
  recorder.record(path, read.evidence);
  return read.value;
}
