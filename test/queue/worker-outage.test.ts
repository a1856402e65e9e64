// Transient database errors never become permanent job failures (issue 11 items 1-2): the real worker, processing
// real PDFs, loses its database connection mid-job (a TCP proxy cuts it, as a restart would) or has its backends
// terminated (pg_terminate_backend, database up). Every job still ends `processed`, with one webhook, and the
// process keeps working afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../src/db/pool.js';
import { createSigningSecret } from '../../src/delivery/store.js';
import { buildTestApp, type TestApp, type TestKey } from '../support/app.js';
import { startDocumentServer, type DocumentServer } from '../support/document-server.js';
import { waitForJob } from '../support/jobs.js';
import { buildPdf, helveticaPage } from '../support/pdf-builder.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { startTestWorker, type TestWorker } from '../support/worker.js';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';

let t: TestApp;
let key: TestKey;
let proxy: TcpProxy;
let workerPool: Pool;
let worker: TestWorker;
let docs: DocumentServer;
let receiver: WebhookReceiver;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

const invoice = buildPdf(
  helveticaPage(
    [
      'BT /F1 14 Tf 50 780 Td (Muster GmbH) Tj ET',
      'BT /F1 11 Tf 50 740 Td (Rechnung Nr. RE-2026-7) Tj ET',
      'BT /F1 11 Tf 50 724 Td (Datum: 05.03.2026) Tj ET',
      'BT /F1 11 Tf 50 600 Td (Gesamtbetrag 119,00 EUR) Tj ET',
    ].join('\n'),
  ),
);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  t = await buildTestApp();
  docs = await startDocumentServer();
  // Each download takes 300 ms, so cuts land while jobs are in flight.
  docs.route('/invoice.pdf', (_req, res) => setTimeout(() => res.writeHead(200).end(invoice), 300));
  receiver = await startWebhookReceiver();
  key = await t.createKey({ webhookBaseUrl: `${receiver.baseUrl}/hooks` });
  await createSigningSecret(t.db.pool, key.id);
  const target = new URL(t.db.url);
  proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  const url = proxy.viaProxy(t.db.url);
  workerPool = createPool(url, 10);
  worker = await startTestWorker(url, workerPool, {
    DOCEX_WORKER_CONCURRENCY: '2',
    DOCEX_OCR_WORKERS: '1',
    DOCEX_ARCHIVE: 'off',
  });
}, 60_000);
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await worker?.stop();
  await workerPool?.end().catch(() => {});
  await proxy?.close();
  await docs?.close();
  await receiver?.close();
  await t?.close();
});

async function submit(n: number, ref: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: key.headers,
      payload: {
        documentUrl: docs.url('/invoice.pdf'),
        requireLineItems: false,
        documentId: i,
        consumerRefId: `${ref}-${i}`,
      },
    });
    ids.push(res.json().jobId);
  }
  return ids;
}

async function expectAllProcessedOnce(ids: string[]): Promise<void> {
  for (const id of ids) {
    const job = await waitForJob(t.db.pool, key.organizationId, id, undefined, 60_000);
    expect({ id, status: job.status, errorCode: job.errorCode }).toEqual({ id, status: 'processed', errorCode: null });
  }
  const { rows } = await t.db.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM webhook_messages WHERE job_id = ANY($1::uuid[]) GROUP BY job_id',
    [ids],
  );
  expect(rows.map((r) => r.n)).toEqual(ids.map(() => 1));
}

describe('the worker across database outages', () => {
  it('a 2.5 s cut of every connection mid-processing: all jobs processed, none failed, one webhook each', async () => {
    const ids = await submit(10, 'cut');
    await waitForJob(t.db.pool, key.organizationId, ids[0]!, undefined, 60_000);
    proxy.cut();
    await new Promise((r) => setTimeout(r, 2_500));
    proxy.restore();
    await expectAllProcessedOnce(ids);
    expect(proxy.dropped()).toBeGreaterThan(0);
    expect(unhandled).toEqual([]);
  }, 120_000);

  it("docex's backends terminated every 300 ms (database up): all jobs processed, none failed", async () => {
    const ids = await submit(10, 'terminate');
    const stopAt = Date.now() + 4_000;
    let terminated = 0;
    while (Date.now() < stopAt) {
      const { rows } = await t.db.pool
        .query<{ n: number }>(
          `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        )
        .catch(() => ({ rows: [{ n: 0 }] }));
      terminated += rows[0]?.n ?? 0;
      await new Promise((r) => setTimeout(r, 300));
    }
    await expectAllProcessedOnce(ids);
    expect(terminated).toBeGreaterThan(0);
    expect(unhandled).toEqual([]);
  }, 120_000);
});
