// Line tables of purchase orders and goods received notes, read with the column-table reader: header labels from
// the shared dictionary (line_* columns) and, for receipts, the ordered / received / rejected quantity columns.
import { matchLabel, parsePercent, type DecimalString, type LabelField } from '../parse/index.js';
import { GRN_COLUMNS, type GrnColumn } from './labels-orders.js';
import type { LayoutLine } from './layout.js';
import { mergeHits, type LabelHit } from './phrases.js';
import type { Evidence, ReadValue } from './provenance.js';
import { findHeaders, readRows, type Cell, type TableRow } from './table.js';
import { readMoney, readQuantity, type ValueContext } from './values.js';

export type LineColumn = Extract<LabelField, `line_${string}`> | GrnColumn;

const LINE_FIELDS: readonly LabelField[] = [
  'line_position',
  'line_description',
  'line_product_code',
  'line_quantity',
  'line_unit',
  'line_unit_price',
  'line_discount',
  'line_tax_rate',
  'line_amount',
];
const TOTAL_FIELDS: readonly LabelField[] = ['subtotal', 'tax', 'total', 'amount_due'];
const CELL_CONFIDENCE = 0.9;

/** A document-total word over a column ("Gesamtbetrag", "Total") is a weak line-amount header. */
const TOTAL_AS_COLUMN_FACTOR = 0.5;

function columnHits(text: string, withGrn: boolean): LabelHit<LineColumn>[] {
  const shared = matchLabel(text, { fields: [...LINE_FIELDS, 'total'] }).map((m) => ({
    field: (m.field === 'total' ? 'line_amount' : m.field) as LineColumn,
    label: m.label,
    start: m.start,
    end: m.end,
    confidence: m.field === 'total' ? m.confidence * TOTAL_AS_COLUMN_FACTOR : m.confidence,
  }));
  return withGrn ? mergeHits<LineColumn>(shared, GRN_COLUMNS.match(text)) : mergeHits(shared);
}

/** A totals line ("Total HT", "Subtotal", "TVA 20 %") ends the table. */
export function isTotalsLine(line: LayoutLine): boolean {
  return line.segments.some((s) =>
    matchLabel(s.text, { fields: TOTAL_FIELDS }).some((m) => m.start === 0 && m.confidence >= 0.7),
  );
}

export interface LineTable {
  rows: Array<TableRow<LineColumn>>;
  lineIndexes: Set<number>;
}

/**
 * The rows of the document's line tables. A row needs a number in one of `anchorColumns` (quantities or
 * amounts); `withGrn` adds the receipt quantity columns to the header dictionary.
 */
export function readLineTable(
  lines: readonly LayoutLine[],
  ctx: ValueContext,
  withGrn: boolean,
  anchorColumns: readonly LineColumn[],
): LineTable {
  // A line table names its items: a tax breakdown ("Rate | Net | Tax") has amounts but no description column.
  const headers = findHeaders(lines, (text) => columnHits(text, withGrn), 2).filter(
    (h) =>
      h.columns.some((c) => anchorColumns.includes(c.key)) &&
      h.columns.some((c) => c.key === 'line_description' || c.key === 'line_product_code'),
  );
  const rows: Array<TableRow<LineColumn>> = [];
  const lineIndexes = new Set<number>();
  for (const header of headers) {
    lineIndexes.add(header.line.index);
    if (header.above) lineIndexes.add(header.above.index);
    const found = readRows(lines, header, headers, {
      isRow: (cells) =>
        anchorColumns.some((key) => {
          const cell = cells[key];
          return (
            cell !== undefined && (readQuantity(cell.text, ctx) !== null || readMoney(cell.text, ctx, 'end') !== null)
          );
        }),
      isEnd: isTotalsLine,
      continuationColumn: 'line_description',
    });
    for (const row of found) {
      rows.push(row);
      lineIndexes.add(row.line.index);
      for (const extra of row.continuation) lineIndexes.add(extra.index);
    }
  }
  return { rows, lineIndexes };
}

function evidence(row: TableRow<LineColumn>, cell: Cell, factor = 1): Evidence {
  return { page: row.line.page, words: cell.words, raw: cell.text, confidence: CELL_CONFIDENCE * factor };
}

export function cellText(row: TableRow<LineColumn>, key: LineColumn): ReadValue<string> | null {
  const cell = row.cells[key];
  const text = cell?.text.trim();
  return cell && text ? { value: text, evidence: evidence(row, cell) } : null;
}

/** The product code, or an "Item" / "Pos." column that holds item numbers ("IN-4410") rather than 1, 2, 3. */
export function productCode(row: TableRow<LineColumn>): ReadValue<string> | null {
  const code = cellText(row, 'line_product_code');
  if (code) return code;
  const position = cellText(row, 'line_position');
  return position && (/\p{L}/u.test(position.value) || /^\d{5,}$/.test(position.value)) ? position : null;
}

export function cellMoney(
  row: TableRow<LineColumn>,
  key: LineColumn,
  ctx: ValueContext,
): ReadValue<DecimalString> | null {
  const cell = row.cells[key];
  if (!cell) return null;
  const money =
    readMoney(cell.text, ctx, 'end') ??
    (() => {
      const q = readQuantity(cell.text, ctx);
      return q && q.value.unit === null ? { value: { value: q.value.value } } : null;
    })();
  return money ? { value: money.value.value, evidence: evidence(row, cell) } : null;
}

export function cellQuantity(
  row: TableRow<LineColumn>,
  key: LineColumn,
  ctx: ValueContext,
): { quantity: ReadValue<DecimalString>; unit: string | null } | null {
  const cell = row.cells[key];
  const q = cell ? readQuantity(cell.text, ctx) : null;
  return cell && q ? { quantity: { value: q.value.value, evidence: evidence(row, cell) }, unit: q.value.unit } : null;
}

export function cellPercent(
  row: TableRow<LineColumn>,
  key: LineColumn,
  ctx: ValueContext,
): ReadValue<DecimalString> | null {
  const cell = row.cells[key];
  if (!cell) return null;
  const text = cell.text.trim();
  const value = parsePercent(/%$/.test(text) ? text : `${text}%`, { decimalSeparator: ctx.decimalSeparator });
  return value === null ? null : { value, evidence: evidence(row, cell) };
}
