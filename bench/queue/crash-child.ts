// A worker process for the crash-recovery scenario, started by crash.ts as `node --import tsx crash-child.ts ...`.
//   argv: <engine: docex|pgboss> <database url> <mode: hang|work> <seconds: docex lease | pg-boss maintenance interval>
// It reports over IPC when it is ready and when a job's handler starts and ends (wall-clock ms, comparable across
// processes on this machine). In `hang` mode every handler blocks forever, so the parent can SIGKILL it mid-job;
// in `work` mode a handler holds for the job's `holdMs` and completes.
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import PgBoss from 'pg-boss';
import { createPool } from '../../src/db/pool.js';
import { startQueueRunner } from '../../src/queue/runner.js';
import { CRASH_TASK, type ChildMessage, type ProbePayload } from './crash-protocol.js';

const send = (m: ChildMessage) => process.send?.(m);

async function handle(payload: ProbePayload, hang: boolean): Promise<void> {
  send({ type: 'start', key: payload.key, at: Date.now() });
  if (hang) await new Promise<never>(() => {});
  await sleep(payload.holdMs);
  send({ type: 'done', key: payload.key, at: Date.now() });
}

async function startDocex(url: string, hang: boolean, leaseSeconds: number): Promise<() => Promise<void>> {
  const pool = createPool(url, 4);
  // The runner's warnings (e.g. "released jobs of workers presumed dead") go to the parent's output.
  const logger = pino(
    { level: 'warn' },
    { write: (line: string) => send({ type: 'log', line: JSON.parse(line).msg }) },
  );
  const runner = await startQueueRunner({
    pool,
    logger,
    concurrency: 1,
    leaseSeconds,
    shutdownGraceMs: 1_000,
    taskList: { [CRASH_TASK]: (payload) => handle(payload as ProbePayload, hang) },
  });
  return async () => {
    await runner.stop();
    await pool.end();
  };
}

async function startPgBoss(
  url: string,
  hang: boolean,
  maintenanceIntervalSeconds: number,
): Promise<() => Promise<void>> {
  // Expiry of jobs whose worker vanished runs in pg-boss's maintenance, at most once per interval across all
  // processes sharing the database (default interval: 120 s).
  const boss = new PgBoss({ connectionString: url, max: 4, schedule: false, maintenanceIntervalSeconds });
  boss.on('error', (err) => send({ type: 'log', line: `pg-boss error: ${err.message}` }));
  await boss.start();
  await boss.work<ProbePayload>(CRASH_TASK, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
    await handle(job!.data, hang);
  });
  return () => boss.stop({ graceful: false, wait: true });
}

async function main(): Promise<void> {
  const [engine, url, mode, seconds] = process.argv.slice(2);
  if (!url || (mode !== 'hang' && mode !== 'work') || !(Number(seconds) > 0)) throw new Error('bad arguments');
  const hang = mode === 'hang';
  const stop =
    engine === 'docex'
      ? await startDocex(url, hang, Number(seconds))
      : engine === 'pgboss'
        ? await startPgBoss(url, hang, Number(seconds))
        : null;
  if (!stop) throw new Error(`unknown engine ${engine}`);
  process.on('message', (m) => {
    if (m !== 'stop') return;
    // Bounded: a handler that ignores shutdown must not keep the benchmark waiting.
    const force = setTimeout(() => process.exit(0), 5_000);
    void stop().finally(() => {
      clearTimeout(force);
      process.exit(0);
    });
  });
  send({ type: 'ready' });
}

main().catch((err) => {
  process.stderr.write(`crash-child: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
