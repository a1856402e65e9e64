// Tables whose value columns do not sit under their labels, and tables printed without cents: quantity and unit
// price settled by arithmetic (table/arithmetic.ts), whole-number amounts accepted per table (table/index.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadDocument } from '../../../../src/pipeline/model.js';
import { extractInvoice } from '../../../../src/pipeline/extract/builtin/index.js';
import { createPdfSandboxPool, readPdf } from '../../../../src/pipeline/read/pdf/index.js';
import { datasetFile } from '../../../support/datasets.js';
import { buildDocument, rightAt } from './build-document.js';

const OPTIONS = { requireLineItems: true, documentType: 'invoice' } as const;

const rows = (doc: ReadDocument) =>
  extractInvoice(doc, OPTIONS).lineItems.map((i) => [i.description, i.quantity, i.unit_price, i.amount]);

describe('line items by arithmetic', () => {
  it('reads quantity and unit price printed right of their labels, in whole numbers, above totals with cents', () => {
    const doc = buildDocument([
      {
        lines: [
          [100, [60, 'DESCRIPTION'], [300, 'QTY/HR'], [380, 'UNIT PRICE'], [470, 'TOTAL']],
          [115, [20, 'Toto sink'], rightAt(368, '3'), rightAt(445, '61'), rightAt(520, '183')],
          [130, [20, 'Filter system'], rightAt(368, '6'), rightAt(445, '96'), rightAt(520, '576')],
          [200, [400, 'SUBTOTAL'], rightAt(520, '759')],
          [215, [400, 'TOTAL TAX'], rightAt(520, '22.77')],
          [230, [400, 'BALANCE DUE'], rightAt(520, '$781.77')],
        ],
      },
    ]);
    expect(rows(doc)).toEqual([
      ['Toto sink', 3, 61, 183],
      ['Filter system', 6, 96, 576],
    ]);
  });

  it('keeps whole numbers out of a table whose amounts carry cents (a sub-row "Abschlag: 1" is no item)', () => {
    const doc = buildDocument([
      {
        lines: [
          [100, [20, 'Bezeichnung'], [300, 'Menge'], [380, 'Preis'], [470, 'Betrag']],
          [115, [20, 'Kopierpapier A4'], rightAt(340, '2'), rightAt(420, '5,00'), rightAt(520, '10,00')],
          [130, [20, 'Abschlag:'], rightAt(520, '1')],
          [145, [20, 'Ordner'], rightAt(340, '1'), rightAt(420, '3,50'), rightAt(520, '3,50')],
          [200, [400, 'Summe'], rightAt(520, '13,50')],
        ],
      },
    ]);
    expect(rows(doc).map((r) => r[3])).toEqual([10, 3.5]);
  });
});

