// Rows of a line-item table: each text line under the header is cut into the header's columns by x position;
// an item starts at a line with a position number (when the table has a position column) or with an amount, and
// the following lines without values continue its description. The table ends at the totals block, a long gap,
// a paragraph of prose or the end of the page (it may go on under a repeated header on the next page).
import type { Word } from '../../../model.js';
import { matchLabel } from '../../parse/index.js';
import { bottom, horizontalGap, horizontalOverlap, right } from '../layout/geometry.js';
import type { LayoutLine, LayoutPage } from '../layout/layout.js';
import { runOf, type TextRun } from '../layout/runs.js';
import type { Column, ColumnField } from './header.js';
import { opensAllowance } from './summary-words.js';

export interface RowCells {
  line: LayoutLine;
  /** Words of each column, left to right. */
  cells: Map<ColumnField, TextRun>;
}

export interface RawItem {
  anchor: RowCells;
  /** The rows of the item top to bottom, with their kind: the anchor row, maybe its description's first lines above it. */
  rows: Array<{ row: RowCells; kind: 'item' | 'values' | 'text' }>;
}

/** Words too far from every column are dropped; this many line heights is "near". */
const NEAR_COLUMN = 2.5;
/** A larger vertical gap between two lines ends the table. */
const MAX_ROW_GAP = 4;

function assign(word: Word, columns: readonly Column[], lineHeight: number): Column | null {
  let bestOverlap = 0;
  let chosen: Column | null = null;
  for (const c of columns) {
    const o = horizontalOverlap(word.bbox, c.box);
    if (o > bestOverlap) {
      bestOverlap = o;
      chosen = c;
    }
  }
  if (chosen) return chosen;
  let bestGap = NEAR_COLUMN * lineHeight;
  for (const c of columns) {
    const g = horizontalGap(word.bbox, c.box);
    if (g < bestGap) {
      bestGap = g;
      chosen = c;
    }
  }
  if (chosen) return chosen;
  // Far left of every numeric column: part of the description.
  const description = columns.find((c) => c.field === 'line_description');
  const firstNumeric = columns.find(
    (c) => c.field !== 'line_description' && c.field !== 'line_position' && c.field !== 'line_product_code',
  );
  return description && firstNumeric && right(word.bbox) < firstNumeric.box.x ? description : null;
}

const NUMERIC_FIELDS = new Set<ColumnField>([
  'line_quantity',
  'line_unit_price',
  'line_amount',
  'line_tax_rate',
  'line_discount',
  'line_other',
]);
/** Digits, a currency sign or a percent: a word that can belong to a numeric column. */
const NUMERIC_WORD = /[\d%€$£¥₹]/u;

export function cutRow(line: LayoutLine, columns: readonly Column[], page: LayoutPage): RowCells {
  const words = new Map<ColumnField, Word[]>();
  for (const segment of line.segments) {
    // A description running under a numeric column header keeps its words: "Design (hours): Of a sample".
    const opensInDescription = assign(segment.words[0] as Word, columns, page.lineHeight)?.field === 'line_description';
    for (const word of segment.words) {
      let column = assign(word, columns, page.lineHeight);
      if (opensInDescription && column && NUMERIC_FIELDS.has(column.field) && !NUMERIC_WORD.test(word.text)) {
        column = columns.find((c) => c.field === 'line_description') ?? column;
      }
      if (!column) continue;
      const list = words.get(column.field) ?? [];
      list.push(word);
      words.set(column.field, list);
    }
  }
  const cells = new Map<ColumnField, TextRun>();
  for (const [field, list] of words)
    cells.set(
      field,
      runOf(
        list.sort((a, b) => a.bbox.x - b.bbox.x),
        page.number,
        page.source,
      ),
    );
  return { line, cells };
}

/** How well a row's cells suit their columns: values under value columns, words under text columns, none lost. */
function fit(row: RowCells, isValue: (field: ColumnField, text: string) => boolean): number {
  const words = row.line.segments.reduce((n, s) => n + s.words.length, 0);
  let score = -(words - [...row.cells.values()].reduce((n, run) => n + run.words.length, 0));
  for (const [field, run] of row.cells) {
    if (field === 'line_other') continue;
    if (NUMERIC_FIELDS.has(field) || field === 'line_position') score += isValue(field, run.text) ? 1 : -1;
    else if (/\p{L}/u.test(run.text)) score += 0.5;
  }
  return score;
}

