// What counts as "the database is unavailable" for the worker (retry, never a permanent failure), checked on real
// errors: a backend terminated by the server (57P01), a connection cut under a query (node-postgres' codeless
// "Connection terminated unexpectedly"), a refused connection; and what does not: a constraint violation, or a
// document host's refused connection wrapped in a PipelineError.
import { RETRYABLE_ERROR_CODES } from 'graphile-worker/dist/lib.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../src/db/pool.js';
import { isDatabaseOutage, PipelineError } from '../../src/pipeline/errors.js';
import {
  CONNECTION_LOSS_CODES,
  CONNECTION_LOST_CODE,
  installQueueRetries,
  queuePool,
} from '../../src/queue/graphile-retries.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { freePort } from '../faults/support/ports.js';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';

let db: TestDatabase;
let proxy: TcpProxy;

beforeAll(async () => {
  db = await createTestDatabase();
  const target = new URL(db.url);
  proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
});
afterAll(async () => {
  await proxy?.close();
  await db?.drop();
});

async function errorOf(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

describe('database outage classification', () => {
  it('57P01: a backend terminated by the server', async () => {
    const client = new pg.Client({ connectionString: db.url });
    client.on('error', () => {});
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    await db.pool.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    const err = await errorOf(client.query('SELECT 1'));
    await client.end().catch(() => {});
    expect(isDatabaseOutage(err)).toBe(true);
  });

  it('a connection cut under a query (codeless), tagged for graphile by the queue pool', async () => {
    const pool = createPool(proxy.viaProxy(db.url), 2);
    const tagged = queuePool(pool);
    const client = await tagged.connect();
    const pending = client.query('SELECT pg_sleep(2)');
    setTimeout(() => proxy.cut('close'), 200);
    const err = await errorOf(pending);
    proxy.restore();
    client.release(true);
    await pool.end();
    expect(isDatabaseOutage(err)).toBe(true);
    // node-postgres gives such an error no code; the queue pool adds one that graphile-worker retries.
    expect((err as { code?: string }).code).toBe(CONNECTION_LOST_CODE);
  });

  it('a refused connection (nothing listening)', async () => {
    const pool = createPool(`postgres://postgres@127.0.0.1:${await freePort()}/nothing`, 1);
    const err = await errorOf(pool.query('SELECT 1'));
    await pool.end();
    expect(isDatabaseOutage(err)).toBe(true);
  });

  it('not: a constraint violation, or a PipelineError caused by a document host refusing the connection', async () => {
    const err = await errorOf(db.pool.query('SELECT 1/0'));
    expect(isDatabaseOutage(err)).toBe(false);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    const download = new PipelineError(
      'download',
      'connection_failed',
      'The connection to the document server failed.',
      {},
      true,
      { cause: refused },
    );
    expect(isDatabaseOutage(download)).toBe(false);
  });

  it("graphile-worker's retry list gains every connection-loss code", () => {
    installQueueRetries();
    for (const code of CONNECTION_LOSS_CODES) expect(RETRYABLE_ERROR_CODES[code], code).toBeDefined();
    // Its own serialization-failure entries are left as they were.
    expect(RETRYABLE_ERROR_CODES['40001']).toBeDefined();
  });
});
