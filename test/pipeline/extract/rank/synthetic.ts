// Small invoices built in code with their labels known by construction: header fields beside, after or under
// their labels (rotating with the index), distractor dates and amounts (order and delivery dates, line amounts),
// and totals that add up. Enough variety for a ranker to have something to learn, small enough for a unit test.
import type { ReadDocument } from '../../../../src/pipeline/model.js';
import { buildDocument, rightAt, type PageSpec } from '../builtin/build-document.js';

export interface SyntheticInvoice {
  document: ReadDocument;
  label: Record<string, unknown>;
}

const pad = (n: number) => String(n).padStart(2, '0');
const money = (cents: number) => (cents / 100).toFixed(2);

/** With `withoutDueDate` the page prints no due date and the label has none (as a complete label would say). */
export function syntheticInvoice(i: number, options: { withoutDueDate?: boolean } = {}): SyntheticInvoice {
  const day = 1 + ((i * 7) % 27);
  const month = 1 + ((i * 5) % 12);
  const invoiceDate = `2026-${pad(month)}-${pad(day)}`;
  const dueMonth = month === 12 ? 1 : month + 1;
  const dueYear = month === 12 ? 2027 : 2026;
  const dueDate = `${dueYear}-${pad(dueMonth)}-${pad(day)}`;
  const orderDay = day > 1 ? day - 1 : 28;
  const number = `INV-${1000 + i * 37}`;
  const a = 1000 + ((i * 7919) % 50000);
  const b = 500 + ((i * 104729) % 20000);
  const subtotal = a + b;
  const tax = Math.round(subtotal * 0.19);
  const total = subtotal + tax;
  const printed = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
  const layouts: Array<PageSpec['lines']> = [
    // labels left of their values, in one column
    [
      [110, [50, 'Invoice No.'], [160, number]],
      [124, [50, 'Invoice date'], [160, printed(invoiceDate)]],
      [138, [50, 'Order date'], [160, `${pad(orderDay)}.${pad(month)}.2026`]],
      [152, [50, 'Due date'], [160, printed(dueDate)]],
    ],
    // labels above their values, in one row
    [
      [110, [50, 'Order date'], [170, 'Invoice date'], [290, 'Due date'], [410, 'Invoice No.']],
      [
        124,
        [50, `${pad(orderDay)}.${pad(month)}.2026`],
        [170, printed(invoiceDate)],
        [290, printed(dueDate)],
        [410, number],
      ],
    ],
    // label and value in one cell
    [
      [110, [350, `Invoice No.: ${number}`]],
      [124, [350, `Delivery date: ${pad(orderDay)}.${pad(month)}.2026`]],
      [138, [350, `Invoice date: ${printed(invoiceDate)}`]],
      [152, [350, `Due date: ${printed(dueDate)}`]],
    ],
  ];
  const dueCell = (cell: unknown) =>
    Array.isArray(cell) &&
    typeof cell[1] === 'string' &&
    (cell[1].includes('Due date') || cell[1] === printed(dueDate));
  const header = (layouts[i % layouts.length] as PageSpec['lines'])
    .map((line) =>
      options.withoutDueDate ? (line.filter((cell) => !dueCell(cell)) as unknown as PageSpec['lines'][number]) : line,
    )
    .filter((line) => line.length > 1);
  const lines: PageSpec['lines'] = [
    [40, [50, `Vendor ${i} GmbH`], [430, 'INVOICE']],
    [52, [50, 'Hauptstrasse 1, 10115 Berlin']],
    ...header,
    [230, [50, 'Description'], [300, 'Qty'], rightAt(410, 'Unit price'), rightAt(540, 'Amount')],
    [246, [50, 'Consulting'], [300, '1'], rightAt(410, money(a)), rightAt(540, money(a))],
    [260, [50, 'Travel'], [300, '1'], rightAt(410, money(b)), rightAt(540, money(b))],
    [300, [380, 'Subtotal'], rightAt(540, money(subtotal))],
    [314, [380, 'VAT 19%'], rightAt(540, money(tax))],
    [328, [380, 'Total'], rightAt(540, money(total))],
  ];
  return {
    document: buildDocument([{ lines }]),
    label: {
      invoice_number: number,
      invoice_date: invoiceDate,
      ...(options.withoutDueDate ? {} : { due_date: dueDate }),
      subtotal: subtotal / 100,
      tax: tax / 100,
      total: total / 100,
    },
  };
}
