// Delivery attempts are recorded before they are sent (a crash mid-send still counts in webhookAttempts), and a
// webhook URL the address policy refuses is a configuration error: it stops at once instead of retrying for hours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/db/pool.js';
import { createDeliveryDispatcher } from '../../src/delivery/dispatcher.js';
import { createSigningSecret, enqueueDelivery, listAttempts } from '../../src/delivery/store.js';
import { claimJob, completeJob } from '../../src/jobs/state.js';
import type { QueueRunner } from '../../src/queue/runner.js';
import { buildTestApp, singleBody, type TestApp, type TestKey } from '../support/app.js';
import { waitForJob } from '../support/jobs.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { startDeliveryRunner } from './support/runner.js';

let t: TestApp;
let receiver: WebhookReceiver;
let runner: QueueRunner;
// Private networks refused, as in production; only the receiver's exact address is trusted.
const dispatcher = createDeliveryDispatcher({ allowPrivateNetworks: false, trustedAddresses: ['127.0.0.1'] });

beforeAll(async () => {
  t = await buildTestApp();
  receiver = await startWebhookReceiver();
  runner = await startDeliveryRunner(t.db.pool, dispatcher, 2);
});
afterAll(async () => {
  await runner?.stop();
  await receiver?.close();
  await dispatcher.close();
  await t?.close();
});

async function deliveredJob(key: TestKey): Promise<string> {
  await createSigningSecret(t.db.pool, key.id);
  const res = await t.app.inject({ method: 'POST', url: '/v1/documents', headers: key.headers, payload: singleBody() });
  const { jobId } = res.json();
  const claim = await claimJob(t.db.pool, jobId);
  await withTransaction(t.db.pool, async (tx) => {
    const done = await completeJob(tx, jobId, claim!.token, {
      extractedData: { summary_data: {}, lineItems: [] },
      extractionTimeMs: 1,
      parserVersionId: null,
      parserVersion: null,
      modelCost: null,
      archivedStorageKey: null,
    });
    await enqueueDelivery(tx, done!);
  });
  return jobId;
}

describe('delivery attempts', () => {
  it('are counted before the request is sent: the receiver already sees webhookAttempts 1 and an interrupted log row', async () => {
    const key = await t.createKey({ webhookBaseUrl: `${receiver.baseUrl}/hooks` });
    let seenWhileSending: { attempts: number; errorCode: string | null } | null = null;
    let jobId = '';
    receiver.respondWith((_d, res) => {
      // The receiver looks at the record while the attempt is in flight, as a crash at this moment would leave it.
      void (async () => {
        const job = await waitForJob(t.db.pool, key.organizationId, jobId);
        const log = await listAttempts(t.db.pool, jobId);
        seenWhileSending = { attempts: job.webhookAttempts, errorCode: log[0]?.errorCode ?? null };
        res.writeHead(200).end('ok');
      })();
    });
    jobId = await deliveredJob(key);
    const job = await waitForJob(t.db.pool, key.organizationId, jobId, (j) => j.webhookStatus !== null);
    expect(seenWhileSending).toEqual({ attempts: 1, errorCode: 'interrupted' });
    expect(job).toMatchObject({ webhookAttempts: 1, webhookStatus: 'webhook_posted', webhookResponseCode: 200 });
    const log = await listAttempts(t.db.pool, jobId);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ attempt: 1, statusCode: 200, errorCode: null, errorMessage: null });
  });

  it('a webhook URL refused by the address policy fails at once with webhook_url_not_allowed, naming the settings', async () => {
    // 0.0.0.0 is "unspecified": refused before any socket is opened (and it could only ever mean this machine).
    const key = await t.createKey({ webhookBaseUrl: 'http://0.0.0.0:9/hooks' });
    const jobId = await deliveredJob(key);
    const job = await waitForJob(t.db.pool, key.organizationId, jobId, (j) => j.errorCode !== null);
    await new Promise((r) => setTimeout(r, 2_500)); // the schedule (0s,1s,1s) would have retried by now
    const after = await waitForJob(t.db.pool, key.organizationId, jobId);
    expect(after).toMatchObject({
      status: 'processed',
      webhookAttempts: 1,
      webhookStatus: 'webhook_failed',
      errorStage: 'delivery',
      errorCode: 'webhook_url_not_allowed',
    });
    expect(job.error).toMatch(/DOCEX_TRUSTED_ADDRESSES/);
    expect(job.error).not.toContain('0.0.0.0:9/hooks');
    const log = await listAttempts(t.db.pool, jobId);
    expect(log.map((a) => a.errorCode)).toEqual(['url_not_allowed']);
    const { rows } = await t.db.pool.query('SELECT status FROM webhook_messages WHERE job_id = $1', [jobId]);
    expect(rows).toEqual([{ status: 'exhausted' }]);
  });
});
