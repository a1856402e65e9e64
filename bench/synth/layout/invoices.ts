// Invoice layouts. Each differs in structure, not only in wording: where the vendor sits (letterhead left or
// right, or only in the footer), how key fields are labelled (left of or above the value), the table's rules and
// columns, and how the totals are set off.
import type { FontFamily } from '../pdf/fonts.js';
import type { DocumentModel } from '../model.js';
import type { Rng } from '../random.js';
import {
  drawFieldsLabelAbove,
  drawFieldsLabelLeft,
  drawParty,
  drawTotals,
  keyFields,
  paymentTerms,
  drawFooterLines,
} from './blocks.js';
import { Canvas, Sheets } from './canvas.js';
import { columnsFor, drawTable, type Rules } from './table.js';
import type { Template } from './template.js';

export const MARGIN = 50;

/** Where a table continued on a later page starts. */
export const CONTINUE_AT = 60;
/** Room kept at the foot of a page for the page number (and the vendor footer, where there is one). */
export const FOOT = 70;

export function start(model: DocumentModel, fonts: FontFamily, rng: Rng, decorate?: (canvas: Canvas) => void) {
  const { width, height } = model.locale.page;
  const sheets = new Sheets(() => new Canvas(width, height, fonts), decorate);
  // Courier sets wider: a smaller size keeps its tables inside the page.
  const size = fonts.regular === 'Courier' ? rng.pick([8, 8.5, 9]) : rng.pick([8.5, 9, 9.5, 10, 10.5]);
  return { sheets, canvas: sheets.current, size, width, height, right: width - MARGIN };
}

/** The totals need about eight lines: a page without that room leaves them to the next one. */
export function roomFor(sheets: Sheets, y: number, size: number, bottom: number): { canvas: Canvas; y: number } {
  if (y + size * 8 <= bottom) return { canvas: sheets.current, y };
  return { canvas: sheets.add(), y: CONTINUE_AT + 20 };
}

export const pageWord = (model: DocumentModel) => model.words.page;

/** Vendor letterhead top-left, title and label-left key fields top-right, buyer below, ruled table. */
const letterheadLeft: Template = {
  id: 'letterhead-left',
  type: 'invoice',
  discounts: false,
  draw(model, rng, fonts) {
    const { sheets, canvas, size, right, width, height } = start(model, fonts, rng);
    let y = drawParty(canvas, model.vendor, MARGIN, 60, size, { nameSize: size * 1.8, contact: rng.chance(0.5) });
    canvas.text(right, 70, rng.pick(model.words.invoiceTitle), { size: size * 2.2, bold: true, align: 'right' });
    drawFieldsLabelLeft(canvas, keyFields(model, rng, rng.chance(0.6)), width / 2 + 40, 100, size, { right });
    y = Math.max(y, 170) + 10;
    y = drawParty(canvas, model.buyer!, MARGIN, y, size, { heading: rng.pick(model.words.billTo) }) + 20;
    const rules: Rules = rng.pick(['header', 'rows', 'grid']);
    y = drawTable(sheets, model, rng, {
      bottom: height - FOOT,
      continueAt: CONTINUE_AT,
      x: MARGIN,
      y,
      width: right - MARGIN,
      size,
      columns: columnsFor(model, rng, { discountAndTax: false }),
      rules,
      shadedHeader: rng.chance(0.3),
      boldHeader: true,
      upperHeader: rng.chance(0.4),
    });
    const end = roomFor(sheets, y, size, height - FOOT);
    y = drawTotals(end.canvas, model, rng, end.y + 6, {
      labelX: right - 200,
      right: right - 3,
      size,
      ruleAboveTotal: true,
      shadedTotal: false,
    });
    end.canvas.text(MARGIN, y + 20, paymentTerms(model, rng), { size: size * 0.9 });
    return sheets.pages(pageWord(model), size * 0.8);
  },
};

