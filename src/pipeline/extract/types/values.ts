// Value readers for label values and table cells: money with its debit/credit marks, dates (also the year-less
// "03/02" and "02 Mar" of transaction lists, completed from the statement's closing date), periods, free text and
// identifiers. Each returns the value with its offsets in the given text, so that provenance can point at the words.
import {
  findAmounts,
  findDates,
  isoDate,
  type FoundAmount,
  parseAmount,
  type DateOrder,
  type DecimalSeparator,
  type DecimalString,
} from '../parse/index.js';
import { monthFromName } from '../parse/months.js';
import { foldAccents } from '../parse/text.js';

/** What the document says about its own conventions, gathered once per document. */
export interface ValueContext {
  decimalSeparator: DecimalSeparator | null;
  currency: string | null;
  dateOrder: DateOrder | null;
  /** The document's language ("fr"): French and others group thousands with spaces. */
  locale: string | null;
}

export interface Span<T> {
  value: T;
  start: number;
  end: number;
}

export type MoneyMarker = 'CR' | 'DR' | '+' | '-' | 'H' | 'S' | '()';

export interface Money {
  /** Signed as printed: "-" or parentheses or a CR mark make it negative. */
  value: DecimalString;
  /** The absolute value. */
  magnitude: DecimalString;
  negative: boolean;
  /** A debit/credit mark printed with the amount: CR/DR, a sign, parentheses, German H (Haben) / S (Soll). */
  marker: MoneyMarker | null;
  currency: string | null;
}

const MARKER_AFTER = /^\s?(CR|DR|Cr|Dr|cr|dr|H|S|\+)(?![\p{L}\p{N}])/u;
const GLUED_MARKER = /(?<=\d)(CR|DR|Cr|Dr)(?![\p{L}])/gu;

/**
 * findAmounts, plus the amounts it drops in two layouts common in statements: after a word that ends in a
 * currency-like letter ("WATER 64.00" reads as "R 64.00", R for rand, then as glued to a word), and before another
 * amount with a leading symbol ("-$300.00 $0.00": the "$" is taken as the first amount's trailing currency, which
 * then touches a digit). A second pass over a copy with such letters blanked and such spaces replaced by a
 * separator (same length, so offsets hold) finds them; what the first pass found wins.
 */
