// is_invoice end to end: an email job submitted through the API, its attachment served over real HTTP on
// loopback, read and triaged by the real worker, decided by classify/decision.ts and stored on the job. The
// attachment is a real UBL invoice (test/fixtures/einvoice), so triage says 'invoice' and it is extracted; what
// the email's text says decides whether that makes the email an invoice.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestKey } from '../../support/app.js';
import { startDocumentServer, type DocumentServer } from '../../support/document-server.js';
import { waitForJob } from '../../support/jobs.js';
import { startTestWorker, type TestWorker } from '../../support/worker.js';

let t: TestApp;
let key: TestKey;
let docs: DocumentServer;
let worker: TestWorker;

beforeAll(async () => {
  t = await buildTestApp();
  docs = await startDocumentServer();
  key = await t.createKey({ webhookBaseUrl: 'https://erp.example.com/hooks' });
  worker = await startTestWorker(t.db.url, t.db.pool);
  docs.file('/RE-2024-0815.xml', await readFile('test/fixtures/einvoice/ubl-invoice-peppol.xml'));
}, 60_000);
afterAll(async () => {
  await worker?.stop();
  await docs?.close();
  await t?.close();
});

interface EmailResult {
  email: { intent: string; score: number; reasons: string[] };
  is_invoice: boolean;
  documents: Array<{ status: string; attachment_kind?: string }>;
  summary_data: { invoice_number?: string } | null;
}

async function processEmail(subject: string, body: string): Promise<EmailResult> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/documents',
    headers: key.headers,
    payload: {
      requireLineItems: false,
      documentId: 13,
      consumerRefId: 'issue-13',
      attachments: [docs.url('/RE-2024-0815.xml')],
      subject,
      body,
    },
  });
  expect(res.statusCode, res.body).toBe(202);
  const job = await waitForJob(t.db.pool, key.organizationId, res.json().jobId);
  expect(job.status, JSON.stringify(job.errorDetail)).toBe('processed');
  return job.extractedData as EmailResult;
}

describe('is_invoice combines the intent with the attachments', () => {
  it('a payment confirmation carrying a copy of the paid invoice is not an invoice', async () => {
    const data = await processEmail(
      'Zahlung für Rechnung RE-2024-0815 erhalten',
      'Sehr geehrte Damen und Herren,\n\nwir haben Ihre Zahlung für die Rechnung RE-2024-0815 erhalten. Vielen Dank! Die Rechnung liegt zur Information bei.\n\nMit freundlichen Grüßen\nLieferant GmbH',
    );
    expect(data.email.intent).toBe('not_invoice');
    expect(data.is_invoice).toBe(false);
    expect(data.documents[0]).toMatchObject({ status: 'processed', attachment_kind: 'invoice' });
    expect(data.email.reasons.at(-1)).toMatch(/^is_invoice false: the text settles the invoice it names/);
  });

  it('an invoice attachment counts when the text says nothing ("see attached")', async () => {
    const data = await processEmail('Documents', 'see attached');
    expect(data.email.intent).toBe('not_invoice');
    expect(data.is_invoice).toBe(true);
    expect(data.summary_data?.invoice_number).toBe('RE-2024-0815');
    expect(data.email.reasons.at(-1)).toBe('is_invoice true: attachment 0 extracted as invoice');
  });

  it('an invoice email is an invoice, and says why', async () => {
    const data = await processEmail(
      'Invoice RE-2024-0815',
      'Dear customer, please find attached our invoice RE-2024-0815, payable within 30 days.',
    );
    expect(data.email.intent).toBe('invoice');
    expect(data.is_invoice).toBe(true);
    expect(data.email.reasons.at(-1)).toBe(
      "is_invoice true: the email's text is invoice mail; attachment 0 extracted as invoice",
    );
  });
});
