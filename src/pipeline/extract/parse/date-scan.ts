// Dates inside running text ("Invoice date: 15.03.2026 / due 14 April 2026") and the document-wide day/month
// order. Scanning works on a folded copy of the text with the same length, so match offsets are offsets into the
// caller's text.
import { parseDate, type DateHint, type ParsedDate } from './date.js';
import type { DateOrder } from './locale.js';
import { MONTH_NAME_LIST, monthFromName } from './months.js';
import { correctOcrDateDigits } from './ocr-digits.js';
import { foldKeepLength } from './text.js';

/** A date found in a longer text: `index` and `length` locate `raw` in that text. */
export interface FoundDate extends ParsedDate {
  index: number;
  length: number;
}

export interface FindDatesOptions extends DateHint {
  /** Also report compact YYYYMMDD numbers. Off by default: 8-digit runs in invoices are more often identifiers. */
  compact?: boolean;
}

const MAX_SCAN_CHARS = 20_000;
const NOT_WORD_BEFORE = '(?<![\\p{L}\\p{N}])';
const NOT_WORD_AFTER = '(?![\\p{L}\\p{N}])';
const MONTH = `(?:${MONTH_NAME_LIST.join('|')})\\.?`;
const DAY = '\\d{1,2}(?:st|nd|rd|th|er|re|eme|e|o|º|°|ª)?\\.?';
const GAP = '(?:\\s*[,./-]\\s*|\\s+)';
const FILLER = '(?:(?:de|del|of|the)\\s+)?';
/** A time of day glued to a four-digit year by OCR ("202620:51"): the year ends where the time begins. */
const GLUED_TIME = '(?=\\d{1,2}:\\d{2}(?!\\d))';

const PATTERNS: readonly RegExp[] = [
  // 2026-03-15, 2026/3/15
  new RegExp(`${NOT_WORD_BEFORE}(?<![.,/-])\\d{4}([-./])\\d{1,2}\\1\\d{1,2}(?![\\p{L}\\p{N}]|[.,/-]\\d)`, 'gu'),
  // 15.03.2026, 03/15/2026, 15-03-26, 15. 03. 2026
  new RegExp(
    `${NOT_WORD_BEFORE}(?<![.,/-])\\d{1,2}\\s?([-./])\\s?\\d{1,2}\\s?\\1\\s?(?:\\d{4}|\\d{2})(?![\\p{L}\\p{N}]|[.,/-]\\d)`,
    'gu',
  ),
  // 15 March 2026, 15. März 2026, 15 de marzo de 2026, 15-Mar-26, 1st of March 2026; "02APR 2022" from a till;
  // OCR drops the spaces around a year ("7 October2026", "7 October 202620:51": the time of sale glued on)
  new RegExp(
    `${NOT_WORD_BEFORE}${DAY}(?:${GAP})?${FILLER}${MONTH}(?:${GAP})?${FILLER}(?:\\d{4}${GLUED_TIME}|(?:\\d{4}|\\d{2})${NOT_WORD_AFTER})`,
    'gu',
  ),
  // March 15, 2026, Mar. 15th 2026; OCR drops the space after the month ("January20,2003")
  new RegExp(`${NOT_WORD_BEFORE}${MONTH}(?:${GAP})?${DAY}${GAP}\\d{4}${NOT_WORD_AFTER}`, 'gu'),
];
const COMPACT_PATTERN = /(?<![\p{L}\p{N}])(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?![\p{L}\p{N}])/gu;

/** True when the date prints its year with four digits (a two-digit year may be borrowed from a neighbour). */
function fullYear(date: FoundDate): boolean {
  return /(?<!\d)\d{4}(?!\d)/.test(date.raw);
}

/**
 * Which of two overlapping readings to keep: a four-digit year over a two-digit one ("16 - March 15, 2026" is
 * March 15, 2026, not 16 March 2015 borrowing the day as its year), then an unambiguous reading, then the longer,
 * then the earlier.
 */
function preferred(a: FoundDate, b: FoundDate): number {
  return (
    Number(fullYear(b)) - Number(fullYear(a)) ||
    Number(a.ambiguous) - Number(b.ambiguous) ||
    b.length - a.length ||
    a.index - b.index
  );
}

/** "January20,2003", "02APR 2022": a month name glued to its day, as OCR reads it; parsed with the space put back. */
function gluedMonth(raw: string, options: FindDatesOptions): ParsedDate | null {
  const spaced = raw.replace(/(?<=\p{L}\.?)(?=\d)|(?<=\d)(?=\p{L}{3})/gu, ' ');
  if (spaced === raw) return null;
  const parsed = parseDate(spaced, options);
  return parsed ? { ...parsed, raw } : null;
}