function amountsIn(text: string, ctx: ValueContext): FoundAmount[] {
  const hint = { decimalSeparator: ctx.decimalSeparator, currency: ctx.currency, locale: ctx.locale };
  const first = findAmounts(text, hint);
  const blanked = text
    .replace(/\p{L}(?= [\d(+\-−])/gu, (letter) => '_'.repeat(letter.length))
    .replace(/(?<=\d) (?=[-−(]?[$€£¥][-−]?\d)/gu, '\u0000');
  if (blanked === text) return first;
  const second = findAmounts(blanked, hint).filter(
    (a) => !first.some((f) => f.index < a.index + a.length && a.index < f.index + f.length),
  );
  return [...first, ...second].sort((a, b) => a.index - b.index);
}

/**
 * Money in a text. `from: 'start'` takes the first amount printed within `maxLead` characters (a label's value);
 * `from: 'end'` the last one (a table row's amount). Only money-like amounts count: with cents, a currency or a
 * debit/credit mark, so that "Card 1234" or "Net 30" never become amounts.
 */
export function readMoney(text: string, ctx: ValueContext, from: 'start' | 'end', maxLead = 40): Span<Money> | null {
  // "12.00CR": the mark glued to the digits would make the amount look like part of a word; blank it, same length.
  const marks = new Map<number, MoneyMarker>();
  const scanned = text.replace(GLUED_MARKER, (mark: string, _group: string, offset: number) => {
    marks.set(offset, mark.toUpperCase() as MoneyMarker);
    return ' '.repeat(mark.length);
  });
  const found = amountsIn(scanned, ctx);
  const candidates: Array<Span<Money>> = [];
  for (const amount of found) {
    const end = amount.index + amount.length;
    let marker: MoneyMarker | null = marks.get(end) ?? null;
    let markEnd = end;
    const after = MARKER_AFTER.exec(scanned.slice(end));
    if (!marker && after) {
      marker = (after[1] as string).toUpperCase() as MoneyMarker;
      markEnd = end + after[0].length;
    } else if (marker) {
      markEnd = end + 2;
    }
    if (!marker && amount.negative) marker = amount.raw.trim().startsWith('(') ? '()' : '-';
    if (amount.decimalSeparator === null && amount.currency === null && marker === null) continue;
    const magnitude = amount.value.replace(/^-/, '');
    const negative = amount.negative || marker === 'CR';
    const value = negative && /[1-9]/.test(magnitude) ? `-${magnitude}` : magnitude;
    candidates.push({
      value: { value, magnitude, negative, marker, currency: amount.currency },
      start: amount.index,
      end: markEnd,
    });
  }
  if (from === 'end') return candidates.at(-1) ?? null;
  const first = candidates[0];
  return first && first.start <= maxLead ? first : null;
}

/** Every money-like amount of a text, in order. */
export function readAllMoney(text: string, ctx: ValueContext): Array<Span<Money>> {
  const out: Array<Span<Money>> = [];
  let offset = 0;
  // Bounded: a line holds a handful of amounts; each pass consumes at least one character.
  for (let i = 0; i < 12 && offset < text.length; i++) {
    const next = readMoney(text.slice(offset), ctx, 'start', Infinity);
    if (!next) break;
    out.push({ ...next, start: next.start + offset, end: next.end + offset });
    offset += next.end;
  }
  return out;
}

/** A plain number (a quantity), possibly followed by a unit: "12", "1.5 kg", "2 pcs", "1.000,5". */
export function readQuantity(
  text: string,
  ctx: ValueContext,
): Span<{ value: DecimalString; unit: string | null }> | null {
  const m = /^\s*([-+]?\d[\d.,' ]*?)\s*([\p{L}][\p{L}.²³]{0,7})?\s*$/u.exec(text);
  if (!m) return null;
  const parsed = parseAmount((m[1] as string).trim(), { decimalSeparator: ctx.decimalSeparator });
  if (!parsed) return null;
  return { value: { value: parsed.value, unit: m[2] ?? null }, start: m.index, end: text.length };
}

/** The first date within `maxLead` characters of the text. */
export function readDate(text: string, ctx: ValueContext, maxLead = 30): Span<string> | null {
  const date = findDates(text, { order: ctx.dateOrder }).find((d) => d.index <= maxLead);
  return date ? { value: date.iso, start: date.index, end: date.index + date.length } : null;
}

const SHARED_YEAR_RANGE =
  /(\p{L}{3,10}\.?\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}\.?\s+\p{L}{3,10}\.?)\s*(?:-|–|to|bis|au|al|tot)\s*(\p{L}{3,10}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|\d{1,2}\.?\s+\p{L}{3,10}\.?\s+\d{4})/u;

/** A period "03/16/2026 - 04/15/2026", "vom 01.03.2026 bis 31.03.2026", "March 16 - April 15, 2026". */
export function readPeriod(text: string, ctx: ValueContext): { start: Span<string>; end: Span<string> } | null {
  // "February 16 - March 15, 2026": the start borrows the end's year (findDates would read "16 - March 15" as a date).
  const shared = SHARED_YEAR_RANGE.exec(text);
  if (shared) {
    const endText = shared[2] as string;
    const endIndex = shared.index + shared[0].length - endText.length;
    const end = findDates(endText, { order: ctx.dateOrder })[0];
    const start = end ? completeShortDate(shared[1] as string, ctx, end.iso) : null;
    if (end && start && start <= end.iso) {
      return {
        start: { value: start, start: shared.index, end: shared.index + (shared[1] as string).length },
        end: { value: end.iso, start: endIndex, end: endIndex + endText.length },
      };
    }
  }
  const dates = findDates(text, { order: ctx.dateOrder }).slice(0, 2);
  const [first, second] = dates;
  if (first && second) {
    if (first.iso > second.iso) return null;
    return {
      start: { value: first.iso, start: first.index, end: first.index + first.length },
      end: { value: second.iso, start: second.index, end: second.index + second.length },
    };
  }
  if (!first) return null;
  // The start printed without its year, before the full end date.
  const before = text.slice(0, first.index);
  const short =
    /(\d{1,2}\.?\s+\p{L}{3,10}\.?|\p{L}{3,10}\.?\s+\d{1,2}|\d{1,2}[./]\d{1,2}\.?)\s*(?:-|–|to|bis|au|al|a|tot)?\s*$/iu.exec(
      before,
    );
  if (!short) return null;
  const iso = completeShortDate(short[1] as string, ctx, first.iso);
  if (!iso || iso > first.iso) return null;
  return {
    start: { value: iso, start: short.index, end: short.index + (short[1] as string).length },
    end: { value: first.iso, start: first.index, end: first.index + first.length },
  };
}

/** Text after a label: leading punctuation removed, at most 120 characters, at least one letter or digit. */
export function readText(text: string): Span<string> | null {
  const m = /^[\s:#.\-–=]*/u.exec(text) as RegExpExecArray;
  const value = text.slice(m[0].length).trim();
  if (!/[\p{L}\p{N}]/u.test(value) || value.length > 120) return null;
  return { value, start: m[0].length, end: m[0].length + value.length };
}

/** A reference such as a GRN or delivery-note number: one token with a digit, right after the label. */
export function readIdentifier(text: string): Span<string> | null {
  const m =
    /^[\s:#.\-–]*(?:(?:no|nr|n°|nº|number|nummer|numéro|número|numero)\.?\s*[:#]?\s*)?([A-Za-z0-9](?:[A-Za-z0-9]|[-/._](?=[A-Za-z0-9])){0,34})(?![\p{L}\p{N}])/iu.exec(
      text,
    );
  if (!m || !/\d/.test(m[1] as string)) return null;
  const start = m[0].length - (m[1] as string).length;
  if (findDates(text.slice(start)).some((d) => d.index === 0)) return null;
  return { value: m[1] as string, start, end: m[0].length };
}

const SHORT_NUMERIC = /^(\d{1,2})([./-])(\d{1,2})\.?$/;
const SHORT_DAY_MONTH = /^(\d{1,2})\.?\s*(\p{L}{3,10})\.?$/u;
const SHORT_MONTH_DAY = /^(\p{L}{3,10})\.?\s*(\d{1,2})(?:st|nd|rd|th)?$/u;

/** Month and day of a year-less date, or null. Slashes follow the document's order; dots are day-first. */
export function parseShortDate(text: string, order: DateOrder | null): { month: number; day: number } | null {
  const t = text.trim();
  let m = SHORT_NUMERIC.exec(t);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    let monthFirst = false;
    if (m[2] !== '.' && a <= 12) monthFirst = b > 12 || order === 'MDY';
    const [month, day] = monthFirst ? [a, b] : [b, a];
    return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? { month, day } : null;
  }
  m = SHORT_DAY_MONTH.exec(t);
  if (m) {
    const month = monthFromName(foldAccents(m[2] as string));
    return month ? { month, day: Number(m[1]) } : null;
  }
  m = SHORT_MONTH_DAY.exec(t);
  if (m) {
    const month = monthFromName(foldAccents(m[1] as string));
    return month ? { month, day: Number(m[2]) } : null;
  }
  return null;
}

/** Days a transaction may be dated after the statement's closing date (late postings) before it means last year. */
const LATE_DAYS = 7;

/** A year-less date completed with the year that puts it on or just before `anchor` (the closing date). */
export function completeShortDate(text: string, ctx: ValueContext, anchor: string | null): string | null {
  const parsed = parseShortDate(text, ctx.dateOrder);
  if (!parsed || !anchor) return null;
  const anchorYear = Number(anchor.slice(0, 4));
  const latest = new Date(`${anchor}T00:00:00Z`);
  latest.setUTCDate(latest.getUTCDate() + LATE_DAYS);
  const sameYear = isoDate(anchorYear, parsed.month, parsed.day);
  if (sameYear && sameYear <= latest.toISOString().slice(0, 10)) return sameYear;
  return isoDate(anchorYear - 1, parsed.month, parsed.day);
}

const LEADING_FULL =
  /^(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})|\d{1,2}\.?\s+\p{L}{3,10}\.?,?\s+\d{4}|\p{L}{3,10}\.?\s+\d{1,2},?\s+\d{4})(?![\p{L}\p{N}])/u;
const LEADING_SHORT =
  /^(?:\d{1,2}[./-]\d{1,2}\.?|\d{1,2}\.?\s+\p{L}{3,10}\.?|\p{L}{3,10}\.?\s+\d{1,2}(?:st|nd|rd|th)?)(?![\p{L}\p{N}]|[./-]\d)/u;

/**
 * Up to two dates at the start of a text (a transaction row: "03/02 03/03 AMAZON ...", "02.03.2026 ...",
 * "Mar 2 Mar 3 ..."), with their offsets. Year-less dates need `anchor`; without it they are not read.
 */
export function leadingDates(text: string, ctx: ValueContext, anchor: string | null): Array<Span<string>> {
  const dates: Array<Span<string>> = [];
  let offset = 0;
  while (dates.length < 2) {
    const rest = text.slice(offset);
    const lead = rest.length - rest.trimStart().length;
    const part = rest.slice(lead);
    const full = LEADING_FULL.exec(part);
    let iso: string | null = null;
    let length = 0;
    if (full) {
      iso = findDates(full[0], { order: ctx.dateOrder })[0]?.iso ?? null;
      length = full[0].length;
    }
    if (!iso) {
      const short = LEADING_SHORT.exec(part);
      if (short) {
        iso = completeShortDate(short[0], ctx, anchor);
        length = short[0].length;
      }
    }
    if (!iso) break;
    dates.push({ value: iso, start: offset + lead, end: offset + lead + length });
    offset += lead + length;
  }
  return dates;
}
