// The database side of webhook delivery: signing secrets per API key, messages (one per delivery of a job's result;
// retries reuse it), the attempt log, and the job's SPEC 2.2 webhook fields.
import type { Queryable } from '../db/pool.js';
import type { DocumentJob } from '../jobs/types.js';
import { DELIVER_MAX_ATTEMPTS, TASK } from '../queue/tasks.js';
import type { AttemptResult } from './send.js';
import { buildWebhookPayload, serializeWebhookPayload } from './payload.js';
import { generateSigningSecret, newMessageId } from './signing.js';

export interface WebhookMessage {
  id: string;
  jobId: string;
  apiKeyId: string | null;
  eventType: string;
  url: string;
  body: string;
  status: 'pending' | 'delivered' | 'exhausted' | 'gone' | 'superseded';
  attempts: number;
}

/** Creates the key's first signing secret; returns it (shown once, by `docex keys create`). */
export async function createSigningSecret(db: Queryable, apiKeyId: string): Promise<string> {
  const secret = generateSigningSecret();
  await db.query('INSERT INTO webhook_signing_secrets (api_key_id, secret) VALUES ($1, $2)', [apiKeyId, secret]);
  return secret;
}

/** Secrets that sign now: the current one and any still in a rotation's grace period. Newest first. */
export async function signingSecrets(db: Queryable, apiKeyId: string): Promise<string[]> {
  const { rows } = await db.query<{ secret: string }>(
    `SELECT secret FROM webhook_signing_secrets
     WHERE api_key_id = $1 AND (expires_at IS NULL OR expires_at > now()) ORDER BY created_at DESC`,
    [apiKeyId],
  );
  return rows.map((r) => r.secret);
}

/** Issues a new secret; the previous ones keep signing beside it for graceSeconds, then stop. */
export async function rotateSigningSecret(
  db: Queryable,
  apiKeyId: string,
  graceSeconds: number,
): Promise<{ secret: string; previousExpiresAt: string }> {
  const { rows } = await db.query<{ expires_at: Date }>(
    `UPDATE webhook_signing_secrets SET expires_at = now() + make_interval(secs => $2)
     WHERE api_key_id = $1 AND (expires_at IS NULL OR expires_at > now() + make_interval(secs => $2))
     RETURNING expires_at`,
    [apiKeyId, graceSeconds],
  );
  const secret = await createSigningSecret(db, apiKeyId);
  const expiresAt = rows[0]?.expires_at ?? new Date(Date.now() + graceSeconds * 1000);
  return { secret, previousExpiresAt: expiresAt.toISOString() };
}

/**
 * Queues the delivery of a finished job's result. Called in the transaction that finishes the job, so a crash
 * cannot lose it; the body is built and stored now, so every retry sends (and signs) the same bytes.
 */
export async function enqueueDelivery(
  db: Queryable,
  job: DocumentJob,
  replayOf: string | null = null,
): Promise<string> {
  const payload = buildWebhookPayload(job);
  const id = newMessageId();
  await db.query(
    `INSERT INTO webhook_messages (id, job_id, api_key_id, event_type, url, body, next_attempt_at, replay_of)
     VALUES ($1, $2, $3, $4, $5, $6, now(), $7)`,
    [id, job.id, job.apiKeyId, payload.type, job.webhookUrl, serializeWebhookPayload(payload), replayOf],
  );
  await scheduleAttempt(db, id, 0);
  return id;
}

export async function scheduleAttempt(db: Queryable, messageId: string, delayMs: number): Promise<void> {
  await db.query(
    `SELECT graphile_worker.add_job($1, json_build_object('messageId', $2::text),
       run_at => now() + make_interval(secs => $3::double precision / 1000), max_attempts => $4)`,
    [TASK.deliverWebhook, messageId, delayMs, DELIVER_MAX_ATTEMPTS],
  );
}

