// The typed map of queue task names to payloads. Producers and the worker both import from here, so a task name or
// payload shape cannot drift between them.

export const TASK = {
  processDocument: 'process_document',
  deliverWebhook: 'deliver_webhook',
} as const;

export interface TaskPayloads {
  [TASK.processDocument]: { jobId: string };
  [TASK.deliverWebhook]: { messageId: string };
}

export type TaskName = keyof TaskPayloads;

/** Attempts before the queue gives up on a job (transient failures retry with backoff; permanent ones do not). */
export const PROCESS_MAX_ATTEMPTS = 5;

/**
 * Queue-level attempts of one delivery task. The webhook retry schedule is docex's own (each retry is a new task
 * scheduled at its time); these only cover the task itself crashing, e.g. the database being briefly unreachable.
 */
export const DELIVER_MAX_ATTEMPTS = 5;
