// Line-item table headers: a row of column labels ("Pos  Description  Qty  Unit price  Amount", "Désignation  Qté
// PU HT  Montant HT"), possibly spread over two or three text lines, turned into columns with x ranges.
import type { BBox } from '../../../model.js';
import { matchLabel, type LabelField } from '../../parse/index.js';
import { bottom, horizontalOverlap, right, unionBoxes } from '../layout/geometry.js';
import type { Layout, LayoutLine, LayoutPage, Segment } from '../layout/layout.js';
import { runWords } from '../layout/runs.js';

export type ColumnField =
  | 'line_position'
  | 'line_description'
  | 'line_product_code'
  | 'line_quantity'
  | 'line_unit'
  | 'line_unit_price'
  | 'line_discount'
  | 'line_tax_rate'
  | 'line_amount'
  /** A second column of a field already taken ("Amount" left of "Total"): its role is settled by arithmetic. */
  | 'line_other';

type LabelledColumnField = Exclude<ColumnField, 'line_other'>;

const COLUMN_FIELDS: readonly LabelledColumnField[] = [
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

export interface Column {
  field: ColumnField;
  box: BBox;
  confidence: number;
  label: string;
}

export interface TableHeader {
  page: number;
  /** Index (in Layout.lines) of the first line holding header cells. */
  firstLine: number;
  /** Index (in Layout.lines) of the last line of the header: rows start after it. */
  lastLine: number;
  box: BBox;
  columns: Column[];
  confidence: number;
  /**
   * A header in tiers ("#  Código  Descripción" over "U/M  Cant  Precio  Total"): each item prints one line per tier,
   * under that tier's labels, top tier first. `columns` then holds every tier's columns.
   */
  tiers?: Column[][];
}

const isColumnField = (field: LabelField): field is LabelledColumnField =>
  (COLUMN_FIELDS as readonly string[]).includes(field);

type Match = ReturnType<typeof matchLabel>[number];

/** Words that make the next label a qualifier of the previous one: "Price incl. VAT", "Montant HT", "Preis pro". */
const QUALIFIER =
  /(?:^|\s)(?:incl|inkl|excl|exkl|ohne|zzgl|plus|hors|per|pro|je|par|sans|avec|with|without|inclusief|exclusief|in|en)\.?(?:\s|$)/iu;

function columnMatches(text: string): Match[] {
  return matchLabel(text, { fields: COLUMN_FIELDS }).filter((m) => isColumnField(m.field));
}

/** Header cells of one segment: one cell, unless several strong labels share the segment ("Qty Unit price"). */
function cellsOf(segment: Segment): Column[] {
  const matches = columnMatches(segment.text);
  if (matches.length === 0) return [];
  // One label may name several columns ("Netto"): keep its best reading per position.
  const byStart = new Map<number, Match>();
  for (const m of matches) {
    const kept = byStart.get(m.start);
    if (!kept || m.confidence > kept.confidence) byStart.set(m.start, m);
  }
  const distinct = [...byStart.values()].sort((a, b) => a.start - b.start);
  // "BTW Hoeveelheid" is two columns; "Prijs incl. BTW" one (a qualifier joins the second word to the first).
  const separate = distinct.filter((m, i) => {
    const previous = distinct[i - 1];
    return !previous || !QUALIFIER.test(segment.text.slice(previous.end, m.start));
  });
  const toCell = (m: Match, box: BBox): Column => ({
    field: m.field as ColumnField,
    box,
    confidence: m.confidence,
    label: segment.text.slice(m.start, m.end),
  });
  if (separate.length >= 2 && new Set(separate.map((m) => m.field)).size >= 2) {
    // Each cell reaches to the next one, taking its qualifier words along ("Prijs incl. BTW").
    return separate.map((m, i) => {
      const end = separate[i + 1]?.start ?? segment.text.length;
      return toCell(m, unionBoxes(runWords(segment, m.start, end).map((w) => w.bbox)));
    });
  }
  const first = distinct.reduce((a, b) => (b.confidence > a.confidence ? b : a));
  return [toCell(first, segment.bbox)];
}

function lineCells(line: LayoutLine): Column[] {
  return line.segments.flatMap(cellsOf);
}

/** A row is a header when it names a goods column (description, code or quantity) and a price column. */
function isHeader(columns: readonly Column[]): boolean {
  const fields = new Set(columns.map((c) => c.field));
  const goods = fields.has('line_description') || fields.has('line_product_code') || fields.has('line_quantity');
  const price = fields.has('line_amount') || fields.has('line_unit_price');
  return goods && price && fields.size >= 3 && columns.length >= 3;
}

/** Resolves duplicate columns: a second price column right of the first, with no amount column, is the amount. */
function settleColumns(cells: Column[]): Column[] {
  const sorted = [...cells].sort((a, b) => a.box.x - b.box.x);
  if (!sorted.some((c) => c.field === 'line_amount')) {
    const prices = sorted.filter((c) => c.field === 'line_unit_price');
    const last = prices[prices.length - 1];
    if (last && prices.length >= 2) last.field = 'line_amount';
  }
  // Several columns of one field: the most confident keeps it (the amount: the rightmost); the other stays as a
  // column of unknown role, so its words do not spill into a neighbour.
  const kept: Column[] = [];
  const others: Column[] = [];
  for (const cell of sorted) {
    const same = kept.findIndex((k) => k.field === cell.field);
    if (same < 0) kept.push(cell);
    else if (cell.field === 'line_amount' || cell.confidence > (kept[same] as Column).confidence) {
      others.push({ ...(kept[same] as Column), field: 'line_other' });
      kept[same] = cell;
    } else others.push({ ...cell, field: 'line_other' });
  }
  return [...kept, ...others.slice(0, 1)].sort((a, b) => a.box.x - b.box.x);
}

/**
 * Header labels span at most three lines ("Positions-" "betrag" "ohne USt."): more lines stacked on one side are
 * the address or reference block the table follows, printed as closely spaced.
 */
const MAX_STACKED = 2;

/** The lines that may stack under `line` as parts of its header's labels. */
function labelledBelow(page: LayoutPage, line: LayoutLine): LayoutLine[] {
  return stackedLines(page, line).filter((l) => l.index > line.index);
}

/** Lines stacked right above and below the main header row (no values in them): parts of multi-line labels. */
function stackedLines(page: LayoutPage, main: LayoutLine): LayoutLine[] {
  const lh = page.lineHeight;
  const index = page.lines.indexOf(main);
  const stacked: LayoutLine[] = [];
  // Data rows are not parts of header labels; tall lines (text printed sideways in the margin) are skipped.
  // Amounts may be whole numbers ("Toto sink  3  61  183"): two cells holding only figures make a data row too.
  const isData = (line: LayoutLine) =>
    /\d[.,]\d|^\s*\d+\s/.test(line.text) ||
    line.segments.filter((s) => /^[$€£]?\s?[\d.,' ]*\d[\d.,' ]*\s?[$€£%]?$/u.test(s.text)).length >= 2;
  const sideways = (line: LayoutLine) => line.bbox.height > lh * 3;
  let top = main.bbox.y;
  for (let i = index - 1, taken = 0; i >= 0 && taken < MAX_STACKED; i--) {
    const line = page.lines[i] as LayoutLine;
    if (sideways(line)) continue;
    if (top - bottom(line.bbox) > lh * 1.2 || isData(line)) break;
    stacked.push(line);
    taken++;
    top = Math.min(top, line.bbox.y);
  }
  let low = bottom(main.bbox);
  for (let i = index + 1, taken = 0; i < page.lines.length && taken < MAX_STACKED; i++) {
    const line = page.lines[i] as LayoutLine;
    if (sideways(line)) continue;
    if (line.bbox.y - low > lh * 1.2 || isData(line)) break;
    stacked.push(line);
    taken++;
    low = Math.max(low, bottom(line.bbox));
  }
  return stacked;
}

/**
 * Multi-line header labels ("Preis/" over "Einheit", "Positions-" "betrag" "ohne USt.") read as one: words of the
 * stacked lines join the main-row cell under or over them, and the joined text is matched again. Stacked words
 * over no main cell form cells of their own.
 */
function mergeStacks(
  main: Column[],
  stacked: readonly LayoutLine[],
  page: LayoutPage,
): { columns: Column[]; lines: LayoutLine[] } {
  const parts = new Map<Column, Array<{ y: number; x: number; text: string; box: BBox }>>();
  const loose: Segment[] = [];
  const used: LayoutLine[] = [];
  for (const line of stacked) {
    let contributed = false;
    for (const segment of line.segments) {
      const orphan = [];
      for (const word of segment.words) {
        let best: Column | null = null;
        // Most of the word must lie over the cell: a section title above the table is not part of a label.
        let bestOverlap = word.bbox.width * 0.5;
        for (const cell of main) {
          const o = horizontalOverlap(cell.box, word.bbox);
          if (o > bestOverlap) {
            bestOverlap = o;
            best = cell;
          }
        }
        if (best) {
          const list = parts.get(best) ?? [];
          list.push({ y: word.bbox.y, x: word.bbox.x, text: word.text, box: word.bbox });
          parts.set(best, list);
          contributed = true;
        } else orphan.push(word);
      }
      if (orphan.length === segment.words.length) loose.push(segment);
    }
    if (contributed) used.push(line);
  }
  const columns: Column[] = [];
  for (const cell of main) {
    const extra = parts.get(cell);
    if (!extra) {
      columns.push(cell);
      continue;
    }
    const pieces = [...extra, { y: cell.box.y, x: cell.box.x, text: cell.label, box: cell.box }].sort(
      (a, b) => a.y - b.y || a.x - b.x,
    );
    const text = pieces.map((p) => p.text).join(' ');
    const longest = columnMatches(text).sort(
      (a, b) => b.end - b.start - (a.end - a.start) || b.confidence - a.confidence,
    )[0];
    columns.push(
      longest && longest.confidence >= 0.5
        ? {
            field: longest.field as ColumnField,
            box: unionBoxes(pieces.map((p) => p.box)),
            confidence: longest.confidence,
            label: text,
          }
        : cell,
    );
  }
  for (const segment of loose) {
    const cells = cellsOf(segment).filter((c) => !columns.some((k) => horizontalOverlap(k.box, c.box) > 0));
    if (cells.length > 0) used.push(page.lines.find((l) => l.index === segment.line) as LayoutLine);
    columns.push(...cells);
  }
  return { columns, lines: used };
}

/**
 * Tables almost always end with the line total. When no header cell says "amount", an unknown label right of
 * every known column ("Entgelt", "Summe EUR") is taken for it.
 */
function amountByPosition(line: LayoutLine, columns: Column[]): Column[] {
  if (columns.some((c) => c.field === 'line_amount')) return columns;
  const priced = columns.filter((c) => c.field === 'line_unit_price' || c.field === 'line_quantity');
  const after =
    priced.length > 0 ? Math.max(...priced.map((c) => right(c.box))) : Math.max(...columns.map((c) => right(c.box)));
  const unknown = line.segments.filter(
    (s) => s.bbox.x > after && /\p{L}/u.test(s.text) && !columns.some((c) => horizontalOverlap(c.box, s.bbox) > 0),
  );
  const last = unknown[unknown.length - 1];
  if (!last) return columns;
  return [...columns, { field: 'line_amount' as const, box: last.bbox, confidence: 0.5, label: last.text }].sort(
    (a, b) => a.box.x - b.box.x,
  );
}

/** A label of letters only ("Duration", "Lieferdatum"), not a qualifier or a currency in parentheses. */
const UNNAMED_LABEL = /^\p{L}[\p{L}.\-/ ]{2,}$/u;

/**
 * A label the header words do not know, printed between known value columns ("Duration" between "Description" and
 * "Quantity"), heads a column of its own: its figures would otherwise join the nearest known column. It becomes the
 * table's column of unknown role (arithmetic may still settle it) when the header has none yet.
 */
function unnamedColumn(line: LayoutLine, columns: Column[]): Column[] {
  if (columns.some((c) => c.field === 'line_other')) return columns;
  const description = columnOf(columns, 'line_description');
  const from = description ? right(description.box) : Math.min(...columns.map((c) => right(c.box)));
  const to = Math.max(...columns.map((c) => c.box.x));
  const unnamed = line.segments.find(
    (s) =>
      s.bbox.x > from &&
      right(s.bbox) < to &&
      UNNAMED_LABEL.test(s.text.trim()) &&
      !QUALIFIER.test(s.text) &&
      !columns.some((c) => horizontalOverlap(c.box, s.bbox) > 0),
  );
  if (!unnamed) return columns;
  const column: Column = { field: 'line_other', box: unnamed.bbox, confidence: 0.3, label: unnamed.text };
  return [...columns, column].sort((a, b) => a.box.x - b.box.x);
}

/** Fields a row of header cells names, other than the column of unknown role. */
const namedFields = (columns: readonly Column[]): Set<ColumnField> =>
  new Set(columns.map((c) => c.field).filter((f) => f !== 'line_other'));

/**
 * Two adjacent header lines that each name columns of their own, over the same stretch of the page ("#" over "U/M",
 * "Descripción" over "Precio unitario"), are tiers, not parts of multi-line labels: no field is named twice and at
 * least two cells of one line sit over cells of the other.
 */
function tieredHeader(
  page: LayoutPage,
  main: LayoutLine,
  cells: Column[],
): { tiers: Column[][]; other: LayoutLine } | null {
  const mainColumns = settleColumns(cells);
  const mainFields = namedFields(mainColumns);
  for (const other of stackedLines(page, main)) {
    if (Math.abs(other.index - main.index) !== 1) continue;
    const otherColumns = settleColumns(lineCells(other));
    if (otherColumns.length < 2 || [...namedFields(otherColumns)].some((f) => mainFields.has(f))) continue;
    const over = otherColumns.filter((o) => mainColumns.some((m) => horizontalOverlap(m.box, o.box) > 0));
    if (over.length < 2 || !isHeader([...mainColumns, ...otherColumns])) continue;
    const tiers = other.index < main.index ? [otherColumns, mainColumns] : [mainColumns, otherColumns];
    return { tiers, other };
  }
  return null;
}

/** Every line-item table header of the document, in reading order. */
export function findHeaders(layout: Layout): TableHeader[] {
  const headers: TableHeader[] = [];
  for (const page of layout.pages) {
    for (const line of page.lines) {
      if (headers.some((h) => h.page === page.number && line.index >= h.firstLine && line.index <= h.lastLine))
        continue;
      const cells = lineCells(line);
      if (cells.length < 3) continue;
      // Of a multi-line header, the line naming the most columns is its main row; the others stack onto it.
      if (labelledBelow(page, line).some((l) => lineCells(l).length > cells.length)) continue;
      const tiered = tieredHeader(page, line, cells);
      if (tiered) {
        const columns = tiered.tiers.flat().sort((a, b) => a.box.x - b.box.x);
        headers.push({ ...headerOf(page, [line, tiered.other], columns), tiers: tiered.tiers });
        continue;
      }
      const merged = mergeStacks(cells, stackedLines(page, line), page);
      const named = amountByPosition(line, settleColumns(merged.columns));
      if (!isHeader(named)) continue;
      headers.push(headerOf(page, [line, ...merged.lines], unnamedColumn(line, named)));
    }
  }
  return headers;
}

function headerOf(page: LayoutPage, lines: readonly LayoutLine[], columns: Column[]): TableHeader {
  const indexes = lines.map((l) => l.index);
  return {
    page: page.number,
    firstLine: Math.min(...indexes),
    lastLine: Math.max(...indexes),
    box: unionBoxes(columns.map((c) => c.box)),
    columns,
    confidence: Math.min(1, columns.reduce((s, c) => s + c.confidence, 0) / 3),
  };
}

export function columnOf(columns: readonly Column[], field: ColumnField): Column | undefined {
  return columns.find((c) => c.field === field);
}

export const columnRightEdge = (c: Column): number => right(c.box);
