// Typed readings of the text after a label: an identifier, a date or an amount, with the character range they
// occupy so provenance can point at exactly those words.
import { findAmounts, findDates, parseDate, type FoundAmount } from '../parse/index.js';
import { amountHint, type DocumentHints } from './hints.js';

export interface Reading<T> {
  value: T;
  /** Range in the text that was read. */
  start: number;
  end: number;
  /** 0..1: how well the text looks like this kind of value (1 = unmistakable). */
  quality: number;
}

const MAX_IDENTIFIER_CHARS = 40;
/** Words between a label and its value that mean "number" or are mere punctuation. */
const LEAD_WORDS = /^(?:[:#.\-–/]+|no\.?|nr\.?|n[°º]\.?|num\.?|number|nummer|numéro|numero|número|nro\.?)$/iu;

/**
 * The first identifier-like token of the text: letters, digits and inner separators, with at least one digit,
 * not a date, not a percentage, not a decimal amount. "No. 2026-0042", ": RE-1234/26", "#INV_9".
 */
export function readIdentifier(text: string, hints: DocumentHints): Reading<string> | null {
  const tokenPattern = /\S+/g;
  let skipped = 0;
  for (const m of text.matchAll(tokenPattern)) {
    const raw = m[0];
    if (LEAD_WORDS.test(raw)) {
      if (++skipped > 3) return null;
      continue;
    }
    // Trim punctuation that belongs to the sentence, not to the number; keep a leading '#'? no: it is a label mark.
    // "Bill no.3139": the abbreviation's dot glued to the number is the label's, too.
    const lead = /^(?:[#:([]|\.(?=[\p{L}\p{N}]))+/u.exec(raw)?.[0].length ?? 0;
    const trail = /[,;:.)\]]+$/.exec(raw)?.[0].length ?? 0;
    const token = raw.slice(lead, raw.length - trail);
    // "3139forgardenworkand": OCR glued the number to the words after it; the words are not part of it.
    if (/\d\p{Ll}{6,}/u.test(token)) return null;
    if (!isIdentifier(token, hints)) return null;
    const start = m.index + lead;
    // "24. Januar 2026": the day of a date, not a number.
    if (findDates(text.slice(start), { order: hints.dateOrder }).some((d) => d.index === 0)) return null;
    return {
      value: token,
      start,
      end: start + token.length,
      quality: /[A-Za-z]/.test(token) && /\d/.test(token) ? 1 : 0.9,
    };
  }
  return null;
}

function isIdentifier(token: string, hints: DocumentHints): boolean {
  if (token.length === 0 || token.length > MAX_IDENTIFIER_CHARS) return false;
  if (!/\d/.test(token) || !/^[\p{L}\p{N}]/u.test(token)) return false;
  if (!/^[\p{L}\p{N}][\p{L}\p{N}\-/._]*$/u.test(token)) return false;
  if (parseDate(token, { order: hints.dateOrder }) !== null) return false;
  // "529,87" or "1.234,00" is money, not a number of a document; "2026.001" stays (no money-like grouping).
  if (/^\d{1,3}(?:[.,]\d{3})*[.,]\d{2}$/.test(token)) return false;
  return true;
}

/** The first date of the text when only a few short words precede it ("le 05 juillet 2026", "on March 3, 2026"). */
export function readDate(text: string, hints: DocumentHints): Reading<string> | null {
  // "Dat.31.08.2015": the label's abbreviation dot glued to the date (blanked, so offsets stay), also as OCR reads
  // it ("Dat,31.08.2015": dots and commas are its commonest confusion).
  const found = findDates(text.replace(/^[.,:;]/, ' '), { order: hints.dateOrder })[0];
  if (!found) return null;
  const before = text.slice(0, found.index).trim();
  if (before.split(/\s+/).filter((w) => /\p{L}{2,}|\d/u.test(w)).length > 3) return null;
  return { value: found.iso, start: found.index, end: found.index + found.length, quality: found.ambiguous ? 0.8 : 1 };
}

/** Dates replaced by same-length blanks, so their numbers are not read as amounts. */
export function blankDates(text: string, hints: DocumentHints): string {
  let out = text;
  for (const d of findDates(text, { order: hints.dateOrder })) {
    out = out.slice(0, d.index) + ' '.repeat(d.length) + out.slice(d.index + d.length);
  }
  return out;
}

/** Amounts of a text that can be money: decimals or a currency mark; whole numbers only when the text has no other. */
export function moneyAmounts(text: string, hints: DocumentHints): FoundAmount[] {
  const amounts = findAmounts(blankDates(text, hints), amountHint(hints));
  return amounts.filter((a) => a.decimalSeparator !== null || a.currency !== null);
}

const RATE_UNIT_BEFORE = /^[\s:.]*%[\s:]*$/;

/**
 * The amount a label refers to: the last money amount of the text ("Tax 15% on $ 112.90  $ 16.94" -> 16.94). Plain
 * whole numbers count only when marked as money or when the document prints no decimals at all.
 */
export function readAmount(
  text: string,
  hints: DocumentHints,
  options: { wholeNumbers?: boolean } = {},
): Reading<FoundAmount> | null {
  let amounts = moneyAmounts(text, hints);
  if (amounts.length === 0 && options.wholeNumbers) {
    amounts = findAmounts(blankDates(text, hints), amountHint(hints));
  }
  const last = amounts[amounts.length - 1];
  if (!last) return null;
  // "MwSt. % 19,0": the label's unit is a percent sign, so the number is a rate.
  if (last.currency === null && RATE_UNIT_BEFORE.test(text.slice(0, last.index))) return null;
  const quality = last.decimalSeparator !== null ? 1 : 0.8;
  return { value: last, start: last.index, end: last.index + last.length, quality };
}
