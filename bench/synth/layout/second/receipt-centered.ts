// A supermarket or fuel-station receipt as European chains print it: shop name, address and tax id centred at
// the top, each amount followed by its tax letter (A, B), the sum in bold, the payment (card, or cash tendered and
// change), a tax table per letter, and the date, time, till and receipt number at the BOTTOM.
import { withTwoRates } from '../../variants.js';
import { printedValues, type DocumentModel } from '../../model.js';
import type { Rng } from '../../random.js';
import { Canvas, type TextStyle } from '../canvas.js';
import { dashes, ROLL_WIDTH } from '../receipts.js';
import type { Template } from '../template.js';
import { drawFigureTable, money, secondWords } from './parts.js';

const EDGE = 12;

/** Two rates, the tax contained in the prices; the tax table prints bare figures, so its sum is the tax. */
function prepare(model: DocumentModel, rng: Rng): void {
  withTwoRates(model, rng);
  model.tax = money(model, Math.round(Number(model.label.tax) * 100), false);
  model.printed = printedValues(model);
}

export const receiptCentered: Template = {
  id: 'receipt-centered',
  type: 'receipt',
  discounts: false,
  singleQuantityUnprinted: true,
  // European tills: the tax is inside the prices (American ones add it, a different family).
  locales: ['en-GB', 'de-DE', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL'],
  prepare,
  draw(model, rng, fonts) {
    const canvas = new Canvas(ROLL_WIDTH, 2000, fonts);
    const size = fonts.regular === 'Courier' ? rng.pick([7, 7.5]) : rng.pick([7.5, 8, 8.5]);
    const w = model.words;
    const w2 = secondWords(model);
    const centre = ROLL_WIDTH / 2;
    const left = EDGE;
    const right = ROLL_WIDTH - EDGE;
    const inner = right - left;
    const v = model.vendor;
    canvas.text(centre, 30, v.name, canvas.fit(v.name, { size: size * 1.6, bold: true, align: 'center' }, inner));
    let y = 30 + size * 2.2;
    const headLines = [...v.lines, ...(rng.chance(0.5) ? [`${w.phone} ${v.phone}`] : []), `${w.vatId} ${v.vatId}`];
    for (const line of headLines) {
      canvas.text(centre, y, line, canvas.fit(line, { size, align: 'center' }, inner));
      y += size * 1.3;
    }
    y = dashes(canvas, y + size * 0.6, size);
    const currencyHeader = rng.chance(0.5);
    if (currencyHeader) {
      canvas.text(right, y, model.currency.code, { size, align: 'right' });
      y += size * 1.4;
    }
    const letterOf = (group: number | undefined) => model.taxGroups?.[group ?? 0]?.letter ?? 'A';
    const inlineQuantity = rng.chance(0.5);
    for (const line of model.lines) {
      const amount = `${line.amount} ${letterOf(line.group)}`;
      canvas.text(
        left,
        y,
        line.description,
        canvas.fit(line.description, { size }, inner - (inlineQuantity ? 110 : 60)),
      );
      if (line.quantity !== '1' && inlineQuantity) {
        canvas.text(right - 58, y, `${line.quantity} x ${line.unitPrice}`, { size, align: 'right' });
      }
      canvas.text(right, y, amount, { size, align: 'right' });
      if (line.quantity !== '1' && !inlineQuantity) {
        y += size * 1.25;
        canvas.text(left + 10, y, `${line.quantity} x ${line.unitPrice}`, { size });
      }
      y += size * 1.35;
    }
    y = dashes(canvas, y, size);
    const sumStyle: TextStyle = { size: size * 1.3, bold: true };
    canvas.text(left, y + 2, rng.pick(w2.sum), sumStyle);
    canvas.text(right, y + 2, model.total, { ...sumStyle, align: 'right' });
    y += size * 2.4;
    const row = (label: string, value: string) => {
      canvas.text(left, y, label, { size });
      canvas.text(right, y, value, { size, align: 'right' });
      y += size * 1.4;
    };
    if (model.cash && model.change) {
      row(rng.pick(w.cash), model.cash);
      row(rng.pick(w.change), model.change);
    } else {
      // A card payment prints the total again, as the amount charged.
      row(rng.pick(w2.card), money(model, Math.round(Number(model.label.total) * 100), false));
    }
    y += size * 0.6;
    const groups = model.taxGroups ?? [];
    const figure = (cents: number) => money(model, cents, false);
    const tableRows = groups.map((g) => [`${g.letter} ${g.rate}`, figure(g.net), figure(g.tax), figure(g.gross)]);
    if (groups.length > 1) {
      const net = groups.reduce((s, g) => s + g.net, 0);
      const gross = groups.reduce((s, g) => s + g.gross, 0);
      tableRows.push([rng.pick(w2.taxTableSum), figure(net), model.tax, figure(gross)]);
    }
    y = drawFigureTable(
      canvas,
      left,
      y,
      [inner * 0.31, inner * 0.23, inner * 0.23, inner * 0.23],
      [rng.pick(w2.summaryRate), rng.pick(w2.summaryNet), rng.pick(w2.summaryTax), rng.pick(w2.summaryGross)],
      tableRows,
      size * 0.95,
      false,
    );
    y = dashes(canvas, y + size * 0.4, size);
    const time = `${String(rng.int(7, 21)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`;
    const number = `${rng.pick(w2.receiptNumber)} ${model.number}`;
    const till = `${rng.pick(w2.till)} ${rng.int(1, 12)}  ${rng.pick(w2.cashier)} ${rng.int(100, 999)}`;
    if (rng.chance(0.5)) {
      canvas.text(left, y, `${model.date} ${time}`, { size });
      canvas.text(right, y, number, { size, align: 'right' });
      y += size * 1.4;
      canvas.text(left, y, till, { size });
    } else {
      canvas.text(left, y, till, { size });
      y += size * 1.4;
      canvas.text(left, y, number, { size });
      y += size * 1.4;
      canvas.text(left, y, model.date, { size });
      canvas.text(right, y, `${rng.pick(w2.time)} ${time}`, { size, align: 'right' });
    }
    y += size * 2;
    canvas.text(centre, y, rng.pick(w.thanks), canvas.fit(rng.pick(w.thanks), { size, align: 'center' }, inner));
    return [{ ...canvas.page(), height: y + 20 }];
  },
};
