// npm run bench:auth-flood: does a wrong-secret flood hurt legitimate callers? Legitimate traffic (cached credentials,
// GET /v1/documents/{ref}) is measured alone, then beside a flood of wrong secrets for the same client id from
// BENCH_FLOOD_CONNECTIONS connections, in the same run, against two API processes: one with the default abuse limits
// and one with the failure limits off (only the bcrypt gate left). Also times the first request of fresh keys
// (no cached credential, so one bcrypt compare) during each flood. The API runs behind TRUST_PROXY=true so that the
// attacker and the legitimate callers can come from different addresses (X-Forwarded-For), as behind a proxy.
//
//   BENCH_DATABASE_URL        server to create the throwaway database on (default: the test server)
//   BENCH_DURATION            seconds per measurement (default 8)
//   BENCH_CONNECTIONS         legitimate connections (default 10)
//   BENCH_FLOOD_CONNECTIONS   attacker connections (default 20)
//   BENCH_ROUNDS              alternating alone/flooded measurements per scenario (default 2)
import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';
import { createApiKey, type CreatedApiKey } from '../src/auth/api-keys.js';
import { createOrganization } from '../src/auth/organizations.js';
import { migrate } from '../src/db/migrate.js';
import { createPool } from '../src/db/pool.js';
import { createDatabase, dropDatabase } from './support/databases.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const LEGIT_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const FLOOD_CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const DB_NAME = 'docex_bench_auth_flood';
const LEGIT_ADDRESS = '198.51.100.10';
const ATTACKER_ADDRESS = '203.0.113.66';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

