// Monetary amounts as printed on invoices, read into exact decimal strings (never binary floats): signs in every
// accounting style, currency symbols or codes on either side, and the group/decimal separators of each locale.
import { CURRENCY_SYMBOL_PATTERN, resolveCurrencySymbol } from './currency.js';
import { currencyMinorUnits, isActiveCurrencyCode } from './iso4217.js';
import { decimalSeparatorForLocale, type DecimalSeparator } from './locale.js';
import { readNumber } from './number.js';
import { correctOcrDigits } from './ocr-digits.js';
import { normalizeMinus, normalizeSpaces } from './text.js';

/** What is known about the document around an amount; every property is optional. */
export interface AmountHint {
  /** Decimal separator used elsewhere in the document (see `detectDecimalSeparator`). Wins over `locale`. */
  decimalSeparator?: DecimalSeparator | null;
  /** BCP 47 locale of the document ("de-DE", "en-US", "fr"), used when `decimalSeparator` is not given. */
  locale?: string | null;
  /** The document's currency (ISO 4217): resolves shared symbols such as "$" (CAD?), "kr" (SEK?) or "¥" (CNY?). */
  currency?: string | null;
}

export interface ParsedAmount {
  /**
   * Exact signed decimal with '.' as decimal point and no grouping, digits as printed: "-1234.50", "12", "0.125".
   * Zero carries no sign ("(0.00)" gives "0.00" with `negative` true).
   */
  value: string;
  /** ISO 4217 code printed with the amount (symbol or code), or null when none or when the symbol is ambiguous. */
  currency: string | null;
  /** True for "-12.00", "(12.00)", "12.00-" and their currency-decorated forms. */
  negative: boolean;
  /**
   * The input text, unchanged. Also after an OCR correction ("1O4,5O" read as 104.50): there is no confidence
   * field, so O, l or I among the digits of `raw` is how a caller tells such a less certain reading.
   */
  raw: string;
  /** The separator read as the decimal point, or null for whole numbers: evidence for the document's convention. */
  decimalSeparator: DecimalSeparator | null;
  /** True when "1,234"-like text was read as thousands only by default (no hint, no currency rule decided). */
  ambiguous: boolean;
}

