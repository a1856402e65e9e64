// npm run bench:queue: graphile-worker 0.17.3 (as docex runs it) against pg-boss 10.4.2 on the real PostgreSQL, in
// one run, each on its own throwaway database: idle pickup latency, drain throughput at concurrency 1 and 10,
// enqueue inside a rolled-back transaction, and crash recovery with SIGKILLed worker processes. About 2-3 minutes.
//
//   BENCH_DATABASE_URL                     server for the throwaway databases (default: the test server)
//   BENCH_QUEUE_PICKUP_JOBS                pickup samples per push-woken setup (default 200)
//   BENCH_QUEUE_POLLING_PICKUP_JOBS        pickup samples for polling pg-boss, ~0.5 s each (default 80)
//   BENCH_QUEUE_JOBS                       jobs per throughput drain (default 5000)
//   BENCH_QUEUE_LEASE_SECONDS              docex runner lease and pg-boss expireInSeconds (default 10)
//   BENCH_QUEUE_PGBOSS_MAINTENANCE_SECONDS pg-boss maintenanceIntervalSeconds, which runs expiry (default 5; pg-boss: 120)
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { migrate } from '../src/db/migrate.js';
import { createPool } from '../src/db/pool.js';
import { measureCrash, type CrashEngine, type CrashResult } from './queue/crash.js';
import { CRASH_TASK } from './queue/crash-protocol.js';
import { benchGraphile } from './queue/graphile.js';
import { benchPgBoss } from './queue/pgboss.js';
import { createDatabase, dropDatabase, log, ms, transactionProbeOk, type EngineResult } from './queue/support.js';

const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(v) || v < 1) throw new Error(`${name} must be a positive integer`);
  return v;
};
const PICKUP_JOBS = num('BENCH_QUEUE_PICKUP_JOBS', 200);
const POLLING_PICKUP_JOBS = num('BENCH_QUEUE_POLLING_PICKUP_JOBS', 80);
const JOBS = num('BENCH_QUEUE_JOBS', 5000);
const LEASE_SECONDS = num('BENCH_QUEUE_LEASE_SECONDS', 10);
const MAINTENANCE_SECONDS = num('BENCH_QUEUE_PGBOSS_MAINTENANCE_SECONDS', 5);
const DB = { graphile: 'docex_bench_queue_graphile', pgboss: 'docex_bench_queue_pgboss' };

async function docexCrashEngine(url: string, pool: pg.Pool): Promise<CrashEngine> {
  await migrate(pool); // docex's tables, queue_workers among them, and graphile-worker's schema
  return {
    label: 'docex runner',
    child: { engine: 'docex', url, seconds: LEASE_SECONDS },
    enqueue: async (p) => {
      // The key doubles as graphile's job_key: its jobs view shows no payload.
      await pool.query('SELECT graphile_worker.add_job($1, $2::json, max_attempts := 5, job_key := $3)', [
        CRASH_TASK,
        JSON.stringify(p),
        p.key,
      ]);
    },
    unfinished: async (key) =>
      (
        await pool.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = $1 AND key = $2',
          [CRASH_TASK, key],
        )
      ).rows[0]!.n,
    longJobMs: LEASE_SECONDS * 1000 + 5_000,
  };
}

