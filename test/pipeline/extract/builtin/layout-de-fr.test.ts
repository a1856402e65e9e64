// The layout path on invoices built in code: a German one and a French one, with labels, blocks, a table and a
// totals block in each language's number and date formats.
import { describe, expect, it } from 'vitest';
import { extractInvoice } from '../../../../src/pipeline/extract/builtin/index.js';
import { buildDocument, rightAt, type PageSpec } from './build-document.js';

const OPTIONS = { requireLineItems: true, documentType: 'invoice' } as const;

describe('German invoice', () => {
  const doc = buildDocument([
    {
      lines: [
        [40, [50, 'Muster Software GmbH · Hauptstraße 5 · 10115 Berlin']],
        [70, [50, 'Beispiel AG'], [360, 'Rechnungsnummer:'], [470, 'RE-2026-0815']],
        [82, [50, 'z. Hd. Frau Weber'], [360, 'Rechnungsdatum:'], [470, '05.03.2026']],
        [94, [50, 'Industriestr. 12'], [360, 'Fällig am:'], [470, '04.04.2026']],
        [106, [50, '80331 München'], [360, 'Ihre Bestellnummer:'], [470, 'B-4711']],
        [150, [50, 'RECHNUNG']],
        [180, [50, 'Pos.'], [80, 'Bezeichnung'], [300, 'Menge'], [360, 'Einzelpreis'], rightAt(540, 'Gesamt')],
        [
          196,
          [50, '1'],
          [80, 'Beratung Datenschutz'],
          [300, '10 Std.'],
          rightAt(410, '120,00'),
          rightAt(540, '1.200,00'),
        ],
        [208, [80, 'vor Ort in München']],
        [224, [50, '2'], [80, 'Lizenz Jahresabo'], [300, '3 Stk.'], rightAt(410, '49,90'), rightAt(540, '149,70')],
        [270, [360, 'Nettobetrag'], rightAt(540, '1.349,70 €')],
        [284, [360, 'zzgl. 19% MwSt.'], rightAt(540, '256,44 €')],
        [298, [360, 'Gesamtbetrag'], rightAt(540, '1.606,14 €')],
        [340, [50, 'Zahlbar innerhalb 30 Tagen ohne Abzug.']],
        [780, [50, 'Muster Software GmbH'], [250, 'USt-IdNr. DE136695976'], [420, 'IBAN DE89 3704 0044 0532 0130 00']],
      ],
    },
  ]);
  const result = extractInvoice(doc, OPTIONS);

  it('reads the header fields from their labels', () => {
    expect(result.summary_data).toMatchObject({
      invoice_number: 'RE-2026-0815',
      invoice_date: '2026-03-05',
      due_date: '2026-04-04',
      po_number: 'B-4711',
      currency: 'EUR',
      vendor_name: 'Muster Software GmbH',
      vendor_tax_id: 'DE136695976',
      buyer_name: 'Beispiel AG',
    });
    expect(result.extraction).toMatchObject({
      engine: 'builtin',
      method: 'layout',
      language: 'de',
      pages: 1,
      ocr_pages: 0,
    });
  });

  it('reads German amounts exactly and checks them', () => {
    expect(result.summary_data).toMatchObject({ subtotal: 1349.7, tax: 256.44, total: 1606.14 });
    expect(result.validation.passed).toBe(true);
    const sum = result.validation.checks.find((c) => c.name === 'subtotal_plus_tax_equals_total');
    expect(sum).toMatchObject({ passed: true, expected: 1606.14, actual: 1606.14 });
  });

  it('reads the table, joining a description continued on the next line', () => {
    expect(result.lineItems).toEqual([
      {
        description: 'Beratung Datenschutz\nvor Ort in München',
        quantity: 10,
        unit_price: 120,
        amount: 1200,
        unit: 'Std',
        tax_rate: null,
      },
      { description: 'Lizenz Jahresabo', quantity: 3, unit_price: 49.9, amount: 149.7, unit: 'Stk', tax_rate: null },
    ]);
    expect(
      result.validation.checks
        .filter((c) => c.name === 'line_quantity_times_unit_price_equals_amount')
        .map((c) => c.passed),
    ).toEqual([true, true]);
    expect(result.validation.checks.find((c) => c.name === 'line_items_sum_equals_subtotal')?.passed).toBe(true);
  });

  it('gives every value its provenance: page, the box of its words, the printed text', () => {
    const total = result.fields['summary_data.total'];
    expect(total).toMatchObject({ source: 'text', page: 1, raw: '1.606,14 €' });
    expect(total?.bbox?.y).toBe(298);
    expect(total?.bbox?.x).toBeGreaterThan(480);
    expect(result.fields['summary_data.invoice_number']).toMatchObject({ raw: 'RE-2026-0815', page: 1 });
    expect(result.fields['lineItems[1].amount']).toMatchObject({ raw: '149,70' });
    for (const [key, value] of Object.entries(result.summary_data)) {
      if (value === null) expect(result.fields[`summary_data.${key}`]).toBeUndefined();
      else expect(result.fields[`summary_data.${key}`]?.confidence).toBeGreaterThan(0);
    }
  });
});

