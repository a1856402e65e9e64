// Item lines without a table header (receipts, and invoices whose header OCR could not read): a line is an item when
// it ends in an amount that stands in the page's right-aligned column of amounts ("Saftorangen ........ 1,49 B").
// The column is found by alignment alone: the longest chain of line-final amounts whose right edges line up (a chain,
// not one x, so that the slow drift of a photographed page is followed). Around the items:
// - a line without an amount just above an item whose own text is only a code or a count is its description
//   ("RED BULL ENRGY DRNK" over "61126943157  A  8.79 SALE");
// - a count-times-price line ("2 Stk x 2,99", "1BUCX16,00", "0,543 KG x 10,99") gives quantity and unit price to the
//   item whose amount it makes, before or after it;
// - the item lines end at the first sum, tax or payment line (summary-words.ts), or at an amount that equals the
//   sum of the items above it, so totals, tendered cash and change are never items.
import type { Word } from '../../../model.js';
import { moneyEquals, multiplyMoney, sumMoney } from '../../parse/index.js';
import { candidate, type Candidate } from '../candidates.js';
import type { DocumentHints } from '../hints.js';
import { bottom, right } from '../layout/geometry.js';
import type { Layout, LayoutLine, LayoutPage } from '../layout/layout.js';
import { evidenceOf, runOf, type TextRun } from '../layout/runs.js';
import { blankDates } from '../values.js';
import { multipliedItem } from './headerless.js';
import type { LineItemCandidates } from './index.js';
import { opensSummary } from './summary-words.js';

const CONFIDENCE = 0.5;
/** Right edges within this many line heights of the previous amount's continue the column. */
const COLUMN_TOLERANCE = 1.2;
/** A description line sits at most this many line heights above its item line. */
const DESCRIPTION_REACH = 1.6;
/** Bounds the work on long pages. */
const MAX_LINES = 400;

