// Deliveries per second: M finished jobs' deliveries committed at once, drained by docex's runner; then the same
// number of plain undici POSTs, same concurrency and body, to the same receiver.
import type pg from 'pg';
import { log, sleep } from '../queue/support.js';
import type { BaselineHandlers } from './baseline.js';
import { backendCpu, backendCpuDelta, processCpuMs } from './cpu.js';
import { countPosted, insertJobs, queueBurst, type Tenant } from './fixtures.js';
import type { ReceiverHandlers } from './receiver.js';
import type { Child } from './rpc.js';
import type { RunnerHandlers } from './runner.js';

export interface Procs {
  receiver: Child<ReceiverHandlers>;
  runner: Child<RunnerHandlers>;
  baseline: Child<BaselineHandlers>;
}

export interface Rate {
  count: number;
  /** Until the receiver saw the last request's first byte. */
  toLastArrivalS: number;
  /** docex: until the last delivery was recorded (its task ended); baseline: until the last response was read. */
  toDoneS: number;
  perSecond: number;
  /** TCP connections the receiver accepted during the run (connection reuse: at most the concurrency). */
  connections: number;
  /** CPU ms per delivery: the sending process, the receiver, PostgreSQL's backends (null: not measurable). */
  cpu: { sender: number; receiver: number; postgres: number | null };
}

const DRAIN_CAP_MS = 120_000;

/** Queues `count` deliveries in one transaction and times them from its COMMIT until all are recorded as posted. */
export async function docexBurst(
  db: pg.Pool,
  database: string,
  p: Procs,
  t: Tenant,
  count: number,
  tag: string,
): Promise<Rate> {
  const jobs = await insertJobs(db, t, count, tag, 'processed');
  await p.receiver.call('reset');
  await p.runner.call('clearRuns');
  const [runnerCpu, receiverCpu] = await Promise.all([p.runner.call('cpu'), p.receiver.call('cpu')]);
  const connectionsBefore = (await p.receiver.call('requests', { count: 0, timeoutMs: 0 })).connections;
  // Before the burst is queued: this process's own connections (application_name docex-bench) are not counted.
  const pgBefore = await backendCpu(db, database);
  const { messageIds, committedAt } = await queueBurst(db, jobs);
  const deadline = Date.now() + DRAIN_CAP_MS;
  let posted = 0;
  while ((posted = await countPosted(db, tag)) < count) {
    if (Date.now() > deadline) throw new Error(`only ${posted}/${count} deliveries posted within ${DRAIN_CAP_MS} ms`);
    await sleep(50);
  }
  const seen = await p.receiver.call('requests', { count, timeoutMs: 10_000 });
  const cpu = {
    sender: processCpuMs(await p.runner.call('cpu', runnerCpu)) / count,
    receiver: processCpuMs(await p.receiver.call('cpu', receiverCpu)) / count,
    postgres: perDelivery(backendCpuDelta(pgBefore, await backendCpu(db, database)), count),
  };
  const runs = await p.runner.call('runs', { ids: messageIds });
  const lastEnd = Math.max(...runs.map((r) => r?.endedAt ?? Number.NaN));
  if (!Number.isFinite(lastEnd)) throw new Error('a delivery of the burst ran outside the measured runner');
  await checkBurst(db, tag, count, seen.requests, seen.distinctIds);
  const toDoneS = (lastEnd - committedAt) / 1000;
  const connections = seen.connections - connectionsBefore;
  return {
    count,
    toLastArrivalS: (seen.lastAt - committedAt) / 1000,
    toDoneS,
    perSecond: count / toDoneS,
    connections,
    cpu,
  };
}

const perDelivery = (ms: number | null, count: number) => (ms === null ? null : ms / count);

/** Exactly one attempt per job, each recorded as posted with the receiver's 200, and no duplicate at the receiver. */
async function checkBurst(
  db: pg.Pool,
  tag: string,
  count: number,
  requests: number,
  distinctIds: number,
): Promise<void> {
  const { rows } = await db.query<{ good: number }>(
    `SELECT count(*)::int AS good FROM document_jobs
     WHERE consumer_ref_id LIKE $1 AND webhook_status = 'webhook_posted' AND webhook_attempts = 1
       AND webhook_response_code = 200 AND webhook_response_body = 'ok'`,
    [`bench/${tag}/%`],
  );
  const good = rows[0]!.good;
  if (good !== count || requests !== count || distinctIds !== count) {
    throw new Error(
      `burst ${tag}: ${good}/${count} jobs recorded once as posted, receiver saw ${requests} requests ` +
        `with ${distinctIds} distinct webhook-ids`,
    );
  }
}

export async function baselineBurst(
  p: Procs,
  url: string,
  body: string,
  count: number,
  concurrency: number,
  tag: string,
): Promise<Rate> {
  await p.receiver.call('reset');
  const [senderCpu, receiverCpu] = await Promise.all([p.baseline.call('cpu'), p.receiver.call('cpu')]);
  const connectionsBefore = (await p.receiver.call('requests', { count: 0, timeoutMs: 0 })).connections;
  const r = await p.baseline.call('loop', { url, body, count, concurrency, idPrefix: `${tag}-` });
  const seen = await p.receiver.call('requests', { count, timeoutMs: 10_000 });
  const cpu = {
    sender: processCpuMs(await p.baseline.call('cpu', senderCpu)) / count,
    receiver: processCpuMs(await p.receiver.call('cpu', receiverCpu)) / count,
    postgres: null,
  };
  if (r.ok !== count || seen.distinctIds !== count) {
    throw new Error(`baseline ${tag}: ${r.ok}/${count} answered 200, receiver saw ${seen.distinctIds} distinct ids`);
  }
  const toDoneS = (r.endedAt - r.startedAt) / 1000;
  const connections = seen.connections - connectionsBefore;
  return {
    count,
    toLastArrivalS: (seen.lastAt - r.startedAt) / 1000,
    toDoneS,
    perSecond: count / toDoneS,
    connections,
    cpu,
  };
}

export const fmtCpu = (c: Rate['cpu']): string =>
  `CPU/delivery: sender ${c.sender.toFixed(2)} ms, receiver ${c.receiver.toFixed(2)} ms` +
  (c.postgres === null ? '' : `, PostgreSQL ${c.postgres.toFixed(2)} ms`);

export const fmtRate = (r: Rate): string =>
  `${r.perSecond.toFixed(0).padStart(6)}/s  (${r.count} in ${r.toDoneS.toFixed(2)} s; last first byte at ` +
  `${r.toLastArrivalS.toFixed(2)} s; ${r.connections} new connections; ${fmtCpu(r.cpu)})`;

export async function measureThroughput(
  db: pg.Pool,
  database: string,
  p: Procs,
  t: Tenant,
  body: string,
  count: number,
  concurrency: number,
  rounds: number,
): Promise<{ docex: Rate[]; baseline: Rate[] }> {
  const docex: Rate[] = [];
  const baseline: Rate[] = [];
  // Alternating rounds, so that load from elsewhere on this shared machine hits both sides alike.
  for (let round = 1; round <= rounds; round++) {
    const d = await docexBurst(db, database, p, t, count, `burst${round}`);
    log(`  round ${round}  docex     ${fmtRate(d)}`);
    const b = await baselineBurst(p, t.webhookUrl, body, count, concurrency, `base${round}`);
    log(`  round ${round}  baseline  ${fmtRate(b)}`);
    docex.push(d);
    baseline.push(b);
  }
  return { docex, baseline };
}
