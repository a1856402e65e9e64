// Hostile and broken input through the whole pipeline: each job ends as `error` with the right stage and code, the
// worker stays up, and the next job succeeds. The worker runs with the production address rules (no private
// networks); only the test document server's exact address, 127.0.0.1, is trusted (DOCEX_TRUSTED_ADDRESSES).
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestKey } from '../support/app.js';
import { startDocumentServer, type DocumentServer } from '../support/document-server.js';
import { waitForJob } from '../support/jobs.js';
import { startTestWorker, type TestWorker } from '../support/worker.js';
import { datasetFile } from '../support/datasets.js';

let t: TestApp;
let key: TestKey;
let docs: DocumentServer;
let worker: TestWorker;
let goodPdf: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  docs = await startDocumentServer();
  key = await t.createKey({ webhookBaseUrl: 'http://127.0.0.1:9/hooks' });
  worker = await startTestWorker(t.db.url, t.db.pool, {
    DOCEX_ALLOW_PRIVATE_NETWORKS: 'false',
    DOCEX_TRUSTED_ADDRESSES: '127.0.0.1',
    DOCEX_DOWNLOAD_MAX_BYTES: String(512 * 1024),
    DOCEX_DOWNLOAD_TIMEOUT_MS: '1500',
  });
  goodPdf = datasetFile('zugferd-corpus/documents/XML-Rechnung/FX/EN16931_1_Teilrechnung.pdf');
  docs.file('/good.pdf', goodPdf);
  docs.file('/encrypted.pdf', await readFile('test/fixtures/pdf/encrypted.pdf'));
  docs.file('/truncated.pdf', goodPdf.subarray(0, 2000));
  docs.file('/bomb.pdf', await readFile('test/fixtures/pdf/text-bomb.pdf'));
  docs.file('/xxe.xml', await readFile('test/fixtures/einvoice/hostile-xxe.xml'));
  docs.file('/empty.pdf', Buffer.alloc(0));
  docs.file('/page.html', Buffer.from('<!DOCTYPE html><html><body>invoice</body></html>'), 'application/pdf');
  docs.route('/endless', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/pdf' });
    const chunk = Buffer.alloc(64 * 1024, 0x25);
    const pump = () => {
      while (res.write(chunk)) {
        if (res.destroyed) return;
      }
      res.once('drain', pump);
    };
    pump();
  });
  docs.route('/to-metadata', (_req, res) =>
    res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
  );
  docs.route('/to-private', (_req, res) => res.writeHead(302, { location: 'http://127.0.0.2/x.pdf' }).end());
  docs.route('/silent', () => {
    // never answers
  });
}, 60_000);
afterAll(async () => {
  await worker?.stop();
  await docs?.close();
  await t?.close();
});

async function run(documentUrl: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/documents',
    headers: key.headers,
    payload: { documentUrl, requireLineItems: false, documentId: 1, consumerRefId: 'hostile' },
  });
  expect(res.statusCode, res.body).toBe(202);
  return waitForJob(t.db.pool, key.organizationId, res.json().jobId, undefined, 60_000);
}

describe('hostile input ends as a classified error and the worker stays up', () => {
  it.each([
    ['loopback', 'http://127.0.0.2:8080/x.pdf', 'download', 'url_not_allowed'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/', 'download', 'url_not_allowed'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.2]/x.pdf', 'download', 'url_not_allowed'],
    ['private network', 'http://10.0.0.1/x.pdf', 'download', 'url_not_allowed'],
    // file:, ftp: and other schemes never get this far: submit answers 400 (test/http/input-validation.test.ts).
  ])('%s', async (_name, url, stage, code) => {
    const job = await run(url);
    expect(job).toMatchObject({ status: 'error', errorStage: stage, errorCode: code });
    expect(job.error).toEqual(expect.any(String));
    expect(job.extractedData).toBeNull();
  });

  it.each([
    ['a redirect to the metadata address', '/to-metadata', 'download', 'url_not_allowed'],
    ['a redirect to a private address', '/to-private', 'download', 'url_not_allowed'],
    ['an endless body', '/endless', 'download', 'download_too_large'],
    ['a 404', '/missing.pdf', 'download', 'download_http_error'],
    ['an encrypted PDF', '/encrypted.pdf', 'parsing', 'pdf_encrypted'],
    ['a truncated PDF', '/truncated.pdf', 'parsing', 'pdf_corrupt'],
    ['an XML with an external entity', '/xxe.xml', 'parsing', 'xml_forbidden_construct'],
    ['a zero-byte file', '/empty.pdf', 'parsing', 'empty_document'],
    ['an HTML page', '/page.html', 'parsing', 'unsupported_format'],
  ])('%s', async (_name, urlPath, stage, code) => {
    const job = await run(docs.url(urlPath));
    expect(job, JSON.stringify(job.errorDetail)).toMatchObject({ status: 'error', errorStage: stage, errorCode: code });
  });

  it('a PDF bomb fails its job, not the process', async () => {
    const job = await run(docs.url('/bomb.pdf'));
    expect(job.status).toBe('error');
    expect(['resource_limit', 'timeout']).toContain(job.errorCode);
  });

  it('the 404 was not retried (permanent), and its detail names the status', async () => {
    const job = await run(docs.url('/missing-2.pdf'));
    expect(job.errorDetail).toMatchObject({ status: 404, attempts: 1 });
    expect(docs.hits('/missing-2.pdf')).toBe(1);
  });

  it('after all of that, a good document still succeeds', async () => {
    const job = await run(docs.url('/good.pdf'));
    expect(job.status).toBe('processed');
  });
});

describe('transient failures are retried', () => {
  it('a 503 from the document host, then the document: processed on a later attempt', async () => {
    let calls = 0;
    docs.route('/flaky.pdf', (_req, res) => {
      calls++;
      if (calls === 1) res.writeHead(503, { 'retry-after': '1' }).end('busy');
      else res.writeHead(200).end(goodPdf);
    });
    const job = await run(docs.url('/flaky.pdf'));
    expect(job.status).toBe('processed');
    expect(calls).toBe(2);
    expect(job.error).toBeNull();
  });
});
