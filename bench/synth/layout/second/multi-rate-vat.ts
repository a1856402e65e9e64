// An EU invoice charging two VAT rates (books and food at the reduced rate beside goods at the standard one): a
// rate column in the table, a VAT summary table (rate, net, VAT, gross) under the items, then the totals.
import { withTwoRates } from '../../variants.js';
import { drawFieldsLabelLeft, drawFooterLines, drawParty, drawSumRows, keyFields, paymentTerms } from '../blocks.js';
import { CONTINUE_AT, FOOT, MARGIN, pageWord, roomFor, start } from '../invoices.js';
import { drawTable, type ColumnKey } from '../table.js';
import type { Template } from '../template.js';
import { drawFigureTable, money, secondWords } from './parts.js';

export const multiRateVat: Template = {
  id: 'multi-rate-vat',
  type: 'invoice',
  discounts: false,
  locales: ['en-GB', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL'],
  prepare: withTwoRates,
  draw(model, rng, fonts) {
    const { sheets, canvas, size, right, width, height } = start(model, fonts, rng);
    const w = model.words;
    const w2 = secondWords(model);
    const vendorEnd = drawParty(canvas, model.vendor, MARGIN, 58, size, {
      nameSize: size * 1.5,
      contact: rng.chance(0.5),
    });
    canvas.text(width / 2 + 30, 70, rng.pick(w.invoiceTitle), { size: size * 1.8, bold: true });
    const fieldsEnd = drawFieldsLabelLeft(
      canvas,
      keyFields(model, rng, rng.chance(0.5)),
      width / 2 + 30,
      96,
      size,
      null,
    );
    const buyerEnd = drawParty(canvas, model.buyer!, MARGIN, Math.max(vendorEnd, fieldsEnd) + 16, size, {
      heading: rng.pick(w.billTo),
    });
    const position: ColumnKey[] = rng.chance(0.4) ? ['position'] : [];
    const columns: ColumnKey[] = rng.chance(0.5)
      ? [...position, 'description', 'quantity', 'unitPrice', 'taxRate', 'amount']
      : [...position, 'description', 'taxRate', 'quantity', 'unitPrice', 'amount'];
    let y = drawTable(sheets, model, rng, {
      bottom: height - FOOT,
      continueAt: CONTINUE_AT,
      x: MARGIN,
      y: buyerEnd + 18,
      width: right - MARGIN,
      size,
      columns,
      rules: rng.pick(['header', 'rows', 'grid']),
      shadedHeader: rng.chance(0.4),
      boldHeader: true,
      upperHeader: rng.chance(0.3),
    });
    const groups = model.taxGroups ?? [];
    const end = roomFor(sheets, y, size, height - FOOT - groups.length * size * 1.5 - 20);
    const withCurrency = rng.chance(0.4);
    const summaryX = rng.chance(0.5) ? MARGIN : right - 300;
    y = drawFigureTable(
      end.canvas,
      summaryX,
      end.y + 8,
      [75, 75, 75, 75],
      [rng.pick(w2.summaryRate), rng.pick(w2.summaryNet), rng.pick(w2.summaryTax), rng.pick(w2.summaryGross)],
      groups.map((g) => [
        g.rate,
        money(model, g.net, withCurrency),
        money(model, g.tax, withCurrency),
        money(model, g.gross, withCurrency),
      ]),
      size * 0.9,
      rng.chance(0.5),
    );
    y += size;
    const labelX = right - 200;
    const rows: Array<[string, string]> = [
      [rng.pick(w.subtotal), model.subtotal],
      [rng.pick(w2.taxTotal), model.tax],
    ];
    y = drawSumRows(end.canvas, rows, [rng.pick(w.total), model.total], {
      labelX,
      right: right - 3,
      y,
      size,
      totalScale: 1.1,
    });
    y += size * 2.5;
    end.canvas.text(MARGIN, y, paymentTerms(model, rng), { size: size * 0.9 });
    drawFooterLines(end.canvas, model, { x: width / 2, y: y + 18, size, maxWidth: right - MARGIN, centred: true });
    return sheets.pages(pageWord(model), size * 0.8);
  },
};