/** A printed amount word: "1,49", "-2,00", "0,45-V", "4,22E", "$119.88", "1.299,99". */
const AMOUNT_WORD = /^(-)?[$€£]?(\d{1,3}(?:[.,' ]\d{3})*|\d+)[.,](\d{2})(-)?(?:-?[A-Za-z*]{1,2})?$/u;
/** What may follow the amount on its line: a tax class, "SALE", a currency ("B", "A", "EUR", "*", dm's "1"). */
const TRAILER_WORD = /^(?:[A-Za-z*]{1,4}|[$€£]|\d)$/u;
/** "2 Stk x 2,99", "1BUCX16,00", "0,410 kg x 1,99", "3 @ 1.50": a count, an optional unit, a times sign, a price. */
const COUNT_TIMES_PRICE =
  /(?<![\d.,])(\d{1,4}(?:[.,]\d{1,3})?)\s*(?:\p{L}{1,4}\.?)?\s*[xX×@*]\s*[$€£]?\s*(\d{1,6}[.,]\d{2})(?!\d)/u;
/** Currency codes and per-unit marks left in a description once the count and price are cut out ("EUR/kg"). */
const CURRENCY_WORD =
  /^(?:(?:EUR|USD|GBP|CHF|RON|LEI|CZK|KČ|IDR|RP|PLN|SEK|DKK|NOK|HUF|CAD|AUD|INR)(?:\/\p{L}{1,3})?|\/\p{L}{1,3}|[$€£])$/iu;

interface TailAmount {
  value: string;
  word: Word;
  /** Index of the amount word in the line's words. */
  index: number;
}

interface ItemLine {
  line: LayoutLine;
  words: Word[];
  amount: TailAmount;
}

function decimal(whole: string, cents: string, negative: boolean): string {
  const digits = whole.replace(/[.,' ]/g, '').replace(/^0+(?=\d)/, '');
  return `${negative ? '-' : ''}${digits}.${cents}`;
}

function wordsOf(line: LayoutLine): Word[] {
  return line.segments.flatMap((s) => s.words);
}

/** The amount that ends the line, if one does (after at most two trailer words). */
export function tailAmount(words: readonly Word[]): TailAmount | null {
  for (let i = words.length - 1, trailers = 0; i >= 0 && trailers <= 2; i--, trailers++) {
    const text = (words[i] as Word).text;
    const m = AMOUNT_WORD.exec(text);
    if (m) {
      // A minus printed apart: "- 2,00".
      const minusBefore = i > 0 && (words[i - 1] as Word).text === '-';
      return {
        value: decimal(m[2] as string, m[3] as string, m[1] !== undefined || m[4] !== undefined || minusBefore),
        word: words[i] as Word,
        index: i,
      };
    }
    if (!TRAILER_WORD.test(text)) return null;
  }
  return null;
}

/** The longest run of lines whose amounts' right edges line up, each within tolerance of the one before. */
function amountColumn(lines: readonly ItemLine[], lineHeight: number): Set<ItemLine> {
  const chains: ItemLine[][] = [];
  for (const line of lines) {
    const edge = right(line.amount.word.bbox);
    const chain = chains.find(
      (c) => Math.abs(right((c[c.length - 1] as ItemLine).amount.word.bbox) - edge) <= COLUMN_TOLERANCE * lineHeight,
    );
    if (chain) chain.push(line);
    else chains.push([line]);
  }
  const longest = chains.reduce<ItemLine[]>((a, b) => (b.length > a.length ? b : a), []);
  return new Set(longest.length >= 2 ? longest : []);
}

function spanCandidate(run: TextRun, start: number, end: number, value: string): Candidate<string> | null {
  const evidence = evidenceOf({ run, from: 0, to: run.text.length }, start, end);
  return evidence ? candidate(value, CONFIDENCE, { ...evidence, raw: evidence.raw }, 'receipt') : null;
}

/** A tax class printed in marks after the description ("<A>", "=A>", "(B)"). */
const MARKED_CLASS = /^[<=~([{]?[A-Za-z]?[>)\]}]$|^[<=~([{][A-Za-z]?$/u;

interface ItemText {
  description: Candidate<string> | null;
  /** A count opening the line ("3 Pepperoni Pizza"): receipts print the quantity first. */
  quantity: Candidate<string> | null;
  /** A long number opening the line ("037103136480 SNIP LEFT"): the article's code. */
  code: Candidate<string> | null;
}

/** The item's own words before its amount: count-times-price, currency words and class marks taken out. */
function textOf(words: readonly Word[], page: LayoutPage): ItemText {
  const none: ItemText = { description: null, quantity: null, code: null };
  const run = runOf(words, page.number, page.source);
  const count = COUNT_TIMES_PRICE.exec(run.text);
  const kept = words.filter((w, i) => {
    const start = run.starts[i] as number;
    const inCount = count !== null && start < count.index + count[0].length && start + w.text.length > count.index;
    return !inCount && !CURRENCY_WORD.test(w.text) && !MARKED_CLASS.test(w.text);
  });
  let quantity: Candidate<string> | null = null;
  let code: Candidate<string> | null = null;
  const lead = kept[0];
  const wordCandidate = (w: Word) => {
    const r = runOf([w], page.number, page.source);
    return spanCandidate(r, 0, w.text.length, w.text);
  };
  if (lead && kept.length > 1 && /^\d{6,}$/.test(lead.text)) {
    code = wordCandidate(lead);
    kept.shift();
  } else if (lead && kept.length > 1 && /^\d{1,3}$/.test(lead.text) && /\p{L}{2}/u.test((kept[1] as Word).text)) {
    quantity = wordCandidate(lead);
    kept.shift();
  }
  // A description names something: a word of three letters or more (not a bare code, count or tax class).
  if (!kept.some((w) => (w.text.match(/\p{L}/gu)?.length ?? 0) >= 3)) return none;
  const keptRun = runOf(kept, page.number, page.source);
  const text = keptRun.text.trim();
  const evidence = evidenceOf({ run: keptRun, from: 0, to: keptRun.text.length });
  if (!evidence) return none;
  return { description: candidate(text, CONFIDENCE, { ...evidence, raw: text }, 'receipt'), quantity, code };
}

interface CountLine {
  run: TextRun;
  match: RegExpExecArray;
}

function countOf(line: LayoutLine, page: LayoutPage, hints: DocumentHints): CountLine | null {
  const run = runOf(wordsOf(line), page.number, page.source);
  const match = COUNT_TIMES_PRICE.exec(blankDates(run.text, hints));
  return match ? { run, match } : null;
}

function number(text: string): string {
  return text.replace(',', '.');
}

/** Gives quantity and unit price to the item when count x price makes its amount (a refund's too: "8 Stk x 0,25"). */
function applyCount(item: LineItemCandidates, count: CountLine): boolean {
  const amount = item.amount?.value;
  if (amount === undefined || item.quantity !== null) return false;
  const quantity = number(count.match[1] as string);
  const price = number(count.match[2] as string);
  const product = multiplyMoney(quantity, price);
  const absolute = amount.replace(/^-/, '');
  if (!moneyEquals(product, absolute)) return false;
  const qStart = count.match.index + count.match[0].indexOf(count.match[1] as string);
  const pStart = count.match.index + count.match[0].lastIndexOf(count.match[2] as string);
  item.quantity = spanCandidate(count.run, qStart, qStart + (count.match[1] as string).length, quantity);
  item.unit_price = spanCandidate(count.run, pStart, pStart + (count.match[2] as string).length, price);
  return true;
}

function itemsOfPage(page: LayoutPage, hints: DocumentHints): LineItemCandidates[] {
  const lines = page.lines.slice(0, MAX_LINES);
  const withAmounts: ItemLine[] = [];
  for (const line of lines) {
    if (opensSummary(line.text)) continue;
    const words = wordsOf(line);
    const amount = tailAmount(words);
    // A date or time is not an amount ("ZILNIC 07.00-21.00").
    if (amount && blankDates(line.text, hints).includes(amount.word.text)) withAmounts.push({ line, words, amount });
  }
  const column = amountColumn(withAmounts, page.lineHeight);
  if (column.size === 0) return [];
  const byLine = new Map([...column].map((c) => [c.line, c]));
  const first = Math.min(...[...column].map((c) => lines.indexOf(c.line)));
  const items: LineItemCandidates[] = [];
  let pendingText: LayoutLine | null = null;
  let pendingCount: CountLine | null = null;
  let lastBottom = -Infinity;
  let lastItemLine: LayoutLine | null = null;
  let end = lines.length;
  // From the line above the first item: it may be that item's description.
  for (let i = Math.max(0, first - 1); i < lines.length; i++) {
    const line = lines[i] as LayoutLine;
    if (items.length > 0 && opensSummary(line.text)) {
      end = i;
      break;
    }
    const member = byLine.get(line);
    if (!member) {
      const count = countOf(line, page, hints);
      const previous = items[items.length - 1];
      if (count && !(previous && applyCount(previous, count))) pendingCount = count;
      else if (!count && tailAmount(wordsOf(line)) === null && /\p{L}{3}/u.test(line.text)) pendingText = line;
      continue;
    }
    const amounts = items.map((i) => i.amount?.value).filter((v): v is string => v !== undefined);
    // An amount that sums the items above it is their total, whatever its (perhaps unreadable) label says.
    if (amounts.length >= 2 && moneyEquals(sumMoney(amounts), member.amount.value, '0.00')) {
      end = i;
      break;
    }
    const run = runOf(member.words, page.number, page.source);
    // A line that names its item and whose numbers multiply out is read by that arithmetic (it splits quantity,
    // price and description); a bare count line ("0,410 kg x 1,99 EUR/kg 0,82") takes its name from above.
    const multiplied = multipliedItem(run, hints);
    const named = textOf(member.words.slice(0, member.amount.index), page).description !== null;
    if (named && multiplied && multiplied.amount?.value === member.amount.value) {
      items.push(multiplied);
      pendingText = null;
      pendingCount = null;
      lastBottom = bottom(line.bbox);
      continue;
    }
    if (lastItemLine && isSubLine(line, member, lastItemLine, page.lineHeight)) {
      pendingText = null;
      lastBottom = bottom(line.bbox);
      continue;
    }
    const amountStart = run.starts[member.amount.index] as number;
    const amount = spanCandidate(run, amountStart, amountStart + member.amount.word.text.length, member.amount.value);
    let text = textOf(member.words.slice(0, member.amount.index), page);
    if (
      !text.description &&
      pendingText &&
      pendingText.bbox.y > lastBottom - 1 &&
      line.bbox.y - bottom(pendingText.bbox) <= DESCRIPTION_REACH * page.lineHeight
    ) {
      const own = text;
      text = textOf(wordsOf(pendingText), page);
      text.code ??= own.code;
    }
    pendingText = null;
    lastBottom = bottom(line.bbox);
    if (!text.description) continue;
    const item: LineItemCandidates = {
      description: text.description,
      quantity: null,
      unit: null,
      unit_price: null,
      amount,
      tax_rate: null,
      product_code: text.code,
    };
    const own = countOf({ ...line, segments: line.segments }, page, hints);
    if (!(own && applyCount(item, own)) && pendingCount) applyCount(item, pendingCount);
    item.quantity ??= text.quantity;
    pendingCount = null;
    items.push(item);
    lastItemLine = line;
  }
  return page.source === 'text' && !sumPrintedBelow(items, lines.slice(end)) ? [] : items;
}

/**
 * A line at 0.00 indented under an item ("  12 Sft Taco Bf  0.00" under "1 Sft Tac Party Pk  10.00") is a part or a
 * modifier of that item (a meal's components, "No Onions"), printed for the kitchen: not an item of its own.
 */
function isSubLine(line: LayoutLine, member: ItemLine, item: LayoutLine, lineHeight: number): boolean {
  return moneyEquals(member.amount.value, '0.00', '0.00') && line.bbox.x - item.bbox.x > lineHeight;
}

/** How many lines under the items may hold their sum (subtotal, then tax and total lines). */
const SUM_REACH = 20;

/**
 * On a text layer every digit is exact, so aligned amounts count as items only when they add up to an amount
 * printed under them (the subtotal or total): a column of charges, credits and totals in a statement does not.
 * OCR'd pages are spared the check, since one misread digit would break the sum.
 */
function sumPrintedBelow(items: readonly LineItemCandidates[], below: readonly LayoutLine[]): boolean {
  const amounts = items.map((i) => i.amount?.value).filter((v): v is string => v !== undefined);
  if (amounts.length === 0) return false;
  const sum = sumMoney(amounts);
  return below.slice(0, SUM_REACH).some((line) =>
    wordsOf(line).some((w) => {
      const m = AMOUNT_WORD.exec(w.text);
      return m !== null && moneyEquals(decimal(m[2] as string, m[3] as string, false), sum.replace(/^-/, ''), '0.00');
    }),
  );
}

/** Item lines of every page found by their aligned amounts (see above), in reading order. */
export function receiptItems(layout: Layout, hints: DocumentHints): LineItemCandidates[] {
  return layout.pages.flatMap((page) => itemsOfPage(page, hints));
}
