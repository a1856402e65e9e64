import { describe, expect, it } from 'vitest';
import { PurchaseOrderResultSchema } from '../../../../src/pipeline/extract/schemas/orders.js';
import { extractPurchaseOrder } from '../../../../src/pipeline/extract/types/purchase-order.js';
import { checkNamed, expectProvenance, expectSchema } from './support/checks.js';
import { englishPurchaseOrder, frenchPurchaseOrder } from './support/order-documents.js';
import { row, toReadDocument } from './support/synthetic.js';

describe('extractPurchaseOrder: French', () => {
  const doc = toReadDocument(frenchPurchaseOrder());
  const result = extractPurchaseOrder(doc, { requireLineItems: true });

  it('reads header, parties and totals', () => {
    expect(result.summary_data).toEqual({
      po_number: 'BC-2026-0042',
      po_date: '2026-03-12',
      delivery_date: '2026-03-26',
      vendor_name: 'Fournitures Dupont SARL',
      vendor_tax_id: 'FR83404833048',
      vendor_address: '8 avenue Jean Jaurès, 69007 Lyon',
      // The letterhead issues the order.
      buyer_name: 'ACME Industries SAS',
      buyer_tax_id: 'FR40303265045',
      buyer_address: '12 rue de la Paix, 75002 Paris',
      ship_to_address: 'ACME Industries - Entrepôt Nord, ZI des Trois Moulins, 77000 Melun',
      payment_terms: '30 jours fin de mois',
      currency: 'EUR',
      subtotal: 851.6,
      tax: 170.32,
      total: 1021.92,
    });
    expect(result.extraction.language).toBe('fr');
  });

  it('reads the line table with a wrapped description', () => {
    expect(result.lineItems).toEqual([
      {
        description: 'Ramette papier A4 80 g',
        product_code: 'A-100',
        quantity: 50,
        unit: 'pqt',
        unit_price: 4.2,
        amount: 210,
        tax_rate: null,
      },
      {
        description: 'Cartouche toner noir HP 59A',
        product_code: 'B-220',
        quantity: 4,
        unit: 'pce',
        unit_price: 89.9,
        amount: 359.6,
        tax_rate: null,
      },
      {
        description: 'Classeur à levier dos 80 mm coloris assortis',
        product_code: 'C-310',
        quantity: 120,
        unit: 'pce',
        unit_price: 2.35,
        amount: 282,
        tax_rate: null,
      },
    ]);
  });

  it('checks every line, the line sum and the total', () => {
    expect(result.validation.passed).toBe(true);
    expect(result.validation.checks.map((c) => c.name)).toEqual([
      'lineItems[0].quantity_times_unit_price_equals_amount',
      'lineItems[1].quantity_times_unit_price_equals_amount',
      'lineItems[2].quantity_times_unit_price_equals_amount',
      'line_amounts_sum_to_subtotal',
      'subtotal_plus_tax_equals_total',
    ]);
    expect(checkNamed(result, 'subtotal_plus_tax_equals_total')).toMatchObject({ expected: 1021.92, actual: 1021.92 });
  });

  it('matches the schema with provenance for every value', () => {
    expectSchema(PurchaseOrderResultSchema, result);
    expectProvenance(result, doc);
    expect(result.fields['summary_data.total']).toMatchObject({ raw: '1 021,92 €', source: 'text', page: 1 });
  });

  it('leaves the lines out when they are not required, and still checks the totals', () => {
    const withoutLines = extractPurchaseOrder(doc, { requireLineItems: false });
    expect(withoutLines.lineItems).toEqual([]);
    expect(withoutLines.summary_data).toEqual(result.summary_data);
    expect(withoutLines.validation.checks.map((c) => c.name)).toEqual(['subtotal_plus_tax_equals_total']);
    expect(Object.keys(withoutLines.fields).some((k) => k.startsWith('lineItems'))).toBe(false);
  });
});

