// Value parsing for e-invoice fields: exact decimals (decimal.js, never binary float arithmetic) and dates.

import { Decimal } from 'decimal.js';

// Enough significant digits for any amount, quantity or quotient an invoice needs; operations round beyond this.
const ExactDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN, toExpNeg: -30, toExpPos: 40 });
export type ExactDecimal = InstanceType<typeof ExactDecimal>;

// xsd:decimal lexical form (what CII amounts, quantities and percentages use): no exponent, no thousands separators.
const XSD_DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Parses an xsd:decimal; null for absent, empty or malformed text (a value is never guessed). */
export function parseDecimal(text: string | null): ExactDecimal | null {
  if (text === null) return null;
  const trimmed = text.trim();
  if (!XSD_DECIMAL.test(trimmed)) return null;
  return new ExactDecimal(trimmed);
}

/** Canonical decimal text: no exponent, trailing fraction zeros kept as written ('198.00' stays '198.00'). */
export function decimalText(text: string): string {
  const trimmed = text.trim().replace(/^\+/, '');
  const [integer = '0', fraction] = trimmed.replace(/^-/, '').split('.');
  const sign = trimmed.startsWith('-') ? '-' : '';
  const digits = integer.replace(/^0+(?=\d)/, '') || '0';
  const canonical = fraction === undefined || fraction === '' ? digits : `${digits}.${fraction}`;
  return sign + canonical;
}

/**
 * The decimal as a JS number when that number is exactly the same decimal (shortest round-trip), else null. Up to
 * 15 significant digits always qualify, so every real amount does; a value that would change is never exposed.
 */
export function exactNumber(value: ExactDecimal): number | null {
  const asNumber = value.toNumber();
  if (!Number.isFinite(asNumber)) return null;
  const roundTrip = new ExactDecimal(asNumber);
  if (!roundTrip.equals(value)) return null;
  return Object.is(asNumber, -0) ? 0 : asNumber;
}

/**
 * a / b when the quotient terminates within 12 fraction digits (e.g. 12.50 per 100 units -> 0.125), else null:
 * a repeating quotient (10 per 3 units) would have to be rounded, and rounded values are not exposed as exact.
 */
export function exactQuotient(a: ExactDecimal, b: ExactDecimal): ExactDecimal | null {
  if (b.isZero()) return null;
  const quotient = a.dividedBy(b);
  if (quotient.decimalPlaces() > 12 || !quotient.times(b).equals(a)) return null;
  return quotient;
}

function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A CII date (udt:DateTimeString): format 102 is CCYYMMDD. Other formats (610 = CCYYMM, 616 = CCYYWW) name no
 * single day and give null. Without a format attribute, CCYYMMDD or an ISO date(time) prefix is accepted.
 */
export function parseCiiDate(text: string | null, format: string | null): string | null {
  if (text === null) return null;
  const value = text.trim();
  if (format !== null && format.trim() !== '102') return null;
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (compact) return isoDate(Number(compact[1]), Number(compact[2]), Number(compact[3]));
  if (format === null) return parseIsoDate(value);
  return null;
}

/** An ISO 8601 date, optionally followed by a time or zone (UBL cbc:IssueDate is yyyy-mm-dd). */
export function parseIsoDate(text: string | null): string | null {
  if (text === null) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T\sZ+-])/.exec(text.trim());
  return match ? isoDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}
