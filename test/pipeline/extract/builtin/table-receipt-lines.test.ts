// Item lines found by their aligned amounts (table/receipt-lines.ts), for receipts and tables whose header was not
// read: synthetic layouts with known answers, then a real Romanian supermarket receipt photo read by OCR.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractInvoice } from '../../../../src/pipeline/extract/builtin/index.js';
import { readDocument } from '../../../../src/pipeline/read/index.js';
import { createOcrPool, type OcrPool } from '../../../../src/pipeline/read/ocr/index.js';
import { opensSummary } from '../../../../src/pipeline/extract/builtin/table/summary-words.js';
import { datasetFile } from '../../../support/datasets.js';
import { buildDocument, rightAt, type Cell, type PageSpec } from './build-document.js';

// Receipts are extracted as invoices (typeId 0), as the worker does.
const OPTIONS = { requireLineItems: true, documentType: 'invoice' } as const;

/** A receipt as PaddleOCR reports it: each cell its own box, amounts right-aligned at x = 400. */
function ocrReceipt(rows: ReadonlyArray<readonly [y: number, left: string | null, amount: string | null]>): PageSpec {
  const lines: Array<[number, Cell]> = [];
  for (const [y, left, amount] of rows) {
    if (left !== null) lines.push([y, [40, left]]);
    if (amount !== null) lines.push([y + 1, rightAt(400, amount)]);
  }
  return { source: 'ocr', lines };
}

const items = (rows: Parameters<typeof ocrReceipt>[0]) =>
  extractInvoice(buildDocument([ocrReceipt(rows)]), OPTIONS).lineItems.map((i) => ({
    description: i.description,
    quantity: i.quantity,
    unit_price: i.unit_price,
    amount: i.amount,
  }));