describe('extractPurchaseOrder: English over two pages', () => {
  const doc = toReadDocument(englishPurchaseOrder());
  const result = extractPurchaseOrder(doc, { requireLineItems: true });

  it('reads a generic "Date:", side-by-side blocks and a table continued under a repeated header', () => {
    expect(result.summary_data).toMatchObject({
      po_number: '4500098765',
      po_date: '2026-03-02',
      delivery_date: '2026-03-20',
      vendor_name: 'Initech Supplies LLC',
      vendor_address: '4120 Freidrich Lane, Austin, TX 78744',
      buyer_name: 'Globex Corporation',
      ship_to_address: 'Globex Corporation - Receiving Dock 2, 510 Industrial Way, Springfield, OR 97477',
      payment_terms: 'Net 30',
      currency: 'USD',
      subtotal: 1784,
      tax: 142.72,
      total: 1926.72,
    });
    expect(result.lineItems.map((l) => [l.product_code, l.quantity, l.unit_price, l.amount])).toEqual([
      ['IN-4410', 25, 42.5, 1062.5],
      ['IN-2201', 10, 18.75, 187.5],
      ['IN-0932', 6, 89, 534],
    ]);
    expect(result.fields['lineItems[2].amount']?.page).toBe(2);
    expect(result.validation.passed).toBe(true);
    expectSchema(PurchaseOrderResultSchema, result);
    expectProvenance(result, doc);
  });

  it('flags a line whose amount is not quantity x unit price, and the line sum', () => {
    const wrong = extractPurchaseOrder(toReadDocument(englishPurchaseOrder({ wrongLine: true })), {
      requireLineItems: true,
    });
    expect(wrong.validation.passed).toBe(false);
    expect(
      wrong.validation.checks.filter((c) => c.passed === false).map((c) => [c.name, c.expected, c.actual]),
    ).toEqual([
      ['lineItems[1].quantity_times_unit_price_equals_amount', 187.5, 197.5],
      ['line_amounts_sum_to_subtotal', 1784, 1794],
    ]);
  });
});

describe('extractPurchaseOrder: German, addressed "An:" the supplier', () => {
  it('reads the supplier block, the sender line as the buyer and German totals', () => {
    const doc = toReadDocument([
      {
        items: [
          ...row(50, [[50, 'Beispiel Handels GmbH · Hafenstraße 3 · 20457 Hamburg']], 8),
          ...row(
            80,
            [
              [50, 'An:'],
              [330, 'Bestellung'],
            ],
            10,
          ),
          ...row(94, [
            [50, 'Büro Meier AG'],
            [330, 'Bestellnummer:'],
            [430, 'B-77120'],
          ]),
          ...row(106, [
            [50, 'Lindenweg 12'],
            [330, 'Datum:'],
            [430, '02.03.2026'],
          ]),
          ...row(118, [
            [50, '80331 München'],
            [330, 'Liefertermin:'],
            [430, 'KW 12 / 20.03.2026'],
          ]),
          ...row(130, [
            [50, 'USt-IdNr.: DE129273398'],
            [330, 'Zahlungsbedingungen:'],
            [430, '14 Tage 2 % Skonto'],
          ]),
          ...row(160, [
            [50, 'Pos.'],
            [80, 'Art.-Nr.'],
            [140, 'Bezeichnung'],
            [330, 'Menge', 'r'],
            [340, 'Einheit'],
            [450, 'Einzelpreis', 'r'],
            [540, 'Gesamtpreis', 'r'],
          ]),
          ...row(174, [
            [50, '1'],
            [80, '4711'],
            [140, 'Bürostuhl ergonomisch'],
            [330, '5', 'r'],
            [340, 'Stk'],
            [450, '249,00', 'r'],
            [540, '1.245,00', 'r'],
          ]),
          ...row(186, [
            [50, '2'],
            [80, '4712'],
            [140, 'Schreibtisch 160x80'],
            [330, '2', 'r'],
            [340, 'Stk'],
            [450, '389,50', 'r'],
            [540, '779,00', 'r'],
          ]),
          ...row(214, [
            [400, 'Nettobetrag'],
            [540, '2.024,00 €', 'r'],
          ]),
          ...row(226, [
            [400, 'MwSt. 19 %'],
            [540, '384,56 €', 'r'],
          ]),
          ...row(238, [
            [400, 'Gesamtbetrag'],
            [540, '2.408,56 €', 'r'],
          ]),
        ],
      },
    ]);
    const result = extractPurchaseOrder(doc, { requireLineItems: true });
    expect(result.summary_data).toEqual({
      po_number: 'B-77120',
      po_date: '2026-03-02',
      delivery_date: '2026-03-20',
      vendor_name: 'Büro Meier AG',
      vendor_tax_id: 'DE129273398',
      vendor_address: 'Lindenweg 12, 80331 München',
      buyer_name: 'Beispiel Handels GmbH',
      buyer_tax_id: null,
      buyer_address: 'Hafenstraße 3, 20457 Hamburg',
      ship_to_address: null,
      payment_terms: '14 Tage 2 % Skonto',
      currency: 'EUR',
      subtotal: 2024,
      tax: 384.56,
      total: 2408.56,
    });
    expect(
      result.lineItems.map((l) => [l.product_code, l.description, l.quantity, l.unit, l.unit_price, l.amount]),
    ).toEqual([
      ['4711', 'Bürostuhl ergonomisch', 5, 'Stk', 249, 1245],
      ['4712', 'Schreibtisch 160x80', 2, 'Stk', 389.5, 779],
    ]);
    expect(result.validation.passed).toBe(true);
    expectProvenance(result, doc);
  });
});
