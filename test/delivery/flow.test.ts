// Webhook delivery end to end: a finished job's delivery is queued in the finishing transaction, sent by the real
// queue runner to a real receiver on loopback, signed, retried on the schedule and recorded on the job.
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/db/pool.js';
import { createDeliveryDispatcher } from '../../src/delivery/dispatcher.js';
import { createSigningSecret, enqueueDelivery, listAttempts, rotateSigningSecret } from '../../src/delivery/store.js';
import { claimJob, completeJob, failJob } from '../../src/jobs/state.js';
import type { QueueRunner } from '../../src/queue/runner.js';
import { buildTestApp, singleBody, type TestApp, type TestKey } from '../support/app.js';
import { status, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { waitForJob } from '../support/jobs.js';
import { startDeliveryRunner } from './support/runner.js';

let t: TestApp;
let receiver: WebhookReceiver;
let runner: QueueRunner;
const dispatcher = createDeliveryDispatcher({ allowPrivateNetworks: true });

beforeAll(async () => {
  t = await buildTestApp();
  receiver = await startWebhookReceiver();
  runner = await startDeliveryRunner(t.db.pool, dispatcher, 4);
});
afterAll(async () => {
  await runner.stop();
  await receiver.close();
  await dispatcher.close();
  await t.close();
});
afterEach(() => {
  receiver.deliveries.length = 0;
  receiver.respondWith();
});

async function keyWithSecret(webhookPath = '/hooks'): Promise<TestKey & { signingSecret: string }> {
  const key = await t.createKey({ webhookBaseUrl: `${receiver.baseUrl}${webhookPath}` });
  return { ...key, signingSecret: await createSigningSecret(t.db.pool, key.id) };
}

/** Submits a job through the API and finishes it through the real state transitions, queuing its delivery. */
async function finishedJob(key: TestKey, outcome: 'processed' | 'error' = 'processed', webhookUrl = 'invoices') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/documents',
    headers: key.headers,
    payload: singleBody({ webhookUrl }),
  });
  const { jobId } = res.json();
  const claim = await claimJob(t.db.pool, jobId);
  await withTransaction(t.db.pool, async (tx) => {
    const done =
      outcome === 'processed'
        ? await completeJob(tx, jobId, claim!.token, {
            extractedData: { summary_data: { invoice_number: 'INV-1', total: 119 }, lineItems: [] },
            extractionTimeMs: 12,
            parserVersionId: null,
            parserVersion: null,
            modelCost: null,
            archivedStorageKey: null,
          })
        : await failJob(tx, jobId, claim!.token, {
            message: 'The document host answered 404.',
            stage: 'download',
            code: 'download_http_error',
            detail: { status: 404 },
            extractionTimeMs: 5,
          });
    await enqueueDelivery(tx, done!);
  });
  return jobId as string;
}

// Attempts are counted before they are sent, so wait for the result as well (webhookStatus is set after it).
const finishedDelivery = (attempts: number) => (j: { webhookAttempts: number; webhookStatus: string | null }) =>
  j.webhookAttempts >= attempts && j.webhookStatus !== null;

