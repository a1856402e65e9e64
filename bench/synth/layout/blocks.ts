// Blocks the invoice templates share: a party's address block, the key fields (number, dates, order) printed
// label-left or label-above, the totals, and the payment footer.
import type { DocumentModel } from '../model.js';
import type { Rng } from '../random.js';
import type { Party } from '../vocab.js';
import type { Canvas, TextStyle } from './canvas.js';

export interface Field {
  label: string;
  value: string;
}

const withColon = (label: string, colon: boolean) => (colon && !label.endsWith(':') ? `${label}:` : label);

/** The key fields in the words this document uses (the labels vary per document, not per field). */
export function keyFields(model: DocumentModel, rng: Rng, colon: boolean): Field[] {
  const w = model.words;
  const fields: Field[] = [
    { label: withColon(rng.pick(w.invoiceNumber), colon), value: model.number },
    { label: withColon(rng.pick(w.invoiceDate), colon), value: model.date },
  ];
  if (model.dueDate) fields.push({ label: withColon(rng.pick(w.dueDate), colon), value: model.dueDate });
  if (model.orderNumber) fields.push({ label: withColon(rng.pick(w.orderNumber), colon), value: model.orderNumber });
  // Look-alikes go anywhere in the block: a customer number above the invoice number, a delivery date first.
  for (const d of model.distractors) {
    fields.splice(rng.int(0, fields.length), 0, { label: withColon(rng.pick(w[d.kind]), colon), value: d.value });
  }
  return fields;
}

/** Labels in one column, values in the next: returns the y below. */
export function drawFieldsLabelLeft(
  canvas: Canvas,
  fields: readonly Field[],
  x: number,
  y: number,
  size: number,
  valueAlignRight: { right: number } | null,
): number {
  const labelWidth = Math.max(...fields.map((f) => canvas.measure(f.label, { size, bold: true })));
  for (const f of fields) {
    canvas.text(x, y, f.label, { size, bold: true });
    if (valueAlignRight) canvas.text(valueAlignRight.right, y, f.value, { size, align: 'right' });
    else canvas.text(x + labelWidth + 8, y, f.value, { size });
    y += size * 1.45;
  }
  return y;
}

/** Each label small above its value, fields side by side: returns the y below. */
export function drawFieldsLabelAbove(
  canvas: Canvas,
  fields: readonly Field[],
  x: number,
  y: number,
  width: number,
  size: number,
  upper: boolean,
): number {
  const step = width / fields.length;
  fields.forEach((f, i) => {
    // Each field keeps to its column: a long label or a period shrinks rather than runs into its neighbour.
    const label = upper ? f.label.toUpperCase() : f.label;
    canvas.text(x + i * step, y, label, canvas.fit(label, { size: size * 0.8, grey: 0.4 }, step - 6));
    canvas.text(x + i * step, y + size * 1.35, f.value, canvas.fit(f.value, { size, bold: true }, step - 6));
  });
  return y + size * 3;
}

export function drawParty(
  canvas: Canvas,
  p: Party,
  x: number,
  y: number,
  size: number,
  options: { heading?: string; align?: TextStyle['align']; nameSize?: number; contact?: boolean },
): number {
  const align = options.align ?? 'left';
  if (options.heading) {
    canvas.text(x, y, options.heading, { size: size * 0.9, bold: true, align, grey: 0.3 });
    y += size * 1.4;
  }
  const nameSize = options.nameSize ?? size;
  canvas.text(x, y, p.name, { size: nameSize, bold: true, align });
  y += Math.max(nameSize, size) * 1.35;
  const lines = options.contact ? [...p.lines, p.phone, p.email] : p.lines;
  for (const line of lines) {
    canvas.text(x, y, line, { size, align });
    y += size * 1.3;
  }
  return y;
}

/** The tax line's words: "Sales Tax" is American, "VAT" is not. */
export function taxLabel(model: DocumentModel, rng: Rng): string {
  const us = model.locale.country === 'US';
  const words = model.words.tax.filter((t) => (us ? !/VAT/.test(t) : !/Sales Tax/.test(t)));
  return rng.pick(words).replace('{rate}', model.taxRate);
}

export interface TotalsOptions {
  labelX: number;
  right: number;
  size: number;
  ruleAboveTotal: boolean;
  /** The total on a shaded band ("Balance Due" boxes on US invoices). */
  shadedTotal: boolean;
}

export function drawTotals(canvas: Canvas, model: DocumentModel, rng: Rng, y: number, o: TotalsOptions): number {
  const w = model.words;
  const rows: Array<[string, string, boolean]> = [
    [rng.pick(w.subtotal), model.subtotal, false],
    [taxLabel(model, rng), model.tax, false],
  ];
  for (const [label, value] of rows) {
    canvas.text(o.labelX, y, label, { size: o.size });
    canvas.text(o.right, y, value, { size: o.size, align: 'right' });
    y += o.size * 1.45;
  }
  if (o.ruleAboveTotal) canvas.rule(o.labelX, y - o.size * 0.9, o.right, y - o.size * 0.9, 0.6);
  if (o.shadedTotal) canvas.band(o.labelX - 4, y - o.size * 1.1, o.right - o.labelX + 8, o.size * 1.6, 0.85);
  const totalSize = o.size * 1.1;
  canvas.text(o.labelX, y + 1, rng.pick(w.total), { size: totalSize, bold: true });
  canvas.text(o.right, y + 1, model.total, { size: totalSize, bold: true, align: 'right' });
  return y + o.size * 2;
}

export function paymentTerms(model: DocumentModel, rng: Rng): string {
  return rng.pick(model.words.paymentTerms).replace('{days}', String(model.paymentDays));
}

/** Bank and tax id line(s) of the vendor, as footers print them. */
export function vendorFooterLines(model: DocumentModel): string[] {
  const w = model.words;
  const v = model.vendor;
  return [`${w.phone} ${v.phone} · ${v.email}`, `${w.vatId} ${v.vatId} · ${w.bank} IBAN ${v.iban}`];
}

/**
 * The vendor's footer lines, one under the other from `y`, shrunk to fit `maxWidth` (left-aligned at `x`, or
 * centred on it).
 */
export function drawFooterLines(
  canvas: Canvas,
  model: DocumentModel,
  at: { x: number; y: number; size: number; maxWidth: number; centred?: boolean },
): void {
  vendorFooterLines(model).forEach((line, i) =>
    canvas.text(
      at.x,
      at.y + i * at.size * 1.3,
      line,
      canvas.fit(line, { size: at.size * 0.8, ...(at.centred ? { align: 'center' as const } : {}) }, at.maxWidth),
    ),
  );
}

/**
 * Label/value rows, a rule, then the total in bold, right-aligned at `right`: the totals block of a letter.
 * Returns the total row's y.
 */
export function drawSumRows(
  canvas: Canvas,
  rows: ReadonlyArray<readonly [string, string]>,
  total: readonly [string, string],
  at: { labelX: number; right: number; y: number; size: number; totalScale: number },
): number {
  const { labelX, right, size } = at;
  let y = at.y;
  for (const [label, value] of rows) {
    canvas.text(labelX, y, label, { size });
    canvas.text(right, y, value, { size, align: 'right' });
    y += size * 1.45;
  }
  canvas.rule(labelX, y - size * 0.9, right, y - size * 0.9, 0.6);
  const bold = { size: size * at.totalScale, bold: true };
  canvas.text(labelX, y + 1, total[0], bold);
  canvas.text(right, y + 1, total[1], { ...bold, align: 'right' });
  return y;
}