describe('French invoice', () => {
  const doc = buildDocument([
    {
      lines: [
        [40, [50, 'Atelier Dupont SARL']],
        [52, [50, '12 rue de la Paix']],
        [64, [50, '75002 Paris']],
        [76, [50, 'N° TVA : FR40303265045']],
        [120, [330, 'Facturé à :']],
        [132, [330, 'Librairie Martin']],
        [144, [330, '3 place Bellecour']],
        [156, [330, '69002 Lyon']],
        [200, [50, 'Facture n° F-2026-031']],
        [214, [50, 'Date de facture : 15/03/2026']],
        [228, [50, "Date d'échéance : 14/04/2026"]],
        [270, [50, 'Désignation'], [300, 'Qté'], [360, 'PU HT'], rightAt(540, 'Montant HT')],
        [286, [50, 'Reliure cuir'], [300, '2'], rightAt(400, '1 050,00'), rightAt(540, '2 100,00')],
        [300, [50, 'Dorure à chaud'], [300, '4'], rightAt(400, '12,50'), rightAt(540, '50,00')],
        [350, [360, 'Total HT'], rightAt(540, '2 150,00 €')],
        [364, [360, 'TVA 20 %'], rightAt(540, '430,00 €')],
        [378, [360, 'Total TTC'], rightAt(540, '2 580,00 €')],
        [392, [360, 'Net à payer'], rightAt(540, '2 580,00 €')],
      ],
    },
  ]);
  const result = extractInvoice(doc, OPTIONS);

  it('reads French labels, day-first dates and space-grouped amounts', () => {
    expect(result.summary_data).toMatchObject({
      invoice_number: 'F-2026-031',
      invoice_date: '2026-03-15',
      due_date: '2026-04-14',
      currency: 'EUR',
      vendor_name: 'Atelier Dupont SARL',
      vendor_tax_id: 'FR40303265045',
      buyer_name: 'Librairie Martin',
      buyer_address: '3 place Bellecour, 69002 Lyon',
      subtotal: 2150,
      tax: 430,
      total: 2580,
      amount_due: 2580,
    });
    expect(result.extraction.language).toBe('fr');
  });

  it('reads the table', () => {
    expect(result.lineItems.map((l) => [l.description, l.quantity, l.unit_price, l.amount])).toEqual([
      ['Reliure cuir', 2, 1050, 2100],
      ['Dorure à chaud', 4, 12.5, 50],
    ]);
    expect(result.validation.passed).toBe(true);
  });
});

