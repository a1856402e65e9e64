// Decimal arithmetic for the plausibility checks of extracted amounts (line sums, net + tax = total). Every value
// is a decimal string (as produced by parseAmount); binary floating point never enters, so 0.1 + 0.2 is 0.3.
import { Decimal } from 'decimal.js';

/**
 * A private Decimal constructor: the library's default precision (20 significant digits) would silently round
 * products of long amounts; 40 digits cover 15 integer digits times 6-decimal quantities exactly.
 */
const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });

/** A plain decimal number: optional '-', digits, optional '.' and digits ("1234.50", "-0.125", "12"). */
export type DecimalString = string;

const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

/** The default tolerance of {@link moneyEquals}: one cent, the rounding slack of per-line tax on invoices. */
export const CENT: DecimalString = '0.01';

/** True when `value` is a plain decimal string this module accepts. */
export function isDecimalString(value: string): boolean {
  return DECIMAL_PATTERN.test(value);
}

function toMoney(value: DecimalString): Decimal {
  if (!DECIMAL_PATTERN.test(value)) throw new TypeError(`not a decimal string: ${JSON.stringify(value).slice(0, 40)}`);
  return new Money(value);
}

function format(value: Decimal): DecimalString {
  const text = value.toFixed();
  return text === '-0' ? '0' : text;
}

/** The exact sum of the values ("0" for none). Throws TypeError on a malformed value. */
export function sumMoney(values: readonly DecimalString[]): DecimalString {
  let total = new Money(0);
  for (const v of values) total = total.plus(toMoney(v));
  return format(total);
}

/** a - b, exactly. */
export function subtractMoney(a: DecimalString, b: DecimalString): DecimalString {
  return format(toMoney(a).minus(toMoney(b)));
}

/** a × b, exactly (e.g. quantity × unit price, or net × rate / 100). */
export function multiplyMoney(a: DecimalString, b: DecimalString): DecimalString {
  return format(toMoney(a).times(toMoney(b)));
}

/** Applies a percentage: `amount × percent / 100`, exactly ("19" percent of "100.00" is "19"). */
export function percentOf(amount: DecimalString, percent: DecimalString): DecimalString {
  return format(toMoney(amount).times(toMoney(percent)).dividedBy(100));
}

/** -1, 0 or 1 as a is less than, equal to or greater than b. */
export function compareMoney(a: DecimalString, b: DecimalString): -1 | 0 | 1 {
  return toMoney(a).comparedTo(toMoney(b)) as -1 | 0 | 1;
}

/**
 * True when |a - b| <= tolerance (default one cent): per-line rounding makes printed totals differ from exact sums
 * by a cent or so. Pass '0' for exact equality.
 */
export function moneyEquals(a: DecimalString, b: DecimalString, tolerance: DecimalString = CENT): boolean {
  return toMoney(a).minus(toMoney(b)).abs().lte(toMoney(tolerance));
}

/**
 * Rounds half-up (commercial rounding: halves away from zero, so 1.005 -> 1.01 and -1.005 -> -1.01) to `places`
 * decimals and prints exactly that many ("2.5" -> "2.50").
 */
export function roundMoney(value: DecimalString, places = 2): DecimalString {
  const text = toMoney(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

/** JavaScript numbers hold every integer up to 2^53 exactly; amounts in cents must stay below that. */
const MAX_EXACT = new Money(Number.MAX_SAFE_INTEGER);

/**
 * A JSON-ready number for a decimal string, only when no precision is lost: the value has at most `maxDecimals`
 * significant decimals (default 2: exact to the cent; pass 3 or more for quantities), and it lies in the range
 * where doubles keep that many decimals apart. Returns null otherwise ("1.005", or a malformed string), so callers
 * can keep the string instead of a silently rounded number.
 */
export function toJsonNumber(value: DecimalString, maxDecimals = 2): number | null {
  if (!DECIMAL_PATTERN.test(value)) return null;
  const exact = new Money(value);
  if (exact.decimalPlaces() > maxDecimals) return null;
  if (exact.abs().times(new Money(10).pow(maxDecimals)).gt(MAX_EXACT)) return null;
  const asNumber = Number(value);
  // The shortest round-trip string of the double must denote the same decimal, or the number is not exact.
  return new Money(String(asNumber)).equals(exact) ? asNumber : null;
}
