// OCR engines misread digits as look-alike letters inside printed amounts ("1O4,5O", "l23.45", "1B.90") and
// dates ("02/O1/2018", "10/01/Z018"). Correcting these letters everywhere would turn words into numbers, so only a
// token that is otherwise clearly an amount or a date is corrected. Amounts: digit-like characters only, optional
// groups of three, a decimal separator followed by exactly two places, and at least one real digit on each side of
// that separator ("lO.OO" or "II.10" stay as printed). O, l and I are read as 0 and 1 anywhere in such a token; S,
// B, Z and G as 5, 8, 2 and 6 only after its first character: a leading S is more often a misread "$" ("S12.50")
// than a 5, and a leading letter glued to an amount is never read as one.

import { monthFromName } from './months.js';
import { foldAccents } from './text.js';

const OCR_AMOUNT =
  /(?<![\p{L}\p{N}.,'’])[\dOlI][\dOlISBZG]*(?:[.,'’][\dOlISBZG]{3})*[.,][\dOlISBZG]{2}(?![\p{L}\p{N}]|[.,'’][\p{L}\p{N}])/gu;
const CONFUSABLE = /[OlISBZG]/;
const AMOUNT_LOOKALIKE: Readonly<Record<string, string>> = { O: '0', l: '1', I: '1', S: '5', B: '8', Z: '2', G: '6' };

function correctToken(token: string): string {
  if (!CONFUSABLE.test(token)) return token;
  const separator = Math.max(token.lastIndexOf('.'), token.lastIndexOf(','));
  if (!/\d/.test(token.slice(0, separator)) || !/\d/.test(token.slice(separator + 1))) return token;
  return token.replace(/[OlISBZG]/g, (c) => AMOUNT_LOOKALIKE[c] as string);
}

/**
 * A currency sign OCR read as a letter glued to an amount: "C22.25" and "c490,58" (PaddleOCR's alphabet has no "€"),
 * "S141.00" (a blurred "$"). The letter must start its token and the amount have two decimals; other letters glued
 * to a number stay an identifier ("DE123456789", "EURl23.45"), and so does a quantity's "x" ("1 BUC X3,60": the
 * item rows read the "x"). The sign's currency is not guessed ("C" is a euro here, a pound or nothing elsewhere):
 * the letter reads as a space.
 */
const GLUED_SIGN = /(?<![\p{L}\p{N}.,'’])[CcS](?=\d{1,3}(?:[.,'’]?\d{3})*[.,]\d{2}(?![\p{L}\p{N}]|[.,'’]\d))/gu;

/**
 * A decimal comma OCR read as a point, or a decimal point as a comma, after a thousands group: "3.865.50" for
 * "3.865,50", "1,234,56" for "1,234.56" (low-resolution photos). A group of thousands is three digits long, so a
 * last group of two after the same separator is the decimals: the last separator becomes the other one. One group
 * only (below a million): an IPv4 address ("192.168.100.10") has two. Dates ("12.03.26") do not match: their middle
 * group is two digits.
 */
const MISREAD_DECIMAL = /(?<![\p{L}\p{N}.,])\d{1,3}([.,])\d{3}\1\d{2}(?![\p{L}\p{N}]|[.,]\d)/gu;

function correctDecimal(token: string, separator: string): string {
  const last = token.lastIndexOf(separator);
  return `${token.slice(0, last)}${separator === '.' ? ',' : '.'}${token.slice(last + 1)}`;
}

/**
 * `text` with look-alike letters read as digits inside amount-shaped tokens, a sign misread as a letter before one
 * read as a space and a misread decimal separator after thousands groups set right (see above), everything else
 * unchanged. The result has the same length, so offsets into it are offsets into `text`.
 */
export function correctOcrDigits(text: string): string {
  const signs = text.replace(GLUED_SIGN, ' ').replace(MISREAD_DECIMAL, correctDecimal);
  return CONFUSABLE.test(signs) ? signs.replace(OCR_AMOUNT, correctToken) : signs;
}

/** Letters OCR reads for digits in dates ("2O18", "Z018", "1O/01"), and the digit each stands for. */
const DATE_LOOKALIKE: Readonly<Record<string, string>> = { O: '0', o: '0', I: '1', l: '1', Z: '2', S: '5', B: '8' };
/** A numeric date with look-alike letters in it: "02/O1/2018", "10/01/Z018". */
const OCR_DATE = /(?<![\p{L}\p{N}])[\dOoIlZSB]{1,4}[-./][\dOoIlZSB]{1,2}[-./][\dOoIlZSB]{2,4}(?![\p{L}\p{N}])/gu;

/**
 * `text` with look-alike letters read as digits inside date-shaped tokens that hold at least four real digits (a
 * date's shape is surer than an amount's, so more letters are corrected), everything else unchanged; same length.
 */
export function correctOcrDateDigits(text: string): string {
  return text
    .replace(OCR_DATE, (token) =>
      (token.match(/\d/g) ?? []).length >= 4 ? token.replace(/[OoIlZSB]/g, (c) => DATE_LOOKALIKE[c] as string) : token,
    )
    .replace(COMMA_DATE, (token) => token.replace(/,/g, '.'))
    .replace(OCR_MONTH, correctMonth);
}

/**
 * A word with a 0 or 1 for its O, l or I ("06 0ct 2025", "N0v", "Ju1", "APR1L"), or a 6 between letters for its
 * "é" ("1 d6cembre 2022", "f6vrier": at photo resolution the accent closes the e's loop), is read as the month its
 * letters then make, if they make one; any other word stays as printed (the date patterns decide whether a date is
 * there).
 */
const OCR_MONTH = /(?<![\p{L}\p{N}])[\p{L}016]{3,9}(?![\p{L}\p{N}])/gu;

function correctMonth(token: string): string {
  if (!/[016]/.test(token) || !/\p{L}/u.test(token)) return token;
  const upper = token === token.toUpperCase();
  for (const one of upper ? ['L', 'I'] : ['l', 'I']) {
    const letters = token
      .replace(/0/g, upper ? 'O' : 'o')
      .replace(/1/g, one)
      .replace(/(?<=\p{L})6(?=\p{L})/gu, upper ? 'E' : 'e');
    if (/^\p{L}+$/u.test(letters) && monthFromName(foldAccents(letters)) !== null) return letters;
  }
  return token;
}

/**
 * A day-first date whose dots OCR read as commas, some or all ("31.08,2015", "31,08,2015"): two groups of one or
 * two digits and a four-digit year of this century or the last. No number is printed so (digit groups are three
 * long), so the commas are read as the dots they stand for.
 */
const COMMA_DATE = /(?<![\p{L}\p{N}.,])\d{1,2}(?:,\d{1,2}[.,]|\.\d{1,2},)(?:19|20)\d{2}(?![\p{L}\p{N}]|[.,]\d)/gu;