describe('German letter-style invoice (insurer): no date label, collection by direct debit', () => {
  const doc = buildDocument([
    {
      lines: [
        [60, [50, 'MVM Versicherungsverein a.G.']],
        [100, [50, 'Herrn Max Mustermann']],
        [112, [50, 'Musterstr. 11, 12346 Bad Musterhausen']],
        [160, [50, 'Versicherungsvertrag Nr: 00.123.456.7'], [420, '18. April 2014']],
        [190, [50, 'für den Zeitraum vom 21.05.2014 bis 21.05.2015 berechnen wir:']],
        [230, [50, 'Gesamtbeitrag'], rightAt(540, '1.000,00 €')],
        [244, [50, 'Versicherungsteuer'], rightAt(540, '163,40 €')],
        [258, [50, 'Rechnungsbetrag'], rightAt(540, '1.163,40 €')],
        [300, [50, 'Der Betrag wird am 21.05.2014 von Ihrem Konto DE75 1234 5678 0000 0012 34']],
        [312, [50, 'per SEPA-Lastschrift eingezogen.']],
      ],
    },
  ]);
  const result = extractInvoice(doc, OPTIONS);

  it('dates the invoice by the unlabelled date of the letter, not by the period', () => {
    expect(result.summary_data.invoice_date).toBe('2014-04-18');
    expect(result.fields['summary_data.invoice_date']).toMatchObject({ page: 1, raw: '18. April 2014' });
  });

  it('takes the direct-debit collection date as the due date', () => {
    expect(result.summary_data.due_date).toBe('2014-05-21');
  });
});

describe('a date range at the top is not the invoice date', () => {
  it('leaves the invoice date null when the only dates open and close a period', () => {
    const doc = buildDocument([
      {
        lines: [
          [60, [50, 'Abrechnung Nr: 4711']],
          [80, [50, 'Zeitraum vom'], [200, '01.09.2013']],
          [80, [300, 'bis 30.09.2013']],
          [200, [50, 'Summe'], rightAt(540, '10,00 €')],
        ],
      },
    ]);
    expect(extractInvoice(doc, OPTIONS).summary_data.invoice_date).toBeNull();
  });
});

describe('German credit note whose tax is printed without its minus sign', () => {
  const doc = buildDocument([
    {
      lines: [
        [60, [50, 'Rechnungskorrektur Nr. RK21012345 vom 16.09.2018']],
        [200, [50, 'Rechnungsrabatt 1'], [200, 'MwSt. % 19,0']],
        [230, [50, 'Umsatzsteuer (S)'], [200, '-4,85'], [300, '19'], rightAt(540, '-0,92')],
        [244, [50, 'Umsatzsteuer (S)'], [200, '-2,82'], [300, '7'], rightAt(540, '-0,20')],
        [280, [295, 'Rechnungssumme ohne USt.'], rightAt(540, '-7,67')],
        [294, [295, 'Steuerbetrag in EUR'], rightAt(540, '1,12')],
        [308, [295, 'Bruttosumme'], rightAt(540, '-8,79')],
      ],
    },
  ]);
  const result = extractInvoice(doc, OPTIONS);

  it('keeps subtotal + tax = total by giving the tax the sign of the others', () => {
    expect(result.summary_data).toMatchObject({ subtotal: -7.67, tax: -1.12, total: -8.79 });
    expect(result.fields['summary_data.tax']).toMatchObject({ raw: '1,12' });
    expect(result.validation.checks.find((c) => c.name === 'subtotal_plus_tax_equals_total')?.passed).toBe(true);
  });
});

describe('an invoice whose VAT row could not be read', () => {
  const doc = buildDocument([
    {
      lines: [
        [60, [50, 'Rechnung Nr. RE-507 vom 10.06.2019']],
        [200, [50, 'Nettobetrag:'], rightAt(540, '496,00 €')],
        [214, [50, 'zuzüglich MwSt.']],
        [260, [50, 'Zahlbetrag:'], rightAt(540, '571,04 €')],
      ],
    },
  ]);
  const result = extractInvoice(doc, OPTIONS);

  it('takes the amount due as the total and the tax as their difference, both marked as derived', () => {
    expect(result.summary_data).toMatchObject({ subtotal: 496, total: 571.04, amount_due: 571.04, tax: 75.04 });
    expect(result.fields['summary_data.tax']).toMatchObject({ source: 'derived' });
    expect(result.fields['summary_data.total']).toMatchObject({ raw: '571,04 €' });
  });

  it('derives no tax when the difference is not a plausible rate', () => {
    const odd = buildDocument([
      {
        lines: [
          [60, [50, 'Rechnung Nr. 9']],
          [200, [50, 'Nettobetrag:'], rightAt(540, '100,00 €')],
          [214, [50, 'MwSt.']],
          [260, [50, 'Gesamtbetrag:'], rightAt(540, '250,00 €')],
        ],
      },
    ]);
    expect(extractInvoice(odd, OPTIONS).summary_data.tax).toBeNull();
  });
});

