// A credit note: the vendor corrects or refunds part of an earlier invoice. Its own number, the credited
// invoice's number and date printed beside it (look-alikes of the fields wanted), a reason, the table, totals
// with or without a minus sign, and what happens to the money.
import { asCreditNote } from '../../variants.js';
import { drawFieldsLabelLeft, drawFooterLines, drawParty, drawSumRows, taxLabel, type Field } from '../blocks.js';
import { CONTINUE_AT, FOOT, MARGIN, pageWord, roomFor, start } from '../invoices.js';
import { columnsFor, drawTable } from '../table.js';
import type { Template } from '../template.js';
import { secondWords } from './parts.js';

export const creditNote: Template = {
  id: 'credit-note',
  type: 'invoice',
  discounts: false,
  prepare: asCreditNote,
  draw(model, rng, fonts) {
    const { sheets, canvas, size, right, width, height } = start(model, fonts, rng);
    const w = model.words;
    const w2 = secondWords(model);
    const vendorRight = rng.chance(0.4);
    const vendorEnd = drawParty(canvas, model.vendor, vendorRight ? right : MARGIN, 56, size, {
      nameSize: size * 1.5,
      align: vendorRight ? 'right' : 'left',
      contact: rng.chance(0.5),
    });
    const buyerY = Math.max(vendorEnd + 16, 150);
    drawParty(canvas, model.buyer!, MARGIN, buyerY, size, { heading: rng.pick(w.billTo) });
    const title = rng.pick(w2.creditTitle);
    const fieldsX = width / 2 + 30;
    canvas.text(fieldsX, buyerY, title, { size: size * 1.8, bold: true });
    const credited = model.credited ?? { number: '', date: '' };
    const fields: Field[] = [
      { label: rng.pick(w2.creditNumber), value: model.number },
      { label: rng.pick(w.invoiceDate), value: model.date },
    ];
    // The credited invoice above or below the note's own fields, as issuers differ.
    const reference: Field[] = [
      { label: rng.pick(w2.originalInvoice), value: credited.number },
      { label: rng.pick(w2.originalDate), value: credited.date },
    ];
    const customer = model.distractors.filter((d) => d.kind === 'customerNumber');
    const all = [
      ...(rng.chance(0.3) ? [...reference, ...fields] : [...fields, ...reference]),
      ...customer.map((d) => ({ label: rng.pick(w.customerNumber), value: d.value })),
    ];
    const fieldsEnd = drawFieldsLabelLeft(canvas, all, fieldsX, buyerY + size * 2.4, size, null);
    let y = Math.max(fieldsEnd, buyerY + 70) + 10;
    canvas.text(MARGIN, y, rng.pick(w2.creditReason), { size });
    y = drawTable(sheets, model, rng, {
      bottom: height - FOOT,
      continueAt: CONTINUE_AT,
      x: MARGIN,
      y: y + size,
      width: right - MARGIN,
      size,
      columns: columnsFor(model, rng, { discountAndTax: false }),
      rules: rng.pick(['header', 'rows', 'grid', 'none']),
      shadedHeader: rng.chance(0.4),
      boldHeader: true,
      upperHeader: rng.chance(0.3),
    });
    const end = roomFor(sheets, y, size, height - FOOT);
    y = end.y + 6;
    const labelX = right - 200;
    const sumRows = [
      [rng.pick(w.subtotal), model.subtotal],
      [taxLabel(model, rng), model.tax],
    ] as const;
    y = drawSumRows(end.canvas, sumRows, [rng.pick(w2.creditTotal), model.total], {
      labelX,
      right: right - 3,
      y,
      size,
      totalScale: 1.1,
    });
    y += size * 3;
    end.canvas.text(MARGIN, y, rng.pick(w2.refund), { size: size * 0.9 });
    drawFooterLines(end.canvas, model, { x: MARGIN, y: y + 20, size, maxWidth: right - MARGIN });
    return sheets.pages(pageWord(model), size * 0.8);
  },
};
