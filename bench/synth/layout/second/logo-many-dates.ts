// A brand in big letters where the letterhead would be (the text of a logo: "HARPER", "Bennett Design"), the
// legal name only in the footer, a header full of dates (order, delivery, service period, invoice, due) and
// references, and an item list without rules and without a header row: description left, amounts right-aligned.
// Common on web-shop and wholesaler invoices printed from an ERP.
import { addDays } from '../../format.js';
import type { DocumentModel, ModelLine } from '../../model.js';
import type { Rng } from '../../random.js';
import { surnamesOf } from '../../vocab.js';
import { drawFieldsLabelAbove, drawParty, drawTotals, keyFields, paymentTerms, type Field } from '../blocks.js';
import type { Canvas, Sheets } from '../canvas.js';
import { CONTINUE_AT, FOOT, MARGIN, pageWord, roomFor, start } from '../invoices.js';
import type { Template } from '../template.js';
import { registeredLine, secondWords, webAddress } from './parts.js';

/**
 * The logo's text: the company's surname(s) ("HOFFMANN", "Porter & Greenwood") or its first surname alone; upper
 * case or not, sometimes letter-spaced. Never the legal name, which only the footer prints.
 */
function brandOf(model: DocumentModel, rng: Rng): string {
  const surnames = surnamesOf(model.vendor.name, model.locale.country);
  const brand = rng.chance(0.5) ? (surnames.split(' & ')[0] ?? surnames) : surnames;
  if (rng.chance(0.2)) return brand.toUpperCase().split('').join(' ');
  return rng.chance(0.5) ? brand.toUpperCase() : brand;
}

function legalFooter(model: DocumentModel, rng: Rng, size: number): (canvas: Canvas) => void {
  const v = model.vendor;
  const w = model.words;
  const lines = [
    `${v.name} · ${v.lines.join(' · ')}`,
    [`${w.vatId} ${v.vatId}`, registeredLine(model, rng), `IBAN ${v.iban}`].filter((part) => part !== '').join(' · '),
  ];
  return (canvas) => {
    const top = canvas.height - 60;
    canvas.rule(MARGIN, top - 10, canvas.width - MARGIN, top - 10, 0.3, 0.6);
    lines.forEach((line, i) =>
      canvas.text(
        canvas.width / 2,
        top + i * size * 1.4,
        line,
        canvas.fit(line, { size, align: 'center', grey: 0.3 }, canvas.width - 2 * MARGIN),
      ),
    );
  };
}

/** Items without rules or header: "description   3 x 45.00   135.00"; continues on a new page. Returns the y below. */
function headerlessItems(sheets: Sheets, model: DocumentModel, y: number, size: number, bottom: number): number {
  let canvas = sheets.current;
  const right = canvas.width - MARGIN;
  const draw = (line: ModelLine) => {
    canvas.text(MARGIN, y, line.description, canvas.fit(line.description, { size }, right - MARGIN - 200));
    canvas.text(right - 150, y, line.quantity, { size, align: 'right' });
    canvas.text(right - 144, y, 'x', { size });
    canvas.text(right - 70, y, line.unitPrice, { size, align: 'right' });
    canvas.text(right, y, line.amount, { size, align: 'right' });
    if (line.detail !== '') {
      y += size * 1.2;
      canvas.text(MARGIN + 8, y, line.detail, { size: size * 0.85, grey: 0.35 });
    }
    y += size * 1.6;
  };
  for (const line of model.lines) {
    if (y + size * 3 > bottom) {
      canvas = sheets.add();
      y = CONTINUE_AT + 20;
    }
    draw(line);
  }
  return y;
}

export const logoManyDates: Template = {
  id: 'logo-many-dates',
  type: 'invoice',
  discounts: false,
  draw(model, rng, fonts) {
    const footerSize = rng.pick([6.5, 7]);
    const { sheets, canvas, size, right, width, height } = start(
      model,
      fonts,
      rng,
      legalFooter(model, rng, footerSize),
    );
    const w = model.words;
    const w2 = secondWords(model);
    canvas.text(MARGIN, 74, brandOf(model, rng), { size: size * rng.pick([2.8, 3.2, 3.6]), bold: true });
    canvas.text(MARGIN, 92, webAddress(model), { size: size * 0.85, grey: 0.4 });
    canvas.text(right, 70, rng.pick(w.invoiceTitle), { size: size * 1.8, bold: true, align: 'right' });
    const buyerEnd = drawParty(canvas, model.buyer!, MARGIN, 130, size, { heading: rng.pick(w.billTo) });
    if (rng.chance(0.6)) {
      drawParty(canvas, model.buyer!, width / 2 - 20, 130, size, { heading: rng.pick(w2.deliveryAddress) });
    }
    // Every date an order goes through, around the invoice's own.
    const fields: Field[] = keyFields(model, rng, false);
    const orderDate = model.printDate(addDays(model.issued, -rng.int(8, 30)));
    fields.splice(rng.int(0, 1), 0, { label: rng.pick(w2.orderDate), value: orderDate });
    if (!model.distractors.some((d) => d.kind !== 'customerNumber')) {
      const delivered = model.printDate(addDays(model.issued, -rng.int(1, 6)));
      fields.splice(rng.int(1, fields.length), 0, { label: rng.pick(w.deliveryDate), value: delivered });
    }
    let y = Math.max(buyerEnd, 200) + 14;
    const perRow = rng.pick([3, 4]);
    const upper = rng.chance(0.5);
    for (let i = 0; i < fields.length; i += perRow) {
      y = drawFieldsLabelAbove(canvas, fields.slice(i, i + perRow), MARGIN, y, right - MARGIN, size, upper);
    }
    const bottom = height - FOOT - 30;
    y = headerlessItems(sheets, model, y + size * 2, size, bottom);
    const end = roomFor(sheets, y, size, bottom);
    y = drawTotals(end.canvas, model, rng, end.y + 6, {
      labelX: right - 200,
      right,
      size,
      ruleAboveTotal: rng.chance(0.5),
      shadedTotal: false,
    });
    end.canvas.text(MARGIN, y + 16, paymentTerms(model, rng), { size: size * 0.9 });
    return sheets.pages(pageWord(model), size * 0.8);
  },
};
