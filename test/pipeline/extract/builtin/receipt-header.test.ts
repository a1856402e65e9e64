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

describe('families found by the second author’s synthetic layouts (blind run, docs/synthetic-data.md)', () => {
  it('reads a till date printed at the bottom beside a labelled time ("05/01/2019 Hora 12:49")', () => {
    for (const [time, iso] of [
      ['05/01/2019 Hora 12:49', '2019-01-05'],
      ['22.11.2022 Zeit: 20:29', '2022-11-22'],
      ['09/04/2021 Heure 09h15', '2021-04-09'],
    ] as const) {
      const doc = buildDocument([
        {
          lines: [
            [30, [80, 'Suministros Torres S.L.']],
            [100, [20, 'PAN DE BARRA'], rightAt(200, '2,55 B')],
            [120, [20, 'TOTAL'], rightAt(200, '2,55 €')],
            [200, [20, 'Ticket nº 58076']],
            [210, [20, time]],
          ],
        },
      ]);
      expect(extractInvoice(doc, OPTIONS).summary_data.invoice_date, time).toBe(iso);
    }
  });

  it('reads credit-note and simplified-invoice numbers under their own labels', () => {
    for (const [label, value] of [
      ['Nº de abono', 'R-20242728'],
      ['Nº rectificativa', 'AB20227880'],
      ["N° d'avoir", 'AV-20235941'],
      ['Gutschrift-Nr.', 'GS-2024-118'],
      ['Creditnota nr.', 'CN20245'],
      ['N. nota di credito', 'NC-20199644'],
      ['Factura simplificada', '16185'],
    ] as const) {
      const doc = buildDocument([
        {
          lines: [
            [30, [60, 'Navarro & Ruiz S.L.']],
            [60, [300, label], [420, value]],
            [120, [60, 'Total'], rightAt(500, '-42,55')],
          ],
        },
      ]);
      expect(extractInvoice(doc, OPTIONS).summary_data.invoice_number, label).toBe(value);
    }
  });
});

describe('a letter dated by its place line, beside a billing period', () => {
  it('takes "Köln, 4. Februar 2024", not the period start after "Abrechnungszeitraum" (a label, not a title)', () => {
    const doc = buildDocument([
      {
        lines: [
          [48, [267, 'Richter Büroservice GmbH & Co. KG']],
          [
            123,
            [50, 'Richter Büroservice GmbH · Gartenweg 19 · 06815 Köln'],
            [357, 'Abrechnungszeitraum'],
            [440, '1. Januar 2024 - 28. Januar 2024'],
          ],
          [142, [50, 'Fischer & Wolf e.K.']],
          [262, [457, 'Köln, 4. Februar 2024']],
          [281, [50, 'Rechnung 2024-12730']],
          [387, [335, 'Nettobetrag'], rightAt(520, '16,50 €')],
          [417, [335, 'Gesamtbetrag'], rightAt(520, '19,64 €')],
        ],
      },
    ]);
    const { summary_data: s } = extractInvoice(doc, OPTIONS);
    expect(s.invoice_date).toBe('2024-02-04');
    expect(s.invoice_number).toBe('2024-12730');
  });
});

describe('order references printed with their prefix', () => {
  it('keeps "PO-69897" whole when it stands in its own cell after an unlabelled reference', () => {
    const doc = buildDocument([
      {
        lines: [
          [30, [60, 'De Boer & Meijer V.O.F.']],
          [60, [60, 'Factuurnummer: 2023-4411']],
          [75, [60, 'Uw referentie:'], [160, 'PO-69897']],
          [120, [60, 'Totaal'], rightAt(500, '42,55')],
        ],
      },
    ]);
    expect(extractInvoice(doc, OPTIONS).summary_data.po_number).toBe('PO-69897');
  });
});

