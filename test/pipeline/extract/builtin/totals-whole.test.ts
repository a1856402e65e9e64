// Totals printed as whole numbers in a document whose other amounts carry cents (office-suite invoice templates:
// "SUBTOTAL 1440", "SUBTOTAL LESS DISCOUNT 1436", "TOTAL TAX 100.52"): taken only when subtotal + tax = total
// holds with them, never alone.
import { describe, expect, it } from 'vitest';
import { extractInvoice } from '../../../../src/pipeline/extract/builtin/index.js';
import { buildDocument, rightAt } from './build-document.js';

const OPTIONS = { requireLineItems: true, documentType: 'invoice' } as const;

const invoice = (totals: Array<[string, string]>) =>
  buildDocument([
    {
      lines: [
        [100, [60, 'DESCRIPTION'], [300, 'QTY/HR'], [380, 'UNIT PRICE'], [470, 'TOTAL']],
        [115, [20, 'Installed new kitchen sink'], rightAt(368, '8'), rightAt(445, '90'), rightAt(520, '720')],
        [130, [20, 'Nest smart thermostat'], rightAt(368, '8'), rightAt(445, '90'), rightAt(520, '720')],
        ...totals.map(([label, value], i) =>
          value === ''
            ? ([200 + i * 14, [400, label]] as const)
            : ([200 + i * 14, [400, label], rightAt(520, value)] as const),
        ),
      ],
    },
  ]);

describe('whole-number totals among amounts with cents', () => {
  it('takes the net after a discount that closes subtotal + tax = total, over the subtotal before it', () => {
    const doc = invoice([
      ['SUBTOTAL', '1440'],
      ['DISCOUNT', '4'],
      ['SUBTOTAL', ''],
      ['LESS DISCOUNT', '1436'],
      ['TAX RATE', '7.00%'],
      ['TOTAL TAX', '100.52'],
      ['BALANCE DUE', '$1,536.52'],
    ]);
    const { summary_data: s } = extractInvoice(doc, OPTIONS);
    expect([s.subtotal, s.tax, s.total]).toEqual([1436, 100.52, 1536.52]);
  });

  it('reports none that the arithmetic does not confirm', () => {
    const doc = invoice([
      ['SUBTOTAL', '1440'],
      ['LESS DISCOUNT', '50'],
      ['TOTAL TAX', '100.52'],
      ['BALANCE DUE', '$1,536.52'],
    ]);
    expect(extractInvoice(doc, OPTIONS).summary_data.subtotal).toBeNull();
  });

  it('reads the amount beside a label before a whole number in the label\'s own cell ("IVA 22" is the rate)', () => {
    const doc = buildDocument([
      {
        lines: [
          [100, [60, 'Articolo'], [300, 'Q.tà'], [380, 'Prezzo unit.'], [470, 'Totale']],
          [115, [60, 'Carta A4 risme'], rightAt(330, '9'), rightAt(445, '29,20'), rightAt(520, '262,80')],
          [214, [300, 'IVA 22'], rightAt(520, '57,82 EUR')],
          [228, [300, 'Totale'], rightAt(520, '320,62 EUR')],
        ],
      },
    ]);
    const { summary_data: s } = extractInvoice(doc, OPTIONS);
    expect([s.tax, s.total]).toEqual([57.82, 320.62]);
  });
});
