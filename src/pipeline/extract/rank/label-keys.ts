// A labelled value in the candidates' key space, normalized as bench/accuracy/normalize.ts compares values (dates
// ISO, amounts to the cent, identifiers upper-case without spaces, a leading '#' or trailing punctuation), so that
// "the candidate carries the labelled value" means what the accuracy benchmark counts as right.
import { parseDate, roundMoney } from '../parse/index.js';
import type { ValueKind } from './fields.js';

export function identifierKey(text: string): string {
  return text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/\s+/g, '')
    .replace(/^#+/, '')
    .replace(/[.,;:]+$/, '');
}

/** The comparison key of a value of this kind, or null when it is not one (absolute: amounts without sign). */
export function valueKey(kind: ValueKind, value: unknown, absolute = false): string | null {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value).normalize('NFKC').trim();
  switch (kind) {
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : (parseDate(text)?.iso ?? null);
    case 'amount': {
      if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
      const cents = roundMoney(text);
      return absolute ? cents.replace(/^-/, '') : cents;
    }
    case 'identifier':
      return identifierKey(text);
  }
}