describe('a document that prints one date', () => {
  const receipt = (rows: readonly string[]) =>
    buildDocument([
      {
        lines: [
          [30, [80, 'KEDAI RUNCIT MAJU']],
          [100, [20, 'ROTI'], rightAt(200, '2.50')],
          [120, [20, 'TOTAL'], rightAt(200, '2.50')],
          ...rows.map((text, i): [number, [number, string]] => [200 + 14 * i, [20, text]]),
        ],
      },
    ]);

  it('is dated by it when OCR garbled the time beside it (no label, no time, no place)', () => {
    for (const [row, iso] of [
      ['04.12.2014 1126', '2014-12-04'],
      ['Kasse:3 31.08.2015', '2015-08-31'],
      ['17-01-2024 15 3144', '2024-01-17'],
    ] as const) {
      expect(extractInvoice(receipt([row, 'TERIMA KASIH']), OPTIONS).summary_data.invoice_date, row).toBe(iso);
    }
    // Printed twice, the same date: still the one date.
    expect(extractInvoice(receipt(['Kasse:3 04.12.2014', 'Bon 04.12.2014']), OPTIONS).summary_data.invoice_date).toBe(
      '2014-12-04',
    );
  });

  it('is not dated when a second date is printed anywhere, or the only date is labelled as another', () => {
    expect(
      extractInvoice(receipt(['Kasse:3 04.12.2014', 'Gültig bis 31.12.2014']), OPTIONS).summary_data.invoice_date,
    ).toBe(null);
    expect(extractInvoice(receipt(['Due date: 04.12.2014']), OPTIONS).summary_data.invoice_date).toBe(null);
  });
});

describe('a till that sums its taxes under "Total taxes"', () => {
  it('reads that sum as the tax, and the total from its own line', () => {
    for (const label of ['TOTAL TAXE:', 'Total taxes', 'TOTAL DES TAXES']) {
      const doc = buildDocument([
        {
          lines: [
            [30, [80, 'HIPERMARCHE EXEMPLE']],
            [100, [20, 'PAINE'], rightAt(200, '3,60 B')],
            [120, [20, 'NUTELLA'], rightAt(200, '19,40 B')],
            [140, [20, 'TOTAL:'], rightAt(200, '23,00')],
            [160, [20, 'CARD'], rightAt(200, '23,00')],
            [200, [20, 'B-TVA 9%'], [90, '1,90'], rightAt(200, '23,00')],
            [220, [20, label], [90, '1,90']],
          ],
        },
      ]);
      const summary = extractInvoice(doc, OPTIONS).summary_data;
      expect([summary.total, summary.tax], label).toEqual([23, 1.9]);
    }
  });
});

describe('currency of a receipt that prints none', () => {
  // As PaddleOCR reads a French café receipt: its dictionary has no "€", so no amount carries a sign.
  const lines = (country: string) =>
    buildDocument([
      {
        lines: [
          [30, [200, `Starbucks Coffee ${country}`]],
          [44, [200, '13, Bd Saint Michel']],
          [100, [60, '1 PUMPKIN SPICE LATTE'], rightAt(400, '4,60')],
          [130, [60, 'TOTAL H.T.'], rightAt(400, '4,30')],
          [144, [60, 'TVA'], rightAt(400, '0,30')],
          [158, [60, 'TOTAL NET'], rightAt(400, '4,60')],
        ],
      },
    ]);

  it('is the euro when the receipt names a euro-area state, with that line as its evidence', () => {
    const result = extractInvoice(lines('France'), OPTIONS);
    expect(result.summary_data.currency).toBe('EUR');
    expect(result.fields['summary_data.currency']).toMatchObject({ raw: 'Starbucks Coffee France', page: 1 });
  });

  it('stays unknown when a state with its own currency is printed', () => {
    expect(extractInvoice(lines('Romania'), OPTIONS).summary_data.currency).toBeNull();
  });

  it('is inferred as the euro, less surely, from French labels and decimal commas when no state is named', () => {
    const named = extractInvoice(lines('France'), OPTIONS).fields['summary_data.currency']!;
    const result = extractInvoice(lines('Europe'), OPTIONS);
    expect(result.summary_data.currency).toBe('EUR');
    expect(result.fields['summary_data.currency']!.confidence).toBeLessThan(named.confidence);
  });
});