describe('line items: credit notes, glued units, prices in the unit column, allowances', () => {
  it('reads negative quantities of a credit note and a price printed in the unit column ("60,00 PCE")', () => {
    const doc = buildDocument([
      {
        lines: [
          [100, [20, 'Désignation'], [250, 'P.U. HT'], [320, 'Unité'], [380, 'Qté'], [470, 'Total HT']],
          [115, [20, 'Prestation support'], rightAt(350, '60,00 PCE'), rightAt(410, '-1,00'), rightAt(520, '-60,00')],
          [130, [20, 'Fournitures diverses'], rightAt(350, '10,00 PCE'), rightAt(410, '-3,00'), rightAt(520, '-30,00')],
          [200, [400, 'Total HT'], rightAt(520, '-90,00')],
        ],
      },
    ]);
    const items = extractInvoice(doc, OPTIONS).lineItems;
    expect(items.map((i) => [i.description, i.quantity, i.unit_price, i.amount, i.unit])).toEqual([
      ['Prestation support', -1, 60, -60, 'PCE'],
      ['Fournitures diverses', -3, 10, -30, 'PCE'],
    ]);
  });

  it('reads a count whose unit is glued to it ("28Std.", as OCR gives it) by the row arithmetic', () => {
    const doc = buildDocument([
      {
        lines: [
          [100, [60, 'Description'], [250, 'Amount'], [330, 'Individual price'], [470, 'Total']],
          [115, [60, 'Garden work'], [250, '28Std.'], [330, 'CHF120.00'], rightAt(520, 'CHF3360.00')],
          [130, [60, 'Disposal of cuttings'], [330, 'CHF307.35'], rightAt(520, 'CHF307.35')],
          [160, [330, 'sum'], rightAt(520, 'CHF3667.35')],
        ],
      },
    ]);
    expect(rows(doc)).toEqual([
      ['Garden work', 28, 120, 3360],
      ['Disposal of cuttings', null, 307.35, 307.35],
    ]);
  });

  it('reads an hourly rate under a "Taux" header and hours whose short header was not read', () => {
    const doc = buildDocument([
      {
        lines: [
          [100, [20, 'LIBELLÉ'], [300, 'H'], [380, 'TAUX'], [470, 'MONTANT HT']],
          [115, [20, 'Gestion de projet'], rightAt(320, '7,5'), rightAt(445, '95,10'), rightAt(520, '713,25')],
          [130, [20, 'Rédaction'], rightAt(320, '6,25'), rightAt(445, '48,50'), rightAt(520, '303,13')],
          [160, [380, 'Montant HT'], rightAt(520, '1016,38 €')],
        ],
      },
    ]);
    const items = extractInvoice(doc, OPTIONS).lineItems;
    expect(items.map((i) => [i.description, i.quantity, i.unit_price, i.amount, i.tax_rate])).toEqual([
      ['Gestion de projet', 7.5, 95.1, 713.25, null],
      ['Rédaction', 6.25, 48.5, 303.13, null],
    ]);
  });

  it('keeps an item’s detail rows that start in a code column ("Art-Nr-Lieferant:") inside the table', () => {
    const doc = buildDocument([
      {
        lines: [
          [100, [20, 'Pos.'], [60, 'Art-Nr.'], [120, 'Bezeichnung'], [300, 'Menge'], [380, 'Preis'], [470, 'Betrag']],
          [115, [20, '000001'], [120, 'Artikel A'], rightAt(340, '2'), rightAt(445, '52,52'), rightAt(520, '105,04')],
          [123, [60, 'Art-Nr-Lieferant:']],
          [131, [60, 'A987654']],
          [139, [120, 'Herkunftsland: DE']],
          [160, [20, '000002'], [120, 'Artikel B'], rightAt(340, '25'), rightAt(445, '2,06'), rightAt(520, '51,50')],
          [168, [60, 'Art-Nr-Lieferant:']],
          [176, [60, 'B987654']],
          [200, [380, 'Summe'], rightAt(520, '156,54')],
        ],
      },
    ]);
    expect(rows(doc).map((r) => [r[1], r[3]])).toEqual([
      [2, 105.04],
      [25, 51.5],
    ]);
  });

  it('continues across a long gap to a row filling the same value columns as the last item', () => {
    const doc = buildDocument([
      {
        lines: [
          [100, [20, 'Désignation'], [300, 'Qté'], [380, 'P.U. HT'], [470, 'Total HT']],
          [120, [20, 'Prestation support'], rightAt(320, '1,00'), rightAt(445, '60,00'), rightAt(520, '60,00')],
          [128, [20, 'Période de 01/01/2022 au 31/01/2022']],
          [180, [20, 'Fournitures diverses'], rightAt(320, '3,00'), rightAt(445, '10,00'), rightAt(520, '30,00')],
          [240, [20, 'Appel'], rightAt(320, '1,00'), rightAt(445, '5,00'), rightAt(520, '5,00')],
          [300, [20, 'Conditions de paiement : 30 jours'], rightAt(520, '95,00')],
          [330, [380, 'Total HT'], rightAt(520, '95,00')],
        ],
      },
    ]);
    expect(rows(doc).map((r) => r[0])).toEqual([
      'Prestation support\nPériode de 01/01/2022 au 31/01/2022',
      'Fournitures diverses',
      'Appel',
    ]);
  });

  it('ends the items at an allowance printed under the subtotal', () => {
    const doc = buildDocument([
      {
        lines: [
          [100, [20, 'Nr.'], [50, 'Beschreibung'], [300, 'Anzahl'], [380, 'Preis'], [470, 'Gesamt']],
          [115, [20, '1'], [50, 'Lightsaber'], rightAt(320, '2'), rightAt(445, '36000.00'), rightAt(520, '72000.00')],
          [130, [20, '2'], [50, 'Assembly'], rightAt(320, '1'), rightAt(445, '53.33'), rightAt(520, '53.33')],
          [160, [330, 'Zwischensumme:'], rightAt(520, '72053.33 €')],
          [175, [250, 'Rabatt von 1500 € (Coupon):'], rightAt(520, '−1500.00 €')],
          [190, [330, 'Gesamtbetrag:'], rightAt(520, '70553.33 €')],
        ],
      },
    ]);
    expect(rows(doc)).toEqual([
      ['Lightsaber', 2, 36000, 72000],
      ['Assembly', 1, 53.33, 53.33],
    ]);
  });
});

