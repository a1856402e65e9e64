// An end for every job: a job whose attempts all ended with its worker dead ends `error` / `worker_crashed` with its
// attempts in the detail, and its failure webhook is sent; no job stays in a working status after its last attempt.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSigningSecret, enqueueDelivery } from '../../src/delivery/store.js';
import { claimJob } from '../../src/jobs/state.js';
import { PROCESS_MAX_ATTEMPTS } from '../../src/queue/tasks.js';
import { parseSchedule } from '../../src/delivery/schedule.js';
import { withTransaction } from '../../src/db/pool.js';
import { completeJob } from '../../src/jobs/state.js';
import { DELIVER_MAX_ATTEMPTS } from '../../src/queue/tasks.js';
import { endAbandonedJobs, resumeAbandonedDeliveries } from '../../src/worker/abandoned-jobs.js';
import { buildTestApp, type TestApp, type TestKey } from '../support/app.js';
import { ENTRY, ROOT } from '../support/cli.js';
import { startDocumentServer, type DocumentServer } from '../support/document-server.js';
import { waitForJob } from '../support/jobs.js';
import { queueEntriesFor } from '../support/queue.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { startTestWorker, workerEnv } from '../support/worker.js';

let t: TestApp;
let key: TestKey;
let docs: DocumentServer;
let receiver: WebhookReceiver;
let dataDir: string;

beforeAll(async () => {
  t = await buildTestApp();
  docs = await startDocumentServer();
  receiver = await startWebhookReceiver();
  key = await t.createKey({ webhookBaseUrl: `${receiver.baseUrl}/hooks` });
  await createSigningSecret(t.db.pool, key.id);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'docex-abandoned-'));
}, 60_000);
afterAll(async () => {
  await docs?.close();
  await receiver?.close();
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function submit(documentUrl: string, ref: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/documents',
    headers: key.headers,
    payload: { documentUrl, requireLineItems: false, documentId: 1, consumerRefId: ref },
  });
  return res.json().jobId;
}

/** The queue entry as the lease sweep leaves it after the last of its attempts died with its worker. */
async function spendAttempts(jobId: string, attempts: number): Promise<void> {
  await t.db.pool.query(
    `UPDATE graphile_worker._private_jobs SET attempts = $2, locked_at = NULL, locked_by = NULL, last_error = NULL
     WHERE payload->>'jobId' = $1`,
    [jobId, attempts],
  );
}

