import { describe, expect, it } from 'vitest';
import { PoNumbersResultSchema } from '../../../../src/pipeline/extract/schemas/orders.js';
import { extractPoNumbers } from '../../../../src/pipeline/extract/types/po-numbers.js';
import { expectProvenance, expectSchema } from './support/checks.js';
import { frenchPurchaseOrder, poNumbersPage } from './support/order-documents.js';
import { row, toReadDocument } from './support/synthetic.js';

describe('extractPoNumbers', () => {
  const doc = toReadDocument(poNumbersPage());
  const result = extractPoNumbers(doc);

  it('finds every distinct PO number in six languages, in reading order', () => {
    expect(result.po_numbers.map((p) => [p.value, p.label])).toEqual([
      ['4500012345', 'Your PO No.:'],
      ['7781-22', 'Ihre Bestellung:'],
      ['BC-2026-117', 'N° de commande :'],
      ['PED/2026/0098', 'Pedido Nº:'],
      ['2026/339', 'Ordine n.'],
      ['IO-5561', 'Inkoopordernummer:'],
      // A prefix glued to the number belongs to it.
      ['PO-2026-0042', 'PO-'],
      // Below a label that ends its segment.
      ['PO77881', 'Purchase Order No'],
    ]);
    expect(result.summary_data.po_number).toBe('4500012345');
  });

  it('skips dates after order labels and counts a repeated number once', () => {
    const values = result.po_numbers.map((p) => p.value);
    expect(values.filter((v) => v === '4500012345')).toHaveLength(1);
    expect(values.some((v) => /2026-03-12|12\.03\.2026/.test(v))).toBe(false);
  });

  it('gives each number its page, box and confidence, and matches the schema', () => {
    for (const po of result.po_numbers) {
      expect(po.page).toBe(1);
      expect(po.bbox?.width).toBeGreaterThan(0);
      expect(po.confidence).toBeGreaterThan(0.5);
      expect(po.confidence).toBeLessThanOrEqual(1);
    }
    expect(result.po_numbers[0]?.confidence).toBeGreaterThan(result.po_numbers[6]?.confidence ?? 1);
    expectSchema(PoNumbersResultSchema, result);
    expectProvenance(result, doc);
    expect(result.fields['summary_data.po_number']?.raw).toBe('4500012345');
  });

  it('reads the PO number of a purchase order, and nothing from a page without one', () => {
    expect(extractPoNumbers(toReadDocument(frenchPurchaseOrder())).po_numbers.map((p) => p.value)).toEqual([
      'BC-2026-0042',
    ]);
    const none = extractPoNumbers(
      toReadDocument([
        {
          items: row(100, [
            [50, 'Order date: 12.03.2026'],
            [300, 'Order confirmation'],
          ]),
        },
      ]),
    );
    expect(none).toMatchObject({
      summary_data: { po_number: null },
      po_numbers: [],
      fields: {},
      validation: { passed: true, checks: [] },
    });
  });
});
