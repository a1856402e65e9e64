// npm run bench:webhooks: docex's webhook delivery against a local receiver, each figure beside a baseline measured in
// the same run (a plain undici POST with one keep-alive Agent, same body, same receiver, same concurrency):
//   1. deliveries/s: M finished jobs' deliveries committed at once, drained by the real delivery task in the real
//      queue runner (its own process, docex's defaults: concurrency 8, pool 20), until every job is webhook_posted;
//   2. latency on an idle system from the COMMIT that finishes a job (and queues its delivery) to the receiver's
//      first byte, one job at a time (target p50 <= 50 ms).
// Real PostgreSQL (a throwaway database migrated with src/db/migrate.ts), real processes: receiver (node:http on
// 127.0.0.1), docex runner, baseline sender; this process writes the jobs and keeps time. About 1 minute.
//
//   BENCH_DATABASE_URL           server to create the throwaway database on (default: the test server)
//   BENCH_WEBHOOKS_DELIVERIES    deliveries per throughput burst (default 2000)
//   BENCH_WEBHOOKS_ROUNDS        throughput rounds, docex and baseline alternating (default 3)
//   BENCH_WEBHOOKS_CONCURRENCY   docex's DOCEX_WEBHOOK_CONCURRENCY and the baseline's (default 8)
//   BENCH_WEBHOOKS_SAMPLES       latency samples, 20-50 ms apart (default 200)
//   BENCH_WEBHOOKS_CPU_PROF      a folder: V8 CPU profiles of the child processes are written there (diagnostics)
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { migrate } from '../src/db/migrate.js';
import { createDatabase, dropDatabase, fmtPercentiles, log, ms, type Percentiles } from './queue/support.js';
import type { BaselineHandlers } from './webhooks/baseline.js';
import { createTenant, type Tenant } from './webhooks/fixtures.js';
import { measureLatency, type LatencyResult } from './webhooks/latency.js';
import type { ReceiverHandlers } from './webhooks/receiver.js';
import { startChild, type Child } from './webhooks/rpc.js';
import type { RunnerHandlers } from './webhooks/runner.js';
import { baselineBurst, docexBurst, measureThroughput, type Procs, type Rate } from './webhooks/throughput.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const num = (name: string, fallback: number, max: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(v) || v < 1 || v > max) throw new Error(`${name} must be an integer from 1 to ${max}`);
  return v;
};
const DELIVERIES = num('BENCH_WEBHOOKS_DELIVERIES', 2000, 100_000);
const ROUNDS = num('BENCH_WEBHOOKS_ROUNDS', 3, 10);
const CONCURRENCY = num('BENCH_WEBHOOKS_CONCURRENCY', 8, 1024);
const SAMPLES = num('BENCH_WEBHOOKS_SAMPLES', 200, 10_000);
const LATENCY_TARGET_P50_MS = 50;
const DB_NAME = 'docex_bench_webhooks';

/** The middle value (the mean of the two middle ones for an even count). */
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** One docex message as a Standard Webhooks receiver checks it, so the figures are for correctly signed deliveries. */
async function verifySignedDelivery(receiver: Child<ReceiverHandlers>, t: Tenant): Promise<string> {
  const signed = await receiver.call('lastSigned');
  if (!signed) throw new Error('no signed delivery reached the receiver');
  new Webhook(t.signingSecret).verify(signed.body, signed.headers);
  return signed.body;
}

