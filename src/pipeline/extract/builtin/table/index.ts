// Line items: every table found by its header, its rows read into items, continued on the next page when the
// table does not end on its page (a repeated header starts its own run of rows there).
import {
  findAmounts,
  moneyEquals,
  multiplyMoney,
  parsePercent,
  sumMoney,
  type FoundAmount,
} from '../../parse/index.js';
import { candidate, type Candidate } from '../candidates.js';
import { amountHint, type DocumentHints } from '../hints.js';
import type { Layout, LayoutPage } from '../layout/layout.js';
import { evidenceOf, type TextRun } from '../layout/runs.js';
import { moneyAmounts } from '../values.js';
import { findHeaders, type Column, type ColumnField, type TableHeader } from './header.js';
import { settleByArithmetic } from './arithmetic.js';
import { countsIn, isPlausibleCount, UNIT_AFTER } from './count.js';
import { headerlessItems } from './headerless.js';
import { receiptItems } from './receipt-lines.js';
import { opensSummary } from './summary-words.js';
import { settleOtherColumn } from './roles.js';
import { cutRow, defaultAnchorMode, groupItems, type AnchorMode, type RawItem } from './rows.js';

export interface LineItemCandidates {
  description: Candidate<string> | null;
  quantity: Candidate<string> | null;
  unit: Candidate<string> | null;
  unit_price: Candidate<string> | null;
  amount: Candidate<string> | null;
  tax_rate: Candidate<string> | null;
  product_code: Candidate<string> | null;
}

const MAX_ITEMS = 2_000;

/**
 * A cell holding a whole number and nothing else ("183", "$61", "80,700" where the decimal mark is a point): under a
 * price column, an amount without cents.
 */
