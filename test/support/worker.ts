// Runs the real worker in the test process against a test database, and waits for jobs to reach a state.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig, type Config } from '../../src/config.js';
import type { Pool } from '../../src/db/pool.js';
import { startWorker, type Worker } from '../../src/worker/index.js';

export interface TestWorker {
  worker: Worker;
  config: Config;
  dataDir: string;
  stop(): Promise<void>;
}

/** Test defaults: loopback allowed (the document server and receivers live there), short lease, fast retries. */
export function workerEnv(
  databaseUrl: string,
  dataDir: string,
  env: Record<string, string> = {},
): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    DOCEX_DATA_DIR: dataDir,
    DOCEX_ALLOW_PRIVATE_NETWORKS: 'true',
    DOCEX_WORKER_LEASE_SECONDS: '5',
    DOCEX_SHUTDOWN_GRACE_MS: '2000',
    DOCEX_WEBHOOK_RETRY_SCHEDULE: '0s,1s,1s',
    DOCEX_WEBHOOK_TIMEOUT_MS: '2000',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...env,
  };
}

export async function startTestWorker(
  databaseUrl: string,
  pool: Pool,
  env: Record<string, string> = {},
): Promise<TestWorker> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'docex-worker-'));
  const config = loadConfig(workerEnv(databaseUrl, dataDir, env));
  const logger = pino({ level: config.logLevel });
  const worker = await startWorker({ config, pool, logger });
  return {
    worker,
    config,
    dataDir,
    async stop() {
      await worker.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export { waitForJob } from './jobs.js';
