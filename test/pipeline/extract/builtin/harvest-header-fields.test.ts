// Real documents for the header-field mechanisms of issue 9 (copied into test/fixtures/datasets/harvest with their
// labels; origin and licence in its README), read from their text layer: an "Attn:" block that is the buyer's, not
// the seller's; "Issuing Date" beside a table of dated items; a Latin-American electronic invoice numbered after
// "Factura electrónica de venta" with its buyer under "Nombre Cliente".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadDocument } from '../../../../src/pipeline/model.js';
import { extractInvoice } from '../../../../src/pipeline/extract/builtin/index.js';
import { createPdfSandboxPool, readPdf } from '../../../../src/pipeline/read/pdf/index.js';
import { datasetFile } from '../../../support/datasets.js';

const OPTIONS = { requireLineItems: true, documentType: 'invoice' } as const;

let pool: ReturnType<typeof createPdfSandboxPool>;

async function extracted(name: string) {
  const pdf = await readPdf(datasetFile(`harvest/documents/${name}.pdf`), { runner: pool });
  const doc: ReadDocument = { format: 'pdf', pages: pdf.pages, einvoice: null, info: pdf.info };
  const want = JSON.parse(datasetFile(`harvest/labels/fields/${name}.json`).toString('utf8')) as Record<
    string,
    unknown
  >;
  return { got: extractInvoice(doc, OPTIONS).summary_data, want };
}

beforeAll(() => {
  pool = createPdfSandboxPool({ maxWorkers: 1 });
});

afterAll(async () => {
  await pool.close();
});

describe('harvest documents, header fields on the text path', () => {
  it("US invoice whose only address block is to someone's attention: that block is the buyer", async () => {
    const { got, want } = await extracted('edenai-apis/invoice-multipages-p2-3');
    expect(got.buyer_name).toBe(want.buyer_name);
    expect(got.vendor_name).not.toBe(want.buyer_name);
    expect(got).toMatchObject({ invoice_number: want.invoice_number, invoice_date: want.invoice_date });
  });

  it('"Issuing Date" is the invoice date, not the first date of the item table', async () => {
    const { got, want } = await extracted('invoice-maker/examples-en');
    expect(got).toMatchObject({
      invoice_date: want.invoice_date,
      vendor_name: want.vendor_name,
      buyer_name: want.buyer_name,
      total: want.total,
    });
  });

  it('Colombian electronic invoice: number after "Factura electrónica de venta", buyer under "Nombre Cliente"', async () => {
    const { got, want } = await extracted('veryfi-java/split-p2-francorp-co');
    expect(got).toMatchObject({
      invoice_number: want.invoice_number,
      invoice_date: want.invoice_date,
      buyer_name: want.buyer_name,
      total: want.total,
    });
  });
});