describe('receipt item lines', () => {
  it('reads amounts followed by a tax class printed as a digit ("1,55  1", dm and other drugstores)', () => {
    const found = extractInvoice(
      buildDocument([
        {
          source: 'ocr',
          lines: [
            [100, [40, 'essence nail polish 152']],
            [101, rightAt(400, '1,55')],
            [101, [440, '1']],
            [120, [40, 'compact powder 04']],
            [121, rightAt(400, '2,75')],
            [121, [440, '1']],
            [150, [40, 'SUMME']],
            [151, rightAt(400, '4,30')],
          ],
        },
      ]),
      OPTIONS,
    ).lineItems.map((i) => [i.description, i.amount]);
    expect(found).toEqual([
      ['essence nail polish 152', 1.55],
      ['compact powder 04', 2.75],
    ]);
  });

  it("leaves a meal's parts at 0.00, indented under it, out of the items", () => {
    const found = extractInvoice(
      buildDocument([
        {
          source: 'ocr',
          lines: [
            [100, [40, '1 Grande Meal']],
            [101, rightAt(400, '9.90')],
            [120, [80, '10 Bean Bur']],
            [121, rightAt(400, '0.00')],
            [140, [100, 'No Onions']],
            [141, rightAt(400, '0.00')],
            [160, [40, '3 Cheese Pizza']],
            [161, rightAt(400, '10.47')],
            [190, [40, 'SubTotal']],
            [191, rightAt(400, '20.37')],
          ],
        },
      ]),
      OPTIONS,
    ).lineItems.map((i) => [i.description, i.quantity, i.amount]);
    expect(found).toEqual([
      ['Grande Meal', 1, 9.9],
      ['Cheese Pizza', 3, 10.47],
    ]);
  });

  it('reads description ... amount lines and stops at the sum; tendered cash and change are never items', () => {
    const found = items([
      [20, 'PENNY MARKT GmbH', null],
      [40, 'Bilker Allee 30', null],
      [80, null, 'EUR'],
      [100, 'Saftorangen', '1,49 B'],
      [120, 'Banane Golden', '1,19 B'],
      [140, 'LEERGUT EINWEG', '-2,00 A'],
      [160, '8 Stk x 0,25', null],
      [180, 'SUMME', '0,68'],
      [200, 'Geg. BAR', '20,00'],
      [220, 'Ruckgeld BAR', '19,32'],
    ]);
    expect(found).toEqual([
      { description: 'Saftorangen', quantity: null, unit_price: null, amount: 1.49 },
      { description: 'Banane Golden', quantity: null, unit_price: null, amount: 1.19 },
      { description: 'LEERGUT EINWEG', quantity: 8, unit_price: 0.25, amount: -2 },
    ]);
  });

  it('takes quantity and unit price from a count line before or after the item, by arithmetic', () => {
    const found = items([
      [100, 'HAUTKLAR 3IN1', '5,98 A'],
      [120, '2 Stk x 2,99', null],
      [140, '0,543 KG x 10,99', null],
      [160, 'KASS MINUTENSTEAK', '5,97 E'],
      [180, 'TOTAL', '11,95'],
    ]);
    expect(found).toEqual([
      { description: 'HAUTKLAR 3IN1', quantity: 2, unit_price: 2.99, amount: 5.98 },
      { description: 'KASS MINUTENSTEAK', quantity: 0.543, unit_price: 10.99, amount: 5.97 },
    ]);
  });

  it('takes the description from the line above when the amount line holds only a code; a leading count is the quantity', () => {
    const found = items([
      [100, 'RED BULL ENRGY DRNK', null],
      [120, '61126943157 A', '8.79 SALE'],
      [140, 'REGULAR PRICE 9.99', null],
      [160, '3 Pepperoni Pizza', '11.07 SALE'],
      [180, 'SUBTOTAL', '19.86'],
      [200, 'CASH', '20.00'],
    ]);
    expect(found).toEqual([
      { description: 'RED BULL ENRGY DRNK', quantity: null, unit_price: null, amount: 8.79 },
      { description: 'Pepperoni Pizza', quantity: 3, unit_price: null, amount: 11.07 },
    ]);
  });

  it('ends at an amount that sums the items above it, even when its label is unreadable', () => {
    const found = items([
      [100, 'Apfel', '1.00'],
      [120, 'Birne', '2.50'],
      [140, 'Gesxmtbtrg', '3.50'],
      [160, 'Sonstiges', '9.99'],
    ]);
    expect(found.map((i) => i.description)).toEqual(['Apfel', 'Birne']);
  });

  it('on a text layer, takes aligned amounts only when they add up to an amount printed under them', () => {
    const charges = (total: string) =>
      extractInvoice(
        buildDocument([
          {
            lines: [
              [100, [40, 'Service Charges'], rightAt(400, '4.11')],
              [120, [40, 'Credits'], rightAt(400, '0.00')],
              [140, [40, 'Previous balance'], rightAt(400, '7.00')],
              [160, [40, 'Amount'], rightAt(400, total)],
            ],
          },
        ]),
        OPTIONS,
      ).lineItems.length;
    expect(charges('99.00')).toBe(0);
    expect(charges('11.11')).toBe(3);
  });

  it('knows sum, tax and payment words of every receipt language, not item names that start alike', () => {
    for (const text of [
      'SUMME EUR',
      'Geg. BAR',
      'SALES TAX A=9.625%',
      'TOTAL:',
      'Rückgeld',
      'Gesamtbeitrag',
      'TUNAI',
      'Kembali',
      'NUMERAR',
      'Celkem',
      'Espèces',
      'Wisselgeld',
      // OCR splitting the word at a narrow gap between two letters.
      'Zwi schensumme',
      'TOT AL 12,50',
    ])
      expect(opensSummary(text), text).toBe(true);
    for (const text of [
      'TAXA VERDE 1BUCX0,89',
      'TIP BALKANKAESE',
      'Barilla Spaghetti',
      'CARDAMOM',
      'Restaurant',
      'SUB MARINE 4,50',
      'TOTE BAG 1,00',
    ])
      expect(opensSummary(text), text).toBe(false);
  });
});

describe('receipt item lines, real OCR', () => {
  let ocr: OcrPool;
  beforeAll(async () => {
    ocr = await createOcrPool({ engine: 'paddle', size: 1 });
  });
  afterAll(async () => {
    await ocr?.close();
  });

  it('Romanian supermarket receipt (Auchan, phone photo): items with "1BUCX16,00" quantity lines, none from the card slip', async () => {
    const doc = await readDocument(
      { bytes: datasetFile('harvest/documents/edenai-apis/receipt-auchan-ro.jpg'), format: 'jpeg' },
      { ocr },
    );
    const result = extractInvoice(doc, OPTIONS);
    const label = JSON.parse(
      datasetFile('harvest/labels/fields/edenai-apis/receipt-auchan-ro.json').toString('utf8'),
    ) as {
      line_items: Array<{ quantity: number; unit_price: number; amount: number }>;
    };
    const amounts = result.lineItems.map((i) => i.amount);
    // Every amount found is a labelled item's (never the total 168,95 or the card payment); most items are found.
    const labelled = label.line_items.map((i) => i.amount);
    expect(amounts.every((a) => labelled.includes(a as number))).toBe(true);
    expect(amounts.length).toBeGreaterThanOrEqual(8);
    const withCount = result.lineItems.filter((i) => i.quantity !== null && i.unit_price !== null);
    expect(withCount.length).toBeGreaterThanOrEqual(6);
    for (const i of withCount) expect(Math.abs(i.quantity! * i.unit_price! - i.amount!)).toBeLessThan(0.011);
  }, 60_000);
});
