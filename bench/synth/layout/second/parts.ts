// Pieces the second author's layouts share: the key fields right-aligned under a title, a block of plain text
// rows, a small ruled summary table, money with or without the currency, and a vendor's legal footer line.
import { formatMoney } from '../../format.js';
import type { DocumentModel } from '../../model.js';
import type { Rng } from '../../random.js';
import { SECOND_WORDS, type SecondWords } from '../../words-second.js';
import type { Field } from '../blocks.js';
import type { Canvas, TextStyle } from '../canvas.js';

export const secondWords = (model: DocumentModel): SecondWords => SECOND_WORDS[model.locale.language];

export const money = (model: DocumentModel, cents: number, withCurrency: boolean): string =>
  formatMoney(cents, model.numberStyle, withCurrency ? model.currency : null);

/** Label right-aligned at `labelRight`, value right-aligned at `right`, one field a row: returns the y below. */
export function drawFieldsRightAligned(
  canvas: Canvas,
  fields: readonly Field[],
  labelRight: number,
  right: number,
  y: number,
  size: number,
): number {
  for (const f of fields) {
    canvas.text(labelRight, y, f.label, { size, bold: true, align: 'right', grey: 0.3 });
    canvas.text(right, y, f.value, { size, align: 'right' });
    y += size * 1.5;
  }
  return y;
}

/** Rows of text, one under the other: returns the y below. */
export function drawRows(canvas: Canvas, x: number, y: number, rows: readonly string[], style: TextStyle): number {
  for (const row of rows) {
    canvas.text(x, y, row, style);
    y += style.size * 1.35;
  }
  return y;
}

/**
 * A small table of right-aligned figures under a header row (a VAT summary): the first column left-aligned,
 * rules under the header and optionally between rows. Returns the y below.
 */
export function drawFigureTable(
  canvas: Canvas,
  x: number,
  y: number,
  widths: readonly number[],
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  size: number,
  ruleRows: boolean,
): number {
  const total = widths.reduce((s, w) => s + w, 0);
  const cell = (row: readonly string[], top: number, bold: boolean) => {
    let left = x;
    row.forEach((text, i) => {
      const width = widths[i] ?? 0;
      if (i === 0) canvas.text(left + 2, top, text, { size, bold });
      else canvas.text(left + width - 2, top, text, { size, bold, align: 'right' });
      left += width;
    });
  };
  cell(header, y, true);
  canvas.rule(x, y + size * 0.45, x + total, y + size * 0.45, 0.6);
  y += size * 1.5;
  for (const row of rows) {
    cell(row, y, false);
    if (ruleRows) canvas.rule(x, y + size * 0.45, x + total, y + size * 0.45, 0.3, 0.5);
    y += size * 1.45;
  }
  return y;
}

/** The register line a European footer prints ("Amtsgericht Köln HRB 12345", "KvK 12345678"); none in the US. */
export function registeredLine(model: DocumentModel, rng: Rng): string {
  if (model.locale.country === 'US') return '';
  return rng.pick(secondWords(model).registered).replace('{n}', String(rng.int(10000, 99999999)));
}

/** The web address a letterhead prints, from the vendor's e-mail domain. */
export function webAddress(model: DocumentModel): string {
  return `www.${model.vendor.email.split('@')[1] ?? 'example.example'}`;
}
