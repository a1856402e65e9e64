// npm run bench:submit: accepted submissions/s and latency of POST /v1/documents at several connection counts,
// each beside a baseline measured in the same run (a bare Fastify route with the same body schema, no database).
// The service runs as its own process from the compiled build against the real PostgreSQL, with a key made by the CLI.
// After each run every 202 is checked against a committed row and queue entry.
//
//   BENCH_DATABASE_URL   server to create the throwaway database on (default: the test server)
//   BENCH_DURATION       seconds per measurement (default 10)
//   BENCH_CONNECTIONS    comma-separated connection counts (default 10,50,100)
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDatabase, dropDatabase } from './support/databases.js';
import { load, type LoadResult } from './support/load.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50,100').split(',').map(Number);
const DB_NAME = 'docex_bench_submit';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function waitHttp(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not come up`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const fmt = (r: LoadResult) =>
  `${r.perSecond.toFixed(0).padStart(7)}/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms` +
  (r.non2xx + r.errors > 0 ? `  (non-2xx ${r.non2xx}, errors ${r.errors})` : '');

async function main(): Promise<void> {
  const dbUrl = await createDatabase(ADMIN_URL, DB_NAME);

  const env = { ...process.env, DATABASE_URL: dbUrl, LOG_LEVEL: 'warn' };
  const docex = (...args: string[]) =>
    execFileSync(process.execPath, [path.join(ROOT, 'bin/docex.js'), ...args], { env, encoding: 'utf8' });
  docex('migrate');
  const org = JSON.parse(docex('orgs', 'create', '--name', 'bench', '--json'));
  const key = JSON.parse(
    docex(
      'keys',
      'create',
      '--org',
      org.id,
      '--name',
      'bench',
      '--webhook-base-url',
      'https://hooks.example/bench',
      '--json',
    ),
  );
  const headers = { 'x-client-id': key.clientId, 'x-client-secret': key.clientSecret };
  const body = JSON.stringify({
    documentUrl: 'https://files.example.com/invoices/INV-1001.pdf',
    requireLineItems: true,
    documentId: 1001,
    consumerRefId: 'bench/INV-1001',
    webhookUrl: 'invoices',
  });

  const servicePort = await freePort();
  const baselinePort = await freePort();
  const service = spawn(process.execPath, [path.join(ROOT, 'bin/docex.js'), 'serve'], {
    env: { ...env, PORT: String(servicePort), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseline = fork(path.join(ROOT, 'bench/support/baseline-server.ts'), [], {
    env: { ...process.env, PORT: String(baselinePort) },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    await Promise.all([
      waitHttp(`http://127.0.0.1:${servicePort}/healthz`),
      waitHttp(`http://127.0.0.1:${baselinePort}/`),
    ]);
    const serviceUrl = `http://127.0.0.1:${servicePort}/v1/documents`;
    const baselineUrl = `http://127.0.0.1:${baselinePort}/v1/documents`;
    // Warm-up: JIT, the pool's connections and the verified-credential cache.
    await load({ url: serviceUrl, connections: 10, durationSeconds: 2, headers, body });
    await load({ url: baselineUrl, connections: 10, durationSeconds: 2, headers, body });

    const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
    const counts = async () => {
      const { rows } = await pool.query<{ jobs: number; queued: number }>(
        `SELECT (SELECT count(*)::int FROM document_jobs) AS jobs,
                (SELECT count(*)::int FROM graphile_worker._private_jobs) AS queued`,
      );
      return rows[0]!;
    };

    console.log(`\nbench:submit  POST /v1/documents, ${DURATION} s per run, load generator on the same machine`);
    console.log(
      'connections  docex (auth + row + queue entry, one transaction)        baseline (schema only, no DB)            ratio',
    );
    let allBacked = true;
    for (const connections of CONNECTIONS) {
      const before = await counts();
      const s = await load({ url: serviceUrl, connections, durationSeconds: DURATION, headers, body });
      const after = await counts();
      const b = await load({ url: baselineUrl, connections, durationSeconds: DURATION, headers, body });
      const rows = after.jobs - before.jobs;
      const queued = after.queued - before.queued;
      // autocannon stops counting at the deadline: requests still in flight then (at most one per connection)
      // were committed without their 202 being counted.
      const backed = rows === queued && rows >= s.accepted && rows - s.accepted <= connections;
      allBacked &&= backed;
      console.log(
        `${String(connections).padStart(11)}  ${fmt(s)}   ${fmt(b)}   ${(s.perSecond / b.perSecond).toFixed(2)}x` +
          `\n${''.padStart(13)}202s ${s.accepted}, new rows ${rows}, new queue entries ${queued}` +
          ` (${rows - s.accepted} cut off in flight) -> ${backed ? 'every 202 backed by a row and a queue entry' : 'MISMATCH'}`,
      );
    }
    await pool.end();
    if (!allBacked) process.exitCode = 1;
  } finally {
    await Promise.all([stop(service), stop(baseline)]);
    await dropDatabase(ADMIN_URL, DB_NAME);
  }
}

await main();
