// Real invoices from the development datasets through the service's reading path (readPdf in its sandbox, the
// embedded e-invoice when present) and the builtin engine.
import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadDocument } from '../../../../src/pipeline/model.js';
import { extractInvoice } from '../../../../src/pipeline/extract/builtin/index.js';
import { findEmbeddedEInvoice } from '../../../../src/pipeline/read/einvoice/index.js';
import { createPdfSandboxPool, readPdf } from '../../../../src/pipeline/read/pdf/index.js';
import { InvoiceResultSchema } from '../../../../src/pipeline/extract/schemas/invoice.js';
import { datasetFile } from '../../../support/datasets.js';

const OPTIONS = { requireLineItems: true, documentType: 'invoice' } as const;

let pool: ReturnType<typeof createPdfSandboxPool>;

async function read(path: string, withEInvoice = true): Promise<ReadDocument> {
  const pdf = await readPdf(datasetFile(path), { runner: pool });
  return {
    format: 'pdf',
    pages: pdf.pages,
    einvoice: withEInvoice ? findEmbeddedEInvoice(pdf.attachments) : null,
    info: pdf.info,
  };
}

beforeAll(() => {
  pool = createPdfSandboxPool({ maxWorkers: 1 });
  if (!FormatRegistry.Has('date')) FormatRegistry.Set('date', (v) => /^\d{4}-\d{2}-\d{2}$/.test(v));
});

/** Every result has the published shape. */
function expectSchema(result: unknown): void {
  expect([...Value.Errors(InvoiceResultSchema, result)].map((e) => `${e.path}: ${e.message}`)).toEqual([]);
}
afterAll(async () => {
  await pool.close();
});

describe('ZUGFeRD 1.0 COMFORT sample (German, embedded CII)', () => {
  const path = 'zugferd-corpus/documents/ZUGFeRDv1/correct/Intarsys/ZUGFeRD_1p0_COMFORT_Einfach.pdf';

  it('maps the embedded XML', async () => {
    const result = extractInvoice(await read(path), OPTIONS);
    expectSchema(result);
    expect(result.extraction.method).toBe('einvoice');
    expect(result.summary_data).toMatchObject({
      invoice_number: '471102',
      total: 529.87,
      tax: 56.87,
      currency: 'EUR',
      vendor_name: 'Lieferant GmbH',
    });
  });

  it('reads the same values from the page when the XML is ignored', async () => {
    const result = extractInvoice(await read(path, false), OPTIONS);
    expectSchema(result);
    expect(result.extraction.method).toBe('layout');
    expect(result.summary_data).toMatchObject({
      invoice_number: '471102',
      invoice_date: '2013-03-05',
      due_date: '2013-04-04',
      vendor_name: 'Lieferant GmbH',
      buyer_name: 'Kunden AG Mitte',
      currency: 'EUR',
      subtotal: 473,
      tax: 56.87,
      total: 529.87,
    });
    expect(result.lineItems.map((l) => [l.quantity, l.unit_price, l.amount, l.product_code])).toEqual([
      [20, 9.9, 198, 'TB100A4'],
      [50, 5.5, 275, 'ARNR2'],
    ]);
    expect(result.validation.passed).toBe(true);
  });
});

describe('Mustang sample (English layout)', () => {
  it('reads number, date, totals and lines whose quantity column is titled "Amount"', async () => {
    const doc = await read(
      'zugferd-corpus/documents/ZUGFeRDv2/correct/Mustangproject/MustangGnuaccountingBeispielRE-20190610_507.pdf',
      false,
    );
    const result = extractInvoice(doc, OPTIONS);
    expect(result.summary_data).toMatchObject({
      invoice_number: 'RE-20190610/507',
      invoice_date: '2019-06-10',
      due_date: '2019-07-01',
      vendor_name: 'Bei Spiel GmbH',
      buyer_name: 'Theodor Est',
      subtotal: 496,
      tax: 75.04,
      total: 571.04,
    });
    expect(result.lineItems.map((l) => [l.quantity, l.unit_price, l.amount])).toEqual([
      [1, 160, 160],
      [400, 0.79, 316],
      [800, 0.025, 20],
    ]);
  });
});

describe('invoice2data vendor invoices', () => {
  it('Coolblue (Dutch): arithmetic finds the net amount', async () => {
    const result = extractInvoice(await read('invoice2data/documents/coolblue1.pdf'), OPTIONS);
    expect(result.summary_data).toMatchObject({
      invoice_number: '993548900',
      invoice_date: '2014-04-19',
      vendor_name: 'Coolblue B.V.',
      currency: 'EUR',
      subtotal: 593.36,
      tax: 124.61,
      total: 717.97,
    });
    expect(result.extraction.language).toBe('nl');
  });

  it('Free (French): dates with month names, due date, totals', async () => {
    const result = extractInvoice(await read('invoice2data/documents/free_fiber.pdf'), OPTIONS);
    expect(result.summary_data).toMatchObject({
      invoice_number: '562044387',
      invoice_date: '2015-07-02',
      due_date: '2015-07-05',
      currency: 'EUR',
      subtotal: 24.99,
      total: 29.99,
    });
  });

  it('Amazon Web Services (US English): month-first date, vendor named in the footer', async () => {
    const result = extractInvoice(await read('invoice2data/documents/AmazonWebServices.pdf'), OPTIONS);
    expect(result.summary_data).toMatchObject({
      invoice_number: '42183017',
      invoice_date: '2014-08-03',
      vendor_name: 'Amazon Web Services, Inc.',
      currency: 'USD',
      total: 4.11,
    });
  });
});