describe('OCR damage around party names', () => {
  it('ends a sender-line name at its legal form when the bullet after it was lost', () => {
    const doc = buildDocument([
      {
        lines: [
          [100, [50, 'Bei Spiel GmbH Ecke12 e 12345 Stadthausen e Germany']],
          [120, [50, 'Theodor Est']],
          [132, [50, 'Bahnstr. 42']],
          [144, [50, '88802 Spielkreis']],
          [200, [50, 'Rechnung # RE-507 vom 10.06.2019']],
        ],
      },
    ]);
    const result = extractInvoice(doc, OPTIONS);
    expect(result.summary_data.vendor_name).toBe('Bei Spiel GmbH');
    expect(result.summary_data.buyer_name).toBe('Theodor Est');
  });

  it('strips table rules read as characters, and takes no year for a postcode', () => {
    const doc = buildDocument([
      {
        lines: [
          [40, [50, 'Stylesheet zur Lesbarmachung der XML-Daten']],
          [52, [50, 'Version: 2.1 vom 24.03.2020']],
          [64, [50, '(c) AWV e.V. 2020']],
          [100, [50, 'Rechnungsersteller']],
          [112, [50, '| Lieferant GmbH']],
          [124, [50, 'Lieferantenstraße 20']],
          [136, [50, '80333 München']],
          [200, [50, 'Rechnungsnummer'], [300, '471102']],
        ],
      },
    ]);
    const result = extractInvoice(doc, OPTIONS);
    expect(result.summary_data.vendor_name).toBe('Lieferant GmbH');
    expect(result.summary_data.buyer_name ?? '').not.toMatch(/Stylesheet/);
  });
});

describe('a table whose quantity column header was lost', () => {
  it('takes as quantity the number that times the unit price makes the amount, not an article number', () => {
    const doc = buildDocument([
      {
        lines: [
          [60, [50, 'Rechnung Nr. 4711 vom 05.03.2026']],
          [200, [50, 'Artikelbezeichnung'], [330, 'Nettopreis'], rightAt(540, 'Nettowert')],
          [
            216,
            [50, '4123456000014 ZS997 100,0000 Stk. Zitronensäure'],
            rightAt(380, '1,0000'),
            rightAt(540, '100,00'),
          ],
          [232, [50, '4123456000021 GZ250 10,0000 Stk. Gelierzucker'], rightAt(380, '0,0000'), rightAt(540, '0,00')],
          [248, [50, '4100130013294 2031 15 Bierbrau Pils'], rightAt(380, '12,0000'), rightAt(540, '180,00')],
        ],
      },
    ]);
    const items = extractInvoice(doc, OPTIONS).lineItems;
    expect(items.map((i) => [i.quantity, i.unit_price, i.amount])).toEqual([
      [100, 1, 100],
      [10, 0, 0],
      [15, 12, 180],
    ]);
  });
});

