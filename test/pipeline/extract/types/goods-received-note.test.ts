import { describe, expect, it } from 'vitest';
import { GoodsReceivedNoteResultSchema } from '../../../../src/pipeline/extract/schemas/orders.js';
import { extractGoodsReceivedNote } from '../../../../src/pipeline/extract/types/goods-received-note.js';
import { expectProvenance, expectSchema } from './support/checks.js';
import { englishGoodsReceivedNote, germanGoodsReceivedNote } from './support/order-documents.js';
import { toReadDocument } from './support/synthetic.js';

describe('extractGoodsReceivedNote: English with a rejected quantity', () => {
  const doc = toReadDocument(englishGoodsReceivedNote());
  const result = extractGoodsReceivedNote(doc, { requireLineItems: true });

  it('reads the header fields and the parties', () => {
    expect(result.summary_data).toEqual({
      grn_number: 'GRN-2026-0311',
      receipt_date: '2026-03-14',
      po_number: 'PO-45120',
      delivery_note_number: 'DN-88213',
      vendor_name: 'Northern Packaging Co.',
      vendor_address: '22 Mill Lane, Bradford BD1 2AA',
      buyer_name: 'Brightline Retail Ltd',
      receiving_location: 'Leeds DC - Bay 3',
      received_by: 'Sam Patel',
    });
  });

  it('reads ordered, received and rejected quantities and checks them per line', () => {
    expect(result.lineItems).toEqual([
      {
        description: 'Shipping box small 30x20x15',
        product_code: 'PK-100',
        unit: 'box',
        quantity_ordered: 500,
        quantity_received: 480,
        quantity_rejected: 20,
      },
      {
        description: 'Shipping box large 60x40x40',
        product_code: 'PK-200',
        unit: 'box',
        quantity_ordered: 300,
        quantity_received: 300,
        quantity_rejected: 0,
      },
      {
        description: 'Packing tape 50 mm',
        product_code: 'TP-050',
        unit: 'roll',
        quantity_ordered: 120,
        quantity_received: 100,
        quantity_rejected: 0,
      },
    ]);
    expect(result.validation).toEqual({
      passed: true,
      checks: [
        { name: 'lineItems[0].received_plus_rejected_within_ordered', passed: true, expected: 500, actual: 500 },
        { name: 'lineItems[1].received_plus_rejected_within_ordered', passed: true, expected: 300, actual: 300 },
        { name: 'lineItems[2].received_plus_rejected_within_ordered', passed: true, expected: 120, actual: 100 },
      ],
    });
    expectSchema(GoodsReceivedNoteResultSchema, result);
    expectProvenance(result, doc);
  });

  it('fails the line where more arrived than was ordered', () => {
    const over = extractGoodsReceivedNote(toReadDocument(englishGoodsReceivedNote({ overReceived: true })), {
      requireLineItems: true,
    });
    expect(over.validation.passed).toBe(false);
    expect(over.validation.checks[1]).toEqual({
      name: 'lineItems[1].received_plus_rejected_within_ordered',
      passed: false,
      expected: 300,
      actual: 310,
    });
  });

  it('has no lines and no checks when lines are not required', () => {
    const header = extractGoodsReceivedNote(doc, { requireLineItems: false });
    expect(header.lineItems).toEqual([]);
    expect(header.validation).toEqual({ passed: true, checks: [] });
    expect(header.summary_data).toEqual(result.summary_data);
  });
});

describe('extractGoodsReceivedNote: German', () => {
  it('reads Bestellt / Geliefert / Abgelehnt with German number formats', () => {
    const doc = toReadDocument(germanGoodsReceivedNote());
    const result = extractGoodsReceivedNote(doc, { requireLineItems: true });
    expect(result.summary_data).toEqual({
      grn_number: 'WE-2026-0815',
      receipt_date: '2026-03-09',
      po_number: '4500112233',
      delivery_note_number: 'LS-55120',
      vendor_name: 'Schrauben Schmidt KG',
      vendor_address: null,
      buyer_name: 'Müller Maschinenbau GmbH',
      receiving_location: 'Halle 2, Regal B',
      received_by: 'K. Wagner',
    });
    expect(
      result.lineItems.map((l) => [
        l.product_code,
        l.unit,
        l.quantity_ordered,
        l.quantity_received,
        l.quantity_rejected,
      ]),
    ).toEqual([
      ['S-M8-40', 'Stk', 1000, 1000, 0],
      ['U-M8', 'Stk', 2000, 1950, 50],
      ['O-12', 'Stk', 500, 250.5, 0],
    ]);
    expect(result.validation.passed).toBe(true);
    expect(result.extraction.language).toBe('de');
    expectSchema(GoodsReceivedNoteResultSchema, result);
    expectProvenance(result, doc);
  });
});
