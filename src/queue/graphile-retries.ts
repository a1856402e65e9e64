// Makes graphile-worker 0.17.3 ride out a database restart or a lost connection.
//
// Why: its worker (dist/worker.js) calls completeJob(job) and failJob(...) without awaiting them, and those queries
// retry only the codes in dist/lib.js RETRYABLE_ERROR_CODES (40001, 40P01, 57P03, EHOSTUNREACH, ETIMEDOUT). A
// PostgreSQL restart produces 57P01 (admin shutdown), ECONNRESET, ECONNREFUSED or node-postgres' codeless
// "Connection terminated unexpectedly": the rejected promise has no handler and Node exits (the worker died in 4 of
// 5 restarts in issue 11). Two changes, both pinned to the version below and checked at start:
//  1. RETRYABLE_ERROR_CODES (a mutable object looked up at every retry) gains the connection-loss codes, with a short
//     backoff: graphile's withRetries then retries complete, fail and get-job up to 100 times (~8 minutes at 5 s).
//  2. The pool handed to graphile tags codeless connection errors with CONNECTION_LOST_CODE, so they match too.
// What still fails after 100 retries is contained by the process guards (worker/process-guards.ts), and the job it
// leaves locked is released by the runner's orphan sweep (queue/runner.ts).
import { RETRYABLE_ERROR_CODES } from 'graphile-worker/dist/lib.js';
import { version as installedVersion } from 'graphile-worker/dist/version.js';
import type pg from 'pg';
import { isDatabaseUnavailable } from '../jobs/database-errors.js';
import type { Pool } from '../db/pool.js';

/** The graphile-worker release whose internals this module was written against (package.json pins it exactly). */
export const GRAPHILE_WORKER_VERSION = '0.17.3';

/** Set on node-postgres errors that report a lost connection without a code. */
export const CONNECTION_LOST_CODE = 'DOCEX_CONNECTION_LOST';

/** Codes a restart or a network cut produces: server shutdown/startup (57P0x), class 08, too many connections, sockets. */
export const CONNECTION_LOSS_CODES = [
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08007',
  '08P01',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  CONNECTION_LOST_CODE,
] as const;

/** Backoff of graphile's own retries: 0.2 s growing x1.5 to 5 s (with its 0.5-1.5 jitter). */
const RETRY = { minDelay: 200, maxDelay: 5_000 } as const;

let installed = false;

/** Idempotent. Throws when the installed graphile-worker is not the version this was written for. */
export function installQueueRetries(): void {
  if (installed) return;
  const codes: Record<string, unknown> | undefined = RETRYABLE_ERROR_CODES;
  if (installedVersion !== GRAPHILE_WORKER_VERSION || !codes || typeof codes !== 'object') {
    throw new Error(
      `graphile-worker ${installedVersion ?? '(unknown)'} is installed, but src/queue/graphile-retries.ts patches the ` +
        `internals of ${GRAPHILE_WORKER_VERSION}: re-check it (completeJob/failJob awaiting, RETRYABLE_ERROR_CODES) ` +
        'before changing the pinned version.',
    );
  }
  for (const code of CONNECTION_LOSS_CODES) codes[code] = { ...RETRY };
  installed = true;
}

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

const TAGGED = Symbol('docex.connectionErrorsTagged');

function tag<E>(err: E): E {
  if (
    err &&
    typeof err === 'object' &&
    typeof (err as { code?: unknown }).code !== 'string' &&
    isDatabaseUnavailable(err)
  ) {
    (err as { code?: string }).code = CONNECTION_LOST_CODE;
  }
  return err;
}

/** Wraps client.query once (the client goes back to the shared pool still wrapped, which is harmless). */
function tagClient(client: pg.PoolClient): pg.PoolClient {
  const marked = client as pg.PoolClient & { [TAGGED]?: true };
  if (marked[TAGGED]) return client;
  const query = client.query;
  (client as { query: unknown }).query = function taggedQuery(this: unknown, ...args: unknown[]) {
    const result = (query as (...a: unknown[]) => unknown).apply(client, args);
    if (result && typeof (result as Promise<unknown>).then === 'function' && !('submit' in (result as object))) {
      return (result as Promise<unknown>).catch((err: unknown) => Promise.reject(tag(err)));
    }
    return result;
  };
  marked[TAGGED] = true;
  return client;
}

/**
 * The pool as graphile-worker should see it: the same pool (same connections, same events), whose connect() tags
 * codeless connection errors, on connecting and on every query of the connections it hands out.
 */
export function queuePool(pool: Pool): Pool {
  function connect(callback?: ConnectCallback): unknown {
    if (callback) {
      return pool.connect((err, client, done) =>
        callback(err ? tag(err) : undefined, client ? tagClient(client) : undefined, done),
      );
    }
    return pool.connect().then(tagClient, (err: unknown) => Promise.reject(tag(err)));
  }
  return new Proxy(pool, {
    get(target, prop) {
      if (prop === 'connect') return connect;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