export async function loadMessage(db: Queryable, messageId: string): Promise<WebhookMessage | null> {
  const { rows } = await db.query<{
    id: string;
    job_id: string;
    api_key_id: string | null;
    event_type: string;
    url: string;
    body: string;
    status: WebhookMessage['status'];
    attempts: number;
  }>('SELECT id, job_id, api_key_id, event_type, url, body, status, attempts FROM webhook_messages WHERE id = $1', [
    messageId,
  ]);
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    jobId: r.job_id,
    apiKeyId: r.api_key_id,
    eventType: r.event_type,
    url: r.url,
    body: r.body,
    status: r.status,
    attempts: r.attempts,
  };
}

export type MessageOutcome = 'pending' | 'delivered' | 'exhausted' | 'gone';

/** Why delivery of a message stopped for good; null while it goes on (or succeeded). */
export type FinalFailure = 'exhausted' | 'gone' | 'url_not_allowed' | 'url_invalid' | null;

export interface BegunAttempt {
  /** The attempt's number, 1-based, counting attempts cut off by a crash. */
  attempt: number;
  /** Its row in webhook_attempts, completed by finishAttempt. */
  attemptId: string;
}

const INTERRUPTED_MESSAGE = 'The attempt was cut off before its result could be recorded (the worker stopped).';

/**
 * Records an attempt BEFORE it is sent (SPEC 2.2 webhookAttempts counts deliveries a crash cut off): the message's
 * attempt count and the job's webhookAttempts go up, and a log row says `interrupted` until finishAttempt replaces
 * it with the result. Compare-and-set on the message's count, so of two runs of one task (a worker presumed dead
 * that was not) only one sends; null for the other, or when the message is no longer pending.
 */
export async function beginAttempt(db: Queryable, message: WebhookMessage): Promise<BegunAttempt | null> {
  const { rows } = await db.query<{ attempts: number }>(
    `UPDATE webhook_messages SET attempts = attempts + 1, updated_at = now()
     WHERE id = $1 AND status = 'pending' AND attempts = $2 RETURNING attempts`,
    [message.id, message.attempts],
  );
  const attempt = rows[0]?.attempts;
  if (attempt === undefined) return null;
  const logged = await db.query<{ id: string }>(
    `INSERT INTO webhook_attempts (message_id, job_id, attempt, url, duration_ms, error_code, error_message)
     VALUES ($1, $2, $3, $4, 0, 'interrupted', $5) RETURNING id`,
    [message.id, message.jobId, attempt, message.url, INTERRUPTED_MESSAGE],
  );
  await db.query('UPDATE document_jobs SET webhook_attempts = webhook_attempts + 1, updated_at = now() WHERE id = $1', [
    message.jobId,
  ]);
  return { attempt, attemptId: logged.rows[0]!.id };
}

/**
 * Records what a begun attempt led to: its log row, the message's state, and the job's SPEC 2.2 fields
 * (webhookStatus, webhookResponseCode, webhookResponseBody; webhookAttempts was counted by beginAttempt). A final
 * failure also sets errorStage `delivery` with errorCode/errorDetail, leaving status and extractedData as they were;
 * a later successful (re)delivery clears it. The message is only moved on while this attempt is still its latest.
 */
