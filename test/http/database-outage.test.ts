// Issue 11 item 1 (API side): while PostgreSQL is unreachable the API answers 503 service_unavailable with
// Retry-After (never 500), /readyz turns unready, the process survives, and all of it recovers by itself when the
// database is back. Runs against an embedded PostgreSQL cluster of its own that it stops and starts, never the shared
// server.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiKey, type CreatedApiKey } from '../../src/auth/api-keys.js';
import { createOrganization } from '../../src/auth/organizations.js';
import { loadConfig } from '../../src/config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.js';
import { migrate } from '../../src/db/migrate.js';
import { createPool, type Pool } from '../../src/db/pool.js';
import { buildApp } from '../../src/http/app.js';
import { isDatabaseUnavailable } from '../../src/jobs/database-errors.js';
import { JobInsertBatcher } from '../../src/jobs/insert-batch.js';
import { toPayload } from '../../src/jobs/submission.js';
import { createMetrics } from '../../src/observability/metrics.js';
import { singleBody } from '../support/app.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

let dataDir: string;
let pgPort: number;
let server: EmbeddedDatabase;
let pool: Pool;
let app: FastifyInstance;
let key: CreatedApiKey;

const startDatabase = () => startEmbeddedPostgres({ dataDir, port: pgPort });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'docex-outage-'));
  pgPort = await freePort();
  server = await startDatabase();
  pool = createPool(server.connectionString, 5);
  await migrate(pool);
  const config = loadConfig({ DATABASE_URL: server.connectionString, LOG_LEVEL: 'silent' });
  app = await buildApp({ config, pool, logger: pino({ level: 'silent' }), metrics: createMetrics(pool) });
  await app.ready();
  const org = await createOrganization(pool, 'Outage');
  key = await createApiKey(pool, {
    organizationId: org.id,
    name: 'k',
    webhookBaseUrl: 'https://h.example',
    ipAllowlist: [],
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await pool?.end().catch(() => {});
  await server?.stop().catch(() => {});
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const headers = () => ({ 'x-client-id': key.clientId, 'x-client-secret': key.clientSecret });
const submit = () => app.inject({ method: 'POST', url: '/v1/documents', headers: headers(), payload: singleBody() });

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

it('answers 503 with Retry-After while the database is down, and recovers by itself', async () => {
  expect((await submit()).statusCode).toBe(202);
  expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

  await server.stop();

  for (const res of [
    await submit(),
    await app.inject({ method: 'GET', url: '/v1/documents/ref-1', headers: headers() }),
    await app.inject({ method: 'GET', url: '/v1/jobs/00000000-0000-4000-8000-000000000000', headers: headers() }),
  ]) {
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ statusCode: 503, code: 'service_unavailable' });
    expect(res.body).not.toMatch(/ECONNREFUSED|terminat|postgres/i);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }
  // With an Idempotency-Key too (its own transaction, not the group commit).
  const keyed = await app.inject({
    method: 'POST',
    url: '/v1/documents',
    headers: { ...headers(), 'idempotency-key': 'outage-1' },
    payload: singleBody(),
  });
  expect(keyed.statusCode).toBe(503);
  const ready = await app.inject({ method: 'GET', url: '/readyz' });
  expect(ready.statusCode).toBe(503);
  expect(Number(ready.headers['retry-after'])).toBeGreaterThan(0);
  // Health says the process is up; it is, and it must stay so.
  expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBeLessThan(500);

  server = await startDatabase();

  await waitFor('readiness', async () => (await app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200);
  await waitFor('submissions', async () => (await submit()).statusCode === 202);
  const keyedAgain = await app.inject({
    method: 'POST',
    url: '/v1/documents',
    headers: { ...headers(), 'idempotency-key': 'outage-1' },
    payload: singleBody(),
  });
  expect(keyedAgain.statusCode).toBe(202);
  expect((await app.inject({ method: 'GET', url: '/v1/documents/ref-1', headers: headers() })).statusCode).toBe(200);
}, 60_000);

/** The cluster's postmaster and its children (backends, checkpointer, ...): stopping them all is a hung server. */
async function clusterPids(): Promise<number[]> {
  const main = Number((await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const children = execFileSync('pgrep', ['-P', String(main)], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map(Number);
  return [main, ...children];
}

it('a database that hangs instead of refusing: 503 within seconds, not a request held forever', async () => {
  await waitFor('submissions', async () => (await submit()).statusCode === 202);
  const pids = await clusterPids();
  for (const pid of pids) process.kill(pid, 'SIGSTOP');
  try {
    const started = Date.now();
    const [res, again, batched] = await Promise.allSettled([
      app.inject({ method: 'GET', url: '/v1/documents/ref-1', headers: headers() }),
      submit(),
      // A submission already past authentication: its batch statement hangs until the batcher's timeout.
      new JobInsertBatcher(pool, 10, 1, 3_000).insert({
        id: randomUUID(),
        organizationId: key.organizationId,
        apiKeyId: key.id,
        webhookUrl: 'https://h.example',
        payload: toPayload({
          documentUrl: 'https://f.example/a.pdf',
          requireLineItems: true,
          documentId: 1,
          consumerRefId: 'hung',
        }),
      }),
    ]).then((results) => results.map((r) => (r.status === 'fulfilled' ? r.value : r.reason)));
    const elapsed = Date.now() - started;
    expect(isDatabaseUnavailable(batched)).toBe(true);
    for (const r of [res, again] as Array<{ statusCode: number; json(): { code: string } }>) {
      expect(r.statusCode).toBe(503);
      expect(r.json().code).toBe('service_unavailable');
    }
    // The key lookup gives up after 10 s (a new connection after 5 s).
    expect(elapsed).toBeLessThan(15_000);
  } finally {
    for (const pid of pids) process.kill(pid, 'SIGCONT');
  }
  await waitFor('recovery after the hang', async () => (await submit()).statusCode === 202);
}, 60_000);
