// Calendar dates as printed on invoices, in the six languages, read into ISO 8601 (YYYY-MM-DD). Impossible dates
// (31.02.2026) are refused rather than rolled over, which is what Date would do.
import { dateOrderForLocale, type DateOrder } from './locale.js';
import { isWeekdayName, monthFromName } from './months.js';
import { foldAccents, normalizeMinus, normalizeSpaces } from './text.js';

export interface DateHint {
  /** Day/month order observed elsewhere in the document (see `detectDateOrder`). Wins over `locale`. */
  order?: DateOrder | null;
  /** BCP 47 locale of the document: "en-US" reads 03/04/2026 as March 4, "en-GB" and "de" as 3 April. */
  locale?: string | null;
}

export interface ParsedDate {
  /** The date as YYYY-MM-DD. */
  iso: string;
  /** The input text, unchanged. */
  raw: string;
  /**
   * True when day and month could be swapped (both <= 12, different) and neither the hint nor the separator
   * decided, so the default day-first order was used.
   */
  ambiguous: boolean;
}

const MAX_DATE_CHARS = 48;
const MIN_YEAR = 1900;
const MAX_YEAR = 2099;

/**
 * Two-digit years: 00-69 are 2000-2069 and 70-99 are 1970-1999 (the POSIX strptime pivot). Invoices carry
 * current dates, so "26" is 2026; the pivot only keeps "99" from becoming 2099.
 */
export function expandTwoDigitYear(yy: number): number {
  return yy < 70 ? 2000 + yy : 1900 + yy;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** YYYY-MM-DD when year/month/day form a real calendar date in 1900-2099, else null. */
export function isoDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return null;
  if (day > daysInMonth(year, month)) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function yearFrom(digits: string): number {
  const n = Number(digits);
  return digits.length === 2 ? expandTwoDigitYear(n) : n;
}

function hintedOrder(hint: DateHint | undefined): 'DMY' | 'MDY' | null {
  const order = hint?.order ?? (hint?.locale ? dateOrderForLocale(hint.locale) : null);
  return order === 'DMY' || order === 'MDY' ? order : null;
}

const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const YEAR_FIRST =
  /^(\d{4})\s?([-./])\s?(\d{1,2})\s?\2\s?(\d{1,2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const NUMERIC = /^(\d{1,2})\s?([-./])\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2})$/;
const DAY_TOKEN = /^(\d{1,2})(?:st|nd|rd|th|er|re|e|eme|o|º|°|ª)?$/;
const FILLER_WORDS = new Set(['de', 'del', 'of', 'the', 'le', 'el', 'il', 'den', 'der', 'am', 'on', 'du']);

/** A numeric date from its two leading numbers (day and month in some order) and its year. */
function numericDate(
  a: number,
  b: number,
  year: number,
  separator: string,
  hint: DateHint | undefined,
  raw: string,
): ParsedDate | null {
  if (a > 12 || b > 12) {
    const iso = a > 12 ? isoDate(year, b, a) : isoDate(year, a, b);
    return iso ? { iso, raw, ambiguous: false } : null;
  }
  // Dotted dates are day-first wherever they are printed (de, nl, ...); month-first dates use '/' or '-'.
  if (separator === '.') {
    const iso = isoDate(year, b, a);
    return iso ? { iso, raw, ambiguous: false } : null;
  }
  const hinted = hintedOrder(hint);
  const order = hinted ?? 'DMY';
  const iso = order === 'DMY' ? isoDate(year, b, a) : isoDate(year, a, b);
  if (!iso) return null;
  return { iso, raw, ambiguous: a !== b && hinted === null };
}

/** "15 March 2026", "March 15th, 2026", "15. März 2026", "15 de marzo de 2026", "Mon, 2 févr. 2026", "15-Mar-26". */
function textualDate(text: string, raw: string): ParsedDate | null {
  const tokens = foldAccents(text)
    .replace(/[,./'’()-]/g, ' ')
    .split(' ')
    .filter((t) => t.length > 0 && !FILLER_WORDS.has(t) && !isWeekdayName(t));
  if (tokens.length !== 3) return null;
  const kinds = tokens.map((t) =>
    monthFromName(t) !== null ? 'M' : DAY_TOKEN.test(t) ? 'D' : /^\d{4}$/.test(t) ? 'Y' : '?',
  );
  const pattern = kinds.join('');
  const [t0, t1, t2] = tokens as [string, string, string];
  const day = (t: string): number => Number(DAY_TOKEN.exec(t)?.[1]);
  let iso: string | null = null;
  // A two-digit token after the month ("15-Mar-26") is the year; a plain day token is never a 4-digit year.
  if (pattern === 'DMY' || (pattern === 'DMD' && /^\d{2}$/.test(t2))) {
    iso = isoDate(yearFrom(t2), monthFromName(t1) as number, day(t0));
  } else if (pattern === 'MDY') {
    iso = isoDate(Number(t2), monthFromName(t0) as number, day(t1));
  } else if (pattern === 'YMD') {
    iso = isoDate(Number(t0), monthFromName(t1) as number, day(t2));
  }
  return iso ? { iso, raw, ambiguous: false } : null;
}

/**
 * Parses one printed date into ISO 8601, or null. Accepts:
 * - year first: `2026-03-15`, `2026/03/15`, `2026.3.15`, ISO date-times (`2026-03-15T10:00:00Z`), compact `20260315`;
 * - numeric day/month: `15.03.2026`, `15/03/2026`, `03/15/2026`, `15-03-26`, `15. 03. 2026`;
 * - month names in en/de/fr/es/it/nl, full or abbreviated, with ordinals and fillers: `15 March 2026`,
 *   `March 15, 2026`, `1st Mar 2026`, `15. März 2026`, `1er mars 2026`, `15 de marzo de 2026`, `15 marzo 2026`,
 *   `15 maart 2026`, `15-Mar-26`, `Montag, 2. Feb. 2026`.
 *
 * Numeric day/month order: a value above 12 settles it; dotted dates (15.03.2026) are day-first; otherwise
 * `hint.order`, then the hint's locale, then day-first (the convention of five of the six languages), and
 * `ambiguous` is set when that default decided. Two-digit years follow {@link expandTwoDigitYear}. Years outside 1900-2099 and
 * impossible dates (31.02.2026, 29.02.2025) give null.
 */
export function parseDate(text: string, hint?: DateHint): ParsedDate | null {
  if (text.length > MAX_DATE_CHARS) return null;
  const s = normalizeSpaces(normalizeMinus(text)).replace(/[,;:]+$|(?<=\d)\.$/, '');

  let m = COMPACT.exec(s);
  if (m) {
    const iso = isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
    return iso ? { iso, raw: text, ambiguous: false } : null;
  }
  m = YEAR_FIRST.exec(s);
  if (m) {
    const iso = isoDate(Number(m[1]), Number(m[3]), Number(m[4]));
    return iso ? { iso, raw: text, ambiguous: false } : null;
  }
  m = NUMERIC.exec(s);
  if (m) return numericDate(Number(m[1]), Number(m[3]), yearFrom(m[4] as string), m[2] as string, hint, text);
  return /\p{L}/u.test(s) ? textualDate(s, text) : null;
}
