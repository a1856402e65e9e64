// Reads the digits of one printed number ("1.234,56", "1 234.5", "1'234", "1,23,456.78") into an integer part and a
// fraction, deciding which separator is the decimal point. Signs and currencies are the caller's business.
import type { DecimalSeparator } from './locale.js';

/** A number read from print. `integer` has no leading zeros ("0" for zero); `fraction` is null for integers. */
export interface ReadNumber {
  integer: string;
  fraction: string | null;
  /** The character that was read as the decimal point; null when the number has no fraction. */
  decimalSeparator: DecimalSeparator | null;
  /** True when one separator followed by exactly three digits ("1,234") was resolved by default, not by evidence. */
  ambiguous: boolean;
}

export interface ReadNumberOptions {
  /** The document's decimal separator: resolves "1,234" / "1.234". */
  decimalSeparator?: DecimalSeparator | null;
  /** Digits of the currency's minor unit when known: 3 (KWD) reads "1.234" as a fraction, 0 (JPY) as thousands. */
  minorUnits?: number | null;
}

// Bounds keep identifiers (IBANs, order numbers) from being read as amounts and keep work per call constant.
const MAX_INTEGER_DIGITS = 15;
const MAX_FRACTION_DIGITS = 6;

const WESTERN_GROUPS = /^[1-9]\d{0,2}$/;
const THREE_DIGITS = /^\d{3}$/;

/** Groups of three after a 1-3 digit head (1.234.567), or Indian lakh/crore grouping with ',' (1,23,45,678). */
function validGroups(parts: readonly string[], separator: string): boolean {
  if (parts.length < 2) return false;
  const [head, ...rest] = parts as [string, ...string[]];
  if (WESTERN_GROUPS.test(head) && rest.every((p) => THREE_DIGITS.test(p))) return true;
  if (separator !== ',' || parts.length < 3) return false;
  const last = rest[rest.length - 1] as string;
  return /^[1-9]\d?$/.test(head) && THREE_DIGITS.test(last) && rest.slice(0, -1).every((p) => /^\d{2}$/.test(p));
}

function result(
  integerDigits: string,
  fraction: string | null,
  decimalSeparator: DecimalSeparator | null,
  ambiguous = false,
): ReadNumber | null {
  const integer = integerDigits.replace(/^0+(?=\d)/, '');
  if (integer.length > MAX_INTEGER_DIGITS) return null;
  if (fraction !== null && (fraction.length === 0 || fraction.length > MAX_FRACTION_DIGITS)) return null;
  return { integer, fraction, decimalSeparator: fraction === null ? null : decimalSeparator, ambiguous };
}

/**
 * Reads `text` (digits with '.', ',', apostrophe or single-space separators; nothing else) as a number, or null
 * when the separators are not a consistent grouping. Rules, in order:
 * 1. An apostrophe or a space is always a group separator (Swiss 1'234.50, French 1 234,50); groups must be three
 *    digits; the one '.' or ',' left is the decimal point.
 * 2. With both '.' and ',' the one printed last is the decimal point (1,234.56 / 1.234,56).
 * 3. One kind printed several times is a group separator (1.234.567; 1,23,456 Indian).
 * 4. One separator printed once is the decimal point unless exactly three digits follow a 1-3 digit head not
 *    starting with 0 ("1,234"): then the hint decides, then the currency's minor units, else it is read as a
 *    thousands separator and `ambiguous` is set.
 */
export function readNumber(text: string, options: ReadNumberOptions = {}): ReadNumber | null {
  if (!/^\d[\d.,' ]*$/.test(text) || !/\d$/.test(text)) return null;

  const grouping = text.includes("'") ? "'" : text.includes(' ') ? ' ' : null;
  if (grouping) {
    const m = /^([\d' ]+?)(?:([.,])(\d+))?$/.exec(text);
    if (!m || (grouping === "'" && m[1]?.includes(' ')) || (grouping === ' ' && m[1]?.includes("'"))) return null;
    const parts = (m[1] as string).split(grouping);
    if (!validGroups(parts, grouping)) return null;
    return result(parts.join(''), m[3] ?? null, (m[2] as DecimalSeparator | undefined) ?? null);
  }

  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  if (lastDot < 0 && lastComma < 0) return result(text, null, null);

  if (lastDot >= 0 && lastComma >= 0) {
    const decimal: DecimalSeparator = lastDot > lastComma ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    const at = Math.max(lastDot, lastComma);
    const head = text.slice(0, at);
    const fraction = text.slice(at + 1);
    if (head.includes(decimal) || fraction.includes(group)) return null;
    const parts = head.split(group);
    if (!validGroups(parts, group)) return null;
    return result(parts.join(''), fraction, decimal);
  }

  const separator: DecimalSeparator = lastDot >= 0 ? '.' : ',';
  const parts = text.split(separator);
  if (parts.length > 2) return validGroups(parts, separator) ? result(parts.join(''), null, null) : null;

  const [head, fraction] = parts as [string, string];
  const couldBeGroup = fraction.length === 3 && WESTERN_GROUPS.test(head);
  if (!couldBeGroup) return result(head, fraction, separator);
  if (options.decimalSeparator) {
    return options.decimalSeparator === separator
      ? result(head, fraction, separator)
      : result(head + fraction, null, null);
  }
  if (options.minorUnits === 3) return result(head, fraction, separator);
  if (options.minorUnits === 0) return result(head + fraction, null, null);
  return result(head + fraction, null, null, true);
}
