// Nothing accepted is lost: a worker process SIGKILLed in the middle of a job (or of a webhook delivery) leaves the
// work locked; after the lease, a live worker takes it over and finishes it, and the job gets exactly one result.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSigningSecret } from '../../src/delivery/store.js';
import { buildTestApp, type TestApp, type TestKey } from '../support/app.js';
import { ENTRY, ROOT } from '../support/cli.js';
import { startDocumentServer, type DocumentServer } from '../support/document-server.js';
import { waitForJob } from '../support/jobs.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { startTestWorker, workerEnv } from '../support/worker.js';
import { datasetFile } from '../support/datasets.js';

let t: TestApp;
let key: TestKey;
let docs: DocumentServer;
let receiver: WebhookReceiver;
let dataDir: string;
let pdf: Buffer;
const LEASE = '5';

beforeAll(async () => {
  t = await buildTestApp();
  docs = await startDocumentServer();
  receiver = await startWebhookReceiver();
  key = await t.createKey({ webhookBaseUrl: `${receiver.baseUrl}/hooks` });
  await createSigningSecret(t.db.pool, key.id);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'docex-crash-'));
  pdf = datasetFile('zugferd-corpus/documents/XML-Rechnung/FX/EN16931_1_Teilrechnung.pdf');
}, 60_000);
afterAll(async () => {
  await docs?.close();
  await receiver?.close();
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

function spawnWorker(env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, 'worker'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      ...workerEnv(t.db.url, dataDir, { PORT: '0', DOCEX_WORKER_LEASE_SECONDS: LEASE, LOG_LEVEL: 'warn', ...env }),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (d) => (childLog += d));
  return child;
}

let childLog = '';

async function until(cond: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; worker log:\n${childLog.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function submit(documentUrl: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/documents',
    headers: key.headers,
    payload: { documentUrl, requireLineItems: true, documentId: 3, consumerRefId: 'crash' },
  });
  return res.json().jobId;
}

describe('crash recovery', () => {
  it('a job whose worker is SIGKILLed mid-download is processed by another worker after the lease, once', async () => {
    let served = 0;
    docs.route('/slow.pdf', (_req, res) => {
      served++;
      if (served === 1) return; // the first download hangs: the worker is killed while waiting for it
      res.writeHead(200).end(pdf);
    });
    const child = spawnWorker();
    const jobId = await submit(docs.url('/slow.pdf'));
    await until(() => served === 1, 30_000, 'the first worker to start downloading');
    const killedAt = Date.now();
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    const rescuer = await startTestWorker(t.db.url, t.db.pool, { DOCEX_WORKER_LEASE_SECONDS: LEASE });
    try {
      const job = await waitForJob(t.db.pool, key.organizationId, jobId, undefined, 60_000);
      const recoveredInMs = Date.now() - killedAt;
      expect(job.status).toBe('processed');
      expect(recoveredInMs).toBeLessThan(60_000);
      expect(served).toBe(2);
      // Exactly one result: one finished row, one webhook message.
      const { rows } = await t.db.pool.query('SELECT count(*)::int AS n FROM webhook_messages WHERE job_id = $1', [
        jobId,
      ]);
      expect(rows[0].n).toBe(1);
    } finally {
      await rescuer.stop();
    }
  }, 90_000);

  it('a delivery whose worker is SIGKILLed mid-request is delivered after restart, with the same webhook-id', async () => {
    docs.file('/ok.pdf', pdf);
    let hang = true;
    receiver.respondWith((_d, res) => {
      if (hang) return; // the first delivery never gets an answer: the worker is killed waiting
      res.writeHead(200).end('ok');
    });
    const child = spawnWorker();
    const jobId = await submit(docs.url('/ok.pdf'));
    await until(
      () => receiver.deliveries.some((d) => JSON.parse(d.body).job_id === jobId),
      30_000,
      'the first delivery',
    );
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    hang = false;
    receiver.respondWith();

    const rescuer = await startTestWorker(t.db.url, t.db.pool, { DOCEX_WORKER_LEASE_SECONDS: LEASE });
    try {
      const job = await waitForJob(
        t.db.pool,
        key.organizationId,
        jobId,
        (j) => j.webhookStatus === 'webhook_posted',
        60_000,
      );
      expect(job.status).toBe('processed');
      const mine = receiver.deliveries.filter((d) => JSON.parse(d.body).job_id === jobId);
      expect(mine.length).toBeGreaterThanOrEqual(2);
      expect(new Set(mine.map((d) => d.headers['webhook-id'])).size).toBe(1);
    } finally {
      await rescuer.stop();
    }
  }, 90_000);

  it('SIGTERM drains: an in-flight job finishes before the process exits (code 0)', async () => {
    let served = 0;
    docs.route('/slowish.pdf', (_req, res) => {
      served++;
      setTimeout(() => res.writeHead(200).end(pdf), 1_500);
    });
    const child = spawnWorker({ DOCEX_SHUTDOWN_GRACE_MS: '15000' });
    const jobId = await submit(docs.url('/slowish.pdf'));
    await until(() => served === 1, 30_000, 'the worker to start downloading');
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const job = await waitForJob(t.db.pool, key.organizationId, jobId, undefined, 1_000);
    expect(job.status).toBe('processed');
  }, 60_000);

  it('SIGTERM with a job that outlasts the grace period releases it to the queue, unlocked, for any worker', async () => {
    let served = 0;
    docs.route('/stuck.pdf', (_req, res) => {
      served++;
      if (served > 1) res.writeHead(200).end(pdf);
    });
    const child = spawnWorker({ DOCEX_SHUTDOWN_GRACE_MS: '500' });
    const jobId = await submit(docs.url('/stuck.pdf'));
    await until(() => served === 1, 30_000, 'the worker to start downloading');
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const { rows } = await t.db.pool.query(
      "SELECT locked_at FROM graphile_worker._private_jobs WHERE payload->>'jobId' = $1",
      [jobId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].locked_at).toBeNull();
    const rescuer = await startTestWorker(t.db.url, t.db.pool, { DOCEX_WORKER_LEASE_SECONDS: '3600' });
    try {
      // A lease of an hour: the job can only come back through the release, not through the dead-worker sweep.
      const job = await waitForJob(t.db.pool, key.organizationId, jobId, undefined, 30_000);
      expect(job.status).toBe('processed');
    } finally {
      await rescuer.stop();
    }
  }, 60_000);
});
