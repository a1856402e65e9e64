// Group commit for submissions. graphile-worker's add_job serializes under concurrency (measured here: 1,400 jobs/s on
// one connection, 865/s on ten), while add_jobs with many specs runs tens of thousands of jobs/s. So concurrent
// submissions are written together: one statement inserts every row, queues every job with one add_jobs call
// (one NOTIFY), and commits once. Each caller still gets its answer only after its own row and queue entry are
// committed. At low load a submission is flushed at once, alone; batches form only while a flush is in flight.
import type { Pool, Queryable } from '../db/pool.js';
import { ORG_FLAG_SQL } from '../queue/org-cap.js';
import { PROCESS_MAX_ATTEMPTS, TASK } from '../queue/tasks.js';
import { AppError } from '../errors.js';
import { isDatabaseUnavailable } from './database-errors.js';
import { findUnstorable } from './storable.js';
import { submissionProblems, typeIdOf, type SubmissionPayload } from './submission.js';

export interface JobRow {
  id: string;
  organizationId: string;
  apiKeyId: string;
  payload: SubmissionPayload;
  webhookUrl: string;
}

/** true: stored and queued; false: its type is not submittable (unknown, internal or archived). */
type Outcome = boolean;

interface Pending {
  row: JobRow;
  resolve: (inserted: Outcome) => void;
  reject: (err: unknown) => void;
}

const INSERT_BATCH = `
WITH input AS (
  SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::bigint[], $6::integer[], $7::text[],
                       $8::boolean[], $9::jsonb[], $10::text[])
    AS t(id, organization_id, api_key_id, consumer_ref_id, document_id, type_id, mode, require_line_items, payload,
         webhook_url)
), job AS (
  INSERT INTO document_jobs (id, organization_id, api_key_id, consumer_ref_id, document_id, type_id, mode,
                             require_line_items, payload, webhook_url)
  SELECT id, organization_id, api_key_id, consumer_ref_id, document_id, type_id, mode, require_line_items, payload,
         webhook_url
  FROM input i
  -- Email jobs use the internal type 8 by design; every other job needs a public type.
  WHERE i.mode = 'email' OR EXISTS (SELECT 1 FROM document_types d WHERE d.id = i.type_id AND d.state = 'public')
  RETURNING id, organization_id
), specs AS (
  -- The organization's flag lets the worker cap one tenant's concurrent documents (queue/org-cap.ts).
  SELECT array_agg(ROW('${TASK.processDocument}', json_build_object('jobId', job.id), NULL, NULL,
                       ${PROCESS_MAX_ATTEMPTS}, NULL, NULL, ${ORG_FLAG_SQL})::graphile_worker.job_spec) AS specs
  FROM job
), queued AS (
  SELECT (SELECT count(*) FROM graphile_worker.add_jobs(specs.specs)) AS n FROM specs WHERE specs.specs IS NOT NULL
)
SELECT job.id, (SELECT n FROM queued)::int AS queued FROM job`;

/** Thrown after the statement committed: the rows are stored, so they must never be inserted again. */
class QueueMismatchError extends Error {}

/** Inserts rows and their queue entries in one statement (so one transaction); returns the ids stored. */
export async function insertJobs(db: Queryable, rows: JobRow[], timeoutMs?: number): Promise<Set<string>> {
  const col = <T>(f: (r: JobRow) => T) => rows.map(f);
  // query_timeout is a node-postgres option its type declarations leave out.
  const timeout = timeoutMs === undefined ? {} : ({ query_timeout: timeoutMs } as object);
  const { rows: stored } = await db.query<{ id: string; queued: number }>({
    ...timeout,
    name: 'docex_insert_jobs',
    text: INSERT_BATCH,
    values: [
      col((r) => r.id),
      col((r) => r.organizationId),
      col((r) => r.apiKeyId),
      col((r) => r.payload.consumerRefId),
      col((r) => r.payload.documentId),
      col((r) => typeIdOf(r.payload)),
      col((r) => r.payload.mode),
      col((r) => r.payload.requireLineItems),
      col((r) => JSON.stringify(r.payload)),
      col((r) => r.webhookUrl),
    ],
  });
  if (stored.length > 0 && stored[0]!.queued !== stored.length) {
    // Cannot happen unless graphile-worker changes add_jobs; the statement has already committed, so say so loudly.
    throw new QueueMismatchError(`queued ${stored[0]!.queued} of ${stored.length} inserted jobs`);
  }
  return new Set(stored.map((r) => r.id));
}

/**
 * A row that PostgreSQL would refuse, found before it joins a shared statement. The HTTP layer already refuses
 * such input with a 400; this guards every other caller, because one refused row rolls back everyone's batch.
 */
function rowProblem(row: JobRow): AppError | undefined {
  const problems = [...submissionProblems(row.payload), ...findUnstorable(row.webhookUrl, '/webhookUrl')];
  if (problems.length === 0) return undefined;
  const summary = problems.map((d) => `${d.field} ${d.message}`).join('; ');
  return new AppError('validation_error', `Invalid request: ${summary}`, problems);
}

/**
 * A batch statement that has not answered after this long fails its callers (503 at the API) and frees its slot:
 * against a hung database the batcher would otherwise keep its in-flight slots forever while submissions pile up
 * behind them. Only on the pool, where a timed-out connection is discarded; the statement may still commit late,
 * which an Idempotency-Key on the retry covers.
 */
const BATCH_TIMEOUT_MS = 15_000;

export class JobInsertBatcher {
  private pending: Pending[] = [];
  private inFlight = 0;

  constructor(
    private readonly pool: Pool,
    private readonly maxBatch = 200,
    private readonly maxInFlight = 2,
    private readonly timeoutMs = BATCH_TIMEOUT_MS,
  ) {}

  insert(row: JobRow): Promise<Outcome> {
    return new Promise((resolve, reject) => {
      this.pending.push({ row, resolve, reject });
      this.drain();
    });
  }

  private drain(): void {
    while (this.inFlight < this.maxInFlight && this.pending.length > 0) {
      const batch = this.pending.splice(0, this.maxBatch);
      this.inFlight++;
      void this.flush(batch).finally(() => {
        this.inFlight--;
        this.drain();
      });
    }
  }

  private async flush(batch: Pending[]): Promise<void> {
    const valid: Pending[] = [];
    for (const p of batch) {
      const problem = rowProblem(p.row);
      if (problem) p.reject(problem);
      else valid.push(p);
    }
    if (valid.length > 0) await this.write(valid);
  }

  /**
   * Writes a batch. If the statement fails because of a row (a constraint, a trigger, a value the checks above
   * missed), the batch is split in halves and each half is written again, so one bad row costs about 2·log2(n)
   * extra statements instead of one per row, and the other callers still succeed. If it fails because the
   * database is unreachable, every caller gets that error at once: retrying row by row would only multiply the
   * load on a database that is already gone.
   */
  private async write(batch: Pending[]): Promise<void> {
    try {
      const stored = await insertJobs(
        this.pool,
        batch.map((p) => p.row),
        this.timeoutMs,
      );
      for (const p of batch) p.resolve(stored.has(p.row.id));
    } catch (err) {
      if (batch.length === 1 || isDatabaseUnavailable(err) || err instanceof QueueMismatchError) {
        for (const p of batch) p.reject(err);
        return;
      }
      const half = Math.ceil(batch.length / 2);
      await Promise.all([this.write(batch.slice(0, half)), this.write(batch.slice(half))]);
    }
  }
}
