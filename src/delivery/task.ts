// The deliver_webhook queue task: one attempt of one message, counted before it is sent, its result recorded, and the
// next attempt scheduled as a new queue entry at its time (docex's own Standard Webhooks schedule, not the queue's
// backoff).
import type { Task } from 'graphile-worker';
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import { withTransaction, type Pool } from '../db/pool.js';
import type { TaskPayloads } from '../queue/tasks.js';
import { decideNextStep } from './decide.js';
import type { RetrySchedule } from './schedule.js';
import { sendWebhook } from './send.js';
import { retryWhileDatabaseUnavailable } from '../queue/database-retry.js';
import {
  beginAttempt,
  createSigningSecret,
  finishAttempt,
  loadMessage,
  scheduleAttempt,
  signingSecrets,
  type FinalFailure,
  type MessageOutcome,
} from './store.js';

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
  return async (payload, helpers) => {
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

    // Counted before it is sent: a crash while sending still shows in webhookAttempts (and in the attempt log).
    const begun = await withTransaction(deps.pool, (tx) => beginAttempt(tx, message));
    if (!begun) return; // another run of this task got there first, or the message was superseded meanwhile
    const { attempt } = begun;
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
    const outcome: MessageOutcome =
      decision.outcome === 'retry' ? 'pending' : decision.outcome === 'refused' ? 'exhausted' : decision.outcome;
    const finalFailure: FinalFailure =
      decision.outcome === 'refused'
        ? decision.code
        : decision.outcome === 'gone' || decision.outcome === 'exhausted'
          ? decision.outcome
          : null;
    const nextAt = decision.outcome === 'retry' ? new Date(Date.now() + decision.delayMs) : null;

    // The result is recorded even if the database blinks meanwhile: the attempt already happened.
    await retryWhileDatabaseUnavailable(
      () =>
        withTransaction(deps.pool, async (tx) => {
          const moved = await finishAttempt(tx, message, begun, result, outcome, finalFailure, nextAt);
          if (moved && decision.outcome === 'retry') await scheduleAttempt(tx, messageId, decision.delayMs);
        }),
      { signal: helpers.abortSignal },
    );

    deps.onAttempt?.(decision.outcome === 'refused' ? 'exhausted' : decision.outcome);
    const fields = {
      attempt,
      statusCode: result.statusCode,
      durationMs: Math.round(result.durationMs),
      outcome: decision.outcome,
    };
    if (result.ok) log.info(fields, 'webhook delivered');
    else
      log.warn(
        { ...fields, error: result.error?.code, nextAttemptAt: nextAt?.toISOString() },
        'webhook attempt failed',
      );
  };
}