describe('a letterhead right above the window envelope', () => {
  it("does not take the addressee's rows for the vendor's address", () => {
    const doc = buildDocument([
      {
        lines: [
          [60, [50, 'MVM Musterhafter']],
          [72, [50, 'Versicherungsverein Musterstadt a.G.']],
          [96, [50, 'Herrn']],
          [108, [50, 'Max Mustermann']],
          [120, [50, 'Musterstr. 11']],
          [132, [50, '12346 Bad Musterhausen']],
          [200, [50, 'Beitragsrechnung Nr. 00.123.456.7 vom 11.03.2014']],
        ],
      },
    ]);
    const summary = extractInvoice(doc, OPTIONS).summary_data;
    expect(summary.vendor_name).toBe('MVM Musterhafter Versicherungsverein Musterstadt a.G.');
    expect(summary.vendor_address ?? '').not.toMatch(/Herrn|Mustermann/);
    expect(summary.buyer_address).toBe('Musterstr. 11, 12346 Bad Musterhausen');
  });
});

describe('a title whose number stands in the next cell', () => {
  it('reads "Handelsrechnung Nr."  "471102 vom 05.03.2018" as the number and date of the invoice', () => {
    const doc = buildDocument([
      {
        source: 'ocr',
        lines: [
          [40, [50, 'Stylesheet zur Lesbarmachung der XML-Daten von ZUGFeRD 2.0-Rechnungen']],
          [80, [50, 'Handelsrechnung Nr.'], [240, '471102 vom 05.03.2018']],
          [120, [50, 'Liefer- und Leistungsdatum : 01.03.2018']],
        ],
      },
    ]);
    expect(extractInvoice(doc, OPTIONS).summary_data).toMatchObject({
      invoice_number: '471102',
      invoice_date: '2018-03-05',
    });
  });
});

describe('a minus sign OCR read as "="', () => {
  it('is a minus on OCR pages only', () => {
    const lines: PageSpec['lines'] = [
      [60, [50, 'Rechnungskorrektur Nr. RK4711 vom 16.09.2018']],
      [200, [50, 'Nettobetrag'], rightAt(540, '=7,67')],
      [214, [50, 'MwSt.'], rightAt(540, '-1,12')],
      [228, [50, 'Endbetrag'], rightAt(540, '-8,79')],
    ];
    expect(extractInvoice(buildDocument([{ lines, source: 'ocr' }]), OPTIONS).summary_data).toMatchObject({
      subtotal: -7.67,
      tax: -1.12,
      total: -8.79,
    });
    expect(extractInvoice(buildDocument([{ lines }]), OPTIONS).summary_data.subtotal).not.toBe(-7.67);
  });
});

describe('a document that prints no currency', () => {
  const invoice = (total: string, extra: PageSpec['lines'] = []): PageSpec['lines'] => [
    [60, [50, 'Facture n° F-2026-114'], [360, 'Date de facture :'], [470, '12/03/2026']],
    [200, [50, 'Total HT'], rightAt(540, total.replace('1 234', '1 028'))],
    [214, [50, 'TVA 20 %'], rightAt(540, total.replace('1 234,56', '205,76').replace('1,234.56', '205.76'))],
    [228, [50, 'Total TTC'], rightAt(540, total)],
    ...extra,
  ];
  const currencyOf = (lines: PageSpec['lines']) => {
    const result = extractInvoice(buildDocument([{ lines, source: 'ocr' }]), OPTIONS);
    return [result.summary_data.currency, result.fields['summary_data.currency']?.confidence ?? null];
  };

  it('is priced in euros when its labels are French and its decimals commas, less surely than a printed one', () => {
    const [inferred, inferredConfidence] = currencyOf(invoice('1 234,56'));
    const [printed, printedConfidence] = currencyOf(invoice('1 234,56 €'));
    expect([inferred, printed]).toEqual(['EUR', 'EUR']);
    expect(inferredConfidence).toBeLessThan(printedConfidence as number);
  });

  it('is not guessed from decimal points, a printed currency or a country that says otherwise', () => {
    expect(currencyOf(invoice('1,234.56'))[0]).toBeNull();
    expect(currencyOf(invoice('CHF 1 234,56'))[0]).toBe('CHF');
    expect(currencyOf(invoice('1 234,56', [[300, [50, 'Tel. +44 20 7946 0958 · London SW1A 1AA']]]))[0]).toBe('GBP');
  });
});
