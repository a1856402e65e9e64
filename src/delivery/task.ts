// The deliver_webhook queue task: one attempt of one message, recorded, and the next attempt scheduled as a new
// queue entry at its time (docex's own Standard Webhooks schedule, not the queue's backoff).
import type { Task } from 'graphile-worker';
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import { withTransaction, type Pool } from '../db/pool.js';
import type { TaskPayloads } from '../queue/tasks.js';
import { decideNextStep } from './decide.js';
import type { RetrySchedule } from './schedule.js';
import { sendWebhook } from './send.js';
import { createSigningSecret, loadMessage, recordAttempt, scheduleAttempt, signingSecrets, type MessageOutcome } from './store.js';

export interface DeliveryDeps {
  pool: Pool;
  logger: Logger;
  dispatcher: Dispatcher;
  schedule: RetrySchedule;
  timeoutMs: number;
  maxResponseBytes: number;
  /** For metrics: called after each recorded attempt with what it led to. */
  onAttempt?: (outcome: 'delivered' | 'retry' | 'exhausted' | 'gone') => void;
}

export function createDeliverTask(deps: DeliveryDeps): Task {
  return async (payload) => {
    const { messageId } = payload as TaskPayloads['deliver_webhook'];
    const message = await loadMessage(deps.pool, messageId);
    if (!message || message.status !== 'pending') return;
    const log = deps.logger.child({ jobId: message.jobId, messageId });

    let secrets = message.apiKeyId ? await signingSecrets(deps.pool, message.apiKeyId) : [];
    // Keys created before webhook signing existed get their first secret on first use (see `docex keys rotate-signing-secret`).
    if (secrets.length === 0 && message.apiKeyId) secrets = [await createSigningSecret(deps.pool, message.apiKeyId)];
    if (secrets.length === 0) {
      log.error('no API key to sign with (legacy job); delivery skipped');
      return;
    }

    const attempt = message.attempts + 1;
    const result = await sendWebhook({
      url: message.url,
      body: message.body,
      messageId,
      secrets,
      dispatcher: deps.dispatcher,
      timeoutMs: deps.timeoutMs,
      maxResponseBytes: deps.maxResponseBytes,
    });
    const decision = decideNextStep(result, attempt, deps.schedule);
    const outcome: MessageOutcome = decision.outcome === 'retry' ? 'pending' : decision.outcome;
    const nextAt = decision.outcome === 'retry' ? new Date(Date.now() + decision.delayMs) : null;

    await withTransaction(deps.pool, async (tx) => {
      // A duplicate run of this task (a worker presumed dead that was not) must not record twice.
      const { rows } = await tx.query<{ attempts: number; status: string }>(
        'SELECT attempts, status FROM webhook_messages WHERE id = $1 FOR UPDATE',
        [messageId],
      );
      if (rows[0]?.status !== 'pending' || rows[0].attempts !== message.attempts) return;
      await recordAttempt(tx, message, attempt, result, outcome, nextAt);
      if (decision.outcome === 'retry') await scheduleAttempt(tx, messageId, decision.delayMs);
    });

    deps.onAttempt?.(decision.outcome);
    const fields = { attempt, statusCode: result.statusCode, durationMs: Math.round(result.durationMs), outcome: decision.outcome };
    if (result.ok) log.info(fields, 'webhook delivered');
    else log.warn({ ...fields, error: result.error?.code, nextAttemptAt: nextAt?.toISOString() }, 'webhook attempt failed');
  };
}