export async function finishAttempt(
  db: Queryable,
  message: WebhookMessage,
  begun: BegunAttempt,
  result: AttemptResult,
  outcome: MessageOutcome,
  finalFailure: FinalFailure,
  nextAttemptAt: Date | null,
): Promise<boolean> {
  await db.query(
    `UPDATE webhook_attempts SET duration_ms = $2, status_code = $3, response_body = $4, error_code = $5, error_message = $6
     WHERE id = $1`,
    [
      begun.attemptId,
      Math.round(result.durationMs),
      result.statusCode,
      result.responseBody,
      result.error?.code ?? null,
      result.error?.message ?? null,
    ],
  );
  const moved = await db.query(
    `UPDATE webhook_messages SET status = $2, next_attempt_at = $3, updated_at = now()
     WHERE id = $1 AND status = 'pending' AND attempts = $4`,
    [message.id, outcome, nextAttemptAt, begun.attempt],
  );
  if (moved.rowCount !== 1) return false;
  const posted = result.ok;
  const { rows } = await db.query<{ status: string; error_stage: string | null }>(
    'SELECT status, error_stage FROM document_jobs WHERE id = $1 FOR UPDATE',
    [message.jobId],
  );
  const job = rows[0];
  if (!job) return true;
  const failure = deliveryFailure(finalFailure, begun.attempt, result);
  let errorUpdate = '';
  const values: unknown[] = [
    message.jobId,
    posted ? 'webhook_posted' : 'webhook_failed',
    result.statusCode,
    result.responseBody,
  ];
  if (failure && job.status === 'processed') {
    // The extraction result stays; the failure to deliver it is what the error fields now report.
    errorUpdate = ', error = $5, error_stage = $6, error_code = $7, error_detail = $8';
    values.push(failure.message, 'delivery', failure.code, JSON.stringify(failure.detail));
  } else if (failure) {
    // A failed job keeps its processing error; the delivery failure is added to its details.
    errorUpdate = ", error_detail = coalesce(error_detail, '{}'::jsonb) || jsonb_build_object('delivery', $5::jsonb)";
    values.push(JSON.stringify({ code: failure.code, message: failure.message, ...failure.detail }));
  } else if (posted && job.error_stage === 'delivery') {
    // A successful redelivery clears an earlier delivery failure.
    errorUpdate = ', error = NULL, error_stage = NULL, error_code = NULL, error_detail = NULL';
  }
  await db.query(
    `UPDATE document_jobs SET webhook_status = $2, webhook_response_code = $3, webhook_response_body = $4${errorUpdate},
       updated_at = now()
     WHERE id = $1`,
    values,
  );
  return true;
}

const REFUSED_MESSAGES = {
  url_not_allowed:
    "docex's address policy refuses the webhook URL (it is or resolves to a private, loopback, link-local or metadata " +
    "address), so delivery stopped without retrying. Change the API key's webhook base URL, or allow the address with " +
    'DOCEX_TRUSTED_ADDRESSES (or DOCEX_ALLOW_PRIVATE_NETWORKS for development), then redeliver.',
  url_invalid:
    'The webhook URL cannot be delivered to (it must be an absolute http(s) URL without credentials), so delivery ' +
    "stopped without retrying. Change the API key's webhook base URL, then redeliver.",
} as const;

function deliveryFailure(final: FinalFailure, attempts: number, r: AttemptResult) {
  if (final === null) return null;
  const last = r.statusCode !== null ? `HTTP ${r.statusCode}` : (r.error?.message ?? 'no response');
  const detail = {
    attempts,
    lastStatusCode: r.statusCode,
    lastError: r.error?.code ?? null,
    redirectLocation: r.redirectLocation,
  };
  if (final === 'url_not_allowed' || final === 'url_invalid') {
    return {
      code: `webhook_${final}` as const,
      message: REFUSED_MESSAGES[final],
      detail: { ...detail, reason: r.error?.message ?? null },
    };
  }
  return {
    code: final === 'gone' ? 'webhook_gone' : 'webhook_exhausted',
    message:
      final === 'gone'
        ? 'The webhook receiver answered 410 Gone; delivery stopped.'
        : `Webhook delivery failed after ${attempts} attempts (last: ${last}).`,
    detail,
  };
}

export interface AttemptLogEntry {
  messageId: string;
  attempt: number;
  attemptedAt: string;
  url: string;
  statusCode: number | null;
  durationMs: number;
  responseBody: string | null;
  errorCode: string | null;
  errorMessage: string | null;
}

export async function listAttempts(db: Queryable, jobId: string): Promise<AttemptLogEntry[]> {
  const { rows } = await db.query<{
    message_id: string;
    attempt: number;
    attempted_at: Date;
    url: string;
    status_code: number | null;
    duration_ms: number;
    response_body: string | null;
    error_code: string | null;
    error_message: string | null;
  }>('SELECT * FROM webhook_attempts WHERE job_id = $1 ORDER BY attempted_at, id', [jobId]);
  return rows.map((r) => ({
    messageId: r.message_id,
    attempt: r.attempt,
    attemptedAt: r.attempted_at.toISOString(),
    url: r.url,
    statusCode: r.status_code,
    durationMs: r.duration_ms,
    responseBody: r.response_body,
    errorCode: r.error_code,
    errorMessage: r.error_message,
  }));
}
