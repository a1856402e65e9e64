import type { Pool } from '../../src/db/pool.js';
import { findJobById } from '../../src/jobs/read.js';
import type { DocumentJob } from '../../src/jobs/types.js';

/** Polls the job until `done` holds (default: finished), or fails with its last state. */
export async function waitForJob(
  pool: Pool,
  organizationId: string,
  jobId: string,
  done: (job: DocumentJob) => boolean = (j) => j.status === 'processed' || j.status === 'error',
  timeoutMs = 60_000,
): Promise<DocumentJob> {
  const deadline = Date.now() + timeoutMs;
  let last: DocumentJob | null = null;
  while (Date.now() < deadline) {
    last = await findJobById(pool, organizationId, jobId);
    if (last && done(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(
    `job ${jobId} did not reach the expected state; last: ${JSON.stringify(last && { status: last.status, error: last.error, errorCode: last.errorCode })}`,
  );
}
