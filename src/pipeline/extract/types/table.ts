// A column-table reader: a header line whose segments are column labels fixes the columns; the lines below are cut
// into cells by which header each segment sits under. Rows continue over page breaks (a repeated header starts a
// new region with its own columns; without one, the columns carry over), and text-only lines right below a row
// continue that row's wrapped description.
import type { Word } from '../../model.js';
import { horizontalOverlap, segmentOf, verticalGap, type LayoutLine } from './layout.js';
export { findHeaders } from './table-header.js';

export interface Column<K extends string> {
  key: K;
  label: string;
  left: number;
  right: number;
}

export interface TableHeader<K extends string> {
  /** The header's (last) line: rows start below it. */
  line: LayoutLine;
  /** The first line of a two-line header ("Unit" over "Price"). */
  above?: LayoutLine;
  columns: Column<K>[];
}

export interface Cell {
  text: string;
  words: Word[];
}

export interface TableRow<K extends string> {
  line: LayoutLine;
  cells: Partial<Record<K, Cell>>;
  /** Lines read as continuations of this row (wrapped descriptions). */
  continuation: LayoutLine[];
}

export interface ReadRowsOptions<K extends string> {
  /** True when the cells form a row (e.g. a number in a quantity or amount column). */
  isRow: (cells: Partial<Record<K, Cell>>, line: LayoutLine) => boolean;
  /** True for a line that ends the table (a totals line). */
  isEnd?: (line: LayoutLine) => boolean;
  /** The column that takes the text of continuation lines. */
  continuationColumn?: K;
}

/** Lines between rows that are neither rows nor continuations; more end the table. */
const MAX_STRAY_LINES = 3;
const MAX_CONTINUATION_GAP = 1.0;
/** Lines a new page may open with (letterhead, page header) before the carried-over table must show a row. */
const MAX_PAGE_PREAMBLE = 12;

function distance(left: number, right: number, column: Column<string>): number {
  return Math.max(0, column.left - right, left - column.right);
}

function nearest<K extends string>(left: number, right: number, columns: readonly Column<K>[]): Column<K> {
  let best = columns[0] as Column<K>;
  let bestScore = -Infinity;
  for (const column of columns) {
    const box = { x: left, y: 0, width: right - left, height: 1 };
    const overlap = horizontalOverlap(box, { x: column.left, y: 0, width: column.right - column.left, height: 1 });
    const score = overlap > 0 ? overlap : -distance(left, right, column);
    if (score > bestScore) {
      best = column;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The cells of a line under the columns. A segment goes to the column it overlaps, or the nearest one; a segment
 * under several headers is split by its words' positions.
 */
export function cellsOf<K extends string>(line: LayoutLine, columns: readonly Column<K>[]): Partial<Record<K, Cell>> {
  const cells: Partial<Record<K, Cell>> = {};
  const put = (key: K, words: Word[]): void => {
    const cell = cells[key];
    if (cell) {
      cell.words.push(...words);
      cell.text = segmentOf(cell.words).text;
    } else {
      cells[key] = { text: segmentOf(words).text, words: [...words] };
    }
  };
  for (const segment of line.segments) {
    const left = segment.bbox.x;
    const right = segment.bbox.x + segment.bbox.width;
    const under = columns.filter(
      (c) => horizontalOverlap(segment.bbox, { x: c.left, y: 0, width: c.right - c.left, height: 1 }) > 0,
    );
    if (under.length <= 1) {
      put((under[0] ?? nearest(left, right, columns)).key, segment.words);
      continue;
    }
    // Under several headers ("1 TB100A4" under "Pos" and "Art.Nr."): a word whose centre lies under a header goes
    // there, the others follow the word before them, so a long description that reaches under the next header
    // stays whole unless one of its words sits right under that header.
    const tolerance = line.height;
    let current = nearest(left, left + 1, columns);
    for (const word of segment.words) {
      const centre = word.bbox.x + word.bbox.width / 2;
      const under = columns.find((c) => centre >= c.left - tolerance && centre <= c.right + tolerance);
      if (under) current = under;
      put(current.key, [word]);
    }
  }
  return cells;
}

/**
 * The rows under a header, from the line after it until a totals line, another header, too many stray lines, or
 * the end of the document. At a page break the columns carry over; stray lines at the top of a page (a repeated
 * letterhead) do not count until the first row of that page.
 */
export function readRows<K extends string>(
  lines: readonly LayoutLine[],
  header: TableHeader<K>,
  headers: readonly TableHeader<K>[],
  options: ReadRowsOptions<K>,
): TableRow<K>[] {
  const rows: TableRow<K>[] = [];
  const headerLines = new Set(headers.map((h) => h.line.index));
  let stray = 0;
  let rowOnPage = true;
  let preamble = 0;
  let last: LayoutLine = header.line;
  for (const line of lines) {
    if (line.index <= header.line.index) continue;
    if (headerLines.has(line.index) || options.isEnd?.(line)) break;
    if (line.page !== last.page && rowOnPage) {
      rowOnPage = false;
      stray = 0;
      preamble = 0;
    }
    if (!rowOnPage && ++preamble > MAX_PAGE_PREAMBLE) break;
    const cells = cellsOf(line, header.columns);
    if (options.isRow(cells, line)) {
      rows.push({ line, cells, continuation: [] });
      last = line;
      rowOnPage = true;
      stray = 0;
      continue;
    }
    const previous = rows.at(-1);
    const column = options.continuationColumn;
    if (
      previous &&
      column &&
      line.page === last.page &&
      verticalGap(last.bbox, line.bbox) <= MAX_CONTINUATION_GAP * line.height &&
      Object.keys(cells).length === 1 &&
      cells[column]
    ) {
      const cell = previous.cells[column];
      const extra = cells[column] as Cell;
      if (cell) {
        cell.words.push(...extra.words);
        cell.text = `${cell.text} ${extra.text}`;
      } else {
        previous.cells[column] = { text: extra.text, words: [...extra.words] };
      }
      previous.continuation.push(line);
      last = line;
      continue;
    }
    if (rowOnPage && ++stray > MAX_STRAY_LINES) break;
  }
  return rows;
}
