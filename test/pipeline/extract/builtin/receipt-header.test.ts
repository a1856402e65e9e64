// Receipts' own ways of printing the header fields: the total only as tendered - change, the date after an
// abbreviated label glued to it ("Dat.31.08.2015"), a number glued to its label's dot ("Bill no.3139") or to the
// words after it by OCR.
import { describe, expect, it } from 'vitest';
import { extractInvoice } from '../../../../src/pipeline/extract/builtin/index.js';
import { readIdentifier } from '../../../../src/pipeline/extract/builtin/values.js';
import { buildDocument, rightAt } from './build-document.js';

const OPTIONS = { requireLineItems: true, documentType: 'invoice' } as const;
const HINTS = { dateOrder: null } as never;

describe('total from the cash lines', () => {
  it('is tendered - change when no total label gives one and the amount is printed', () => {
    const doc = buildDocument([
      {
        lines: [
          [30, [200, 'Kaiser’s Tengelmann GmbH']],
          [44, [200, 'Lorettostraße 26']],
          [58, [200, '40219 Düsseldorf']],
          [100, [60, 'Wurst'], rightAt(400, '2,92')],
          [114, [60, 'Käse'], rightAt(400, '13,03')],
          [140, [60, 'Zwischensumme EUR'], rightAt(400, '15,95')],
          [154, [60, 'EURO'], rightAt(400, '20,00')],
          [168, [60, 'Rückgeld EUR'], rightAt(400, '4,05')],
          [220, [60, 'Dat.31.08.2015'], [200, 'Zeit19:22:02']],
        ],
      },
    ]);
    const { summary_data: s } = extractInvoice(doc, OPTIONS);
    expect(s.total).toBe(15.95);
    expect(s.invoice_date).toBe('2015-08-31');
  });

  it('never takes the cash handed over or the change as the total', () => {
    const doc = buildDocument([
      {
        lines: [
          [30, [200, 'CORNER GROCERY']],
          [100, [60, 'Bananas'], rightAt(400, '1.49')],
          [150, [60, 'TOTAL'], rightAt(400, '11.13')],
          [164, [60, 'CASH'], rightAt(400, '20.00')],
          [178, [60, 'CHANGE'], rightAt(400, '8.87')],
        ],
      },
    ]);
    expect(extractInvoice(doc, OPTIONS).summary_data.total).toBe(11.13);
  });

  it('stays unknown when tendered - change is printed nowhere', () => {
    const doc = buildDocument([
      {
        lines: [
          [30, [200, 'CORNER GROCERY']],
          [164, [60, 'CASH'], rightAt(400, '20.00')],
          [178, [60, 'CHANGE'], rightAt(400, '8.87')],
        ],
      },
    ]);
    expect(extractInvoice(doc, OPTIONS).summary_data.total).toBeNull();
  });
});

describe('identifiers glued to their neighbours', () => {
  it('drops the label abbreviation dot and refuses prose glued to the number', () => {
    expect(readIdentifier('.3139', HINTS)?.value).toBe('3139');
    expect(readIdentifier('.3139forgardenworkand disposal', HINTS)).toBeNull();
    expect(readIdentifier('2024-03-10t172205', HINTS)?.value).toBe('2024-03-10t172205');
  });
});
