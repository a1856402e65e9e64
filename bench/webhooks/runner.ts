// Child process: docex's delivery side exactly as src/worker/index.ts starts it (the real createDeliverTask inside
// startQueueRunner, the delivery dispatcher, the same pool size, lease, timeout and 4 KiB body limit), with private
// networks allowed so that it may reach the receiver on 127.0.0.1. The task is wrapped only to note when each run
// starts and ends (monotonic clock), which splits the commit-to-first-byte latency into pickup and send.
//
//   DATABASE_URL                  the benchmark's throwaway database
//   BENCH_WEBHOOKS_CONCURRENCY    deliveries at once (docex's DOCEX_WEBHOOK_CONCURRENCY, default 8)
import pino from 'pino';
import type { Task } from 'graphile-worker';
import { createPool } from '../../src/db/pool.js';
import { createDeliveryDispatcher } from '../../src/delivery/dispatcher.js';
import { DEFAULT_RETRY_SCHEDULE, parseSchedule } from '../../src/delivery/schedule.js';
import { DEFAULT_ATTEMPT_TIMEOUT_MS } from '../../src/delivery/send.js';
import { createDeliverTask } from '../../src/delivery/task.js';
import { startQueueRunner } from '../../src/queue/runner.js';
import { TASK, type TaskPayloads } from '../../src/queue/tasks.js';
import { monoMs, serveRpc } from './rpc.js';

// docex's defaults (src/config.ts): DATABASE_POOL_SIZE, DOCEX_WORKER_LEASE_SECONDS, DOCEX_SHUTDOWN_GRACE_MS.
const POOL_SIZE = 20;
const LEASE_SECONDS = 30;
const SHUTDOWN_GRACE_MS = 20_000;

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const concurrency = Number(process.env.BENCH_WEBHOOKS_CONCURRENCY ?? 8);

// At docex's default level (info) the task logs one line per delivery: keep that cost, but off the terminal.
const logger = pino({ level: 'info' }, pino.destination({ dest: '/dev/null', sync: false }));
const pool = createPool(url, POOL_SIZE);
const dispatcher = createDeliveryDispatcher({ allowPrivateNetworks: true });
const deliver = createDeliverTask({
  pool,
  logger,
  dispatcher,
  schedule: parseSchedule(DEFAULT_RETRY_SCHEDULE),
  timeoutMs: DEFAULT_ATTEMPT_TIMEOUT_MS,
  maxResponseBytes: 4096,
});

const runs = new Map<string, { startedAt: number; endedAt: number }>();
const timed: Task = async (payload, helpers) => {
  const startedAt = monoMs();
  try {
    await deliver(payload, helpers);
  } finally {
    const { messageId } = payload as TaskPayloads['deliver_webhook'];
    if (!runs.has(messageId)) runs.set(messageId, { startedAt, endedAt: monoMs() });
  }
};

const runner = await startQueueRunner({
  pool,
  logger,
  concurrency,
  leaseSeconds: LEASE_SECONDS,
  shutdownGraceMs: Math.min(SHUTDOWN_GRACE_MS, DEFAULT_ATTEMPT_TIMEOUT_MS + 1_000),
  taskList: { [TASK.deliverWebhook]: timed },
});

const handlers = {
  /** When the task run of each message started and ended (null: not run in this process). */
  runs: ({ ids }: { ids: string[] }) => ids.map((id) => runs.get(id) ?? null),
  clearRuns: () => runs.clear(),
  cpu: (since?: NodeJS.CpuUsage) => process.cpuUsage(since),
};
export type RunnerHandlers = typeof handlers;

serveRpc(handlers, { concurrency }, async () => {
  await runner.stop();
  await dispatcher.close();
  await pool.end();
  logger.flush();
});
