// The decorations printed around the digits of an amount in running text ("(", signs, currencies, a trailing
// minus, ")"), and who owns a decoration printed between two amounts. Offsets refer to the scanned text.
import { CURRENCY_SYMBOL_PATTERN } from './currency.js';
import { ACTIVE_CURRENCY_CODES } from './iso4217.js';

/** A run of digits (with separators) that may be an amount: `text.slice(start, end)`. */
export interface Run {
  start: number;
  end: number;
}

/** The decorations on one side of a run. */
export interface Side {
  /** Where the left decorations start, or where the right ones end. */
  edge: number;
  /** The currency among them, if any. */
  currency: Run | null;
}

/** How far decorations may reach from the digits: "( - EUR " and the like. */
const MAX_DECORATION_CHARS = 12;
const CURRENCY = `(?:${CURRENCY_SYMBOL_PATTERN}|${ACTIVE_CURRENCY_CODES.join('|')})`;
/** Decorations a printed amount may carry before its digits: "(", a sign, a currency, in the usual orders. */
const BEFORE = new RegExp(
  `(?:\\(\\s?)?(?:[-+−–]\\s?)?(?:(?<currency>${CURRENCY})\\s?)?(?:[-+−–]\\s?)?(?:\\(\\s?)?$`,
  'du',
);
/** ... and after them: a currency, a trailing minus (not followed by a digit), ")". */
const AFTER = new RegExp(`^(?:\\s?(?<currency>${CURRENCY})(?![\\p{L}]))?(?:\\s?[-−](?![\\d]))?(?:\\s?\\))?`, 'du');
const LETTER = /\p{L}/u;
const SPACE = /\s/;

function currencySpan(m: RegExpExecArray, offset: number): Run | null {
  const span = m.indices?.groups?.['currency'];
  return span ? { start: offset + span[0], end: offset + span[1] } : null;
}

/** The decorations before the run at `runStart`; none of them before `floor` (the end of the previous amount). */
export function leftSide(text: string, runStart: number, floor: number): Side {
  const from = Math.max(floor, runStart - MAX_DECORATION_CHARS);
  const m = BEFORE.exec(text.slice(from, runStart)) as RegExpExecArray;
  const currency = currencySpan(m, from);
  // "WATER 64.00": a symbol spelled with letters that ends a longer word ("R", rand) is part of the word, not a
  // currency; the decorations start after it. Each retry starts further right, so this ends.
  if (currency && LETTER.test(text[currency.start] as string) && LETTER.test(text[currency.start - 1] ?? '')) {
    return leftSide(text, runStart, currency.end);
  }
  return { edge: from + m.index, currency };
}

/** The decorations after the run ending at `runEnd`; none of them at or after `limit`. */
export function rightSide(text: string, runEnd: number, limit = runEnd + MAX_DECORATION_CHARS): Side {
  const m = AFTER.exec(text.slice(runEnd, Math.min(limit, runEnd + MAX_DECORATION_CHARS))) as RegExpExecArray;
  return { edge: runEnd + m[0].length, currency: currencySpan(m, runEnd) };
}

/** One way to read a run's right edge: where the amount ends, and from where the next amount may decorate. */
export interface RightReading {
  end: number;
  nextFloor: number;
}

/**
 * The ways to end the amount of `run`, best first (the caller takes the first that parses). A currency or minus
 * printed between two amounts reads as this amount's trailing decoration or the next one's leading decoration
 * ("-$300.00 $0.00", "€ 12,00 € 0,00", "12,00 € 13,00 €"). It goes to the amount it is glued to when it touches
 * only one of them; otherwise a currency goes to the next amount when this one carries a leading currency (the
 * document writes symbols in front) and stays with this one else. A dash spaced on both sides belongs to neither
 * (a range, or an empty table cell). Results never overlap.
 */
export function rightReadings(text: string, run: Run, left: Side, next: Run | undefined): RightReading[] {
  const full = rightSide(text, run.end);
  const untouched: RightReading = { end: full.edge, nextFloor: full.edge };
  // Cheap exits first: no right decorations, or the next run too far away to share one.
  if (!next || full.edge === run.end || next.start - MAX_DECORATION_CHARS >= full.edge) return [untouched];
  const nextLeft = leftSide(text, next.start, run.end);
  if (nextLeft.edge >= full.edge) return [untouched];

  // "12.00 - 13.00": a trailing minus to the first or a sign to the second would be a guess either way, and a
  // dash between spaces is more likely a range or an empty table cell; this amount ends before it, the next after it.
  const dash = /\s[-−]$/.exec(text.slice(run.end, full.edge));
  if (dash && SPACE.test(text[full.edge] ?? ' ')) {
    const dashAt = run.end + dash.index + 1;
    return [{ end: rightSide(text, run.end, dashAt).edge, nextFloor: dashAt + 1 }, untouched];
  }

  const sharedStart = nextLeft.edge;
  const sharedEnd = full.edge;
  const trimmed = rightSide(text, run.end, sharedStart).edge;
  const yieldToNext: RightReading = { end: trimmed, nextFloor: trimmed };
  const gluedToThis = !SPACE.test(text[sharedStart - 1] ?? ' ');
  const gluedToNext = !SPACE.test(text[sharedEnd] ?? ' ');
  if (gluedToNext && !gluedToThis) return [yieldToNext, untouched];
  if (gluedToThis && !gluedToNext) return [untouched, yieldToNext];
  return left.currency ? [yieldToNext, untouched] : [untouched, yieldToNext];
}
