// Amounts inside running text ("Total TTC 1 234,56 €", "Subtotal $ 262.90") and the document-wide decimal
// separator. Offsets refer to the caller's text.
import { parseAmount, type AmountHint, type ParsedAmount } from './amount.js';
import { leftSide, rightReadings, type Run } from './amount-sides.js';
import { localeGroupsWithSpace, type DecimalSeparator } from './locale.js';
import { readNumber } from './number.js';
import { correctOcrDigits } from './ocr-digits.js';

export interface FindAmountsHint extends AmountHint {
  /**
   * Read a plain space between digit groups as a thousands separator ("1 234,56"). NBSP, narrow NBSP and thin
   * space always are. Default: true when `locale` groups with spaces (fr, pl, sv ...), else false, because in
   * table rows "2 125,00" is more often a quantity followed by a price.
   */
  spaceGrouping?: boolean;
}

/** An amount found in a longer text: `index` and `length` locate `raw` in that text. */
export interface FoundAmount extends ParsedAmount {
  index: number;
  length: number;
}

const MAX_SCAN_CHARS = 20_000;
const DIGIT_RUN = /\d(?:[\d.,'’]*\d)?(?:[.,](?:-{1,2}|–|—)(?![\d]))?/g;
const TYPOGRAPHIC_SPACE = /^[\u00A0\u202F\u2009]$/;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Digit runs, with space-grouped runs ("1 234 567,89") joined when the grouping rule allows it. */
function digitRuns(text: string, spaceGrouping: boolean): Run[] {
  const raw = [...text.matchAll(DIGIT_RUN)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  const runs: Run[] = [];
  for (const run of raw) {
    const previous = runs[runs.length - 1];
    if (previous && run.start === previous.end + 1) {
      const gap = text[previous.end] as string;
      const joinable = TYPOGRAPHIC_SPACE.test(gap) || (spaceGrouping && gap === ' ');
      const sofar = text.slice(previous.start, previous.end);
      if (
        joinable &&
        /^\d{1,3}(?:[ \u00A0\u202F\u2009]\d{3})*$/.test(sofar) &&
        /^\d{3}(?:[.,]\d+)?$/.test(text.slice(run.start, run.end))
      ) {
        previous.end = run.end;
        continue;
      }
    }
    runs.push({ ...run });
  }
  return runs;
}

/** True when the run is part of a date, a time, a ratio, a percentage or an identifier rather than an amount. */
function partOfSomethingElse(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 2), start);
  const after = text.slice(end, end + 2);
  if (/[/:]$/.test(before) && /\d[/:]$/.test(text.slice(Math.max(0, start - 2), start))) return true;
  if (/^[/:]\d/.test(after)) return true;
  if (/^\s?%/.test(after)) return true;
  // "RE-2026", "2026-03": a hyphen glued to a word or a number on the other side.
  if (/^-\d/.test(after) || /[\p{L}\p{N}]-$/u.test(before)) return true;
  return false;
}

/**
 * Every amount in `text` that {@link parseAmount} accepts, in reading order, with its sign, parentheses and
 * currency when printed next to it ("Total: EUR -1.234,56", "(12.00)", "12,00 €"). Numbers glued to letters
 * ("DE123456789", "15th", "12kg"), dates, times, ratios ("1/2") and percentages are skipped; a currency spelled
 * with letters that ends a longer word is not a currency ("WATER 64.00" is 64.00, not rand). Amounts never overlap:
 * a symbol printed between two amounts goes to one of them (see `rightReadings`). Amount-shaped tokens with OCR
 * confusions ("1O4,5O") are read as parseAmount reads them; `raw` keeps the printed letters. Whole numbers are
 * reported too (quantities, "Net 30"): callers filter by context. Only the first 20,000 characters are read.
 */
export function findAmounts(text: string, hint: FindAmountsHint = {}): FoundAmount[] {
  const printed = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  // Same length as `printed`, so offsets and `raw` come from the caller's text.
  const scanned = correctOcrDigits(printed);
  const spaceGrouping = hint.spaceGrouping ?? (hint.locale ? localeGroupsWithSpace(hint.locale) : false);
  const runs = digitRuns(scanned, spaceGrouping).filter((run) => !partOfSomethingElse(scanned, run.start, run.end));
  const found: FoundAmount[] = [];
  let floor = 0;
  for (const [i, run] of runs.entries()) {
    const left = leftSide(scanned, run.start, floor);
    if (WORD_CHAR.test(scanned[left.edge - 1] ?? '')) continue;
    for (const reading of rightReadings(scanned, run, left, runs[i + 1])) {
      if (WORD_CHAR.test(scanned[reading.end] ?? '')) continue;
      const amount = parseAmount(scanned.slice(left.edge, reading.end).trim(), hint);
      if (!amount) continue;
      const raw = printed.slice(left.edge, reading.end);
      const leading = raw.length - raw.trimStart().length;
      found.push({ ...amount, raw: raw.trim(), index: left.edge + leading, length: raw.trim().length });
      floor = reading.nextFloor;
      break;
    }
  }
  return found;
}

const EVIDENCE_RUN = /(?<![\d.,/:-])\d[\d.,]*\d(?![\d/:]|[.,-]\d)/g;

/**
 * The decimal separator a document uses, from samples of its text (lines, cells or the whole text): '.' or ',',
 * or null without evidence or on a tie. Votes: a number with both separators ("1.234,56") gives two votes to the
 * one printed last; one separator followed by other than three digits ("12,50", "0.5") gives one vote to it; one
 * separator repeated as valid grouping ("1.234.567") one vote to the other. "1,234" proves nothing and dates
 * ("15.03.2026") are not valid grouping, so neither votes.
 */
export function detectDecimalSeparator(samples: readonly string[]): DecimalSeparator | null {
  let dot = 0;
  let comma = 0;
  for (const sample of samples) {
    const text = sample.length > MAX_SCAN_CHARS ? sample.slice(0, MAX_SCAN_CHARS) : sample;
    for (const m of text.matchAll(EVIDENCE_RUN)) {
      const run = m[0];
      const hasDot = run.includes('.');
      const hasComma = run.includes(',');
      if (!hasDot && !hasComma) continue;
      const read = readNumber(run);
      if (!read || read.ambiguous) continue;
      const weight = hasDot && hasComma ? 2 : 1;
      const decimal = read.decimalSeparator ?? (hasDot ? ',' : '.');
      if (decimal === '.') dot += weight;
      else comma += weight;
    }
  }
  if (dot === comma) return null;
  return dot > comma ? '.' : ',';
}
