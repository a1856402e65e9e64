// Fairness: with DOCEX_WORKER_MAX_PER_ORG=1 and two slots, an organization whose document host hangs holds one slot,
// not both, so another organization's document is processed meanwhile. When nobody else waits, the cap does not
// hold a lone organization back (work-conserving).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import { buildTestApp, type TestApp, type TestKey } from '../support/app.js';
import { startDocumentServer, type DocumentServer } from '../support/document-server.js';
import { waitForJob } from '../support/jobs.js';
import { buildPdf, helveticaPage } from '../support/pdf-builder.js';
import { startTestWorker } from '../support/worker.js';

let t: TestApp;
let docs: DocumentServer;
const pdf = buildPdf(helveticaPage('BT /F1 12 Tf 50 780 Td (Rechnung Nr. 1) Tj ET'));
const served: string[] = [];
const held: ServerResponse[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  docs = await startDocumentServer();
  for (const name of ['a1', 'a2', 'b1']) {
    docs.route(`/${name}.pdf`, (_req, res) => {
      served.push(name);
      // Organization A's host hangs until released; the others answer at once.
      if (name.startsWith('a')) held.push(res);
      else res.writeHead(200).end(pdf);
    });
  }
}, 60_000);
afterAll(async () => {
  for (const res of held) res.destroy();
  await docs?.close();
  await t?.close();
});

async function submit(key: TestKey, name: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/documents',
    headers: key.headers,
    payload: { documentUrl: docs.url(`/${name}.pdf`), requireLineItems: false, documentId: 1, consumerRefId: name },
  });
  return res.json().jobId;
}

describe('per-organization cap', () => {
  it("one organization's hung downloads hold one of two slots; another organization's job goes through", async () => {
    const [a, b] = [await t.createKey(), await t.createKey()];
    const a1 = await submit(a, 'a1');
    const a2 = await submit(a, 'a2');
    const b1 = await submit(b, 'b1');
    const { rows } = await t.db.pool.query(
      "SELECT flags FROM graphile_worker._private_jobs WHERE payload->>'jobId' = $1",
      [a1],
    );
    expect(rows[0].flags).toEqual({ [`org:${a.organizationId}`]: true });

    const worker = await startTestWorker(t.db.url, t.db.pool, {
      DOCEX_WORKER_CONCURRENCY: '2',
      DOCEX_WORKER_MAX_PER_ORG: '1',
      DOCEX_OCR_WORKERS: '1',
      DOCEX_ARCHIVE: 'off',
      DOCEX_DOWNLOAD_IDLE_TIMEOUT_MS: '60000',
      DOCEX_DOWNLOAD_TIMEOUT_MS: '120000',
    });
    try {
      const done = await waitForJob(t.db.pool, b.organizationId, b1, undefined, 60_000);
      expect(done.status).toBe('processed');
      // A's second document was not started before B's: A held one slot, B got the other.
      expect(served.slice(0, 2)).toEqual(['a1', 'b1']);
      // Nobody else waits now: A may use both slots.
      const deadline = Date.now() + 30_000;
      while (!served.includes('a2') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(served).toContain('a2');
      // Both of A's jobs are still running (hung); stopping the worker hands them back to the queue.
      const running = await Promise.all([a1, a2].map((id) => waitForJob(t.db.pool, a.organizationId, id, () => true)));
      expect(running.map((j) => j.status)).toEqual(['extracting', 'extracting']);
    } finally {
      for (const res of held.splice(0)) res.destroy();
      await worker.stop();
    }
  }, 120_000);
});