/** Letterhead right-aligned top-right, address window left with a sender line, label-above fields in a row. */
const letterheadRight: Template = {
  id: 'letterhead-right',
  type: 'invoice',
  discounts: false,
  draw(model, rng, fonts) {
    const { sheets, canvas, size, right, width, height } = start(model, fonts, rng);
    drawParty(canvas, model.vendor, right, 55, size * 0.9, { align: 'right', nameSize: size * 1.6, contact: true });
    const v = model.vendor;
    canvas.text(
      MARGIN,
      150,
      `${v.name} · ${v.lines.join(' · ')}`,
      canvas.fit(`${v.name} · ${v.lines.join(' · ')}`, { size: 6.5, grey: 0.3 }, 240),
    );
    drawParty(
      canvas,
      model.buyer!,
      MARGIN,
      168,
      size,
      rng.chance(0.5) ? { heading: rng.pick(model.words.billTo) } : {},
    );
    let y = 260;
    canvas.text(MARGIN, y, `${rng.pick(model.words.invoiceTitle)}`, { size: size * 1.6, bold: true });
    y = drawFieldsLabelAbove(
      canvas,
      keyFields(model, rng, false),
      MARGIN,
      y + 24,
      width - 2 * MARGIN,
      size,
      rng.chance(0.5),
    );
    y = drawTable(sheets, model, rng, {
      bottom: height - FOOT,
      continueAt: CONTINUE_AT,
      x: MARGIN,
      y: y + 8,
      width: right - MARGIN,
      size,
      columns: columnsFor(model, rng, { discountAndTax: false }),
      rules: 'none',
      shadedHeader: true,
      boldHeader: rng.chance(0.7),
      upperHeader: rng.chance(0.5),
    });
    const end = roomFor(sheets, y, size, height - FOOT);
    y = drawTotals(end.canvas, model, rng, end.y + 8, {
      labelX: right - 210,
      right: right - 3,
      size,
      ruleAboveTotal: false,
      shadedTotal: rng.chance(0.5),
    });
    end.canvas.text(MARGIN, y + 24, paymentTerms(model, rng), { size: size * 0.9 });
    return sheets.pages(pageWord(model), size * 0.8);
  },
};

/** The vendor's three footer columns (name and address, contact, bank and tax id), as every page repeats them. */
function vendorFooterOf(model: DocumentModel, size: number): (canvas: Canvas) => void {
  const v = model.vendor;
  const w = model.words;
  const columns = [
    [v.name, ...v.lines],
    [`${w.phone} ${v.phone}`, v.email],
    [`${w.vatId} ${v.vatId}`, `${w.bank}: IBAN`, v.iban],
  ];
  return (canvas) => {
    const right = canvas.width - MARGIN;
    const top = canvas.height - 90;
    const third = (right - MARGIN) / 3;
    canvas.rule(MARGIN, top - 12, right, top - 12, 0.4, 0.5);
    columns.forEach((lines, i) =>
      lines.forEach((line, j) =>
        canvas.text(MARGIN + i * third, top + j * size * 1.35, line, { size, bold: i === 0 && j === 0 }),
      ),
    );
  };
}

/** No letterhead: the vendor is named only in the footer, on every page. */
const vendorFooter: Template = {
  id: 'vendor-footer',
  type: 'invoice',
  discounts: false,
  draw(model, rng, fonts) {
    const footerSize = rng.pick([6.5, 7, 7.5]);
    const { sheets, canvas, size, right, width, height } = start(model, fonts, rng, vendorFooterOf(model, footerSize));
    canvas.text(MARGIN, 70, rng.pick(model.words.invoiceTitle), { size: size * 2.4, bold: rng.chance(0.6) });
    drawParty(canvas, model.buyer!, MARGIN, 110, size, { heading: rng.pick(model.words.billTo) });
    const fieldsEnd = drawFieldsLabelLeft(canvas, keyFields(model, rng, true), width / 2 + 30, 110, size, null);
    // The footer takes more of the foot than a page number does.
    const bottom = height - FOOT - 40;
    let y = drawTable(sheets, model, rng, {
      bottom,
      continueAt: CONTINUE_AT,
      x: MARGIN,
      y: Math.max(210, fieldsEnd + 16),
      width: right - MARGIN,
      size,
      columns: columnsFor(model, rng, { discountAndTax: false }),
      rules: rng.pick(['header', 'none']),
      shadedHeader: false,
      boldHeader: true,
      upperHeader: rng.chance(0.3),
    });
    const end = roomFor(sheets, y, size, bottom);
    y = drawTotals(end.canvas, model, rng, end.y + 6, {
      labelX: right - 190,
      right: right - 3,
      size,
      ruleAboveTotal: rng.chance(0.5),
      shadedTotal: false,
    });
    end.canvas.text(MARGIN, y + 16, paymentTerms(model, rng), { size: size * 0.9 });
    return sheets.pages(pageWord(model), size * 0.8);
  },
};

