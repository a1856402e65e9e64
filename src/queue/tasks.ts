// The typed map of queue task names to payloads. Producers and the worker both import from here, so a task name or
// payload shape cannot drift between them.

export const TASK = {
  processDocument: 'process_document',
} as const;

export interface TaskPayloads {
  [TASK.processDocument]: { jobId: string };
}

export type TaskName = keyof TaskPayloads;

/** Attempts before the queue gives up on a job (transient failures retry with backoff; permanent ones do not). */
export const PROCESS_MAX_ATTEMPTS = 5;