/**
 * Every date in `text` that {@link parseDate} accepts, in reading order, without overlaps (see `preferred`).
 * Numeric dates glued to other digits or letters (parts of identifiers such as "RE-2026.03.15-1") are skipped.
 * Only the first 20,000 characters are scanned.
 */
export function findDates(text: string, options: FindDatesOptions = {}): FoundDate[] {
  const scanned = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  // Read with OCR's look-alike letters repaired; reported as printed.
  const repaired = correctOcrDateDigits(scanned);
  const folded = foldKeepLength(repaired);
  const found: FoundDate[] = [];
  const patterns = options.compact ? [...PATTERNS, COMPACT_PATTERN] : PATTERNS;
  for (const pattern of patterns) {
    for (const m of folded.matchAll(pattern)) {
      const printed = scanned.slice(m.index, m.index + m[0].length);
      const raw = repaired.slice(m.index, m.index + m[0].length);
      const parsed = parseDate(raw, options) ?? gluedMonth(raw, options);
      if (parsed) found.push({ ...parsed, raw: printed.trimEnd(), index: m.index, length: printed.trimEnd().length });
    }
  }
  found.sort(preferred);
  const kept: FoundDate[] = [];
  for (const date of found) {
    if (kept.some((k) => date.index < k.index + k.length && k.index < date.index + date.length)) continue;
    kept.push(date);
  }
  return kept.sort((a, b) => a.index - b.index);
}

const NUMERIC_IN_TEXT = /(?<![\p{N}.,/-])(\d{1,2})\s?([-./])\s?(\d{1,2})\s?\2\s?(?:\d{4}|\d{2})(?![\p{N}])/gu;
const MONTH_FIRST_IN_TEXT = new RegExp(`${NOT_WORD_BEFORE}(${MONTH})\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}`, 'gu');
const DAY_FIRST_IN_TEXT = new RegExp(
  `${NOT_WORD_BEFORE}\\d{1,2}(?:st|nd|rd|th|er|\\.)?\\s+(?:of\\s+|de\\s+)?(${MONTH})${GAP}`,
  'gu',
);

/**
 * The numeric day/month order a document uses, from samples of its text (lines or the whole text): 'DMY', 'MDY'
 * or null when the evidence is absent or tied. Numeric dates with a value above 12 in first place vote DMY, in
 * second place MDY (one vote each); other dotted dates vote half for DMY (dots are a day-first habit) and dates
 * written with month names half for their order ("March 15" is a US habit, "15 March" a European one).
 * Year-first dates say nothing about the order and are ignored.
 */
export function detectDateOrder(samples: readonly string[]): DateOrder | null {
  const { proof, habit } = dateOrderEvidence(samples);
  const dmy = proof.dmy + habit.dmy;
  const mdy = proof.mdy + habit.mdy;
  if (dmy === mdy) return null;
  return dmy > mdy ? 'DMY' : 'MDY';
}

export interface DateOrderVotes {
  dmy: number;
  mdy: number;
}

/**
 * The votes behind {@link detectDateOrder}, split by strength: `proof` counts numeric dates that can only be read
 * one way (a number above 12 in first or second place), `habit` the half votes of dotted dates and of dates
 * written with month names. Proof settles a document; habits only lean.
 */
export function dateOrderEvidence(samples: readonly string[]): { proof: DateOrderVotes; habit: DateOrderVotes } {
  const proof = { dmy: 0, mdy: 0 };
  const habit = { dmy: 0, mdy: 0 };
  for (const sample of samples) {
    const text = foldKeepLength(sample.length > MAX_SCAN_CHARS ? sample.slice(0, MAX_SCAN_CHARS) : sample);
    for (const m of text.matchAll(NUMERIC_IN_TEXT)) {
      const a = Number(m[1]);
      const b = Number(m[3]);
      if (a > 12 && b <= 12) proof.dmy++;
      else if (b > 12 && a <= 12) proof.mdy++;
      else if (m[2] === '.') habit.dmy += 0.5;
    }
    for (const m of text.matchAll(MONTH_FIRST_IN_TEXT))
      if (monthFromName((m[1] as string).replace(/\.$/, ''))) habit.mdy += 0.5;
    for (const m of text.matchAll(DAY_FIRST_IN_TEXT))
      if (monthFromName((m[1] as string).replace(/\.$/, ''))) habit.dmy += 0.5;
  }
  return { proof, habit };
}
