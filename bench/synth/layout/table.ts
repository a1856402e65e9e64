// The line-item table every invoice template draws, in its many printed forms: column sets and orders, header
// words, rules (none, under the header, between rows, full grid), a shaded header, multi-line descriptions.
import type { DocumentModel, ModelLine } from '../model.js';
import type { Rng } from '../random.js';
import type { Sheets } from './canvas.js';

export type ColumnKey = 'position' | 'description' | 'quantity' | 'unitPrice' | 'discount' | 'taxRate' | 'amount';
export type Rules = 'none' | 'header' | 'rows' | 'grid';

export interface TableOptions {
  x: number;
  y: number;
  /** Rows below this y continue on a new page, under the header drawn again at `continueAt`. */
  bottom: number;
  continueAt: number;
  width: number;
  size: number;
  columns: readonly ColumnKey[];
  rules: Rules;
  shadedHeader: boolean;
  boldHeader: boolean;
  upperHeader: boolean;
}

/** Relative widths: the description takes what the figures leave. */
const WEIGHT: Record<ColumnKey, number> = {
  position: 0.5,
  description: 4,
  quantity: 0.9,
  unitPrice: 1.4,
  discount: 0.9,
  taxRate: 0.8,
  amount: 1.5,
};

function headerOf(key: ColumnKey, model: DocumentModel, rng: Rng): string {
  const w = model.words;
  switch (key) {
    case 'position':
      return rng.pick(['#', 'Pos.', 'No.']);
    case 'description':
      return rng.pick(w.description);
    case 'quantity':
      return rng.pick(w.quantity);
    case 'unitPrice':
      return rng.pick(w.unitPrice);
    case 'discount':
      return rng.pick(w.discount);
    case 'taxRate':
      return rng.pick(w.taxRate);
    case 'amount':
      return rng.pick(w.amount);
  }
}

function cellOf(key: ColumnKey, line: ModelLine, index: number): string {
  switch (key) {
    case 'position':
      return String(index + 1);
    case 'description':
      return line.description;
    case 'quantity':
      return line.quantity;
    case 'unitPrice':
      return line.unitPrice;
    case 'discount':
      return line.discount;
    case 'taxRate':
      return line.taxRate;
    case 'amount':
      return line.amount;
  }
}

/** Draws the table, on as many pages as it needs; returns the y below it on `sheets.current`. */
export function drawTable(sheets: Sheets, model: DocumentModel, rng: Rng, o: TableOptions): number {
  let canvas = sheets.current;
  const total = o.columns.reduce((s, k) => s + WEIGHT[k], 0);
  const gap = 6;
  let left = o.x;
  const cols = o.columns.map((key) => {
    const width = (WEIGHT[key] / total) * o.width;
    const col = { key, left, width, align: key === 'description' ? ('left' as const) : ('right' as const) };
    left += width;
    return col;
  });
  const anchor = (c: (typeof cols)[number]) => (c.align === 'left' ? c.left + 3 : c.left + c.width - 3);
  const lead = o.size * 1.5;
  // The header words are chosen once: a continued table repeats the same header.
  const headers = cols.map((c) => {
    const words = headerOf(c.key, model, rng);
    return o.upperHeader ? words.toUpperCase() : words;
  });
  let headerTop = o.y;
  const drawHeader = (top: number): number => {
    let y = top + lead;
    if (o.shadedHeader) canvas.band(o.x, top, o.width, lead + 2, 0.88);
    cols.forEach((c, i) =>
      canvas.text(anchor(c), y - o.size * 0.35, headers[i] ?? '', { size: o.size, bold: o.boldHeader, align: c.align }),
    );
    y += 2;
    if (o.rules !== 'none') canvas.rule(o.x, y, o.x + o.width, y, 0.8);
    return y;
  };
  const closeGrid = (bottom: number) => {
    if (o.rules !== 'grid') return;
    for (const x of [...cols.map((c) => c.left), o.x + o.width]) canvas.rule(x, headerTop, x, bottom, 0.3, 0.4);
    canvas.rule(o.x, headerTop, o.x + o.width, headerTop, 0.3, 0.4);
  };
  let y = drawHeader(headerTop);
  model.lines.forEach((line, i) => {
    const height = lead + (line.detail !== '' ? o.size * 1.2 : 0) + 3;
    if (y + height > o.bottom) {
      closeGrid(y);
      canvas = sheets.add();
      headerTop = o.continueAt;
      y = drawHeader(headerTop);
    }
    y += lead;
    for (const c of cols) {
      const cellStyle = { size: o.size, align: c.align };
      const text = cellOf(c.key, line, i);
      const style = c.key === 'description' ? canvas.fit(text, cellStyle, c.width - gap) : cellStyle;
      canvas.text(anchor(c), y - o.size * 0.3, text, style);
    }
    if (line.detail !== '') {
      y += o.size * 1.2;
      const description = cols.find((c) => c.key === 'description');
      if (description)
        canvas.text(anchor(description), y - o.size * 0.3, line.detail, { size: o.size * 0.85, grey: 0.35 });
    }
    y += 3;
    if (o.rules === 'rows' || o.rules === 'grid') canvas.rule(o.x, y, o.x + o.width, y, 0.3, 0.4);
  });
  if (o.rules === 'header') canvas.rule(o.x, y, o.x + o.width, y, 0.5);
  closeGrid(y);
  return y + o.size;
}

/** A column set for the document: the figures it has, in one of the orders issuers use. */
export function columnsFor(model: DocumentModel, rng: Rng, options: { discountAndTax: boolean }): ColumnKey[] {
  const extra: ColumnKey[] = options.discountAndTax
    ? [...(model.hasDiscounts ? (['discount'] as const) : []), 'taxRate']
    : [];
  const position: ColumnKey[] = rng.chance(0.3) ? ['position'] : [];
  if (rng.chance(0.3)) return [...position, 'quantity', 'description', 'unitPrice', ...extra, 'amount'];
  return [...position, 'description', 'quantity', 'unitPrice', ...extra, 'amount'];
}
