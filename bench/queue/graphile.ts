// graphile-worker 0.17.3 measured as docex uses it: run() in-process with a pg.Pool, jobs added with the SQL function
// graphile_worker.add_job / add_jobs inside the producer's own transaction, new jobs announced by LISTEN/NOTIFY.
import { performance } from 'node:perf_hooks';
import { Logger, run, runMigrations, type Runner, type TaskList } from 'graphile-worker';
import type pg from 'pg';
import { createPool } from '../../src/db/pool.js';
import {
  fmtDrain,
  fmtPercentiles,
  fmtTransactionProbe,
  log,
  measurePickup,
  StartRecorder,
  transactionProbe,
  waitDrain,
  type Drain,
  type EngineResult,
  type Percentiles,
  type Queryable,
} from './support.js';

// Only errors reach the terminal; graphile's info lines would drown the progress output.
const quietLogger = new Logger(() => (level, message) => {
  if (level === 'error') process.stderr.write(`graphile-worker: ${message}\n`);
});

function start(pool: pg.Pool, concurrency: number, taskList: TaskList): Promise<Runner> {
  // pollInterval only matters for jobs scheduled in the future (retries): new jobs arrive by NOTIFY.
  return run({ pgPool: pool, concurrency, noHandleSignals: true, logger: quietLogger, pollInterval: 1_000, taskList });
}

async function countJobs(db: Queryable, task: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = $1',
    [task],
  );
  return rows[0]!.n;
}

async function pickup(pool: pg.Pool, jobs: number): Promise<Percentiles> {
  const recorder = new StartRecorder();
  const runner = await start(pool, 1, {
    pickup: async (payload) => recorder.onStart((payload as { seq: number }).seq),
  });
  const producer = await pool.connect();
  try {
    const enqueue = async (seq: number) => {
      await producer.query('BEGIN');
      await producer.query(`SELECT graphile_worker.add_job('pickup', json_build_object('seq', $1::int))`, [seq]);
      await producer.query('COMMIT');
    };
    await measurePickup(5, recorder, enqueue, 1_000_000); // warm-up: connections, prepared statements
    return await measurePickup(jobs, recorder, enqueue, 0);
  } finally {
    producer.release();
    await runner.stop();
  }
}

/** Queues `jobs` jobs with one add_jobs call in one transaction (one NOTIFY), then times the drain from its COMMIT. */
async function throughput(pool: pg.Pool, jobs: number, concurrency: number): Promise<Drain> {
  let handled = 0;
  const task = `tp_c${concurrency}`;
  const runner = await start(pool, concurrency, { [task]: async () => void handled++ });
  try {
    const t = performance.now();
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `SELECT count(*) FROM graphile_worker.add_jobs(ARRAY(
           SELECT ROW($1::text, json_build_object('i', g), NULL, NULL, NULL, NULL, NULL, NULL)::graphile_worker.job_spec
           FROM generate_series(1, $2::int) g))`,
        [task, jobs],
      );
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const committedAt = performance.now();
    log(`  graphile: queued ${jobs} jobs in ${((committedAt - t) / 1000).toFixed(2)} s (add_jobs, one statement)`);
    return await waitDrain(() => handled, jobs, committedAt, 60_000);
  } finally {
    await runner.stop();
    const left = await countJobs(pool, task);
    if (left > 0) log(`  graphile: WARNING ${left} ${task} jobs left in the queue after the drain`);
  }
}

export async function benchGraphile(url: string, options: { pickupJobs: number; jobs: number }): Promise<EngineResult> {
  const pool = createPool(url, 16); // with the error handlers graphile-worker asks for
  try {
    await runMigrations({ pgPool: pool, logger: quietLogger });

    log(`graphile-worker: pickup latency, ${options.pickupJobs} jobs one at a time, concurrency 1`);
    const pickupResult = await pickup(pool, options.pickupJobs);
    log(`  graphile: pickup ${fmtPercentiles(pickupResult)}`);

    const drains: Drain[] = [];
    for (const c of [1, 10]) {
      log(`graphile-worker: throughput, ${options.jobs} no-op jobs, concurrency ${c}`);
      const d = await throughput(pool, options.jobs, c);
      log(`  graphile: c=${c} ${fmtDrain(d, options.jobs)}`);
      drains.push(d);
    }

    const tx = await transactionProbe(
      pool,
      (client) => client.query(`SELECT graphile_worker.add_job('tx_probe', '{}'::json)`),
      (db) => countJobs(db, 'tx_probe'),
    );
    log(`graphile-worker: enqueue in a transaction: ${fmtTransactionProbe(tx)}`);
    return { engine: 'graphile-worker 0.17.3', pickup: pickupResult, c1: drains[0]!, c10: drains[1]!, tx };
  } finally {
    await pool.end();
  }
}
