// Queue entries that graphile-worker will never run again: every attempt used up, and not locked. docex's tasks
// record their own outcome on their last attempt, so an entry left like this means its attempts ended without one:
// the worker process died each time (killed for memory, a crash) and the lease sweep unlocked it.
import type { Queryable } from '../db/pool.js';
import type { TaskName } from './tasks.js';

export interface ExhaustedEntry {
  queueJobId: string;
  payload: Record<string, unknown>;
  attempts: number;
  lastError: string | null;
}

export async function findExhausted(db: Queryable, task: TaskName, limit = 100): Promise<ExhaustedEntry[]> {
  const { rows } = await db.query<{
    id: string;
    payload: Record<string, unknown>;
    attempts: number;
    last_error: string | null;
  }>(
    `SELECT j.id, j.payload, j.attempts, j.last_error FROM graphile_worker._private_jobs j
     JOIN graphile_worker._private_tasks t ON t.id = j.task_id
     WHERE t.identifier = $1 AND j.locked_at IS NULL AND j.attempts >= j.max_attempts
     ORDER BY j.id LIMIT $2`,
    [task, limit],
  );
  return rows.map((r) => ({ queueJobId: r.id, payload: r.payload, attempts: r.attempts, lastError: r.last_error }));
}

/** Deletes an exhausted entry (graphile's complete_jobs only deletes unlocked ones, so a run that began is safe). */
export async function removeExhausted(db: Queryable, queueJobId: string): Promise<void> {
  await db.query('SELECT FROM graphile_worker.complete_jobs(ARRAY[$1::bigint])', [queueJobId]);
}
