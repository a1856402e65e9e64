// A VAT breakdown's columns add up by construction (the tax per rate, then the tax in all), so amounts of one column
// adding up prove nothing about subtotal + tax = total: a tax-inclusive receipt keeps its labelled total.
import { describe, expect, it } from 'vitest';
import { extractInvoice } from '../../../../src/pipeline/extract/builtin/index.js';
import { buildDocument, rightAt } from './build-document.js';

const OPTIONS = { requireLineItems: false, documentType: 'invoice' } as const;

const receipt = (tail: ReadonlyArray<readonly [number, ...Array<readonly [number, string]>]>) =>
  buildDocument([
    {
      source: 'ocr',
      confidence: 0.95,
      lines: [
        [40, [60, 'HIPERMARCHE EXEMPLU']],
        [60, [60, 'BON FISCAL']],
        [90, [60, 'STICKERE 1 BUC X 16,00'], rightAt(300, '16,00 D')],
        [104, [60, 'NUTELLA 1 BUC X 19,40'], rightAt(300, '19,40 B')],
        ...tail,
      ],
    },
  ]);

describe('sums down one column of a VAT breakdown', () => {
  it('keeps the labelled total of a tax-inclusive receipt over two rates adding up to the tax row', () => {
    const doc = receipt([
      [130, [60, 'TOTAL:'], rightAt(300, '168,95')],
      [144, [60, 'CARD'], rightAt(300, '168,95')],
      [170, [60, 'TVA'], [180, 'VALOARE'], [260, 'TOTAL']],
      [184, [60, 'B-TVA 9%'], rightAt(220, '2,63'), rightAt(300, '31,85')],
      [198, [60, 'D-TVA 19%'], rightAt(220, '21,89'), rightAt(300, '137,10')],
      [212, [60, 'TOTAL TAXE:'], rightAt(220, '24,52')],
    ]);
    const { summary_data: s } = extractInvoice(doc, OPTIONS);
    expect([s.subtotal, s.tax, s.total]).toEqual([null, 24.52, 168.95]);
  });

  it('still takes net + tax = gross from the totals row across the columns', () => {
    const doc = receipt([
      [130, [60, 'SUMME EUR'], rightAt(300, '10,56')],
      [170, [60, 'Steuer %'], [140, 'Netto'], [200, 'Steuer'], [250, 'Brutto']],
      [184, [60, 'A= 19,0%'], rightAt(170, '4,52'), rightAt(230, '0,86'), rightAt(300, '5,38')],
      [198, [60, 'B= 7,0%'], rightAt(170, '4,84'), rightAt(230, '0,34'), rightAt(300, '5,18')],
      [212, [60, 'Gesamtbetrag'], rightAt(170, '9,36'), rightAt(230, '1,20'), rightAt(300, '10,56')],
    ]);
    const { summary_data: s } = extractInvoice(doc, OPTIONS);
    expect([s.subtotal, s.tax, s.total]).toEqual([9.36, 1.2, 10.56]);
  });
});