describe('jobs whose every attempt killed the worker', () => {
  it('end error/worker_crashed with their attempts, get their webhook queued, and leave no queue entry', async () => {
    const jobId = await submit(docs.url('/never-fetched.pdf'), 'spent');
    await claimJob(t.db.pool, jobId); // the last attempt had started: status extracting
    await spendAttempts(jobId, PROCESS_MAX_ATTEMPTS);
    const ended = await endAbandonedJobs({
      pool: t.db.pool,
      logger: pino({ level: 'silent' }),
      onFinished: async (tx, job) => {
        await enqueueDelivery(tx, job);
      },
    });
    expect(ended).toBe(1);
    const job = await waitForJob(t.db.pool, key.organizationId, jobId, undefined, 1_000);
    expect(job).toMatchObject({
      status: 'error',
      errorStage: 'extraction',
      errorCode: 'worker_crashed',
      errorDetail: { attempts: PROCESS_MAX_ATTEMPTS },
    });
    expect(job.error).toMatch(/5 times/);
    expect(await queueEntriesFor(t.db.pool, jobId)).toEqual([]);
    const { rows } = await t.db.pool.query('SELECT event_type FROM webhook_messages WHERE job_id = $1', [jobId]);
    expect(rows).toEqual([{ event_type: 'document.failed' }]);
    // Nothing left to end: a second sweep is a no-op.
    expect(
      await endAbandonedJobs({
        pool: t.db.pool,
        logger: pino({ level: 'silent' }),
        onFinished: async (tx, job) => {
          await enqueueDelivery(tx, job);
        },
      }),
    ).toBe(0);
  });

  it('a worker SIGKILLed on the last attempt: a live worker ends the job and its failure webhook arrives', async () => {
    let served = 0;
    docs.route('/hangs.pdf', () => {
      served++; // never answers: the worker is killed while waiting
    });
    const jobId = await submit(docs.url('/hangs.pdf'), 'killed');
    await spendAttempts(jobId, PROCESS_MAX_ATTEMPTS - 1);
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, 'worker'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        ...workerEnv(t.db.url, dataDir, {
          PORT: '0',
          LOG_LEVEL: 'silent',
          DOCEX_OCR_WORKERS: '1',
          DOCEX_ARCHIVE: 'off',
        }),
      },
      stdio: 'ignore',
    });
    // A child worker starts in a few seconds; allow for a loaded machine.
    const deadline = Date.now() + 60_000;
    while (served === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(served).toBe(1);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    const rescuer = await startTestWorker(t.db.url, t.db.pool, { DOCEX_OCR_WORKERS: '1', DOCEX_ARCHIVE: 'off' });
    try {
      const job = await waitForJob(t.db.pool, key.organizationId, jobId, undefined, 30_000);
      expect(job).toMatchObject({
        status: 'error',
        errorCode: 'worker_crashed',
        errorDetail: { attempts: PROCESS_MAX_ATTEMPTS },
      });
      const deadline = Date.now() + 15_000;
      const mine = () => receiver.deliveries.filter((d) => JSON.parse(d.body).job_id === jobId);
      while (mine().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(mine()).toHaveLength(1);
      expect(JSON.parse(mine()[0]!.body)).toMatchObject({ status: 'error', error: { code: 'worker_crashed' } });
      expect(served).toBe(1); // given up, not downloaded again
    } finally {
      await rescuer.stop();
    }
  }, 120_000);

  it('a delivery whose sending worker died on every try gets a new queue entry, until its schedule is used up', async () => {
    const deliveryEntry = async (messageId: string) =>
      (
        await t.db.pool.query<{ id: string; attempts: number }>(
          "SELECT id, attempts FROM graphile_worker._private_jobs WHERE payload->>'messageId' = $1",
          [messageId],
        )
      ).rows;
    const messages: string[] = [];
    for (const ref of ['delivery-a', 'delivery-b']) {
      const jobId = await submit(docs.url('/never.pdf'), ref);
      const claim = await claimJob(t.db.pool, jobId);
      messages.push(
        await withTransaction(t.db.pool, async (tx) => {
          const done = await completeJob(tx, jobId, claim!.token, {
            extractedData: {},
            extractionTimeMs: 1,
            parserVersionId: null,
            parserVersion: null,
            modelCost: null,
            archivedStorageKey: null,
          });
          return enqueueDelivery(tx, done!);
        }),
      );
    }
    // Both entries spent by dead workers; the second message has already used its 3 scheduled attempts.
    await t.db.pool.query(
      "UPDATE graphile_worker._private_jobs SET attempts = $2, locked_at = NULL, locked_by = NULL WHERE payload->>'messageId' = ANY($1::text[])",
      [messages, DELIVER_MAX_ATTEMPTS],
    );
    await t.db.pool.query('UPDATE webhook_messages SET attempts = 3 WHERE id = $1', [messages[1]]);
    const resumed = await resumeAbandonedDeliveries({
      pool: t.db.pool,
      logger: pino({ level: 'silent' }),
      schedule: parseSchedule('0s,1h,1h'),
    });
    expect(resumed).toBe(1);
    const [fresh] = await deliveryEntry(messages[0]!);
    expect(fresh).toMatchObject({ attempts: 0 });
    expect(await deliveryEntry(messages[1]!)).toEqual([]);
    const { rows } = await t.db.pool.query(
      'SELECT status FROM webhook_messages WHERE id = ANY($1::text[]) ORDER BY id',
      [messages],
    );
    expect(rows.map((r) => r.status)).toEqual(['pending', 'pending']);
  });
});
