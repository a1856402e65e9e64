import type { Queryable } from '../../src/db/pool.js';

/** The graphile-worker queue entries that point at a document job. */
export async function queueEntriesFor(
  db: Queryable,
  jobId: string,
): Promise<Array<{ task_identifier: string; payload: unknown }>> {
  const { rows } = await db.query<{ task_identifier: string; payload: unknown }>(
    `SELECT t.identifier AS task_identifier, j.payload FROM graphile_worker._private_jobs j
     JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE j.payload->>'jobId' = $1`,
    [jobId],
  );
  return rows;
}
