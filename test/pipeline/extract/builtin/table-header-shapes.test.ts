// Header shapes that real renderers print (table/header.ts, table/rows.ts): a column the header words do not know,
// an item whose text row spans the table in cells. The five-line header of the Factur-X examples is tested on the
// real document (harvest-documents.test.ts).
import { describe, expect, it } from 'vitest';
import type { ReadDocument } from '../../../../src/pipeline/model.js';
import { extractInvoice } from '../../../../src/pipeline/extract/builtin/index.js';
import { buildDocument, rightAt } from './build-document.js';

const OPTIONS = { requireLineItems: true, documentType: 'invoice' } as const;

const rows = (doc: ReadDocument) =>
  extractInvoice(doc, OPTIONS).lineItems.map((i) => [i.description, i.quantity, i.unit_price, i.amount]);

describe('line-item table header shapes', () => {
  it('gives a column of an unknown label its own figures ("Duration" left of "Quantity")', () => {
    const doc = buildDocument([
      {
        lines: [
          [100, [60, 'Description'], [280, 'Duration'], [350, 'Quantity'], [420, 'Price'], [490, 'Total']],
          [
            115,
            [60, 'Consulting'],
            rightAt(320, '90'),
            rightAt(390, '2'),
            rightAt(460, '50.00'),
            rightAt(530, '100.00'),
          ],
          [130, [60, 'Travel'], rightAt(390, '1'), rightAt(460, '35.00'), rightAt(530, '35.00')],
          [160, [420, 'Total:'], rightAt(530, '135.00')],
        ],
      },
    ]);
    expect(rows(doc)).toEqual([
      ['Consulting', 2, 50, 100],
      ['Travel', 1, 35, 35],
    ]);
  });

  it('reads an unknown column between the quantity and the amount as the unit price, arithmetic or not', () => {
    // A call-out minimum: 2 hours at 40.00 billed 100.00; the fee is still the rate the row prints.
    const doc = buildDocument([
      {
        lines: [
          [100, [60, 'Description'], [300, 'Hours'], [380, 'Fee'], [470, 'Total']],
          [115, [60, 'Database design'], rightAt(330, '7.00'), rightAt(420, '$12.00'), rightAt(520, '$84.00')],
          [130, [60, 'Emergency call-out'], rightAt(330, '2.00'), rightAt(420, '$40.00'), rightAt(520, '$100.00')],
          [170, [420, 'Total'], rightAt(520, '$184.00')],
        ],
      },
    ]);
    expect(rows(doc)).toEqual([
      ['Database design', 7, 12, 84],
      ['Emergency call-out', 2, 40, 100],
    ]);
  });

  it('keeps a ten-word text row printed in three cells inside its item (not prose ending the table)', () => {
    const doc = buildDocument([
      {
        lines: [
          [100, [60, 'Pos'], [90, 'Description'], [300, 'Qty'], [380, 'Price'], [470, 'Amount']],
          [124, [60, 'Order line: 1'], [150, 'Postage refund of the month'], [470, 'ref. A-17 (RE)']],
          [130, [60, '1'], rightAt(330, '1'), rightAt(420, '60.00'), rightAt(520, '60.00')],
          [150, [60, '2'], [90, 'Office supplies'], rightAt(330, '3'), rightAt(420, '10.00'), rightAt(520, '30.00')],
          [190, [380, 'Total'], rightAt(520, '90.00')],
        ],
      },
    ]);
    const items = rows(doc);
    expect(items).toHaveLength(2);
    expect(items[0]?.slice(1)).toEqual([1, 60, 60]);
    expect(String(items[0]?.[0])).toContain('Postage refund of the month');
  });
});
