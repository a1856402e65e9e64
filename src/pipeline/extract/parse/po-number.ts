// Purchase-order references: a PO label followed by a value ("P.O. #4500012345", "Bestellnummer: 12345",
// "Bon de commande n° BC-2026-001") or a PO prefix glued to the number ("PO-12345", "PO12345").
import { findDates } from './date-scan.js';
import { matchLabel } from './labels.js';

export interface FoundPoNumber {
  /** The order reference as printed, without the label: "4500012345", "BC-2026-001". */
  value: string;
  /** The label or prefix that introduced it ("P.O. #", "Bestellnummer", "PO-"). */
  label: string;
  /** Offset and length of `value` in the text. */
  index: number;
  length: number;
}

const MAX_SCAN_CHARS = 2_000;
const MAX_VALUE_CHARS = 35;
/** Between label and value: punctuation, "no"/"nr"/"n°"/"#" words the label did not already include. */
const LEAD_IN =
  /^\s*(?:[:#.]\s*)*(?:(?:no|nr|n°|nº|num|number|nummer|numéro|número|numero)(?![\p{L}\p{N}])\.?\s*[:#]?\s*)?/iu;
/** A reference: letters, digits and inner - / . _ separators, with at least one digit. */
const VALUE = /^[A-Za-z0-9](?:[A-Za-z0-9]|[-/._](?=[A-Za-z0-9])){0,34}/;
const GLUED = /(?<![A-Za-z0-9])(P\.?O\.?\s?[-#:]?\s?)(\d[A-Za-z0-9]*(?:[-/][A-Za-z0-9]+)*)/g;

function acceptable(value: string, text: string, index: number): boolean {
  if (!/\d/.test(value) || value.length > MAX_VALUE_CHARS) return false;
  // "Bestellung vom 12.03.2026": a date after the label is the order date, not its number.
  return !findDates(text.slice(index, index + value.length + 2)).some((d) => d.index === 0);
}

/**
 * Purchase-order numbers in a text (usually one line), in reading order: the value after any label of field
 * po_number in {@link matchLabel}'s dictionary (all six languages), and "PO" prefixes glued to digits
 * ("PO-12345", "PO12345", "P.O.#123"). A value must contain a digit and must not be a date. Only the first 2,000
 * characters are read.
 */
export function findPoNumbers(text: string): FoundPoNumber[] {
  const scanned = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  const found: FoundPoNumber[] = [];
  for (const label of matchLabel(scanned, { fields: ['po_number'] })) {
    const lead = LEAD_IN.exec(scanned.slice(label.end)) as RegExpExecArray;
    const start = label.end + lead[0].length;
    const value = VALUE.exec(scanned.slice(start))?.[0];
    if (value && acceptable(value, scanned, start)) {
      found.push({ value, label: scanned.slice(label.start, start).trim(), index: start, length: value.length });
    }
  }
  for (const m of scanned.matchAll(GLUED)) {
    // "PO-12345", "PO12345" print the prefix as part of the identifier; "PO# 4711", "P.O. 4711" label it.
    const whole = /^PO-?$/iu.test(m[1] as string);
    const value = whole ? m[0] : (m[2] as string);
    const index = whole ? m.index : m.index + (m[1] as string).length;
    // "Ordernummer: PO-39927": the prefix belongs to the value a label already gave, printed whole.
    const inLabelled = found.some((f) => m.index >= f.index && m.index < f.index + f.length);
    if (inLabelled || found.some((f) => f.index === index) || !acceptable(value, scanned, index)) continue;
    found.push({ value, label: (m[1] as string).trim(), index, length: value.length });
  }
  return found.sort((a, b) => a.index - b.index);
}
