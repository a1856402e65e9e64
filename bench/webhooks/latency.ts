// Latency on an idle system, one job at a time: from the COMMIT of the transaction that finishes a job (and queues its
// delivery) to the first byte of the delivery at the receiver. Interleaved with the baseline: one plain undici POST,
// from just before the call to the same first byte, so both see the same moment's machine load.
import type pg from 'pg';
import { log, percentiles, sleep, SHORT_PAUSE, type Percentiles } from '../queue/support.js';
import { finishJob, insertJobs, type Tenant } from './fixtures.js';
import type { Procs } from './throughput.js';

const ARRIVAL_TIMEOUT_MS = 10_000;

export interface LatencyResult {
  docex: Percentiles;
  baseline: Percentiles;
  /** docex split: COMMIT -> task start (queue pickup), task start -> first byte (load, sign, send). */
  pickup: Percentiles;
  send: Percentiles;
  /** First byte -> task end: reading the answer and recording the attempt (not part of the latency). */
  record: Percentiles;
}

const pause = () => sleep(SHORT_PAUSE[0] + Math.random() * (SHORT_PAUSE[1] - SHORT_PAUSE[0]));

export async function measureLatency(
  db: pg.Pool,
  p: Procs,
  t: Tenant,
  body: string,
  samples: number,
  tag: string,
): Promise<LatencyResult> {
  const jobs = await insertJobs(db, t, samples, tag, 'initiated');
  await p.receiver.call('reset');
  await p.runner.call('clearRuns');
  const client = await db.connect();
  const docex: Array<{ messageId: string; committedAt: number; firstByteAt: number }> = [];
  const baseline: number[] = [];
  try {
    for (const [i, job] of jobs.entries()) {
      const { messageId, committedAt } = await finishJob(client, job.id);
      const firstByteAt = await p.receiver.call('arrival', { id: messageId, timeoutMs: ARRIVAL_TIMEOUT_MS });
      docex.push({ messageId, committedAt, firstByteAt });
      await pause();
      const id = `${tag}-probe-${i}`;
      const probe = await p.baseline.call('probe', { url: t.webhookUrl, body, id });
      if (probe.status !== 200) throw new Error(`baseline probe answered ${probe.status}`);
      baseline.push((await p.receiver.call('arrival', { id, timeoutMs: ARRIVAL_TIMEOUT_MS })) - probe.sentAt);
      await pause();
      if ((i + 1) % 50 === 0) log(`  ${i + 1}/${jobs.length} samples`);
    }
  } finally {
    client.release();
  }
  // Let the last delivery's recording finish before asking when its task ended.
  await sleep(200);
  const runs = await p.runner.call('runs', { ids: docex.map((d) => d.messageId) });
  const pickup: number[] = [];
  const send: number[] = [];
  const record: number[] = [];
  runs.forEach((r, i) => {
    if (!r) return;
    const d = docex[i]!;
    pickup.push(r.startedAt - d.committedAt);
    send.push(d.firstByteAt - r.startedAt);
    record.push(r.endedAt - d.firstByteAt);
  });
  return {
    docex: percentiles(docex.map((d) => d.firstByteAt - d.committedAt)),
    baseline: percentiles(baseline),
    pickup: percentiles(pickup),
    send: percentiles(send),
    record: percentiles(record),
  };
}