const WHOLE_CELL = /^\s*[$€£]?\s?(\d{1,7}|\d{1,3}(?:([,.'\u00a0 ])\d{3})+)\s?[$€£]?\s*$/u;

function isWholeCell(text: string, hints: DocumentHints): boolean {
  const m = WHOLE_CELL.exec(text);
  // Digits grouped by the document's own decimal mark are not thousands ("5,200" on a page of "5,20").
  return m !== null && (m[2] === undefined || m[2] !== hints.decimalSeparator);
}

/** `whole`: the table prints its amounts without cents, so a bare whole number in a price cell is an amount. */
function amountIn(text: string, hints: DocumentHints, whole = false): FoundAmount | null {
  const money = moneyAmounts(text, hints);
  if (money.length > 0) return money[money.length - 1] as FoundAmount;
  if (hints.decimalSeparator !== null && !(whole && isWholeCell(text, hints))) return null;
  const numbers = findAmounts(text, amountHint(hints));
  return numbers[numbers.length - 1] ?? null;
}

function numberIn(text: string, hints: DocumentHints): FoundAmount | null {
  return countsIn(text, hints)[0] ?? null;
}

function percentIn(text: string, hints: DocumentHints): { value: string; index: number; length: number } | null {
  const m = /[+-]?\d+(?:[.,]\d+)?\s?%/.exec(text);
  if (m) {
    const value = parsePercent(m[0], { decimalSeparator: hints.decimalSeparator });
    if (value !== null) return { value, index: m.index, length: m[0].length };
  }
  const n = /^\s*(\d{1,2}(?:[.,]\d{1,2})?)\s*$/.exec(text);
  if (n) {
    const value = parsePercent(`${n[1]}%`, { decimalSeparator: hints.decimalSeparator });
    if (value !== null) return { value, index: text.indexOf(n[1] as string), length: (n[1] as string).length };
  }
  return null;
}

export function valueTest(hints: DocumentHints, whole = false): (field: ColumnField, text: string) => boolean {
  return (field, text) => {
    switch (field) {
      case 'line_position':
        return /^\s*\d{1,4}\.?(?:\s|$)/.test(text);
      case 'line_amount':
      case 'line_unit_price':
        return amountIn(text, hints, whole) !== null;
      case 'line_quantity':
        return numberIn(text, hints) !== null;
      case 'line_tax_rate':
      case 'line_discount':
        return percentIn(text, hints) !== null;
      default:
        return false;
    }
  };
}

function fromRun(
  run: TextRun,
  start: number,
  end: number,
  value: string,
  confidence: number,
): Candidate<string> | null {
  const evidence = evidenceOf({ run, from: 0, to: run.text.length }, start, end);
  return evidence ? candidate(value, confidence, evidence, 'table') : null;
}

/** The first row of the item (anchor first) whose cell of `field` gives a value. */
function firstValue<T>(item: RawItem, field: ColumnField, read: (run: TextRun) => T | null): T | null {
  const anchorFirst = [item.anchor, ...item.rows.map((r) => r.row).filter((row) => row !== item.anchor)];
  for (const row of anchorFirst) {
    const run = row.cells.get(field);
    if (!run) continue;
    const value = read(run);
    if (value !== null) return value;
  }
  return null;
}

function toItem(item: RawItem, hints: DocumentHints, confidence: number, whole: boolean): LineItemCandidates {
  const amount = (run: TextRun) => {
    const a = amountIn(run.text, hints, whole);
    return a ? fromRun(run, a.index, a.index + a.length, a.value, confidence) : null;
  };
  const descriptionRuns = item.rows
    .filter(({ kind }) => kind !== 'values')
    .map(({ row }) => row.cells.get('line_description'))
    .filter((r): r is TextRun => r !== undefined && r.text.trim() !== '');
  let description: Candidate<string> | null = null;
  const firstRun = descriptionRuns[0];
  if (firstRun) {
    const evidences = descriptionRuns.map((r) => evidenceOf({ run: r, from: 0, to: r.text.length }));
    const first = evidences[0];
    if (first) {
      const text = descriptionRuns.map((r) => r.text.trim()).join('\n');
      const boxes = evidences.filter((e) => e !== null && e.page === first.page).map((e) => e!.bbox);
      const x0 = Math.min(...boxes.map((b) => b.x));
      const y0 = Math.min(...boxes.map((b) => b.y));
      const x1 = Math.max(...boxes.map((b) => b.x + b.width));
      const y1 = Math.max(...boxes.map((b) => b.y + b.height));
      description = candidate(
        text,
        confidence,
        { ...first, raw: text, bbox: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } },
        'table',
      );
    }
  }
  const quantityRun = firstValue(item, 'line_quantity', (run) => (numberIn(run.text, hints) ? run : null));
  let quantity: Candidate<string> | null = null;
  let unit: Candidate<string> | null = null;
  if (quantityRun) {
    const n = numberIn(quantityRun.text, hints) as FoundAmount;
    quantity = fromRun(quantityRun, n.index, n.index + n.length, n.value, confidence);
    const rest = /^\s*([\p{L}][\p{L}.²³/]{0,11})/u.exec(quantityRun.text.slice(n.index + n.length));
    if (rest) {
      const start = n.index + n.length + (rest[0].length - (rest[1] as string).length);
      unit = fromRun(
        quantityRun,
        start,
        start + (rest[1] as string).length,
        (rest[1] as string).replace(/\.$/, ''),
        confidence,
      );
    }
  }
  if (!unit) {
    // A unit cell may also print the price it applies to ("60,00 PCE": per piece); the unit is the words after it.
    unit = firstValue(item, 'line_unit', (run) => {
      const words = /\p{L}.*$/u.exec(run.text.trimEnd());
      return words ? fromRun(run, words.index, run.text.trimEnd().length, words[0], confidence) : null;
    });
  }
  const taxRate = firstValue(item, 'line_tax_rate', (run) => {
    const p = percentIn(run.text, hints);
    return p ? fromRun(run, p.index, p.index + p.length, p.value, confidence) : null;
  });
  const code = firstValue(item, 'line_product_code', (run) => {
    const token = /[\p{L}\p{N}][\p{L}\p{N}\-./_]*/u.exec(run.text);
    return token && /\d/.test(token[0])
      ? fromRun(run, token.index, token.index + token[0].length, token[0], confidence)
      : null;
  });
  return {
    description,
    quantity,
    unit,
    unit_price: firstValue(item, 'line_unit_price', amount),
    amount: firstValue(item, 'line_amount', amount),
    tax_rate: taxRate,
    product_code: code,
  };
}

/**
 * A quantity the table gave no column for (its header was lost to OCR, or never printed): the number of the item's
 * first row that times the unit price makes the amount ("4123456000014 ZS997 100,0000 Stk. 1 1,0000 19,0 100,00"
 * -> 100). With a zero price any count fits, so then only a number followed by a unit counts.
 */
function inferQuantity(item: RawItem, found: LineItemCandidates, hints: DocumentHints, confidence: number): void {
  const price = found.unit_price?.value;
  const amount = found.amount?.value;
  if (found.quantity || price === undefined || amount === undefined) return;
  const free = Number(price) === 0;
  for (const [field, run] of item.anchor.cells) {
    if (field === 'line_unit_price' || field === 'line_amount' || field === 'line_tax_rate') continue;
    for (const n of countsIn(run.text, hints)) {
      if (!isPlausibleCount(n) || /%/.test(run.text.slice(n.index + n.length, n.index + n.length + 2))) continue;
      const unitFollows = UNIT_AFTER.test(run.text.slice(n.index + n.length));
      if (free ? !unitFollows : !moneyEquals(multiplyMoney(n.value, price), amount)) continue;
      found.quantity = fromRun(run, n.index, n.index + n.length, n.value, confidence * (unitFollows ? 0.9 : 0.75));
      return;
    }
  }
}

/** "[FURN_7777] Office Chair": a bracketed code opening the description is the product code. */
function splitBracketCode(item: LineItemCandidates): void {
  const d = item.description;
  if (!d || item.product_code) return;
  const m = /^\[([^\]\s]{1,40})\]\s+/.exec(d.value);
  if (!m) return;
  item.product_code = { ...d, value: m[1] as string };
  item.description = { ...d, value: d.value.slice(m[0].length) };
}

function pageAfter(layout: Layout, page: LayoutPage): LayoutPage | undefined {
  return layout.pages[layout.pages.indexOf(page) + 1];
}

function firstLineOfNextHeader(headers: readonly TableHeader[], header: TableHeader, page: number): number {
  const next = headers.find((h) => h !== header && h.page === page && h.firstLine > header.lastLine);
  return next ? next.firstLine : Infinity;
}

/** The columns holding a table's amounts: of a tiered header, the tier naming the amount. */
const amountTier = (header: TableHeader): readonly Column[] =>
  header.tiers?.find((tier) => tier.some((c) => c.field === 'line_amount')) ?? header.columns;

/** Rows under a header looked at to tell whether its amounts carry cents. */
const SAMPLE_ROWS = 40;

/**
 * Whether a table prints its amounts as whole numbers ("Toto sink  3  61  183"): none of its amount cells has
 * cents, and some hold a bare whole number. Decided per table and above its totals, which may well have cents.
 */
function printsWholeAmounts(page: LayoutPage, header: TableHeader, hints: DocumentHints): boolean {
  let bare = 0;
  for (const line of page.lines.filter((l) => l.index > header.lastLine).slice(0, SAMPLE_ROWS)) {
    if (opensSummary(line.text)) break;
    const run = cutRow(line, amountTier(header), page).cells.get('line_amount');
    if (!run) continue;
    if (moneyAmounts(run.text, hints).some((a) => a.decimalSeparator !== null)) return false;
    if (isWholeCell(run.text, hints)) bare++;
  }
  return bare > 0;
}

/** Items with an amount and a quantity or unit price: how well a way of cutting rows into items fits the table. */
function completeItems(items: readonly RawItem[], isValue: (field: ColumnField, text: string) => boolean): number {
  const has = (item: RawItem, field: ColumnField) =>
    item.rows.some(({ row }) => {
      const run = row.cells.get(field);
      return run !== undefined && isValue(field, run.text);
    });
  return items.filter((i) => has(i, 'line_amount') && (has(i, 'line_quantity') || has(i, 'line_unit_price'))).length;
}

/**
 * Position numbers are the surest item starts, but some layouts print them in the middle of a tall row, away from
 * the prices. Both readings are tried; the one that gives more complete items wins (ties: position numbers).
 */
function anchorMode(
  page: LayoutPage,
  header: TableHeader,
  isValue: (field: ColumnField, text: string) => boolean,
  stop: number,
): AnchorMode {
  const mode = defaultAnchorMode(header.columns);
  if (mode !== 'position') return mode;
  const read = (m: AnchorMode) =>
    groupItems(page, header.lastLine, header.columns, isValue, header.box.width, stop, m, header.tiers).items;
  return completeItems(read('priced'), isValue) > completeItems(read('position'), isValue) ? 'priced' : 'position';
}

export function readLineItems(
  layout: Layout,
  hints: DocumentHints,
  headers: readonly TableHeader[] = findHeaders(layout),
): LineItemCandidates[] {
  const items: LineItemCandidates[] = [];
  for (const header of headers) {
    let page = layout.pages.find((p) => p.number === header.page) as LayoutPage;
    const whole = printsWholeAmounts(page, header, hints);
    const isValue = valueTest(hints, whole);
    const width = header.box.width;
    const stop = firstLineOfNextHeader(headers, header, page.number);
    const mode = anchorMode(page, header, isValue, stop);
    let result = groupItems(page, header.lastLine, header.columns, isValue, width, stop, mode, header.tiers);
    const read = (raw: RawItem[], confidence: number): LineItemCandidates[] => {
      const found = raw.map((i) => toItem(i, hints, confidence, whole));
      raw.forEach((i, k) => inferQuantity(i, found[k] as LineItemCandidates, hints, confidence));
      settleOtherColumn(raw, found, hints, confidence, header.columns);
      raw.forEach((i, k) => settleByArithmetic(i, found[k] as LineItemCandidates, hints, confidence));
      return found;
    };
    items.push(...read(result.items, header.confidence * 0.9));
    // The table goes on over the page break when it did not end and the next page repeats no header (also when
    // the header sits at the foot of its page with every row on the next one).
    const headerAtFoot = header.box.y > page.height * 0.75;
    while (!result.ended && (result.items.length > 0 || headerAtFoot)) {
      const next = pageAfter(layout, page);
      if (!next || headers.some((h) => h.page === next.number)) break;
      page = next;
      result = groupItems(page, -1, header.columns, isValue, width, Infinity, mode, header.tiers);
      items.push(...read(result.items, header.confidence * 0.8));
    }
    if (items.length > MAX_ITEMS) break;
  }
  // No header (or none OCR could read): item lines recognized by quantity x price = amount alone.
  if (items.length === 0) items.push(...withoutHeader(layout, hints));
  const kept = items
    .filter((i) => (i.amount !== null || (i.unit_price !== null && i.quantity !== null)) && !bareAmount(i))
    .slice(0, MAX_ITEMS);
  kept.forEach(splitBracketCode);
  return kept;
}

/**
 * Without a header, two readings compete: lines whose own numbers multiply out (quantity x price = amount) and lines
 * whose amounts stand in one right-aligned column (receipts). The one that finds more items wins; arithmetic on ties.
 */
function withoutHeader(layout: Layout, hints: DocumentHints): LineItemCandidates[] {
  const multiplied = headerlessItems(layout, hints);
  const aligned = receiptItems(layout, hints);
  return aligned.length > multiplied.length ? aligned : multiplied;
}

/**
 * A row with an amount and nothing else (no description, quantity, price or code): a subtotal, a carried-forward
 * sum or a stray number under the table ("0,00" of an empty discount row), not a line.
 */
function bareAmount(item: LineItemCandidates): boolean {
  return item.description === null && item.quantity === null && item.unit_price === null && item.product_code === null;
}

export function lineAmountSum(items: readonly LineItemCandidates[]): string | null {
  const amounts = items.map((i) => i.amount?.value).filter((v): v is string => v !== undefined);
  return amounts.length > 0 && amounts.length === items.length ? sumMoney(amounts) : null;
}

export { findHeaders };
export type { Column, TableHeader };
