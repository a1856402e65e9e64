// Replay: send a finished job's stored result again as a NEW message (new webhook-id), for an operator after a
// receiver outage or a caller who lost a delivery. A still-pending earlier message of the job is superseded, so its
// scheduled retries stop and the receiver does not get the result twice from two schedules.
import { withTransaction, type Pool, type Queryable } from '../db/pool.js';
import { serializeJob, type JobRow } from '../jobs/read.js';
import { enqueueDelivery } from './store.js';

export type RedeliverOutcome =
  | { kind: 'queued'; jobId: string; messageId: string }
  | { kind: 'not_found' }
  | { kind: 'not_finished'; status: string };

async function redeliverLocked(tx: Queryable, jobId: string, organizationId: string | null): Promise<RedeliverOutcome> {
  const { rows } = await tx.query<JobRow>(
    'SELECT * FROM document_jobs WHERE id = $1 AND ($2::uuid IS NULL OR organization_id = $2) FOR UPDATE',
    [jobId, organizationId],
  );
  const row = rows[0];
  if (!row) return { kind: 'not_found' };
  if (row.status !== 'processed' && row.status !== 'error') return { kind: 'not_finished', status: row.status };
  const previous = await tx.query<{ id: string }>(
    `UPDATE webhook_messages SET status = 'superseded', next_attempt_at = NULL, updated_at = now()
     WHERE job_id = $1 AND status = 'pending' RETURNING id`,
    [jobId],
  );
  const last = await tx.query<{ id: string }>(
    'SELECT id FROM webhook_messages WHERE job_id = $1 ORDER BY created_at DESC LIMIT 1',
    [jobId],
  );
  const messageId = await enqueueDelivery(tx, serializeJob(row), previous.rows[0]?.id ?? last.rows[0]?.id ?? null);
  return { kind: 'queued', jobId, messageId };
}

/** Redelivers one job; `organizationId` scopes it for the API (null: any organization, for operators). */
export function redeliverJob(
  pool: Pool,
  jobId: string,
  organizationId: string | null = null,
): Promise<RedeliverOutcome> {
  return withTransaction(pool, (tx) => redeliverLocked(tx, jobId, organizationId));
}

/**
 * Redelivers every job whose latest delivery failed (exhausted, gone, or still retrying after failures) and whose
 * latest attempt happened within the last `sinceSeconds`. Returns the new message ids.
 */
export async function redeliverFailed(
  pool: Pool,
  sinceSeconds: number,
  limit = 10_000,
): Promise<Array<{ jobId: string; messageId: string }>> {
  const { rows } = await pool.query<{ job_id: string }>(
    `SELECT m.job_id FROM (
       SELECT DISTINCT ON (job_id) job_id, status, attempts FROM webhook_messages ORDER BY job_id, created_at DESC
     ) m
     WHERE (m.status IN ('exhausted', 'gone') OR (m.status = 'pending' AND m.attempts > 0))
       AND EXISTS (SELECT 1 FROM webhook_attempts a WHERE a.job_id = m.job_id
                   AND a.attempted_at > now() - make_interval(secs => $1))
     LIMIT $2`,
    [sinceSeconds, limit],
  );
  const queued: Array<{ jobId: string; messageId: string }> = [];
  for (const r of rows) {
    const outcome = await redeliverJob(pool, r.job_id);
    if (outcome.kind === 'queued') queued.push({ jobId: outcome.jobId, messageId: outcome.messageId });
  }
  return queued;
}
