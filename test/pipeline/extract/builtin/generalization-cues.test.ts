// Cues found by the synthetic documents (bench/synth.ts: layouts and locales the rules were not written for), each
// a way real invoices and receipts print a field: a receipt's reference followed by its date on one row, a bare
// "Number:" under the title, the tax contained in a receipt's total, Dutch and British legal forms, a letterhead
// set apart from its address.
import { describe, expect, it } from 'vitest';
import { extractInvoice } from '../../../../src/pipeline/extract/builtin/index.js';
import { buildDocument, rightAt } from './build-document.js';

// Receipts are read by the invoice engine, as invoices.
const RECEIPT = { requireLineItems: false, documentType: 'invoice' } as const;
const INVOICE = { requireLineItems: false, documentType: 'invoice' } as const;

describe('receipt references', () => {
  it.each([
    ['Receipt No. 59766 September 20, 2021 16:25', '59766'],
    ['N° ticket 65219', '65219'],
    ['Bon 19398', '19398'],
    ['Scontrino n. 51658', '51658'],
    ['Bon-Nr.:6197', '6197'],
  ])('"%s" gives %s', (row, number) => {
    const doc = buildDocument([
      {
        lines: [
          [20, [40, 'CORNER GROCERY']],
          [60, [20, row]],
          [90, [20, 'MILK'], rightAt(200, '2.10')],
          [110, [20, 'TOTAL'], rightAt(200, '2.10')],
        ],
      },
    ]);
    expect(extractInvoice(doc, RECEIPT).summary_data.invoice_number).toBe(number);
  });

  it('a short number after the word alone is no reference ("Bon 2")', () => {
    const doc = buildDocument([
      {
        lines: [
          [20, [40, 'CORNER GROCERY']],
          [60, [20, 'Bon 2']],
          [110, [20, 'TOTAL'], rightAt(200, '2.10')],
        ],
      },
    ]);
    expect(extractInvoice(doc, RECEIPT).summary_data.invoice_number).toBeNull();
  });
});

describe('a bare "Number" label', () => {
  it('names the invoice number under the title; a named reference on the page still wins', () => {
    const lines = (customer: boolean) =>
      buildDocument([
        {
          lines: [
            [40, [40, 'INVOICE']],
            [70, [40, 'Number:'], [120, 'INV-93013']],
            [84, [40, 'Date:'], [120, 'September 23, 2025']],
            ...(customer ? ([[98, [40, 'Invoice No.'], [120, 'F-77']]] as const) : []),
            [140, [40, 'Total'], rightAt(300, '$10.00')],
          ],
        },
      ]);
    expect(extractInvoice(lines(false), INVOICE).summary_data.invoice_number).toBe('INV-93013');
    expect(extractInvoice(lines(true), INVOICE).summary_data.invoice_number).toBe('F-77');
  });
});

describe('tax contained in a receipt total', () => {
  it.each([
    ['incl. VAT 20%', '£10.63', 'TOTAL DUE', '£63.80'],
    ['dont TVA 20%', '10,63', 'TOTAL', '63,80'],
    ['di cui IVA 22%', '10,63', 'TOTALE', '63,80'],
    ['waarvan BTW 21%', '10,63', 'Totaal', '63,80'],
  ])('"%s %s" is the tax, not the total', (label, tax, totalLabel, total) => {
    const doc = buildDocument([
      {
        lines: [
          [20, [40, 'CORNER GROCERY']],
          [90, [20, 'GOODS'], rightAt(200, total)],
          [110, [20, totalLabel], rightAt(200, total)],
          [124, [20, label], rightAt(200, tax)],
        ],
      },
    ]);
    const s = extractInvoice(doc, RECEIPT).summary_data;
    expect([s.total, s.tax]).toEqual([63.8, 10.63]);
  });

  it('"Incl. BTW" alone still labels the gross total', () => {
    const doc = buildDocument([
      {
        lines: [
          [40, [40, 'FACTUUR']],
          [110, [300, 'Excl. BTW'], rightAt(520, '€ 100,00')],
          [124, [300, 'BTW 21%'], rightAt(520, '€ 21,00')],
          [138, [300, 'Incl. BTW'], rightAt(520, '€ 121,00')],
        ],
      },
    ]);
    expect(extractInvoice(doc, INVOICE).summary_data.total).toBe(121);
  });
});

describe('vendors', () => {
  it('knows Dutch legal forms written with dots and the British lower-case plc', () => {
    for (const name of ['Jansen Bouw V.O.F.', 'Ashworth & Holloway plc']) {
      const doc = buildDocument([
        {
          lines: [
            [42, [400, name]],
            [68, [400, 'Molenweg 1']],
            [117, [40, 'Factuuradres'], [300, 'INVOICE']],
            [136, [40, 'Meijer ICT Diensten N.V.']],
            [300, [300, 'Total'], rightAt(520, '€ 121,00')],
          ],
        },
      ]);
      expect(extractInvoice(doc, INVOICE).summary_data.vendor_name).toBe(name);
    }
  });

  it('a letterhead above its address, a blank line apart, is the vendor, not the town row of that address', () => {
    const doc = buildDocument([
      {
        lines: [
          [45, [50, 'Thompson Catering']],
          [77, [50, '25 Mill Lane']],
          [91, [50, 'Bristol']],
          [104, [50, 'HM17 8GV']],
          [172, [50, 'Billed To']],
          [186, [50, 'Kingsley Hughes']],
          [200, [50, '229 Victoria Road']],
          [214, [50, 'York']],
          [228, [50, 'FN11 1JE']],
          [400, [300, 'Total'], rightAt(520, '£ 121.00')],
        ],
      },
    ]);
    expect(extractInvoice(doc, INVOICE).summary_data.vendor_name).toBe('Thompson Catering');
  });
});
