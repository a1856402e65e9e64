// Poison documents through the whole pipeline (API, queue, worker, reader): each job ends `error` with
// parsing/resource_limit and the budget that stopped it, configured from the environment as in production; a
// corrupt or encrypted PDF's errorDetail carries its real size; a good document still succeeds afterwards.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestKey } from '../../../support/app.js';
import { datasetFile } from '../../../support/datasets.js';
import { startDocumentServer, type DocumentServer } from '../../../support/document-server.js';
import { waitForJob } from '../../../support/jobs.js';
import { startTestWorker, type TestWorker } from '../../../support/worker.js';
import { attachmentBombPdf, flateBombPdf, lyingJpegPdf } from '../../../poison/bombs.js';

const MiB = 2 ** 20;
let t: TestApp;
let key: TestKey;
let docs: DocumentServer;
let worker: TestWorker;
let encrypted: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  docs = await startDocumentServer();
  key = await t.createKey({ webhookBaseUrl: 'http://127.0.0.1:9/hooks' });
  worker = await startTestWorker(t.db.url, t.db.pool, { DOCEX_PDF_MAX_STREAM_MB: '4', DOCEX_OCR_PDF_IMAGES: 'off' });
  encrypted = await readFile('test/fixtures/pdf/encrypted.pdf');
  docs.file('/flate-bomb.pdf', await flateBombPdf(64 * MiB));
  docs.file('/attachment-bomb.pdf', await attachmentBombPdf(16 * MiB));
  docs.file('/lying-jpeg.pdf', lyingJpegPdf(30_000, 30_000));
  docs.file('/encrypted.pdf', encrypted);
  docs.file('/good.pdf', datasetFile('zugferd-corpus/documents/XML-Rechnung/FX/EN16931_1_Teilrechnung.pdf'));
}, 60_000);
afterAll(async () => {
  await worker?.stop();
  await docs?.close();
  await t?.close();
});

async function run(path: string) {
  const payload = { documentUrl: docs.url(path), requireLineItems: false, documentId: 1, consumerRefId: 'poison' };
  const res = await t.app.inject({ method: 'POST', url: '/v1/documents', headers: key.headers, payload });
  expect(res.statusCode, res.body).toBe(202);
  return waitForJob(t.db.pool, key.organizationId, res.json().jobId, undefined, 60_000);
}

describe('poison documents end their job with resource_limit', () => {
  it.each([
    ['a content stream inflating to 64 MB', '/flate-bomb.pdf'],
    ['an embedded file inflating to 16 MB (pdfjs would skip it and read on)', '/attachment-bomb.pdf'],
    ['a JPEG whose header declares 30000 x 30000 on a scanned page', '/lying-jpeg.pdf'],
  ])('%s', async (_name, path) => {
    const job = await run(path);
    expect(job, JSON.stringify(job.errorDetail)).toMatchObject({
      status: 'error',
      errorStage: 'parsing',
      errorCode: 'resource_limit',
      errorDetail: { limit: 'decoded_stream', maxStreamBytes: 4 * MiB },
    });
  });

  it('an encrypted PDF names its real size', async () => {
    const job = await run('/encrypted.pdf');
    expect(job).toMatchObject({
      status: 'error',
      errorCode: 'pdf_encrypted',
      errorDetail: { byteLength: encrypted.length },
    });
  });

  it('after all of that, a good document still succeeds', async () => {
    const job = await run('/good.pdf');
    expect(job.status, JSON.stringify([job.errorCode, job.errorStage, job.error, job.errorDetail])).toBe('processed');
  });
});
