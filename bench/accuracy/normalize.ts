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

/**
 * Company legal forms at the end of a name (and "PT" before Indonesian ones), in the languages of the datasets and
 * of Malaysian receipts ("SDN BHD", "(M) SDN. BHD.").
 */
const LEGAL_FORM_END =
  /[\s,]+(gmbh\s*&\s*co\.?\s*kg|gmbh|mbh|ag|kg|ohg|ug(\s*\(haftungsbeschränkt\))?|e\.\s?k\.|e\.\s?v\.|sarl|s\.a\.r\.l\.|sas|sasu|sa|s\.a\.|eurl|sl|s\.l\.|srl|s\.r\.l\.|s\.r\.o\.|sp\.\s?z\s?o\.\s?o\.|b\.?v\.?|n\.?v\.?|ltd\.?|limited|inc\.?|llc|l\.l\.c\.|corp\.?|corporation|co\.?|plc|pty\.?(\s*ltd\.?)?|tbk\.?|sdn\.?\s*bhd\.?|bhd\.?|berhad|plt|\(m\))$/u;
const LEGAL_FORM_START = /^(pt|cv)\.?\s+/u;

export function withoutLegalForm(name: string): string {
  let text = name.trim().replace(LEGAL_FORM_START, '');
  for (let i = 0; i < 3; i++) {
    const shorter = text.replace(LEGAL_FORM_END, '').trim();
    if (shorter === text || shorter === '') break;
    text = shorter;
  }
  return text;
}

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
      // Whitespace is removed, not collapsed: PDF text layers split words by kerning ("Liefer ant GmbH"). Legal
      // forms are left out, as the held-out scoring does ("Lieferant GmbH" = "Lieferant").
      return withoutLegalForm(text.toLowerCase())
        .replace(/\s+/g, '')
        .replace(/^[.,;:"'“”]+|[.,;:"'“”]+$/g, '');
    case 'identifier':
      return text
        .toUpperCase()
        .replace(/\s+/g, '')
        .replace(/^#+/, '')
        .replace(/[.,;:]+$/, '');
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
