// A freelancer's or a small SaaS company's invoice (FreshBooks, Harvest, Invoice Ninja style): the vendor small at
// the top left, a big INVOICE at the right over right-aligned key fields and a shaded "Balance Due" box, a bill-to
// block only, an hours x rate table, and notes and payment instructions at the bottom.
import { SERVICE_ITEMS } from '../../services.js';
import type { DocumentModel } from '../../model.js';
import { drawParty, drawTotals, keyFields } from '../blocks.js';
import { MARGIN, CONTINUE_AT, FOOT, pageWord, roomFor, start } from '../invoices.js';
import { drawTable, type ColumnKey } from '../table.js';
import type { Template } from '../template.js';
import { drawFieldsRightAligned, drawRows, money, secondWords } from './parts.js';

export const serviceUs: Template = {
  id: 'service-us',
  type: 'invoice',
  discounts: false,
  // Mostly American; the same invoicing tools print the other languages too.
  locales: ['en-US', 'en-US', 'en-US', 'en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL'],
  items: SERVICE_ITEMS,
  draw(model, rng, fonts) {
    const { sheets, canvas, size, right, height } = start(model, fonts, rng);
    const w2 = secondWords(model);
    const vendorEnd = drawParty(canvas, model.vendor, MARGIN, 56, size, {
      nameSize: size * rng.pick([1.1, 1.3, 1.5]),
      contact: rng.chance(0.7),
    });
    const title = rng.pick(model.words.invoiceTitle).toUpperCase();
    canvas.text(right, 78, title, { size: size * 3, bold: rng.chance(0.6), align: 'right', grey: rng.pick([0, 0.35]) });
    let fieldsEnd = drawFieldsRightAligned(canvas, keyFields(model, rng, false), right - 100, right, 108, size);
    // The balance due box repeats the total where the eye lands first.
    const boxTop = fieldsEnd + 2;
    canvas.band(right - 200, boxTop, 200, size * 2, 0.88);
    canvas.text(right - 192, boxTop + size * 1.35, rng.pick(w2.balanceDue), { size, bold: true });
    canvas.text(right - 6, boxTop + size * 1.35, model.total, { size: size * 1.1, bold: true, align: 'right' });
    fieldsEnd = boxTop + size * 2;
    const billTo = rng.pick(model.words.billTo);
    const buyerEnd = drawParty(canvas, model.buyer!, MARGIN, Math.max(vendorEnd + 22, 160), size, {
      heading: rng.chance(0.5) ? billTo.toUpperCase() : billTo,
    });
    // Hours and rate in this family's words; the rate sometimes before the hours.
    const table: DocumentModel = {
      ...model,
      words: { ...model.words, quantity: w2.hours, unitPrice: w2.rate },
    };
    const columns: ColumnKey[] = rng.chance(0.35)
      ? ['description', 'unitPrice', 'quantity', 'amount']
      : ['description', 'quantity', 'unitPrice', 'amount'];
    let y = drawTable(sheets, table, rng, {
      bottom: height - FOOT,
      continueAt: CONTINUE_AT,
      x: MARGIN,
      y: Math.max(buyerEnd, fieldsEnd) + 24,
      width: right - MARGIN,
      size,
      columns,
      rules: rng.pick(['header', 'rows', 'none']),
      shadedHeader: rng.chance(0.6),
      boldHeader: true,
      upperHeader: rng.chance(0.4),
    });
    const end = roomFor(sheets, y, size, height - FOOT - 60);
    y = drawTotals(end.canvas, model, rng, end.y + 6, {
      labelX: right - 190,
      right: right - 3,
      size,
      ruleAboveTotal: rng.chance(0.5),
      shadedTotal: false,
    });
    if (rng.chance(0.5)) {
      // "Amount Paid 0.00" then the balance: the zero is never the total.
      end.canvas.text(right - 190, y, rng.pick(w2.amountPaid), { size });
      end.canvas.text(right - 3, y, money(model, 0, true), { size, align: 'right' });
      y += size * 1.5;
      end.canvas.text(right - 190, y, rng.pick(w2.balanceDue), { size, bold: true });
      end.canvas.text(right - 3, y, model.total, { size, bold: true, align: 'right' });
      y += size * 1.5;
    }
    y += size * 2;
    const notes = { size: size * 0.9 };
    end.canvas.text(MARGIN, y, rng.pick(w2.notesHeading), { size, bold: true });
    y = drawRows(end.canvas, MARGIN, y + size * 1.4, [rng.pick(w2.notes)], notes) + size;
    end.canvas.text(MARGIN, y, rng.pick(w2.paymentHeading), { size, bold: true });
    const us = model.locale.country === 'US';
    const lines = w2.paymentLines
      .filter((l) => !(us && l.includes('{iban}')))
      .map((l) => l.replace('{iban}', model.vendor.iban).replace('{email}', model.vendor.email));
    drawRows(end.canvas, MARGIN, y + size * 1.4, lines, notes);
    return sheets.pages(pageWord(model), size * 0.8);
  },
};