describe('line items by arithmetic, real document', () => {
  let pool: ReturnType<typeof createPdfSandboxPool>;
  beforeAll(() => {
    pool = createPdfSandboxPool({ maxWorkers: 1 });
  });
  afterAll(async () => {
    await pool.close();
  });

  it('US plumbing invoice (Google Document AI sample): values right of their labels, whole dollars', async () => {
    const pdf = await readPdf(datasetFile('harvest/documents/google-docai/warehouse-Invoice2.pdf'), { runner: pool });
    const label = JSON.parse(
      datasetFile('harvest/labels/fields/google-docai/warehouse-Invoice2.json').toString('utf8'),
    ) as { line_items: Array<{ description: string; quantity: number; unit_price: number; amount: number }> };
    const doc: ReadDocument = { format: 'pdf', pages: pdf.pages, einvoice: null, info: pdf.info };
    expect(rows(doc)).toEqual(label.line_items.map((l) => [l.description, l.quantity, l.unit_price, l.amount]));
  });
});

describe('text rows between two items', () => {
  it('go to the item whose values row they sit just above (multi-line cells centred on their values)', () => {
    const doc = buildDocument([
      {
        lines: [
          [100, [20, 'Description'], [300, 'Qty'], [380, 'Unit price'], [470, 'Amount']],
          [125, [20, 'Support contract']],
          [130, rightAt(320, '1'), rightAt(445, '60.00'), rightAt(520, '60.00')],
          [135, [20, 'January 2026']],
          [165, [20, 'Office supplies']],
          [170, rightAt(320, '3'), rightAt(445, '10.00'), rightAt(520, '30.00')],
          [175, [20, 'assorted']],
          [230, [400, 'Total'], rightAt(520, '90.00')],
        ],
      },
    ]);
    expect(rows(doc)).toEqual([
      ['Support contract\nJanuary 2026', 1, 60, 60],
      ['Office supplies\nassorted', 3, 10, 30],
    ]);
  });

  it('stay with the item above when the rows are evenly spaced (a description continued under its values)', () => {
    const doc = buildDocument([
      {
        lines: [
          [100, [20, 'Description'], [300, 'Qty'], [380, 'Unit price'], [470, 'Amount']],
          [115, [20, 'Support contract'], rightAt(320, '1'), rightAt(445, '60.00'), rightAt(520, '60.00')],
          [127, [20, 'January 2026']],
          [139, [20, 'Office supplies'], rightAt(320, '3'), rightAt(445, '10.00'), rightAt(520, '30.00')],
          [200, [400, 'Total'], rightAt(520, '90.00')],
        ],
      },
    ]);
    expect(rows(doc)).toEqual([
      ['Support contract\nJanuary 2026', 1, 60, 60],
      ['Office supplies', 3, 10, 30],
    ]);
  });
});