/** US style: title top-right, vendor top-left, bill-to beside ship-to, key fields in a boxed row, Qty first. */
const boxedFields: Template = {
  id: 'boxed-fields',
  type: 'invoice',
  discounts: false,
  draw(model, rng, fonts) {
    const { sheets, canvas, size, right, width, height } = start(model, fonts, rng);
    drawParty(canvas, model.vendor, MARGIN, 60, size, { nameSize: size * 1.4, contact: true });
    canvas.text(right, 66, rng.pick(model.words.invoiceTitle).toUpperCase(), {
      size: size * 2.6,
      bold: true,
      align: 'right',
      grey: 0.25,
    });
    const billTo = rng.pick(model.words.billTo);
    drawParty(canvas, model.buyer!, MARGIN, 160, size, { heading: billTo.toUpperCase() });
    // "Ship to" exists in the English word lists only: other languages' US-style invoices do not print it.
    if (model.locale.language === 'en' && rng.chance(0.6)) {
      drawParty(canvas, model.buyer!, width / 2, 160, size, { heading: 'SHIP TO' });
    }
    const fields = keyFields(model, rng, false);
    const top = 240;
    canvas.band(MARGIN, top, right - MARGIN, size * 1.5, 0.85);
    const step = (right - MARGIN) / fields.length;
    fields.forEach((f, i) => {
      const label = f.label.toUpperCase();
      const labelStyle = canvas.fit(label, { size: size * 0.85, bold: true }, step - 8);
      canvas.text(MARGIN + i * step + 4, top + size * 1.1, label, labelStyle);
      canvas.text(MARGIN + i * step + 4, top + size * 2.8, f.value, canvas.fit(f.value, { size }, step - 8));
    });
    canvas.rule(MARGIN, top + size * 3.4, right, top + size * 3.4, 0.5);
    let y = drawTable(sheets, model, rng, {
      bottom: height - FOOT,
      continueAt: CONTINUE_AT,
      x: MARGIN,
      y: top + size * 5,
      width: right - MARGIN,
      size,
      columns: ['quantity', 'description', 'unitPrice', 'amount'],
      rules: rng.pick(['header', 'rows']),
      shadedHeader: rng.chance(0.5),
      boldHeader: true,
      upperHeader: true,
    });
    const end = roomFor(sheets, y, size, height - FOOT);
    y = drawTotals(end.canvas, model, rng, end.y + 6, {
      labelX: right - 180,
      right: right - 3,
      size,
      ruleAboveTotal: false,
      shadedTotal: true,
    });
    end.canvas.text(width / 2, y + 30, paymentTerms(model, rng), { size: size * 0.9, align: 'center' });
    return sheets.pages(pageWord(model), size * 0.8);
  },
};

/** A grid with position, discount and tax-rate columns and two-line descriptions; key fields in a framed box. */
const itemizedGrid: Template = {
  id: 'itemized-grid',
  type: 'invoice',
  discounts: true,
  draw(model, rng, fonts) {
    const { sheets, canvas, size, right, width, height } = start(model, fonts, rng);
    const vendorRight = rng.chance(0.5);
    drawParty(canvas, model.vendor, vendorRight ? right : MARGIN, 55, size, {
      nameSize: size * 1.5,
      align: vendorRight ? 'right' : 'left',
    });
    drawParty(canvas, model.buyer!, vendorRight ? MARGIN : width / 2 + 20, 130, size, {
      heading: rng.pick(model.words.billTo),
    });
    const fieldsX = vendorRight ? width / 2 + 20 : MARGIN;
    canvas.text(fieldsX, 130, rng.pick(model.words.invoiceTitle), { size: size * 1.5, bold: true });
    const fields = keyFields(model, rng, true);
    const boxTop = 140;
    const boxBottom = drawFieldsLabelLeft(canvas, fields, fieldsX + 6, boxTop + size * 1.6, size, null);
    canvas.rule(fieldsX, boxTop, fieldsX + 220, boxTop, 0.5);
    canvas.rule(fieldsX, boxBottom - size * 0.6, fieldsX + 220, boxBottom - size * 0.6, 0.5);
    let y = drawTable(sheets, model, rng, {
      bottom: height - FOOT,
      continueAt: CONTINUE_AT,
      x: MARGIN,
      y: Math.max(boxBottom, 220) + 16,
      width: right - MARGIN,
      size: size * 0.95,
      columns: columnsFor(model, rng, { discountAndTax: true }),
      rules: 'grid',
      shadedHeader: rng.chance(0.5),
      boldHeader: true,
      upperHeader: false,
    });
    const end = roomFor(sheets, y, size, height - FOOT);
    y = drawTotals(end.canvas, model, rng, end.y + 6, {
      labelX: right - 200,
      right: right - 3,
      size,
      ruleAboveTotal: true,
      shadedTotal: false,
    });
    drawFooterLines(end.canvas, model, { x: width / 2, y: y + 30, size, maxWidth: right - MARGIN, centred: true });
    return sheets.pages(pageWord(model), size * 0.8);
  },
};

export const INVOICE_TEMPLATES: readonly Template[] = [
  letterheadLeft,
  letterheadRight,
  vendorFooter,
  boxedFields,
  itemizedGrid,
];