describe('webhook delivery', () => {
  it('200: posted, signed (verified with standardwebhooks), recorded on the job and in the attempt log', async () => {
    const key = await keyWithSecret();
    const jobId = await finishedJob(key);
    const [d] = await receiver.waitFor(1);
    expect(d!.path).toBe('/hooks/invoices');
    expect(d!.headers['content-type']).toBe('application/json');
    expect(d!.headers['user-agent']).toMatch(/^docex\/\d+\.\d+\.\d+$/);
    const payload = new Webhook(key.signingSecret).verify(d!.body, d!.headers as Record<string, string>) as Record<
      string,
      any
    >;
    expect(payload).toMatchObject({
      type: 'document.processed',
      job_id: jobId,
      consumer_ref_id: 'ref-1',
      document_id: 42,
      type_id: 0,
      status: 'processed',
      processed_data: { summary_data: { invoice_number: 'INV-1', total: 119 }, lineItems: [] },
      error: null,
      parser_version: null,
      model_cost: null,
      extraction_time_ms: 12,
    });
    const job = await waitForJob(t.db.pool, key.organizationId, jobId, finishedDelivery(1));
    expect(job).toMatchObject({
      webhookStatus: 'webhook_posted',
      webhookAttempts: 1,
      webhookResponseCode: 200,
      webhookResponseBody: 'ok',
      errorStage: null,
    });
    const log = await listAttempts(t.db.pool, jobId);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      attempt: 1,
      statusCode: 200,
      url: `${receiver.baseUrl}/hooks/invoices`,
      errorCode: null,
    });
  });

  it('500 then 200: two attempts of one message, same webhook-id and body, both recorded', async () => {
    const key = await keyWithSecret();
    receiver.respondWith(status(500, {}, 'boom'));
    const jobId = await finishedJob(key);
    const [first, second] = await receiver.waitFor(2);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.body).toBe(first!.body);
    const job = await waitForJob(t.db.pool, key.organizationId, jobId, (j) => j.webhookStatus === 'webhook_posted');
    expect(job.webhookAttempts).toBe(2);
    const log = await listAttempts(t.db.pool, jobId);
    expect(log.map((a) => [a.attempt, a.statusCode, a.responseBody])).toEqual([
      [1, 500, 'boom'],
      [2, 200, 'ok'],
    ]);
  });

  it('a failed job is delivered as document.failed with {message, stage, code}', async () => {
    const key = await keyWithSecret();
    const jobId = await finishedJob(key, 'error');
    const [d] = await receiver.waitFor(1);
    expect(JSON.parse(d!.body)).toMatchObject({
      type: 'document.failed',
      job_id: jobId,
      status: 'error',
      processed_data: null,
      error: { message: 'The document host answered 404.', stage: 'download', code: 'download_http_error' },
    });
  });

  it('410 Gone stops at once and records webhook_gone without touching the result', async () => {
    const key = await keyWithSecret();
    receiver.respondWith(status(410, {}, 'gone'));
    const jobId = await finishedJob(key);
    const job = await waitForJob(t.db.pool, key.organizationId, jobId, finishedDelivery(1));
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.deliveries).toHaveLength(1);
    const after = await waitForJob(t.db.pool, key.organizationId, jobId);
    expect(after).toMatchObject({
      status: 'processed',
      webhookStatus: 'webhook_failed',
      webhookResponseCode: 410,
      errorStage: 'delivery',
      errorCode: 'webhook_gone',
    });
    expect(after.extractedData).toEqual(job.extractedData);
  });

  it('an exhausted schedule records webhook_exhausted with the last status', async () => {
    const key = await keyWithSecret();
    receiver.respondWith(status(503), status(503), status(503));
    const jobId = await finishedJob(key);
    const job = await waitForJob(
      t.db.pool,
      key.organizationId,
      jobId,
      (j) => j.errorCode === 'webhook_exhausted',
      20_000,
    );
    expect(job).toMatchObject({
      webhookAttempts: 3,
      webhookStatus: 'webhook_failed',
      webhookResponseCode: 503,
      errorStage: 'delivery',
    });
    expect(job.errorDetail).toMatchObject({ attempts: 3, lastStatusCode: 503 });
  });

  it('a 3xx is a failure and is not followed', async () => {
    const key = await keyWithSecret();
    receiver.respondWith(status(302, { location: `${receiver.baseUrl}/elsewhere` }), status(200));
    const jobId = await finishedJob(key);
    await waitForJob(t.db.pool, key.organizationId, jobId, (j) => j.webhookStatus === 'webhook_posted');
    expect(receiver.deliveries.map((d) => d.path)).toEqual(['/hooks/invoices', '/hooks/invoices']);
    const log = await listAttempts(t.db.pool, jobId);
    expect(log[0]).toMatchObject({ statusCode: 302, errorCode: 'redirect' });
  });

  it('a 1 MiB response is stored truncated to 4 KiB', async () => {
    const key = await keyWithSecret();
    receiver.respondWith((_d, res) => res.writeHead(200).end('x'.repeat(1024 * 1024)));
    const jobId = await finishedJob(key);
    const job = await waitForJob(t.db.pool, key.organizationId, jobId, finishedDelivery(1));
    expect(Buffer.byteLength(job.webhookResponseBody!)).toBeLessThanOrEqual(4096);
    expect(job.webhookResponseBody).toContain('truncated');
  });

  it('an empty webhookUrl delivers to the base URL itself', async () => {
    const key = await keyWithSecret('/base');
    await finishedJob(key, 'processed', '');
    const [d] = await receiver.waitFor(1);
    expect(d!.path).toBe('/base');
  });

  it('signs with the old and the new secret during a rotation; receivers holding either verify', async () => {
    const key = await keyWithSecret();
    const rotated = await rotateSigningSecret(t.db.pool, key.id, 3600);
    await finishedJob(key);
    const [d] = await receiver.waitFor(1);
    expect(String(d!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [key.signingSecret, rotated.secret]) {
      expect(() => new Webhook(secret).verify(d!.body, d!.headers as Record<string, string>)).not.toThrow();
    }
    // After the grace period only the new secret signs.
    await t.db.pool.query(
      "UPDATE webhook_signing_secrets SET expires_at = now() - interval '1 second' WHERE secret = $1",
      [key.signingSecret],
    );
    receiver.deliveries.length = 0;
    await finishedJob(key);
    const [later] = await receiver.waitFor(1);
    expect(() =>
      new Webhook(rotated.secret).verify(later!.body, later!.headers as Record<string, string>),
    ).not.toThrow();
    expect(() =>
      new Webhook(key.signingSecret).verify(later!.body, later!.headers as Record<string, string>),
    ).toThrow();
  });

  it('POST /v1/jobs/:jobId/redeliver sends the stored result again as a new message, scoped to the organization', async () => {
    const key = await keyWithSecret();
    const jobId = await finishedJob(key);
    const [first] = await receiver.waitFor(1);
    await waitForJob(t.db.pool, key.organizationId, jobId, finishedDelivery(1));
    const other = await t.createKey();
    const foreign = await t.app.inject({ method: 'POST', url: `/v1/jobs/${jobId}/redeliver`, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    const res = await t.app.inject({ method: 'POST', url: `/v1/jobs/${jobId}/redeliver`, headers: key.headers });
    expect(res.statusCode).toBe(202);
    expect(res.json().messageId).toMatch(/^msg_/);
    const [, second] = await receiver.waitFor(2);
    expect(second!.headers['webhook-id']).toBe(res.json().messageId);
    expect(second!.headers['webhook-id']).not.toBe(first!.headers['webhook-id']);
    expect(JSON.parse(second!.body).job_id).toBe(jobId);
    const job = await waitForJob(t.db.pool, key.organizationId, jobId, finishedDelivery(2));
    expect(job.webhookAttempts).toBe(2);
  });

  it('redeliver answers 409 for a job that is not finished', async () => {
    const key = await keyWithSecret();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: key.headers,
      payload: singleBody(),
    });
    const again = await t.app.inject({
      method: 'POST',
      url: `/v1/jobs/${res.json().jobId}/redeliver`,
      headers: key.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('job_not_finished');
  });
});
