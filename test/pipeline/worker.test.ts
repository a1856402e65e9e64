// The pipeline end to end: submit through the API, the real worker downloads over real HTTP on loopback, reads
// real documents (text PDFs, Factur-X, standalone CII/UBL, images through OCR), extracts, archives and delivers.
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestKey } from '../support/app.js';
import { startDocumentServer, type DocumentServer } from '../support/document-server.js';
import { waitForJob } from '../support/jobs.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { startTestWorker, type TestWorker } from '../support/worker.js';
import sharp from 'sharp';
import { renderPage } from '../../src/pipeline/read/pdf/index.js';
import { invoiceWithLogoPdf } from '../support/pdf-builder.js';
import { datasetFile } from '../support/datasets.js';

let t: TestApp;
let key: TestKey;
let docs: DocumentServer;
let receiver: WebhookReceiver;
let worker: TestWorker;

beforeAll(async () => {
  t = await buildTestApp();
  docs = await startDocumentServer();
  receiver = await startWebhookReceiver();
  key = await t.createKey({ webhookBaseUrl: `${receiver.baseUrl}/hooks` });
  worker = await startTestWorker(t.db.url, t.db.pool);
  docs.file('/facturx.pdf', datasetFile('zugferd-corpus/documents/XML-Rechnung/FX/EN16931_1_Teilrechnung.pdf'));
  docs.file('/plain.pdf', await readFile('test/fixtures/pdf/facturx-attachment-removed.pdf'));
  docs.file(
    '/cii.xml',
    datasetFile('zugferd-corpus/labels/xml/XML-Rechnung/FX/EN16931_1_Teilrechnung.xml'),
    'text/plain',
  );
  docs.file('/ubl.xml', await readFile('test/fixtures/einvoice/ubl-invoice-peppol.xml'));
  docs.file('/aws.png', datasetFile('invoice2data/documents/AmazonWebServices.png'), 'application/pdf');
  docs.file(
    '/logo.pdf',
    await invoiceWithLogoPdf(
      async (pdf) => (await renderPage(pdf, 1, 200)).png,
      async (png) => {
        const { data, info } = await sharp(png).greyscale().jpeg({ quality: 90 }).toBuffer({ resolveWithObject: true });
        return { data, width: info.width, height: info.height };
      },
    ),
  );
}, 60_000);
afterAll(async () => {
  await worker?.stop();
  await docs?.close();
  await receiver?.close();
  await t?.close();
});

async function submit(body: Record<string, unknown>, k: TestKey = key): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/documents',
    headers: k.headers,
    payload: { requireLineItems: true, documentId: 7, consumerRefId: 'e2e', ...body },
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().jobId;
}

const summary = (job: { extractedData: unknown }) =>
  (job.extractedData as { summary_data: Record<string, unknown> }).summary_data;