function report(rates: { docex: Rate[]; baseline: Rate[] }, lat: LatencyResult): boolean {
  const d = median(rates.docex.map((r) => r.perSecond));
  const b = median(rates.baseline.map((r) => r.perSecond));
  const cpu = (rs: Rate[], key: keyof Rate['cpu']) => {
    const xs = rs.map((r) => r.cpu[key]).filter((x): x is number => x !== null);
    return xs.length === 0 ? 'n/a' : `${median(xs).toFixed(2)} ms`;
  };
  const row = (name: string, docex: string, base: string, ratio: string) =>
    `${name.padEnd(46)}${docex.padStart(11)}${base.padStart(11)}${ratio.padStart(9)}`;
  const latRow = (name: string, key: keyof Percentiles) =>
    row(name, ms(lat.docex[key]), ms(lat.baseline[key]), `${(lat.docex[key] / lat.baseline[key]).toFixed(1)}x`);
  const p50Ok = lat.docex.p50 <= LATENCY_TARGET_P50_MS;
  console.log(
    `\nbench:webhooks  receiver on 127.0.0.1, PostgreSQL at ${new URL(ADMIN_URL).host}, ` +
      `concurrency ${CONCURRENCY}, ${os.availableParallelism()} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(row('', 'docex', 'baseline', 'ratio'));
  console.log(
    row(
      `deliveries/s, ${DELIVERIES} at once (median of ${ROUNDS})`,
      `${d.toFixed(0)}/s`,
      `${b.toFixed(0)}/s`,
      `${(d / b).toFixed(2)}x`,
    ),
  );
  console.log(
    row('  CPU per delivery: sending process', cpu(rates.docex, 'sender'), cpu(rates.baseline, 'sender'), ''),
  );
  console.log(row('  CPU per delivery: PostgreSQL backends', cpu(rates.docex, 'postgres'), '-', ''));
  console.log(row('  CPU per delivery: receiver', cpu(rates.docex, 'receiver'), cpu(rates.baseline, 'receiver'), ''));
  console.log(latRow(`commit -> first byte p50 (n=${lat.docex.n}, 1 at a time)`, 'p50'));
  console.log(latRow('commit -> first byte p95', 'p95'));
  console.log(latRow('commit -> first byte p99', 'p99'));
  console.log(latRow('commit -> first byte max', 'max'));
  console.log(
    `docex latency split p50/p95/p99: queue pickup ${ms(lat.pickup.p50)}/${ms(lat.pickup.p95)}/${ms(lat.pickup.p99)}, ` +
      `load+sign+send ${ms(lat.send.p50)}/${ms(lat.send.p95)}/${ms(lat.send.p99)}; after the first byte, reading the ` +
      `answer and recording ${ms(lat.record.p50)}/${ms(lat.record.p95)}/${ms(lat.record.p99)}`,
  );
  console.log(
    'baseline: plain undici request() POST, one keep-alive Agent, same body, receiver and concurrency; ' +
      'its latency runs from the call.',
  );
  console.log(
    `ratio = docex / baseline. Latency target p50 <= ${LATENCY_TARGET_P50_MS} ms: ${p50Ok ? 'met' : 'MISSED'} (${ms(lat.docex.p50)}).`,
  );
  return p50Ok;
}

async function main(): Promise<void> {
  const url = await createDatabase(ADMIN_URL, DB_NAME);
  // Named apart from docex's own connections, whose server-side CPU is measured (see webhooks/cpu.ts).
  const db = new pg.Pool({ connectionString: url, max: 4, application_name: 'docex-bench' });
  // A lost idle connection must not crash the benchmark: the pool replaces it (as src/db/pool.ts does).
  db.on('error', () => {});
  db.on('connect', (client) => client.on('error', () => {}));
  const procs: Partial<Procs> = {};
  try {
    await migrate(db);
    const env = { ...process.env, DATABASE_URL: url, BENCH_WEBHOOKS_CONCURRENCY: String(CONCURRENCY) };
    // Assigned as each comes up, so that the finally block stops those that started even if another did not.
    await Promise.all([
      startChild<ReceiverHandlers>(path.join(HERE, 'webhooks/receiver.ts'), env, 'receiver').then(
        (c) => (procs.receiver = c),
      ),
      startChild<RunnerHandlers>(path.join(HERE, 'webhooks/runner.ts'), env, 'docex runner').then(
        (c) => (procs.runner = c),
      ),
      startChild<BaselineHandlers>(path.join(HERE, 'webhooks/baseline.ts'), env, 'baseline').then(
        (c) => (procs.baseline = c),
      ),
    ]);
    const p = procs as Procs;
    const { port } = p.receiver.ready as { port: number };
    const tenant = await createTenant(db, `http://127.0.0.1:${port}`);

    log('warm-up: 200 docex deliveries, 500 baseline POSTs');
    await docexBurst(db, DB_NAME, p, tenant, 200, 'warm');
    const body = await verifySignedDelivery(p.receiver, tenant);
    await baselineBurst(p, tenant.webhookUrl, body, 500, CONCURRENCY, 'warm');
    log(`signed delivery verified with standardwebhooks; body ${Buffer.byteLength(body)} bytes`);

    log(`throughput: ${DELIVERIES} deliveries queued in one transaction, ${ROUNDS} rounds`);
    const rates = await measureThroughput(db, DB_NAME, p, tenant, body, DELIVERIES, CONCURRENCY, ROUNDS);

    log(`latency: ${SAMPLES} jobs finished one at a time, each followed by one baseline POST`);
    const lat = await measureLatency(db, p, tenant, body, SAMPLES, 'lat');
    log(`  docex     ${fmtPercentiles(lat.docex)}`);
    log(`  baseline  ${fmtPercentiles(lat.baseline)}`);

    if (!report(rates, lat)) process.exitCode = 1;
  } finally {
    await Promise.allSettled([procs.runner?.stop(), procs.baseline?.stop(), procs.receiver?.stop()]);
    await db.end();
    await dropDatabase(ADMIN_URL, DB_NAME);
  }
}

await main();