/** Cuts a line of a tiered table into the columns of the tier it fits best (ties: the upper tier). */
export function cutTieredRow(
  line: LayoutLine,
  tiers: readonly (readonly Column[])[],
  page: LayoutPage,
  isValue: (field: ColumnField, text: string) => boolean,
): RowCells {
  const rows = tiers.map((tier) => cutRow(line, tier, page));
  const scores = rows.map((row) => fit(row, isValue));
  // indexOf finds the first of equal scores: the upper tier.
  return rows[scores.indexOf(Math.max(...scores))] ?? cutRow(line, tiers.flat(), page);
}

function isBareLabel(text: string): boolean {
  const core = text.trim().replace(/[\s:.#]+$/u, '');
  return core.length > 0 && matchLabel(core).some((m) => m.start === 0 && m.end >= core.length && m.confidence >= 0.5);
}

export type RowKind = 'item' | 'values' | 'text' | 'subtotal' | 'end';

const SUMMARY_FIELDS = ['subtotal', 'tax', 'total', 'amount_due'] as const;

/** What a row is: the start of an item, a row with values only (a sub-row), text, an intermediate subtotal, or the end. */
/**
 * What starts an item: a position number, a row with a quantity or unit price ("priced"), or a row with an amount.
 * Position numbers are the surest, but some layouts print them mid-item.
 */
export type AnchorMode = 'position' | 'priced' | 'amount';

export function defaultAnchorMode(columns: readonly Column[]): AnchorMode {
  return columns.some((c) => c.field === 'line_position') ? 'position' : 'amount';
}

function hasValue(row: RowCells, field: ColumnField, isValue: (field: ColumnField, text: string) => boolean): boolean {
  const run = row.cells.get(field);
  return run !== undefined && isValue(field, run.text);
}

function isAnchored(
  row: RowCells,
  mode: AnchorMode,
  columns: readonly Column[],
  isValue: (field: ColumnField, text: string) => boolean,
): boolean {
  if (mode === 'position') return hasValue(row, 'line_position', isValue);
  if (mode === 'priced') {
    return columns.some((c) => c.field === 'line_quantity')
      ? hasValue(row, 'line_quantity', isValue)
      : hasValue(row, 'line_unit_price', isValue);
  }
  return hasValue(row, columns.some((c) => c.field === 'line_amount') ? 'line_amount' : 'line_unit_price', isValue);
}

/** How far right of the table's left edge (a share of its width) a row still starts "at the margin". */
const MARGIN_SHARE = 0.05;

export function classifyRow(
  row: RowCells,
  columns: readonly Column[],
  isValue: (field: ColumnField, text: string) => boolean,
  tableWidth: number,
  mode: AnchorMode = defaultAnchorMode(columns),
): RowKind {
  const first = row.line.segments[0];
  const labels = first ? matchLabel(first.text, { fields: SUMMARY_FIELDS }) : [];
  const anchored = isAnchored(row, mode, columns, isValue);
  const anchorField = mode === 'position' ? 'line_position' : null;
  // A summary row: a total/tax label opening the row, or anywhere in its first cell when the row has no quantity
  // or unit price ("Steuerbasisbetrag USt. 19%  198,00  37,62"). A numbered row is always an item.
  const priced = ['line_quantity', 'line_unit_price'].some((f) => {
    const run = row.cells.get(f as ColumnField);
    return run !== undefined && isValue(f as ColumnField, run.text);
  });
  // A label anywhere counts only on a row that carries an amount and no price: "Prices incl. VAT  Total  49.99".
  const anywhere =
    priced || !hasValue(row, 'line_amount', isValue) ? [] : matchLabel(row.line.text, { fields: SUMMARY_FIELDS });
  const summary = labels.find((m) => m.start === 0 && m.confidence >= 0.7) ?? anywhere.find((m) => m.confidence >= 0.5);
  if (summary && !(anchorField === 'line_position' && anchored))
    return summary.field === 'subtotal' ? 'subtotal' : 'end';
  if (anchored) {
    // A position number alone is not an item: some value must follow on the row or the next ones.
    return 'item';
  }
  if (filledValues(row, isValue).length > 0) return 'values';
  // Prose from the left margin across the table ("Please use the following communication ...").
  const description = columns.find((c) => c.field === 'line_description');
  // From the table's left edge, not merely left of the description: an item's detail rows may start in a code
  // column ("Art-Nr-Lieferant:" under a position column), and only a row at the edge heads a new section.
  const tableLeft = Math.min(...columns.map((c) => c.box.x));
  const fromMargin =
    description === undefined ||
    (row.line.bbox.x < description.box.x - 1 && row.line.bbox.x <= tableLeft + MARGIN_SHARE * tableWidth);
  const words = row.line.segments.reduce((n, s) => n + s.words.length, 0);
  // Prose runs as one or two segments; ten words in three cells across the table are an item's text row.
  const prose = words >= 10 && row.line.segments.length <= 2 && row.line.bbox.width > tableWidth * 0.7;
  if (fromMargin && prose && !hasValue(row, 'line_position', isValue)) return 'end';
  // A section heading ("Zahlungsbedingungen:") or the header of another table ("Beschreibung  Fälligkeit ...").
  if (fromMargin && row.line.segments.length === 1 && /:\s*$/.test(row.line.text) && words <= 4) return 'end';
  if (row.line.segments.filter((s) => isBareLabel(s.text)).length >= 2) return 'end';
  return 'text';
}

/** Lines of a page after the header (or from the top, for a continued table), grouped into items. */
export function groupItems(
  page: LayoutPage,
  startAfterLine: number,
  columns: readonly Column[],
  isValue: (field: ColumnField, text: string) => boolean,
  tableWidth: number,
  stopAtLine: number,
  mode: AnchorMode = defaultAnchorMode(columns),
  tiers: readonly (readonly Column[])[] = [],
): { items: RawItem[]; ended: boolean } {
  const items: RawItem[] = [];
  let current: RawItem | null = null;
  let previousBottom: number | null = null;
  let continuation = true;
  let afterSubtotal = false;
  // Text rows before the first item, after the last line that was not such a row (the header's last line).
  let leading: RowCells[] = [];
  let beforeLeading: LayoutLine | null = page.lines.find((l) => l.index === startAfterLine) ?? null;
  const done = (ended: boolean) => {
    settleTextBetweenItems(items, leading, beforeLeading, page.lineHeight);
    return { items, ended };
  };
  for (const line of page.lines) {
    if (line.index <= startAfterLine) continue;
    if (line.index >= stopAtLine) return done(false);
    const row = tiers.length > 1 ? cutTieredRow(line, tiers, page, isValue) : cutRow(line, columns, page);
    const kind = classifyRow(row, columns, isValue, tableWidth, mode);
    const gap = previousBottom === null ? 0 : line.bbox.y - previousBottom;
    const sameShape =
      kind === 'item' && gap <= MAX_ITEM_GAP * page.lineHeight && shapedLike(items.at(-1), row, isValue);
    if (previousBottom !== null && items.length > 0 && gap > MAX_ROW_GAP * page.lineHeight && !sameShape) {
      // A long gap ends the rows of this page; the table itself ends only if totals or prose follow (a page
      // footer after the gap leaves it open for the next page).
      return done(kind === 'end' || kind === 'subtotal' || kind === 'item');
    }
    if (kind === 'end' && items.length > 0) return done(true);
    if (kind === 'end') {
      leading = [];
      beforeLeading = line;
      continue;
    }
    // Under a subtotal, an allowance on the whole invoice ends the items; further sections would start otherwise.
    if (afterSubtotal && kind !== 'text' && opensAllowance(line.text)) return done(true);
    previousBottom = bottom(line.bbox);
    if (kind === 'subtotal') {
      current = null;
      afterSubtotal = true;
      continue;
    }
    afterSubtotal = false;
    if (kind === 'item') {
      current = { anchor: row, rows: [{ row, kind }] };
      items.push(current);
      continuation = true;
      continue;
    }
    if (!current) {
      // Only the rows above the first item may open it; rows after an intermediate subtotal head a new section.
      if (kind === 'text' && items.length === 0) leading.push(row);
      else if (items.length === 0) {
        leading = [];
        beforeLeading = line;
      }
      continue;
    }
    if (kind === 'values') continuation = false;
    if (kind === 'text' && !continuation) continue;
    current.rows.push({ row, kind });
  }
  return done(false);
}

/** An item row with the same filled value columns as the last item continues the table across this long a gap. */
const MAX_ITEM_GAP = 8;

/** The named value columns a row fills ("line_amount,line_quantity,line_unit_price"), sorted. */
function filledValues(row: RowCells, isValue: (field: ColumnField, text: string) => boolean): string {
  return [...row.cells.entries()]
    .filter(([field, run]) => NUMERIC_FIELDS.has(field) && field !== 'line_other' && isValue(field, run.text))
    .map(([field]) => field)
    .sort()
    .join(',');
}

/**
 * Tall items (notes, codes and periods under each) space their rows further apart than a gap that ends a table;
 * a row filling the same value columns as the last item (at least two) is the next item, not a new block.
 */
function shapedLike(
  last: RawItem | undefined,
  row: RowCells,
  isValue: (field: ColumnField, text: string) => boolean,
): boolean {
  if (!last) return false;
  const shape = filledValues(last.anchor, isValue);
  return shape.includes(',') && shape === filledValues(row, isValue);
}

/** A gap between text rows this many times larger than every other gap around them splits them. */
const CLEAR_GAP = 1.5;

/**
 * How many of `texts` (counted from the end) belong to the item whose values row is `next` rather than to what
 * precedes them (`before`): the rows after a clearly largest vertical gap, when the last of them sits less than a line
 * height above `next` (the same visual row: a multi-line cell centred on its values, as Factur-X renderings print
 * them). Evenly spaced rows stay where they are (a description continued under its values).
 */
function rowsBelongingToNext(before: LayoutLine, texts: readonly RowCells[], next: LayoutLine, lineHeight: number) {
  const lines = [before, ...texts.map((t) => t.line), next];
  if (texts.length === 0 || lines.some((l) => l.page !== next.page)) return 0;
  const gaps = lines.slice(1).map((l, i) => l.bbox.y - (lines[i] as LayoutLine).bbox.y);
  const last = gaps.length - 1;
  if ((gaps[last] as number) >= lineHeight) return 0;
  const widest = gaps.indexOf(Math.max(...gaps));
  if (widest === last) return 0;
  const others = gaps.filter((_, i) => i !== widest);
  if (others.some((g) => (gaps[widest] as number) < CLEAR_GAP * g)) return 0;
  return texts.length - widest;
}

/** Moves text rows printed just above an item's values row (its description's first lines) into that item. */
function settleTextBetweenItems(
  items: RawItem[],
  leading: readonly RowCells[],
  beforeLeading: LayoutLine | null,
  lineHeight: number,
): void {
  const first = items[0];
  if (first && beforeLeading) {
    const moved = rowsBelongingToNext(beforeLeading, leading, first.anchor.line, lineHeight);
    first.rows.unshift(...leading.slice(leading.length - moved).map((row) => ({ row, kind: 'text' as const })));
  }
  for (let i = 1; i < items.length; i++) {
    const previous = items[i - 1] as RawItem;
    const item = items[i] as RawItem;
    let start = previous.rows.length;
    while (start > 1 && previous.rows[start - 1]?.kind === 'text') start--;
    const texts = previous.rows.slice(start).map((r) => r.row);
    const before = (previous.rows[start - 1] as RawItem['rows'][number]).row.line;
    const moved = rowsBelongingToNext(before, texts, item.anchor.line, lineHeight);
    if (moved === 0) continue;
    item.rows.unshift(...previous.rows.splice(previous.rows.length - moved, moved));
  }
}
