// The benchmark's data, written through docex's own repository functions where they exist: an organization, an API
// key with a signing secret whose base URL is the receiver, finished jobs, and their deliveries queued exactly as the
// processing task queues them (completeJob + enqueueDelivery in the finishing transaction).
import type pg from 'pg';
import { createApiKey } from '../../src/auth/api-keys.js';
import { createOrganization } from '../../src/auth/organizations.js';
import { createSigningSecret, enqueueDelivery } from '../../src/delivery/store.js';
import { serializeJob, type JobRow } from '../../src/jobs/read.js';
import { claimJob, completeJob, type Success } from '../../src/jobs/state.js';
import type { DocumentJob } from '../../src/jobs/types.js';
import { joinWebhookUrl, normalizeWebhookBaseUrl } from '../../src/jobs/webhook-url.js';
import { monoMs } from './rpc.js';

export interface Tenant {
  organizationId: string;
  apiKeyId: string;
  signingSecret: string;
  /** The absolute webhookUrl every job stores (key base URL + "invoices"). */
  webhookUrl: string;
}

export async function createTenant(db: pg.Pool, receiverBaseUrl: string): Promise<Tenant> {
  const org = await createOrganization(db, 'bench-webhooks');
  const baseUrl = normalizeWebhookBaseUrl(`${receiverBaseUrl}/hooks`);
  const key = await createApiKey(db, {
    organizationId: org.id,
    name: 'bench',
    webhookBaseUrl: baseUrl,
    ipAllowlist: [],
  });
  return {
    organizationId: org.id,
    apiKeyId: key.id,
    signingSecret: await createSigningSecret(db, key.id),
    webhookUrl: joinWebhookUrl(baseUrl, 'invoices'),
  };
}

/** A typical small invoice result: the webhook body is ~1.3 KB, as for a real single-page invoice. */
export const EXTRACTION: Success = {
  extractedData: {
    document_type: 'invoice',
    summary_data: {
      invoice_number: 'RE-2026-0815',
      invoice_date: '2026-11-02',
      due_date: '2026-12-02',
      currency: 'EUR',
      seller_name: 'Müller & Söhne GmbH',
      seller_vat_id: 'DE123456789',
      buyer_name: 'Example Trading AG',
      net_amount: '420.00',
      tax_amount: '79.80',
      total_amount: '499.80',
    },
    lineItems: [
      { description: 'Beratung (Stunde)', quantity: '3', unit_price: '100.00', amount: '300.00' },
      { description: 'Reisekosten pauschal', quantity: '1', unit_price: '80.00', amount: '80.00' },
      { description: 'Dokumentation', quantity: '2', unit_price: '20.00', amount: '40.00' },
    ],
  },
  extractionTimeMs: 412,
  parserVersionId: null,
  parserVersion: null,
  modelCost: '0.000000',
  archivedStorageKey: null,
};

const INSERT_JOBS = `
INSERT INTO document_jobs (organization_id, api_key_id, consumer_ref_id, document_id, type_id, mode, require_line_items,
                           status, payload, extracted_data, extraction_time_ms, model_cost, webhook_url)
SELECT $1, $2, 'bench/' || $3 || '/' || g, g, 0, 'single', true, $4,
       jsonb_build_object('mode', 'single', 'typeId', 0, 'documentId', g, 'consumerRefId', 'bench/' || $3 || '/' || g,
                          'requireLineItems', true, 'webhookUrl', 'invoices',
                          'documentUrl', 'https://files.example/invoices/' || g || '.pdf'),
       $5::jsonb, $6, $7, $8
FROM generate_series(1, $9::int) AS g
RETURNING *`;

/**
 * Inserts `count` jobs in one statement, either already `processed` (with the result above, for the burst) or
 * `initiated` (to be finished one at a time through the state transitions). No process_document queue entries:
 * only the delivery queue is measured.
 */
export async function insertJobs(
  db: pg.Pool,
  t: Tenant,
  count: number,
  tag: string,
  status: 'processed' | 'initiated',
): Promise<DocumentJob[]> {
  const processed = status === 'processed';
  const { rows } = await db.query<JobRow>(INSERT_JOBS, [
    t.organizationId,
    t.apiKeyId,
    tag,
    status,
    processed ? JSON.stringify(EXTRACTION.extractedData) : null,
    processed ? EXTRACTION.extractionTimeMs : null,
    processed ? EXTRACTION.modelCost : null,
    t.webhookUrl,
    count,
  ]);
  return rows.map(serializeJob);
}

/** Queues the deliveries of finished jobs in one transaction, so all become visible at once; the COMMIT time. */
export async function queueBurst(
  db: pg.Pool,
  jobs: readonly DocumentJob[],
): Promise<{ messageIds: string[]; committedAt: number }> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const messageIds: string[] = [];
    for (const job of jobs) messageIds.push(await enqueueDelivery(client, job));
    await client.query('COMMIT');
    return { messageIds, committedAt: monoMs() };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Finishes one job the way the processing task does: claim it, then complete it and queue its delivery in one
 * transaction. committedAt is taken when the COMMIT's reply arrives, the earliest the caller could know the job
 * is processed.
 */
export async function finishJob(
  client: pg.PoolClient,
  jobId: string,
): Promise<{ messageId: string; committedAt: number }> {
  const claim = await claimJob(client, jobId);
  if (!claim) throw new Error(`job ${jobId} could not be claimed`);
  await client.query('BEGIN');
  try {
    const done = await completeJob(client, jobId, claim.token, EXTRACTION);
    if (!done) throw new Error(`job ${jobId} lost its claim`);
    const messageId = await enqueueDelivery(client, done);
    await client.query('COMMIT');
    return { messageId, committedAt: monoMs() };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

/** Jobs of this burst whose latest delivery is recorded as posted. */
export async function countPosted(db: pg.Pool, tag: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM document_jobs WHERE consumer_ref_id LIKE $1 AND webhook_status = 'webhook_posted'`,
    [`bench/${tag}/%`],
  );
  return rows[0]!.n;
}
