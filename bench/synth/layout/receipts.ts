// Till receipts: a narrow roll (80 mm) as long as its content, the shop's name centred on top without a label,
// item lines with the amount at the right edge, then the sum, tax, what was tendered and the change.
import type { FontFamily } from '../pdf/fonts.js';
import type { DocumentModel } from '../model.js';
import type { Rng } from '../random.js';
import { taxLabel } from './blocks.js';
import { Canvas, type TextStyle } from './canvas.js';
import type { Template } from './template.js';

export const ROLL_WIDTH = 226.77; // 80 mm
const MARGIN = 12;

function header(canvas: Canvas, model: DocumentModel, rng: Rng, size: number): number {
  const centre = ROLL_WIDTH / 2;
  const inner = ROLL_WIDTH - 2 * MARGIN;
  const name = model.vendor.name;
  const nameStyle: TextStyle = { size: size * 1.5, bold: true, align: 'center' };
  canvas.text(centre, 28, name, canvas.fit(name, nameStyle, inner));
  let y = 28 + size * 2;
  for (const line of [...model.vendor.lines, `${model.words.phone} ${model.vendor.phone}`]) {
    canvas.text(centre, y, line, canvas.fit(line, { size, align: 'center' }, inner));
    y += size * 1.3;
  }
  if (rng.chance(0.5)) {
    canvas.text(centre, y, `${model.words.vatId} ${model.vendor.vatId}`, { size, align: 'center' });
    y += size * 1.3;
  }
  y += size * 0.8;
  canvas.text(centre, y, rng.pick(model.words.receiptTitle), { size: size * 1.1, bold: true, align: 'center' });
  return y + size * 1.8;
}

function numberAndDate(canvas: Canvas, model: DocumentModel, rng: Rng, size: number, y: number): number {
  const left = MARGIN;
  const right = ROLL_WIDTH - MARGIN;
  const time = `${String(rng.int(7, 21)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`;
  canvas.text(left, y, `${rng.pick(model.words.receiptNumber)} ${model.number}`, { size });
  canvas.text(right, y, rng.chance(0.5) ? `${model.date} ${time}` : model.date, { size, align: 'right' });
  return y + size * 1.6;
}

export function dashes(canvas: Canvas, y: number, size: number): number {
  if (canvas.fonts.regular === 'Courier') {
    canvas.text(MARGIN, y, '-'.repeat(Math.floor((ROLL_WIDTH - 2 * MARGIN) / (size * 0.6))), { size });
  } else canvas.rule(MARGIN, y - size * 0.3, ROLL_WIDTH - MARGIN, y - size * 0.3, 0.5);
  return y + size * 1.3;
}

function totalsAndPayment(canvas: Canvas, model: DocumentModel, rng: Rng, size: number, y: number): number {
  const left = MARGIN;
  const right = ROLL_WIDTH - MARGIN;
  const w = model.words;
  const row = (label: string, value: string, style: Partial<TextStyle> = {}) => {
    canvas.text(left, y, label, { size, ...style });
    canvas.text(right, y, value, { size, ...style, align: 'right' });
    y += (style.size ?? size) * 1.4;
  };
  y = dashes(canvas, y, size);
  if (!model.taxIncluded) {
    row(rng.pick(w.subtotal), model.subtotal);
    row(taxLabel(model, rng), model.tax);
  }
  row(rng.pick(w.total).toUpperCase(), model.total, { bold: true, size: size * 1.2 });
  if (model.taxIncluded) row(rng.pick(w.taxIncluded).replace('{rate}', model.taxRate), model.tax);
  if (model.cash && model.change) {
    row(rng.pick(w.cash), model.cash);
    row(rng.pick(w.change), model.change);
  }
  y += size;
  canvas.text(
    ROLL_WIDTH / 2,
    y,
    rng.pick(w.thanks),
    canvas.fit(rng.pick(w.thanks), { size, align: 'center' }, right - left),
  );
  return y + size * 2;
}

function start(fonts: FontFamily, rng: Rng) {
  // The height is known only at the end; the canvas is cut to the content.
  const canvas = new Canvas(ROLL_WIDTH, 2000, fonts);
  const size = fonts.regular === 'Courier' ? rng.pick([7, 7.5, 8]) : rng.pick([7.5, 8, 8.5]);
  return { canvas, size };
}

/** Description on one line, "2 x 1.99" below when more than one, amount right. */
const receiptTill: Template = {
  id: 'receipt-till',
  type: 'receipt',
  discounts: false,
  singleQuantityUnprinted: true,
  draw(model, rng, fonts) {
    const { canvas, size } = start(fonts, rng);
    let y = header(canvas, model, rng, size);
    y = numberAndDate(canvas, model, rng, size, y);
    y = dashes(canvas, y, size);
    const right = ROLL_WIDTH - MARGIN;
    for (const line of model.lines) {
      canvas.text(MARGIN, y, line.description, canvas.fit(line.description, { size }, right - MARGIN - 60));
      if (line.quantity !== '1') {
        y += size * 1.25;
        canvas.text(MARGIN + 12, y, `${line.quantity} x ${line.unitPrice}`, { size });
      }
      canvas.text(right, y, line.amount, { size, align: 'right' });
      y += size * 1.35;
    }
    y = totalsAndPayment(canvas, model, rng, size, y);
    return [{ ...canvas.page(), height: y + 20 }];
  },
};

/** A column per figure: quantity, description, price, amount, with a header row. */
const receiptColumns: Template = {
  id: 'receipt-columns',
  type: 'receipt',
  discounts: false,
  draw(model, rng, fonts) {
    const { canvas, size } = start(fonts, rng);
    let y = header(canvas, model, rng, size);
    y = numberAndDate(canvas, model, rng, size, y);
    const w = model.words;
    const right = ROLL_WIDTH - MARGIN;
    const qtyRight = MARGIN + 18;
    const priceRight = right - 55;
    const heading: TextStyle = { size, bold: true };
    // The first quantity word is the piece count ("Qty", "Menge"); "Hours" belongs to service invoices.
    canvas.text(qtyRight, y, w.quantity[0] ?? '', { ...heading, align: 'right' });
    canvas.text(qtyRight + 6, y, rng.pick(w.description), heading);
    canvas.text(priceRight, y, rng.pick(w.unitPrice), { ...heading, align: 'right' });
    canvas.text(right, y, rng.pick(w.amount), { ...heading, align: 'right' });
    y = dashes(canvas, y + size * 1.2, size);
    for (const line of model.lines) {
      canvas.text(qtyRight, y, line.quantity, { size, align: 'right' });
      canvas.text(
        qtyRight + 6,
        y,
        line.description,
        canvas.fit(line.description, { size }, priceRight - qtyRight - 40),
      );
      canvas.text(priceRight, y, line.unitPrice, { size, align: 'right' });
      canvas.text(right, y, line.amount, { size, align: 'right' });
      y += size * 1.35;
    }
    y = totalsAndPayment(canvas, model, rng, size, y);
    return [{ ...canvas.page(), height: y + 20 }];
  },
};

export const RECEIPT_TEMPLATES: readonly Template[] = [receiptTill, receiptColumns];
