// Shared pieces of the queue benchmark: throwaway databases (bench/support), percentiles, the pickup-latency loop and the drain timer.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export { sleep };

export const log = (line: string): void => {
  process.stdout.write(`[${new Date().toISOString().slice(11, 23)}] ${line}\n`);
};

export { createDatabase, dropDatabase } from '../support/databases.js';

export interface Percentiles {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles of millisecond samples. */
export function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
  return { n: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted[sorted.length - 1] ?? NaN };
}

export const ms = (v: number): string => (Number.isFinite(v) ? `${v < 10 ? v.toFixed(1) : v.toFixed(0)} ms` : 'n/a');

export const fmtPercentiles = (p: Percentiles): string =>
  `n=${p.n}  p50 ${ms(p.p50)}  p95 ${ms(p.p95)}  p99 ${ms(p.p99)}  max ${ms(p.max)}`;

/**
 * Records when a handler starts each numbered job, and lets the measuring loop wait for one. Handlers run in this
 * process, so start times and commit times share performance.now()'s monotonic clock.
 */
export class StartRecorder {
  private readonly started = new Map<number, number>();
  private readonly waiters = new Map<number, (at: number) => void>();

  onStart(seq: number): void {
    const at = performance.now();
    if (this.started.has(seq)) return; // a re-run would not be a pickup
    this.started.set(seq, at);
    this.waiters.get(seq)?.(at);
  }

  waitFor(seq: number, timeoutMs: number): Promise<number> {
    const at = this.started.get(seq);
    if (at !== undefined) return Promise.resolve(at);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`job ${seq} not started within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.set(seq, (t) => {
        clearTimeout(timer);
        this.waiters.delete(seq);
        resolve(t);
      });
    });
  }
}

/** Pause between pickup samples: 20-50 ms. */
export const SHORT_PAUSE: [number, number] = [20, 50];

/**
 * Idle-worker pickup latency: commit one job, wait for its handler to start, pause, repeat. `enqueue` resolves right
 * after its COMMIT returns; the clock starts there. A polling worker sleeps a fixed interval after each pickup, so a
 * fixed short pause would always land at the same point of its cycle: pass a pause spread over one interval there.
 */
export async function measurePickup(
  jobs: number,
  recorder: StartRecorder,
  enqueue: (seq: number) => Promise<void>,
  seqBase: number,
  [minPauseMs, maxPauseMs]: [number, number] = SHORT_PAUSE,
): Promise<Percentiles> {
  const samples: number[] = [];
  for (let i = 0; i < jobs; i++) {
    const seq = seqBase + i;
    await enqueue(seq);
    const committedAt = performance.now();
    const startedAt = await recorder.waitFor(seq, 10_000);
    // A handler can only start after the commit, but its start may be recorded before our COMMIT reply is read.
    samples.push(Math.max(0, startedAt - committedAt));
    await sleep(minPauseMs + Math.random() * (maxPauseMs - minPauseMs));
  }
  return percentiles(samples);
}

export interface Drain {
  processed: number;
  seconds: number;
  perSecond: number;
  capped: boolean;
}

/** Waits until `count()` reaches `target` or `capMs` passes; rate over the time since `startedAt`. */
export async function waitDrain(count: () => number, target: number, startedAt: number, capMs: number): Promise<Drain> {
  while (count() < target && performance.now() - startedAt < capMs) await sleep(5);
  const seconds = (performance.now() - startedAt) / 1000;
  const processed = Math.min(count(), target);
  return { processed, seconds, perSecond: processed / seconds, capped: processed < target };
}

export const fmtDrain = (d: Drain, target: number): string =>
  `${d.perSecond.toFixed(0)} jobs/s (${d.processed}/${target} in ${d.seconds.toFixed(2)} s${d.capped ? ', time cap reached' : ''})`;

export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

export interface TransactionProbe {
  /** Jobs seen by the enqueuing transaction itself before ROLLBACK (1: the insert really used that connection). */
  visibleInside: number;
  /** Jobs seen from another connection after ROLLBACK (want 0) and after a second enqueue that COMMITs (want 1). */
  rolledBack: number;
  committed: number;
}

/** Enqueues inside a transaction that rolls back, then inside one that commits, counting jobs after each. */
export async function transactionProbe(
  pool: pg.Pool,
  enqueue: (client: pg.PoolClient) => Promise<unknown>,
  count: (db: Queryable) => Promise<number>,
): Promise<TransactionProbe> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await enqueue(client);
    const visibleInside = await count(client);
    await client.query('ROLLBACK');
    const rolledBack = await count(pool);
    await client.query('BEGIN');
    await enqueue(client);
    await client.query('COMMIT');
    return { visibleInside, rolledBack, committed: await count(pool) };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

export const transactionProbeOk = (t: TransactionProbe): boolean =>
  t.visibleInside === 1 && t.rolledBack === 0 && t.committed === 1;

export const fmtTransactionProbe = (t: TransactionProbe): string =>
  `${transactionProbeOk(t) ? 'OK' : 'FAILED'} (inside the transaction ${t.visibleInside} job, after ROLLBACK ${t.rolledBack} ` +
  `(want 0), after COMMIT ${t.committed} (want 1))`;

/** One row of the final table. */
export interface EngineResult {
  engine: string;
  pickup: Percentiles;
  c1: Drain;
  c10: Drain;
  tx: TransactionProbe;
}