const MAX_AMOUNT_CHARS = 64;
const CURRENCY_TOKEN = `(?:${CURRENCY_SYMBOL_PATTERN}|[A-Za-z]{3})`;
const LEADING_CURRENCY = new RegExp(`^(${CURRENCY_TOKEN})\\s?(?=[\\d(+-])`, 'u');
const TRAILING_CURRENCY = new RegExp(`(?<=[\\d)\\-])\\s?(${CURRENCY_TOKEN})$`, 'u');
/** "12,-" / "12.–" / "1.234,--": whole units, the dash stands for zero cents (German and Swiss price style). */
const DASH_CENTS = /(\d)([.,])(?:-{1,2}|—)$/;
const APOSTROPHES = /[’ʼ´`]/g;

/** Separators to prefer when the hint gives no explicit one: from the locale if any. */
function hintedDecimalSeparator(hint: AmountHint | undefined): DecimalSeparator | null {
  if (hint?.decimalSeparator) return hint.decimalSeparator;
  return hint?.locale ? decimalSeparatorForLocale(hint.locale) : null;
}

/**
 * Parses one printed amount: `1,234.56`, `1.234,56`, `1 234,56` (space, NBSP or narrow NBSP groups), `1'234.56`,
 * `₹ 1,23,456.78`, `1234,5`, `-12.00`, `(12.00)`, `12.00-`, `12,- €`, `€12.00`, `EUR 1.234,56`, `USD1,234.56`,
 * `CHF 1'234.50`, `12,00 zł`, `kr 1.234,00` ... Returns null when the text is not exactly one amount (extra words,
 * a percentage, a date, two currencies that disagree, more than 64 characters).
 *
 * Separator ambiguity ("1,234" and "1.234"): a separator printed once and followed by exactly three digits is a
 * decimal point only when `hint.decimalSeparator` (or the locale's) says so, or when the currency has three minor
 * digits (KWD, BHD ...); otherwise it is read as a thousands separator and `ambiguous` is true.
 *
 * OCR confusions: when the text does not read as printed, "O" is read as 0 and "l"/"I" as 1 inside a token that is
 * otherwise clearly an amount with two decimals ("1O4,5O" -> "104.50", "l23.45" -> "123.45"; see ocr-digits.ts).
 * Such a reading is less certain than a clean one, but {@link ParsedAmount} has no confidence field and its shape
 * is shared with callers: `raw` keeps the letters as printed, so a caller that wants to weigh these readings lower
 * can look for O, l or I among the digits of `raw`.
 *
 * @example parseAmount('1.234,56 €') // { value: '1234.56', currency: 'EUR', negative: false, ... }
 * @example parseAmount('(USD 12.00)') // { value: '-12.00', currency: 'USD', negative: true, ... }
 */
export function parseAmount(text: string, hint?: AmountHint): ParsedAmount | null {
  if (text.length > MAX_AMOUNT_CHARS) return null;
  const asPrinted = readAmount(text, text, hint);
  if (asPrinted) return asPrinted;
  const corrected = correctOcrDigits(text);
  return corrected === text ? null : readAmount(corrected, text, hint);
}

/** parseAmount without the OCR retry; `raw` is what the result reports as printed. */
function readAmount(text: string, raw: string, hint: AmountHint | undefined): ParsedAmount | null {
  let rest = normalizeSpaces(normalizeMinus(text)).replace(APOSTROPHES, "'");
  let minusSigns = 0;
  let parentheses = 0;
  let plusSigns = 0;
  let currencyToken: string | null = null;
  /** The separator before a "dash cents" mark ("1.234,-"): it is the decimal point, which settles the grouping. */
  let wholeUnitsSeparator: DecimalSeparator | null = null;

  // "€ 12,00 EUR" is fine; "€ 12,00 USD" is not one amount.
  const takeCurrency = (token: string): boolean => {
    if (currencyToken !== null && currencyToken !== token) {
      const a = resolveCurrencySymbol(currencyToken, hint?.currency);
      const b = resolveCurrencySymbol(token, hint?.currency);
      if (a === null || a !== b) return false;
    }
    currencyToken ??= token;
    return true;
  };

  // Peel decorations from both ends until only digits remain; each pass removes at least one or stops.
  for (let pass = 0; pass < 8; pass++) {
    const before = rest;
    if (rest.startsWith('(') && rest.endsWith(')')) {
      parentheses++;
      rest = rest.slice(1, -1).trim();
    }
    const sign = /^([+-])\s?/.exec(rest);
    if (sign) {
      if (sign[1] === '-') minusSigns++;
      else plusSigns++;
      rest = rest.slice(sign[0].length);
    }
    const leading = LEADING_CURRENCY.exec(rest);
    if (leading) {
      if (!takeCurrency(leading[1] as string)) return null;
      rest = rest.slice(leading[0].length);
    }
    const trailing = TRAILING_CURRENCY.exec(rest);
    if (trailing) {
      if (!takeCurrency(trailing[1] as string)) return null;
      rest = rest.slice(0, trailing.index);
    }
    const dashCents = DASH_CENTS.exec(rest);
    if (dashCents) {
      wholeUnitsSeparator = dashCents[2] as DecimalSeparator;
      rest = rest.slice(0, dashCents.index + 1);
    } else if (/\d\s?-$/.test(rest)) {
      minusSigns++;
      rest = rest.replace(/\s?-$/, '');
    }
    rest = rest.trim();
    if (rest === before) break;
  }
  if (minusSigns > 1 || parentheses > 1 || (plusSigns > 0 && minusSigns + parentheses > 0) || plusSigns > 1) {
    return null;
  }

  let currency: string | null = null;
  if (currencyToken !== null) {
    currency = resolveCurrencySymbol(currencyToken, hint?.currency);
    // A three-letter token that is neither a known symbol nor an active ISO code means the text is not an amount.
    if (currency === null && /^[A-Za-z]{3}$/.test(currencyToken) && !isActiveCurrencyCode(currencyToken)) return null;
  }

  const read = readNumber(rest, {
    decimalSeparator: wholeUnitsSeparator ?? hintedDecimalSeparator(hint),
    minorUnits: currency ? currencyMinorUnits(currency) : null,
  });
  if (!read || (wholeUnitsSeparator !== null && read.fraction !== null)) return null;

  const negative = minusSigns + parentheses > 0;
  const magnitude = read.fraction === null ? read.integer : `${read.integer}.${read.fraction}`;
  return {
    value: negative && /[1-9]/.test(magnitude) ? `-${magnitude}` : magnitude,
    currency,
    negative,
    raw,
    decimalSeparator: read.decimalSeparator,
    ambiguous: read.ambiguous,
  };
}

/**
 * Parses a percentage such as `19%`, `19 %`, `7,5 %`, `19.00%` or `-2%` into an exact decimal string of percent
 * points ("19", "7.5", "19.00", "-2"), or null. Separators follow the same rules and hint as {@link parseAmount}.
 */
export function parsePercent(text: string, hint?: AmountHint): string | null {
  if (text.length > MAX_AMOUNT_CHARS) return null;
  const m = /^([+-]?)\s?([\d.,' ]+?)\s?%$/.exec(normalizeSpaces(normalizeMinus(text)));
  if (!m) return null;
  const read = readNumber(m[2] as string, { decimalSeparator: hintedDecimalSeparator(hint) });
  if (!read) return null;
  const magnitude = read.fraction === null ? read.integer : `${read.integer}.${read.fraction}`;
  return m[1] === '-' && /[1-9]/.test(magnitude) ? `-${magnitude}` : magnitude;
}
