// pg-boss 10.4.2 measured in two setups on one database:
//   "polling": what pg-boss offers by itself at its fastest: work() with pollingIntervalSeconds 0.5 (the minimum),
//              batchSize 1 (one job per handler call, so each job fails or completes on its own);
//   "tuned":   the same plus the NOTIFY wake-up and drain-on-success of pgboss-wakeup.ts.
// Concurrency c means c work() calls on the queue (v10 has no teamSize): c independent polling loops.
// Jobs are sent inside the producer's transaction through a pg-boss `db` adapter over that transaction's client.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { installJobNotifyTrigger, PgBossWakeup } from './pgboss-wakeup.js';
import {
  fmtDrain,
  fmtPercentiles,
  fmtTransactionProbe,
  log,
  measurePickup,
  SHORT_PAUSE,
  StartRecorder,
  transactionProbe,
  waitDrain,
  type Drain,
  type EngineResult,
  type Percentiles,
  type Queryable,
} from './support.js';

const WORK_OPTIONS: PgBoss.WorkOptions = { pollingIntervalSeconds: 0.5, batchSize: 1 };

/** pg-boss runs its SQL through this adapter when a call is given `{ db }`: here, the caller's open transaction. */
export const transactionDb = (client: Queryable): PgBoss.Db => ({
  executeSql: (text, values) => client.query(text, values),
});

type Work = (name: string, handler: PgBoss.WorkHandler<{ seq?: number }>) => Promise<unknown>;
type OffWork = (name: string) => Promise<void>;

interface Setup {
  label: string;
  work: Work;
  offWork: OffWork;
  pickupJobs: number;
  pickupPauseMs: [number, number];
  /** The polling setup needs one polling interval per job or batch: cap its drains rather than wait minutes. */
  drainCapMs: number;
}

async function countJobs(db: Queryable, queue: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1', [queue]);
  return rows[0]!.n;
}

async function pickup(boss: PgBoss, pool: pg.Pool, setup: Setup, queue: string): Promise<Percentiles> {
  await boss.createQueue(queue);
  const recorder = new StartRecorder();
  await setup.work(queue, async (jobs) => {
    for (const job of jobs) recorder.onStart(job.data.seq!);
  });
  const producer = await pool.connect();
  try {
    const db = transactionDb(producer);
    const enqueue = async (seq: number) => {
      await producer.query('BEGIN');
      await boss.send(queue, { seq }, { db });
      await producer.query('COMMIT');
    };
    await measurePickup(3, recorder, enqueue, 1_000_000); // warm-up
    return await measurePickup(setup.pickupJobs, recorder, enqueue, 0, setup.pickupPauseMs);
  } finally {
    producer.release();
    await setup.offWork(queue);
  }
}

/** Queues `jobs` jobs with one insert() in one transaction, then times the drain from its COMMIT. */
async function throughput(
  boss: PgBoss,
  pool: pg.Pool,
  setup: Setup,
  queue: string,
  jobs: number,
  concurrency: number,
): Promise<Drain> {
  await boss.createQueue(queue);
  let handled = 0;
  for (let i = 0; i < concurrency; i++) {
    await setup.work(queue, async (batch) => {
      handled += batch.length;
    });
  }
  try {
    const t = performance.now();
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await boss.insert(
        Array.from({ length: jobs }, (_, i) => ({ name: queue, data: { i } })),
        { db: transactionDb(client) },
      );
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const committedAt = performance.now();
    log(
      `  pg-boss ${setup.label}: queued ${jobs} jobs in ${((committedAt - t) / 1000).toFixed(2)} s (insert(), one statement)`,
    );
    return await waitDrain(() => handled, jobs, committedAt, setup.drainCapMs);
  } finally {
    await setup.offWork(queue);
  }
}

async function measureSetup(
  boss: PgBoss,
  pool: pg.Pool,
  setup: Setup,
  jobs: number,
  tx: EngineResult['tx'],
): Promise<EngineResult> {
  const tag = setup.label;
  log(`pg-boss ${tag}: pickup latency, ${setup.pickupJobs} jobs one at a time, one worker`);
  const p = await pickup(boss, pool, setup, `pickup_${tag}`);
  log(`  pg-boss ${tag}: pickup ${fmtPercentiles(p)}`);
  const drains: Drain[] = [];
  for (const c of [1, 10]) {
    log(`pg-boss ${tag}: throughput, ${jobs} no-op jobs, ${c} worker(s) x batchSize 1`);
    const d = await throughput(boss, pool, setup, `tp_${tag}_c${c}`, jobs, c);
    log(`  pg-boss ${tag}: c=${c} ${fmtDrain(d, jobs)}`);
    drains.push(d);
  }
  return { engine: `pg-boss 10.4.2 ${tag}`, pickup: p, c1: drains[0]!, c10: drains[1]!, tx };
}

export async function benchPgBoss(
  url: string,
  options: { pickupJobs: number; pollingPickupJobs: number; jobs: number; pollingCapMs: number },
): Promise<EngineResult[]> {
  const boss = new PgBoss({ connectionString: url, max: 16, schedule: false, application_name: 'bench-pgboss' });
  boss.on('error', (err) => process.stderr.write(`pg-boss: ${err.message}\n`));
  const pool = new pg.Pool({ connectionString: url, max: 4, application_name: 'bench-pgboss-producer' });
  pool.on('error', () => {});
  let wakeup: PgBossWakeup | undefined;
  try {
    await boss.start();

    await boss.createQueue('tx_probe');
    const tx = await transactionProbe(
      pool,
      (client) => boss.send('tx_probe', {}, { db: transactionDb(client) }),
      (db) => countJobs(db, 'tx_probe'),
    );
    log(`pg-boss: send() in a transaction with a db adapter: ${fmtTransactionProbe(tx)}`);

    const polling = await measureSetup(
      boss,
      pool,
      {
        label: 'polling',
        work: (name, handler) => boss.work(name, WORK_OPTIONS, handler),
        offWork: (name) => boss.offWork(name),
        pickupJobs: options.pollingPickupJobs,
        // 20 ms + up to one polling interval: commits land at random points of the worker's 500 ms cycle.
        pickupPauseMs: [20, 20 + WORK_OPTIONS.pollingIntervalSeconds! * 1000],
        drainCapMs: options.pollingCapMs,
      },
      options.jobs,
      tx,
    );

    await installJobNotifyTrigger(pool);
    const w = (wakeup = await PgBossWakeup.start(url, boss));
    const tuned = await measureSetup(
      boss,
      pool,
      {
        label: 'tuned',
        work: (name, handler) => w.work(name, WORK_OPTIONS, handler),
        offWork: (name) => w.offWork(name),
        pickupJobs: options.pickupJobs,
        pickupPauseMs: SHORT_PAUSE,
        drainCapMs: 30_000,
      },
      options.jobs,
      tx,
    );
    return [polling, tuned];
  } finally {
    await wakeup?.stop();
    await boss.stop({ graceful: false, wait: true });
    await pool.end();
  }
}