describe('a vendor name OCR read with digits for letters', () => {
  const receipt = (source: 'ocr' | 'text') =>
    buildDocument([
      {
        source,
        // As PaddleOCR reads such rows (0.94-0.97 on the real captures); below 0.9 a guessed name is refused.
        confidence: 0.95,
        lines: [
          [30, [200, 'PERN1AGAAN ZHENG HUI']],
          [44, [200, 'NO 18, JALAN LANGSAT']],
          [100, [60, 'NASI LEMAK'], rightAt(400, '4.50')],
          [150, [60, 'TOTAL'], rightAt(400, '4.50')],
        ],
      },
    ]);

  it('reads them back as letters on an OCR page, and keeps what OCR read as the evidence', () => {
    const result = extractInvoice(receipt('ocr'), OPTIONS);
    expect(result.summary_data.vendor_name).toBe('PERNIAGAAN ZHENG HUI');
    expect(result.fields['summary_data.vendor_name']?.raw).toBe('PERN1AGAAN ZHENG HUI');
  });

  it('leaves a PDF text layer as printed', () => {
    expect(extractInvoice(receipt('text'), OPTIONS).summary_data.vendor_name).toBe('PERN1AGAAN ZHENG HUI');
  });
});

describe('a faded totals block OCR misread', () => {
  // As PaddleOCR reads the CORD sample of harvest: a spaced "T O T A L" came out as "TOTAY", "CHANGE" 25,400 as 28,400.
  const receipt = (source: 'ocr' | 'text') =>
    buildDocument([
      {
        source,
        confidence: 0.95,
        lines: [
          [100, [60, 'ICE BLACKCOFFE'], [250, '2'], rightAt(400, '82,000')],
          [114, [60, 'AVOCADO COFFEE'], [250, '1'], rightAt(400, '61,000')],
          [128, [60, 'CHIKEN KATSU FF'], [250, '1'], rightAt(400, '51,000')],
          [160, [120, 'SUE T8TAL'], rightAt(400, '194,000')],
          [174, [120, 'DISOOONT'], rightAt(400, '19,400')],
          [188, [120, 'TOTAY'], rightAt(400, '174,600')],
          [202, [120, 'CASH'], rightAt(400, '200,000')],
          [216, [120, 'CHANGE'], rightAt(400, '28,400')],
        ],
      },
    ]);

  it('takes a one-word label one letter off "TOTAL" as the total on an OCR page', () => {
    expect(extractInvoice(receipt('ocr'), OPTIONS).summary_data.total).toBe(174600);
  });

  it('does not on a text layer, which has no misread letters', () => {
    expect(extractInvoice(receipt('text'), OPTIONS).summary_data.total).not.toBe(174600);
  });
});

describe('a receipt date whose neighbours OCR misread', () => {
  const receipt = (dateLine: string, footer = 'TERIMA KASIH') =>
    buildDocument([
      {
        source: 'ocr',
        confidence: 0.95,
        lines: [
          [30, [200, 'ALFAMART']],
          [60, [60, dateLine]],
          [100, [60, 'MARLBORO LGT 20'], rightAt(400, '44,900')],
          [130, [60, 'Total Item'], rightAt(400, '44,900')],
          [170, [60, footer]],
        ],
      },
    ]);

  it('reads the date after a label whose dot became a comma ("Dat,31.08.2015")', () => {
    const { summary_data: s } = extractInvoice(receipt('Dat,31.08.2015 Zeit19:22:02'), OPTIONS);
    expect(s.invoice_date).toBe('2015-08-31');
  });

  it('takes the date of sale with a time whose 1 was read as I ("17-01-2024 I5:31:44")', () => {
    // A second date on the receipt (an offer's end), so the date is not simply the only one printed.
    const doc = receipt('17-01-2024 I5:31:44 V.2023.11.0', 'Promo berlaku s/d 31-03-2024');
    expect(extractInvoice(doc, OPTIONS).summary_data.invoice_date).toBe('2024-01-17');
  });
});
