// Normalization before comparing an extracted value with its label: dates to ISO, amounts to cents, names with
// case, whitespace and surrounding punctuation folded, identifiers without spaces and a leading '#'.
import { parseDate, roundMoney } from '../../src/pipeline/extract/parse/index.js';

export type FieldKind = 'date' | 'amount' | 'name' | 'identifier' | 'code';

export const SCORED_FIELDS: ReadonlyArray<readonly [string, FieldKind]> = [
  ['invoice_number', 'identifier'],
  ['invoice_date', 'date'],
  ['due_date', 'date'],
  ['vendor_name', 'name'],
  ['buyer_name', 'name'],
  ['currency', 'code'],
  ['po_number', 'identifier'],
  ['subtotal', 'amount'],
  ['tax', 'amount'],
  ['total', 'amount'],
  ['amount_due', 'amount'],
];

export function normalizeValue(value: unknown, kind: FieldKind, absolute = false): string | null {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value).normalize('NFKC').trim();
  switch (kind) {
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : (parseDate(text)?.iso ?? text);
    case 'amount': {
      if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
      const cents = roundMoney(text);
      return absolute ? cents.replace(/^-/, '') : cents;
    }
    case 'name':
      // Whitespace is removed, not collapsed: PDF text layers split words by kerning ("Liefer ant GmbH").
      return text.toLowerCase().replace(/\s+/g, '').replace(/^[.,;:"'“”]+|[.,;:"'“”]+$/g, '');
    case 'identifier':
      return text.toUpperCase().replace(/\s+/g, '').replace(/^#+/, '').replace(/[.,;:]+$/, '');
    case 'code':
      return text.toUpperCase();
  }
}

/** Word tokens of a description, folded. */
export function descriptionTokens(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
}