async function pgBossCrashEngine(url: string, boss: PgBoss, pool: pg.Pool): Promise<CrashEngine> {
  // expireInSeconds is pg-boss's only crash detector, and also the longest a handler may run (there is no heartbeat).
  // A crash counts as a failed attempt: with retryLimit 0 the killed job would just fail.
  await boss.createQueue(CRASH_TASK, {
    name: CRASH_TASK,
    expireInSeconds: LEASE_SECONDS,
    retryLimit: 2,
    retryDelay: 0,
  });
  return {
    label: 'pg-boss',
    child: { engine: 'pgboss', url, seconds: MAINTENANCE_SECONDS },
    enqueue: async (p) => {
      await boss.send(CRASH_TASK, p);
    },
    unfinished: async (key) =>
      (
        await pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'key' = $2 AND state <> 'completed'`,
          [CRASH_TASK, key],
        )
      ).rows[0]!.n,
    longJobMs: LEASE_SECONDS * 1000 + 5_000,
  };
}

async function crashBoth(urls: {
  graphile: string;
  pgboss: string;
}): Promise<[CrashResult | Error, CrashResult | Error]> {
  const gPool = createPool(urls.graphile, 2);
  const pPool = createPool(urls.pgboss, 2);
  // Sends only: maintenance (expiry) is left to the worker processes, as in production.
  const boss = new PgBoss({ connectionString: urls.pgboss, max: 2, schedule: false, supervise: false });
  boss.on('error', (err) => log(`pg-boss (sender): ${err.message}`));
  try {
    await boss.start();
    const engines = [await docexCrashEngine(urls.graphile, gPool), await pgBossCrashEngine(urls.pgboss, boss, pPool)];
    log(
      `crash recovery, both engines in parallel: docex runner lease ${LEASE_SECONDS} s; ` +
        `pg-boss expireInSeconds ${LEASE_SECONDS}, maintenanceIntervalSeconds ${MAINTENANCE_SECONDS}`,
    );
    const settled = await Promise.allSettled(engines.map((e) => measureCrash(e)));
    return settled.map((s) =>
      s.status === 'fulfilled' ? s.value : s.reason instanceof Error ? s.reason : new Error(String(s.reason)),
    ) as [CrashResult | Error, CrashResult | Error];
  } finally {
    await boss.stop({ graceful: false, wait: true });
    await Promise.all([gPool.end(), pPool.end()]);
  }
}

const fmtCrash = (c: CrashResult | Error): string =>
  c instanceof Error
    ? `FAILED: ${c.message}`
    : `${(c.reRunAfterKillMs / 1000).toFixed(1)} s (${(c.reRunAfterStartMs / 1000).toFixed(1)} s after start)`;

const fmtDuplicates = (c: CrashResult | Error): string =>
  c instanceof Error ? 'n/a' : c.longJobStarts === 1 ? 'no' : `yes (${c.longJobStarts} starts)`;

function table(rows: Array<{ result: EngineResult; crash: CrashResult | Error; note: string }>): void {
  const header = [
    'engine',
    'pickup p50 / p95',
    'jobs/s c=1',
    'jobs/s c=10',
    'transactional enqueue',
    'crash re-run after',
    'long job run twice',
  ];
  const lines = rows.map(({ result: r, crash, note }) => [
    r.engine + note,
    `${ms(r.pickup.p50)} / ${ms(r.pickup.p95)}`,
    `${r.c1.perSecond.toFixed(0)}${r.c1.capped ? ' (capped)' : ''}`,
    `${r.c10.perSecond.toFixed(0)}${r.c10.capped ? ' (capped)' : ''}`,
    transactionProbeOk(r.tx) ? 'yes (rollback leaves 0)' : 'FAILED',
    fmtCrash(crash),
    fmtDuplicates(crash),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(
    ['', row(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(row), ''].join('\n'),
  );
}

function verdicts(rows: Array<{ result: EngineResult; crash: CrashResult | Error }>): boolean {
  let allTxOk = true;
  for (const { result: r, crash } of rows) {
    const c = crash instanceof Error ? null : crash;
    const checks = [
      `pickup p50 <= 50 ms: ${r.pickup.p50 <= 50 ? 'yes' : 'NO'}`,
      `SIGKILLed job re-run within 60 s: ${c && c.reRunAfterKillMs <= 60_000 ? 'yes' : 'NO'}`,
      `killed job run exactly twice and finished: ${c && c.runsOfKilledJob === 2 && c.unfinishedAfter === 0 ? 'yes' : 'NO'}`,
      `long job never handed to a second live worker: ${c && c.longJobStarts === 1 ? 'yes' : 'NO'}`,
    ];
    console.log(`${r.engine}: ${checks.join('; ')}`);
    allTxOk &&= transactionProbeOk(r.tx);
  }
  return allTxOk;
}

async function main(): Promise<void> {
  const began = Date.now();
  const urls = {
    graphile: await createDatabase(ADMIN_URL, DB.graphile),
    pgboss: await createDatabase(ADMIN_URL, DB.pgboss),
  };
  try {
    const graphile = await benchGraphile(urls.graphile, { pickupJobs: PICKUP_JOBS, jobs: JOBS });
    const [polling, tuned] = await benchPgBoss(urls.pgboss, {
      pickupJobs: PICKUP_JOBS,
      pollingPickupJobs: POLLING_PICKUP_JOBS,
      jobs: JOBS,
      pollingCapMs: 5_000,
    });
    const [docexCrash, pgBossCrash] = await crashBoth(urls);
    const rows = [
      { result: graphile, crash: docexCrash, note: ` + docex runner (lease ${LEASE_SECONDS} s)` },
      { result: polling!, crash: pgBossCrash, note: '' },
      { result: tuned!, crash: pgBossCrash, note: '' },
    ];
    table(rows);
    console.log(
      [
        'Notes:',
        `- pickup: commit -> handler start, one job at a time, producer and worker in one process; 20-50 ms apart, but`,
        `  20-520 ms apart for polling pg-boss (else every commit lands ~35 ms into its 500 ms sleep: p50 ~460 ms).`,
        `- throughput: N jobs queued in one transaction (graphile add_jobs / pg-boss insert), timed from COMMIT to the`,
        `  last handler call; drains are capped at 5 s for polling pg-boss (one polling interval per job per worker),`,
        `  at 30 s for tuned pg-boss and at 60 s for graphile-worker.`,
        `- pg-boss crash figures are for both pg-boss rows (worker processes poll; expiry needs maintenance): expect`,
        `  expireInSeconds + up to maintenanceIntervalSeconds (${MAINTENANCE_SECONDS} s here, 120 s by default).`,
        `- plain graphile-worker 0.17 (without the docex runner) frees a dead worker's job after 4 h.`,
        `- long job: runs ${LEASE_SECONDS + 5} s on a live worker, lease / expireIn ${LEASE_SECONDS} s, a second worker idle.`,
      ].join('\n'),
    );
    const ok = verdicts(rows);
    log(`done in ${((Date.now() - began) / 1000).toFixed(0)} s`);
    if (!ok) process.exitCode = 1;
  } finally {
    await dropDatabase(ADMIN_URL, DB.graphile).catch((err) => log(`could not drop ${DB.graphile}: ${err.message}`));
    await dropDatabase(ADMIN_URL, DB.pgboss).catch((err) => log(`could not drop ${DB.pgboss}: ${err.message}`));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