function startApi(env: Record<string, string>): Promise<ChildProcess> {
  const child = fork(path.join(ROOT, 'bench/auth/api-server.ts'), [], {
    env: { ...process.env, LOG_LEVEL: 'warn', TRUST_PROXY: 'true', ...env },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`API exited with ${code}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Run {
  perSecond: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
}

async function hammer(url: string, connections: number, headers: Record<string, string>): Promise<Run> {
  const statuses: Record<string, number> = {};
  const instance = autocannon({ url, connections, duration: DURATION, headers });
  instance.on('response', (_client: unknown, status: number) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const result = await instance;
  return { perSecond: result.requests.total / DURATION, p50: result.latency.p50, p99: result.latency.p99, statuses };
}

/**
 * The flood, from a child process (bench/auth/flood.ts), loaded before the measurement starts. Returns the start
 * function, which resolves with the attacker's figures.
 */
async function loadFlood(
  url: string,
  headers: Record<string, string>,
): Promise<() => Promise<Pick<Run, 'perSecond' | 'statuses'>>> {
  const child = fork(
    path.join(ROOT, 'bench/auth/flood.ts'),
    [url, String(FLOOD_CONNECTIONS), String(DURATION), JSON.stringify(headers)],
    {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`flood exited with ${code}`)));
  });
  return () =>
    new Promise((resolve) => {
      child.once('message', (m) => resolve(m as Pick<Run, 'perSecond' | 'statuses'>));
      child.send('go');
    });
}

/** First request of each fresh key (one bcrypt compare), spread over the measurement. */
async function firstRequests(base: string, keys: CreatedApiKey[]): Promise<number[]> {
  const times: number[] = [];
  for (const key of keys) {
    await new Promise((r) => setTimeout(r, (DURATION * 1000) / (keys.length + 2)));
    const started = performance.now();
    const res = await fetch(`${base}/v1/documents/bench-ref`, {
      headers: { 'x-client-id': key.clientId, 'x-client-secret': key.clientSecret, 'x-forwarded-for': LEGIT_ADDRESS },
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`fresh key answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

/** CPU seconds the API process has used so far (user + system), from its /metrics. */
async function apiCpuSeconds(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(/^docex_process_process_cpu_seconds_total (\S+)/m.exec(text)?.[1] ?? NaN);
}

/** Runs fn and reports the API's CPU use during it, as a share of one core. */
async function withCpu<T>(base: string, fn: () => Promise<T>): Promise<[T, number]> {
  const before = await apiCpuSeconds(base);
  const started = performance.now();
  const result = await fn();
  const cores = ((await apiCpuSeconds(base)) - before) / ((performance.now() - started) / 1000);
  return [result, cores];
}

const ms = (n: number) => `${n.toFixed(0)} ms`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length / 2;
  return s.length === 0 ? NaN : s.length % 2 ? s[Math.floor(mid)]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function scenario(
  name: string,
  base: string,
  victim: CreatedApiKey,
  newKeys: () => Promise<CreatedApiKey[]>,
): Promise<boolean> {
  const url = `${base}/v1/documents/bench-ref`;
  const legitHeaders = {
    'x-client-id': victim.clientId,
    'x-client-secret': victim.clientSecret,
    'x-forwarded-for': LEGIT_ADDRESS,
  };
  const floodHeaders = {
    'x-client-id': victim.clientId,
    'x-client-secret': 'dxs_wrong-secret',
    'x-forwarded-for': ATTACKER_ADDRESS,
  };
  const cpu = (cores: number) => `API CPU ${(cores * 100).toFixed(0).padStart(3)}%`;
  const line = (label: string, r: Run, cores: number) =>
    `  ${label.padEnd(20)} ${r.perSecond.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(4)} ms  ${cpu(cores)}  ${JSON.stringify(r.statuses)}`;
  console.log(`\n${name}`);
  await hammer(url, LEGIT_CONNECTIONS, legitHeaders); // warm-up: JIT, pool, credential cache
  // Alone and flooded alternate, ROUNDS times each, so that a change in the machine's background load hits both.
  const aloneP99: number[] = [];
  const floodP99: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const aloneKeys = await newKeys();
    const [[alone, aloneFirst], aloneCpu] = await withCpu(base, () =>
      Promise.all([hammer(url, LEGIT_CONNECTIONS, legitHeaders), firstRequests(base, aloneKeys)]),
    );
    const [startFlood, keys] = await Promise.all([loadFlood(url, floodHeaders), newKeys()]);
    const [[flooded, attack, floodFirst], floodCpu] = await withCpu(base, () =>
      Promise.all([hammer(url, LEGIT_CONNECTIONS, legitHeaders), startFlood(), firstRequests(base, keys)]),
    );
    aloneP99.push(alone.p99);
    floodP99.push(flooded.p99);
    console.log(` round ${round}`);
    console.log(line('legitimate alone', alone, aloneCpu));
    console.log(line('legitimate + flood', flooded, floodCpu));
    console.log(
      `  attacker (${FLOOD_CONNECTIONS} conn)     ${attack.perSecond.toFixed(0).padStart(6)} req/s  ${JSON.stringify(attack.statuses)}`,
    );
    console.log(
      `  first request of a fresh key: median ${ms(median(aloneFirst))} alone, ${ms(median(floodFirst))} during the flood`,
    );
  }
  const ratio = median(floodP99) / Math.max(1, median(aloneP99));
  console.log(
    `  legitimate p99 (median of rounds) under flood / alone: ${median(floodP99)} / ${median(aloneP99)} ms = ${ratio.toFixed(2)}x (target <= 2x)`,
  );
  return ratio <= 2;
}

async function main(): Promise<void> {
  const dbUrl = await createDatabase(ADMIN_URL, DB_NAME);
  const pool = createPool(dbUrl, 2);
  const apis: ChildProcess[] = [];
  try {
    await migrate(pool);
    const org = await createOrganization(pool, 'bench');
    const newKey = () =>
      createApiKey(pool, {
        organizationId: org.id,
        name: 'bench',
        webhookBaseUrl: 'https://hooks.example/bench',
        ipAllowlist: [],
      });
    const victim = await newKey();
    const freshKeys = () => Promise.all(Array.from({ length: 5 }, newKey));

    const limitedPort = await freePort();
    const unlimitedPort = await freePort();
    apis.push(await startApi({ DATABASE_URL: dbUrl, PORT: String(limitedPort) }));
    apis.push(
      await startApi({
        DATABASE_URL: dbUrl,
        PORT: String(unlimitedPort),
        DOCEX_AUTH_FAILURES_PER_CLIENT_ID: '0',
        DOCEX_AUTH_FAILURES_PER_ADDRESS: '0',
      }),
    );

    const submitted = await fetch(`http://127.0.0.1:${limitedPort}/v1/documents`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-client-id': victim.clientId,
        'x-client-secret': victim.clientSecret,
      },
      body: JSON.stringify({
        documentUrl: 'https://files.example/a.pdf',
        requireLineItems: true,
        documentId: 1,
        consumerRefId: 'bench-ref',
      }),
    });
    if (submitted.status !== 202) throw new Error(`submit answered ${submitted.status}`);

    console.log(
      `bench:auth-flood  GET /v1/documents/{ref}, ${DURATION} s per run, ${LEGIT_CONNECTIONS} legitimate connections ` +
        `(cached credentials) beside ${FLOOD_CONNECTIONS} wrong-secret connections for the same client id; load generator on the same machine`,
    );
    const ok = await scenario(
      'default limits (failures per client id and per address, bcrypt gate)',
      `http://127.0.0.1:${limitedPort}`,
      victim,
      freshKeys,
    );
    await scenario(
      'failure limits off (DOCEX_AUTH_FAILURES_PER_*=0): bcrypt gate only',
      `http://127.0.0.1:${unlimitedPort}`,
      victim,
      freshKeys,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await Promise.all(apis.map(stop));
    await pool.end();
    await dropDatabase(ADMIN_URL, DB_NAME);
  }
}

await main();