describe('single documents', () => {
  it('a Factur-X PDF: the embedded XML is mapped exactly; archived; delivered', async () => {
    const jobId = await submit({ documentUrl: docs.url('/facturx.pdf'), webhookUrl: 'e2e' });
    const job = await waitForJob(t.db.pool, key.organizationId, jobId);
    expect(job.status, JSON.stringify(job.errorDetail)).toBe('processed');
    expect(summary(job)).toMatchObject({
      invoice_number: '471102',
      invoice_date: '2018-06-05',
      currency: 'EUR',
      total: 197.65,
      subtotal: 177.49,
      tax: 20.16,
      vendor_name: 'Lieferant GmbH',
    });
    const data = job.extractedData as {
      lineItems: unknown[];
      extraction: { method: string };
      fields: Record<string, { source: string; path?: string }>;
    };
    expect(data.extraction.method).toBe('einvoice');
    expect(data.lineItems.length).toBeGreaterThan(0);
    expect(data.fields['summary_data.total']).toMatchObject({ source: 'xml' });
    expect(job).toMatchObject({
      error: null,
      errorStage: null,
      errorCode: null,
      errorDetail: null,
      parserVersion: null,
      parserVersionId: null,
      modelCost: null,
    });
    expect(job.extractionTimeMs).toBeGreaterThan(0);
    expect(job.archivedStorageKey).toMatch(new RegExp(`^sources/\\d{4}/\\d{2}/\\d{2}/${jobId}\\.pdf$`));
    expect(existsSync(path.join(worker.dataDir, 'blobs', job.archivedStorageKey!))).toBe(true);
    const delivered = await waitForJob(
      t.db.pool,
      key.organizationId,
      jobId,
      (j) => j.webhookStatus === 'webhook_posted',
    );
    expect(delivered.webhookResponseCode).toBe(200);
    const d = receiver.deliveries.find((x) => JSON.parse(x.body).job_id === jobId)!;
    expect(d.path).toBe('/hooks/e2e');
    expect(JSON.parse(d.body).processed_data.summary_data.invoice_number).toBe('471102');
  });

  it('a PDF naming its vendor only in its logo: the text layer lacks the vendor, so the logo is read by OCR', async () => {
    const jobId = await submit({ documentUrl: docs.url('/logo.pdf') });
    const job = await waitForJob(t.db.pool, key.organizationId, jobId);
    expect(job.status, JSON.stringify(job.errorDetail)).toBe('processed');
    const data = job.extractedData as {
      summary_data: Record<string, unknown>;
      fields: Record<string, { source: string; page: number; bbox: { y: number } }>;
    };
    expect(data.summary_data).toMatchObject({
      invoice_number: 'RE-2026-0042',
      total: 119,
      vendor_name: 'Nordwind Handel GmbH',
    });
    expect(data.fields['summary_data.vendor_name']).toMatchObject({ source: 'ocr', page: 1 });
    expect(data.fields['summary_data.vendor_name']!.bbox.y).toBeLessThan(90); // inside the logo, at the top
    expect(data.fields['summary_data.total']).toMatchObject({ source: 'text' });
  });

  it('a Factur-X PDF with its XML removed is read from the text layer', async () => {
    const jobId = await submit({ documentUrl: docs.url('/plain.pdf') });
    const job = await waitForJob(t.db.pool, key.organizationId, jobId);
    expect(job.status, JSON.stringify(job.errorDetail)).toBe('processed');
    const data = job.extractedData as { extraction: { method: string }; summary_data: Record<string, unknown> };
    expect(data.extraction.method).toBe('layout');
    // zugferd_2p1_EN16931_2_Teilrechnung.pdf with factur-x.xml stripped (test/fixtures/pdf/make-fixtures.ts).
    expect(data.summary_data).toMatchObject({
      invoice_number: '471113',
      invoice_date: '2018-06-13',
      total: 23.54,
      currency: 'EUR',
    });
  });

  it('standalone CII and UBL XML files', async () => {
    const cii = await waitForJob(t.db.pool, key.organizationId, await submit({ documentUrl: docs.url('/cii.xml') }));
    expect(cii.status).toBe('processed');
    expect(summary(cii)).toMatchObject({ invoice_number: '471102', total: 197.65 });
    const ubl = await waitForJob(t.db.pool, key.organizationId, await submit({ documentUrl: docs.url('/ubl.xml') }));
    expect(ubl.status, JSON.stringify(ubl.errorDetail)).toBe('processed');
    expect(summary(ubl).invoice_number).toBeTruthy();
    expect(ubl.archivedStorageKey).toMatch(/\.xml$/);
  });

  it('an image is read by OCR (typed by its bytes, not its Content-Type)', async () => {
    const jobId = await submit({ documentUrl: docs.url('/aws.png'), requireLineItems: false });
    const job = await waitForJob(t.db.pool, key.organizationId, jobId, undefined, 120_000);
    expect(job.status, JSON.stringify(job.errorDetail)).toBe('processed');
    const data = job.extractedData as {
      extraction: { ocr_pages: number };
      lineItems: unknown[];
      summary_data: Record<string, unknown>;
    };
    expect(data.extraction.ocr_pages).toBe(1);
    expect(data.lineItems).toEqual([]);
    expect(data.summary_data.invoice_number).toBe('42183017');
  }, 150_000);
});

describe('multi-image and email modes', () => {
  it('multiple_invoices: one result per URL; a failing one does not fail the others', async () => {
    const jobId = await submit({
      documentUrls: [docs.url('/cii.xml'), docs.url('/missing.pdf')],
      processingMode: 'multiple_invoices',
    });
    const job = await waitForJob(t.db.pool, key.organizationId, jobId);
    expect(job.status).toBe('processed');
    const data = job.extractedData as {
      document_type: string;
      summary_data: Record<string, unknown>;
      documents: Array<Record<string, any>>;
    };
    expect(data.document_type).toBe('multiple_documents');
    expect(data.documents.map((d) => d.status)).toEqual(['processed', 'error']);
    expect(data.documents[0]!.result.summary_data.invoice_number).toBe('471102');
    expect(data.documents[1]!.error).toMatchObject({ stage: 'download', code: 'download_http_error' });
    expect(data.summary_data.invoice_number).toBe('471102');
    expect(job.archivedStorageKey).toBeNull();
  });

  it('email: classifies, triages, extracts the invoice attachment; status passes through the email states', async () => {
    const jobId = await submit({
      attachments: [docs.url('/facturx.pdf'), docs.url('/gone.pdf')],
      subject: 'Rechnung 471102',
      body: 'Sehr geehrte Damen und Herren, anbei erhalten Sie unsere Rechnung.',
    });
    const job = await waitForJob(t.db.pool, key.organizationId, jobId);
    expect(job.typeId).toBe(8);
    expect(job.status).toBe('processed');
    const data = job.extractedData as Record<string, any>;
    expect(data.email.intent).toBe('invoice');
    expect(data.is_invoice).toBe(true);
    expect(data.documents.map((d: { status: string }) => d.status)).toEqual(['processed', 'error']);
    expect(data.summary_data.invoice_number).toBe('471102');
  });

  it('an email whose attachments all fail ends in error with every attachment in the detail', async () => {
    const jobId = await submit({
      attachments: [docs.url('/nope-1.pdf'), docs.url('/nope-2.pdf')],
      subject: 'Invoice',
      body: 'attached',
    });
    const job = await waitForJob(t.db.pool, key.organizationId, jobId);
    expect(job).toMatchObject({ status: 'error', errorStage: 'download', errorCode: 'download_http_error' });
    expect((job.errorDetail as { documents: unknown[] }).documents).toHaveLength(2);
  });
});
