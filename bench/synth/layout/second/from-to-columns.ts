// "From" and "To" (Seller/Buyer, Fournisseur/Client, Verkäufer/Käufer) side by side, each with its name, address
// and VAT id, the key fields in a ruled key/value table under them, then the items and the totals. Common on
// invoices made with online generators and on cross-border EU invoices that must show both VAT ids.
import { drawFooterLines, drawTotals, keyFields, paymentTerms, type Field } from '../blocks.js';
import type { Canvas } from '../canvas.js';
import { CONTINUE_AT, FOOT, MARGIN, pageWord, roomFor, start } from '../invoices.js';
import { columnsFor, drawTable } from '../table.js';
import type { Template } from '../template.js';
import type { Party } from '../../vocab.js';
import { secondWords } from './parts.js';

function partyColumn(
  canvas: Canvas,
  heading: string,
  p: Party,
  vat: string | null,
  x: number,
  y: number,
  size: number,
): number {
  canvas.text(x, y, heading, { size: size * 1.1, bold: true });
  canvas.rule(x, y + size * 0.5, x + 200, y + size * 0.5, 0.4, 0.5);
  y += size * 1.8;
  canvas.text(x, y, p.name, { size, bold: true });
  y += size * 1.35;
  for (const line of [...p.lines, ...(vat ? [vat] : [])]) {
    canvas.text(x, y, line, { size });
    y += size * 1.3;
  }
  return y;
}

/** Key/value cells with a grid, one pair a row or two pairs a row: returns the y below. */
function keyValueTable(
  canvas: Canvas,
  fields: readonly Field[],
  x: number,
  y: number,
  width: number,
  size: number,
  pairs: 1 | 2,
): number {
  const rowHeight = size * 1.7;
  const cellWidth = width / (pairs * 2);
  const rows = Math.ceil(fields.length / pairs);
  for (let r = 0; r < rows; r++) {
    const top = y + r * rowHeight;
    canvas.band(x, top, cellWidth, rowHeight, 0.92);
    if (pairs === 2) canvas.band(x + 2 * cellWidth, top, cellWidth, rowHeight, 0.92);
    for (let p = 0; p < pairs; p++) {
      const f = fields[r * pairs + p];
      if (!f) continue;
      const left = x + p * 2 * cellWidth;
      canvas.text(
        left + 4,
        top + size * 1.2,
        f.label,
        canvas.fit(f.label, { size: size * 0.9, bold: true }, cellWidth - 8),
      );
      canvas.text(left + cellWidth + 4, top + size * 1.2, f.value, canvas.fit(f.value, { size }, cellWidth - 8));
    }
  }
  for (let r = 0; r <= rows; r++) canvas.rule(x, y + r * rowHeight, x + width, y + r * rowHeight, 0.4, 0.4);
  for (let c = 0; c <= pairs * 2; c++)
    canvas.rule(x + c * cellWidth, y, x + c * cellWidth, y + rows * rowHeight, 0.4, 0.4);
  return y + rows * rowHeight;
}

export const fromToColumns: Template = {
  id: 'from-to-columns',
  type: 'invoice',
  discounts: false,
  draw(model, rng, fonts) {
    const { sheets, canvas, size, right, width, height } = start(model, fonts, rng);
    const w2 = secondWords(model);
    const title = rng.pick(model.words.invoiceTitle);
    const titleRight = rng.chance(0.5);
    canvas.text(titleRight ? right : MARGIN, 64, title, {
      size: size * 2.2,
      bold: true,
      align: titleRight ? 'right' : 'left',
    });
    // Which heading pair this document uses: "From"/"To" or "Seller"/"Buyer" (same index in both lists).
    const pair = rng.int(0, Math.min(w2.fromHeading.length, w2.toHeading.length) - 1);
    const vatLabel = rng.pick(w2.partyVatId);
    const leftEnd = partyColumn(
      canvas,
      w2.fromHeading[pair] ?? '',
      model.vendor,
      `${vatLabel} ${model.vendor.vatId}`,
      MARGIN,
      104,
      size,
    );
    const buyerVat = rng.chance(0.7) ? `${vatLabel} ${model.buyer!.vatId}` : null;
    const rightEnd = partyColumn(canvas, w2.toHeading[pair] ?? '', model.buyer!, buyerVat, width / 2 + 10, 104, size);
    const pairs = rng.chance(0.5) ? 1 : 2;
    const tableWidth = pairs === 1 ? 260 : right - MARGIN;
    let y = keyValueTable(
      canvas,
      keyFields(model, rng, rng.chance(0.4)),
      MARGIN,
      Math.max(leftEnd, rightEnd) + 14,
      tableWidth,
      size,
      pairs,
    );
    y = drawTable(sheets, model, rng, {
      bottom: height - FOOT,
      continueAt: CONTINUE_AT,
      x: MARGIN,
      y: y + 20,
      width: right - MARGIN,
      size,
      columns: columnsFor(model, rng, { discountAndTax: false }),
      rules: rng.pick(['header', 'rows', 'grid']),
      shadedHeader: rng.chance(0.5),
      boldHeader: true,
      upperHeader: rng.chance(0.3),
    });
    const end = roomFor(sheets, y, size, height - FOOT);
    y = drawTotals(end.canvas, model, rng, end.y + 6, {
      labelX: right - 200,
      right: right - 3,
      size,
      ruleAboveTotal: true,
      shadedTotal: rng.chance(0.3),
    });
    end.canvas.text(MARGIN, y + 16, paymentTerms(model, rng), { size: size * 0.9 });
    drawFooterLines(end.canvas, model, { x: MARGIN, y: y + 30, size, maxWidth: right - MARGIN });
    return sheets.pages(pageWord(model), size * 0.8);
  },
};
