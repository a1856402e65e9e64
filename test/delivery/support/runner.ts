// A queue runner with only the webhook-delivery task, on a short retry schedule, for the delivery tests.
import pino from 'pino';
import type { Pool } from '../../../src/db/pool.js';
import type { createDeliveryDispatcher } from '../../../src/delivery/dispatcher.js';
import { parseSchedule } from '../../../src/delivery/schedule.js';
import { createDeliverTask } from '../../../src/delivery/task.js';
import { startQueueRunner, type QueueRunner } from '../../../src/queue/runner.js';
import { TASK } from '../../../src/queue/tasks.js';

export function startDeliveryRunner(
  pool: Pool,
  dispatcher: ReturnType<typeof createDeliveryDispatcher>,
  concurrency: number,
): Promise<QueueRunner> {
  const logger = pino({ level: 'silent' });
  return startQueueRunner({
    pool,
    logger,
    concurrency,
    leaseSeconds: 5,
    shutdownGraceMs: 1000,
    pollIntervalMs: 200,
    taskList: {
      [TASK.deliverWebhook]: createDeliverTask({
        pool,
        logger,
        dispatcher,
        schedule: parseSchedule('0s,1s,1s'),
        timeoutMs: 1500,
        maxResponseBytes: 4096,
      }),
    },
  });
}
