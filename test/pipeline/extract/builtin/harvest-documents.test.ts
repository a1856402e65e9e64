// Real documents from the harvest development set (copied into test/fixtures/datasets/harvest with their labels;
// origin and licence in its README), read from their text layer with the e-invoice XML ignored: the layouts issue 9
// names. A French Factur-X layout whose invoice date sits beside the start of the invoiced period and whose parties
// are headed "SELLER TRADE NAME" / "Adresse du Client"; a US invoice whose dates are only readable with the
// document's month-first order (its address and telephone number say so).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadDocument } from '../../../../src/pipeline/model.js';
import { extractInvoice } from '../../../../src/pipeline/extract/builtin/index.js';
import { createPdfSandboxPool, readPdf } from '../../../../src/pipeline/read/pdf/index.js';
import { datasetFile } from '../../../support/datasets.js';

const OPTIONS = { requireLineItems: true, documentType: 'invoice' } as const;

let pool: ReturnType<typeof createPdfSandboxPool>;

async function readTextLayer(path: string): Promise<ReadDocument> {
  const pdf = await readPdf(datasetFile(path), { runner: pool });
  return { format: 'pdf', pages: pdf.pages, einvoice: null, info: pdf.info };
}

function label(path: string): Record<string, unknown> {
  return JSON.parse(datasetFile(path).toString('utf8')) as Record<string, unknown>;
}

beforeAll(() => {
  pool = createPdfSandboxPool({ maxWorkers: 1 });
});

afterAll(async () => {
  await pool.close();
});

describe('harvest documents, text path', () => {
  it('French Factur-X layout (FNFE example): invoice date, not the period start; seller and buyer under their headings', async () => {
    const result = extractInvoice(await readTextLayer('harvest/documents/facturx-dotnet/F20220026.pdf'), OPTIONS);
    const want = label('harvest/labels/fields/facturx-dotnet/F20220026.json');
    expect(result.summary_data).toMatchObject({
      invoice_number: want.invoice_number,
      invoice_date: want.invoice_date,
      vendor_name: want.vendor_name,
      buyer_name: want.buyer_name,
      currency: want.currency,
      total: want.total,
    });
  });

  it('French Factur-X layout: each item keeps the description printed just above its values row', async () => {
    const result = extractInvoice(await readTextLayer('harvest/documents/facturx-dotnet/F20220026.pdf'), OPTIONS);
    const want = label('harvest/labels/fields/facturx-dotnet/F20220026.json') as {
      line_items: Array<{ description: string; quantity: number; unit_price: number; amount: number }>;
    };
    expect(result.lineItems.map((i) => [i.description?.split('\n')[0], i.quantity, i.unit_price, i.amount])).toEqual(
      want.line_items.map((i) => [`${i.description} - Description`, i.quantity, i.unit_price, i.amount]),
    );
  });

  it('French Factur-X layout with a five-line table header: the columns come from the line naming the most', async () => {
    // Its header stacks "# / # ligne BC / Remise (-)" and "UNIT / TOTAL HT" over the main row and "(EUR)" under it,
    // right below a closely spaced reference block that must not join the labels.
    const result = extractInvoice(await readTextLayer('harvest/documents/facturx-dotnet/F20220031.pdf'), OPTIONS);
    const want = label('harvest/labels/fields/facturx-dotnet/F20220031.json') as {
      line_items: Array<{ description: string; quantity: number; unit_price: number; amount: number }>;
    };
    expect(result.lineItems.map((i) => [i.quantity, i.unit_price, i.amount])).toEqual(
      want.line_items.map((i) => [i.quantity, i.unit_price, i.amount]),
    );
    want.line_items.forEach((item, k) => expect(result.lineItems[k]?.description).toContain(item.description));
  });

  it('an unknown column label ("Duration") keeps its figures out of the quantity column', async () => {
    const result = extractInvoice(await readTextLayer('harvest/documents/invoice-maker/examples-en.pdf'), OPTIONS);
    const want = label('harvest/labels/fields/invoice-maker/examples-en.json') as {
      line_items: Array<{ quantity: number; unit_price: number; amount: number }>;
    };
    expect(result.lineItems.map((i) => [i.quantity, i.unit_price, i.amount])).toEqual(
      want.line_items.map((i) => [i.quantity, i.unit_price, i.amount]),
    );
  });

  it("US invoice (Google Document AI sample): month-first dates from the document's country", async () => {
    const result = extractInvoice(
      await readTextLayer('harvest/documents/google-docai/warehouse-Invoice2.pdf'),
      OPTIONS,
    );
    const want = label('harvest/labels/fields/google-docai/warehouse-Invoice2.json');
    expect(result.summary_data).toMatchObject({
      invoice_number: want.invoice_number,
      invoice_date: want.invoice_date,
      due_date: want.due_date,
      vendor_name: want.vendor_name,
      buyer_name: want.buyer_name,
      currency: want.currency,
      total: want.total,
    });
  });
});
