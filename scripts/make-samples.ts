// Writes the bundled sample documents of `docex demo` (samples/): a text PDF invoice, the two pages of another
// invoice as phone-style PNG images, and a PDF credit note sent as an email attachment. All three are generated
// here (fictitious companies, CC0), so they need no download and carry no third-party licence.
// Run: npx tsx scripts/make-samples.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderPages } from '../src/pipeline/read/pdf/index.js';
import { buildPdf, helveticaPage } from '../test/support/pdf-builder.js';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'samples');

/** One A4 page of Helvetica lines: [x, y from the top, size, text]. */
function page(lines: Array<[number, number, number, string]>): Buffer {
  const esc = (t: string) => t.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = lines
    .map(([x, y, size, text]) => `BT /F1 ${size} Tf ${x} ${842 - y} Td (${esc(text)}) Tj ET`)
    .join('\n');
  return buildPdf(helveticaPage(content));
}

const rows = (items: Array<[string, string, string, string]>, top: number): Array<[number, number, number, string]> =>
  items.flatMap(([desc, qty, price, amount], i) => {
    const y = top + i * 18;
    return [
      [50, y, 10, desc],
      [330, y, 10, qty],
      [400, y, 10, price],
      [490, y, 10, amount],
    ] as Array<[number, number, number, string]>;
  });

const invoice = page([
  [50, 60, 18, 'Lindqvist Office Supplies Ltd'],
  [50, 80, 10, '14 Harbour Road, Bristol BS1 4DJ, United Kingdom'],
  [50, 94, 10, 'VAT No. GB 123 4567 89'],
  [400, 60, 20, 'INVOICE'],
  [400, 84, 10, 'Invoice No: INV-2026-0415'],
  [400, 98, 10, 'Invoice Date: 12/11/2026'],
  [400, 112, 10, 'Due Date: 12/12/2026'],
  [50, 150, 10, 'Bill To:'],
  [50, 164, 10, 'Acme GmbH'],
  [50, 178, 10, 'Hauptstrasse 5, 10115 Berlin, Germany'],
  [50, 230, 10, 'Description'],
  [330, 230, 10, 'Qty'],
  [400, 230, 10, 'Unit Price'],
  [490, 230, 10, 'Amount'],
  ...rows(
    [
      ['A4 copy paper, 500 sheets', '10', '4.50', '45.00'],
      ['Ballpoint pens, blue (box of 50)', '2', '12.00', '24.00'],
      ['Desk organiser, bamboo', '3', '17.00', '51.00'],
    ],
    252,
  ),
  [400, 330, 10, 'Subtotal'],
  [490, 330, 10, '120.00'],
  [400, 348, 10, 'VAT 20%'],
  [490, 348, 10, '24.00'],
  [400, 366, 11, 'Total GBP'],
  [490, 366, 11, '144.00'],
  [50, 420, 9, 'Payment by bank transfer to IBAN GB29 NWBK 6016 1331 9268 19 within 30 days.'],
]);

// A two-page invoice; each page becomes a photo-like PNG for the multi-image job.
const pageOne = page([
  [50, 60, 18, 'Brightwater Cleaning Services'],
  [50, 80, 10, '7 Mill Lane, Leeds LS2 9JT'],
  [50, 94, 10, 'VAT No. GB 987 6543 21'],
  [400, 130, 20, 'INVOICE'],
  [400, 154, 10, 'Invoice No: BW-8812'],
  [400, 168, 10, 'Date: 03/11/2026'],
  [50, 150, 10, 'Bill To:'],
  [50, 164, 10, 'Acme GmbH'],
  [50, 178, 10, 'Hauptstrasse 5, 10115 Berlin'],
  [50, 230, 10, 'Description'],
  [330, 230, 10, 'Qty'],
  [400, 230, 10, 'Unit Price'],
  [490, 230, 10, 'Amount'],
  ...rows(
    [
      ['Office cleaning, October', '1', '380.00', '380.00'],
      ['Window cleaning', '2', '60.00', '120.00'],
    ],
    252,
  ),
  [50, 800, 9, 'Page 1 of 2'],
]);
const pageTwo = page([
  [50, 60, 10, 'Brightwater Cleaning Services - Invoice BW-8812 (continued)'],
  [400, 120, 10, 'Subtotal'],
  [490, 120, 10, '500.00'],
  [400, 138, 10, 'VAT 20%'],
  [490, 138, 10, '100.00'],
  [400, 156, 11, 'Total GBP'],
  [490, 156, 11, '600.00'],
  [50, 200, 9, 'Thank you for your business.'],
  [50, 800, 9, 'Page 2 of 2'],
]);

const creditNote = page([
  [50, 60, 18, 'Lindqvist Office Supplies Ltd'],
  [50, 80, 10, '14 Harbour Road, Bristol BS1 4DJ, United Kingdom'],
  [400, 60, 20, 'CREDIT NOTE'],
  [400, 84, 10, 'Credit Note No: CN-2026-0031'],
  [400, 98, 10, 'Date: 19/11/2026'],
  [400, 112, 10, 'Refers to Invoice: INV-2026-0415'],
  [50, 150, 10, 'Bill To: Acme GmbH, Hauptstrasse 5, 10115 Berlin'],
  [50, 200, 10, 'Description'],
  [330, 200, 10, 'Qty'],
  [400, 200, 10, 'Unit Price'],
  [490, 200, 10, 'Amount'],
  ...rows([['Desk organiser, bamboo (returned)', '1', '17.00', '17.00']], 222),
  [400, 280, 10, 'Subtotal'],
  [490, 280, 10, '17.00'],
  [400, 298, 10, 'VAT 20%'],
  [490, 298, 10, '3.40'],
  [400, 316, 11, 'Total credit GBP'],
  [490, 316, 11, '20.40'],
]);

mkdirSync(OUT, { recursive: true });
writeFileSync(path.join(OUT, 'invoice.pdf'), invoice);
writeFileSync(path.join(OUT, 'credit-note.pdf'), creditNote);
// 150 dpi: what a phone scan app typically sends, and quick to OCR.
for (const [name, pdf] of [
  ['invoice-page-1.png', pageOne],
  ['invoice-page-2.png', pageTwo],
] as const) {
  const [rendered] = await renderPages(pdf, [1], 150);
  writeFileSync(path.join(OUT, name), rendered!.png);
}
process.stdout.write(`samples written to ${OUT}\n`);
