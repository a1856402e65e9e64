// The worker side of docex: two queue runners on the same PostgreSQL (document processing, webhook delivery) with
// separate concurrency, so a slow receiver never delays extraction and a slow document never delays deliveries;
// plus the OCR pool, warm PDF sandboxes, the archive and periodic housekeeping.
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Pool, PoolClient } from '../db/pool.js';
import { createDeliveryDispatcher } from '../delivery/dispatcher.js';
import { enqueueDelivery } from '../delivery/store.js';
import { createDeliverTask } from '../delivery/task.js';
import type { DocumentJob } from '../jobs/types.js';
import type { Metrics } from '../observability/metrics.js';
import { createExtractor } from '../pipeline/extract/index.js';
import { createOcrPool } from '../pipeline/read/ocr/index.js';
import { createPdfSandboxPool } from '../pipeline/read/pdf/read-pdf.js';
import { createProcessTask } from '../pipeline/task.js';
import { orgCapForbiddenFlags } from '../queue/org-cap.js';
import { startQueueRunner, type QueueRunner } from '../queue/runner.js';
import { TASK } from '../queue/tasks.js';
import { activeParserVersion } from '../registry/parser-versions.js';
import { createBlobStore, sweepArchive, type BlobStore } from '../storage/index.js';
import { endAbandonedJobs, resumeAbandonedDeliveries } from './abandoned-jobs.js';
import { stagesFor } from './stages.js';

export interface Worker {
  stop(): Promise<void>;
}

export interface WorkerOptions {
  config: Config;
  pool: Pool;
  logger: Logger;
  metrics?: Metrics;
}

const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

function openArchive(config: Config): BlobStore | null {
  const a = config.archive;
  if (a.kind === 'off') return null;
  if (a.kind === 'filesystem') return createBlobStore({ kind: 'filesystem', dir: a.dir });
  return createBlobStore({
    kind: 's3',
    bucket: a.bucket,
    region: a.region,
    prefix: a.prefix,
    endpoint: a.endpoint,
    forcePathStyle: a.forcePathStyle,
    accessKeyId: a.accessKeyId,
    secretAccessKey: a.secretAccessKey,
  });
}

export async function startWorker({ config, pool, logger, metrics }: WorkerOptions): Promise<Worker> {
  const log = logger.child({ component: 'worker' });
  const ocr = await createOcrPool({
    engine: config.ocr.engine,
    size: config.ocr.workers,
    pageTimeoutMs: config.ocr.pageTimeoutMs,
    paddle: { threads: config.ocr.threads, detectionBandRows: config.ocr.detectionBandRows },
    logger: log,
  });
  const pdfRunner = createPdfSandboxPool({
    maxWorkers: Math.max(1, Math.min(config.workerConcurrency, 4)),
    timeoutMs: config.pdf.timeoutMs,
    maxMemoryMb: config.pdf.maxMemoryMb,
    maxStreamMb: config.pdf.maxStreamMb,
    maxRssGrowthMb: config.pdf.maxRssGrowthMb,
    maxRetainedMb: config.pdf.maxRetainedMb,
  });
  const archive = openArchive(config);
  const extractor = createExtractor({
    activeParserVersion: (typeId) => activeParserVersion(pool, typeId),
    defaultEngine: config.llm.defaultEngine,
    llmSettings: config.llm.settings,
  });
  const dispatcher = createDeliveryDispatcher({
    allowPrivateNetworks: config.allowPrivateNetworks,
    trustedAddresses: config.trustedAddresses,
  });

  const onFinished = async (tx: PoolClient, job: DocumentJob) => {
    await enqueueDelivery(tx, job);
  };
  const observe = metrics && { finished: (status: 'processed' | 'error') => metrics.jobsFinished.inc({ status }) };
  const processing: QueueRunner = await startQueueRunner({
    pool,
    logger: log,
    concurrency: config.workerConcurrency,
    leaseSeconds: config.workerLeaseSeconds,
    shutdownGraceMs: config.shutdownGraceMs,
    forbiddenFlags: orgCapForbiddenFlags(pool, config.workerMaxPerOrg),
    taskList: {
      [TASK.processDocument]: createProcessTask({
        pool,
        logger: log,
        stagesFor: (job, jobLog, signal) =>
          stagesFor({ config, ocr, pdfRunner, archive, extractor, metrics }, job, jobLog, signal),
        onFinished,
        observe,
      }),
    },
  });
  // Jobs whose every attempt died with its worker get their end here (worker_crashed), checked as often as leases.
  const abandonedTimer = setInterval(
    () =>
      endAbandonedJobs({ pool, logger: log, onFinished, observe })
        .then(() => resumeAbandonedDeliveries({ pool, logger: log, schedule: config.webhooks.retrySchedule }))
        .catch((err) => log.warn({ err }, 'abandoned-job sweep failed')),
    Math.max(1_000, (config.workerLeaseSeconds * 1000) / 2) + Math.random() * 500,
  );
  abandonedTimer.unref();
  const delivering: QueueRunner = await startQueueRunner({
    pool,
    logger: log,
    concurrency: config.webhooks.concurrency,
    leaseSeconds: config.workerLeaseSeconds,
    shutdownGraceMs: Math.min(config.shutdownGraceMs, config.webhooks.timeoutMs + 1_000),
    taskList: {
      [TASK.deliverWebhook]: createDeliverTask({
        pool,
        logger: log,
        dispatcher,
        schedule: config.webhooks.retrySchedule,
        timeoutMs: config.webhooks.timeoutMs,
        maxResponseBytes: 4096,
        onAttempt: (outcome) => metrics?.webhookAttempts.inc({ outcome }),
      }),
    },
  });

  const housekeeping = async () => {
    await pool.query("DELETE FROM idempotency_keys WHERE created_at < now() - interval '24 hours'");
    if (archive && config.archive.retentionDays > 0) {
      const swept = await sweepArchive(archive, config.archive.retentionDays);
      if (swept.deleted > 0) log.info({ deleted: swept.deleted, cutoff: swept.cutoff }, 'archive retention sweep');
    }
  };
  const housekeepingTimer = setInterval(
    () => housekeeping().catch((err) => log.warn({ err }, 'housekeeping failed')),
    HOUSEKEEPING_INTERVAL_MS,
  );
  housekeepingTimer.unref();
  log.info(
    {
      concurrency: config.workerConcurrency,
      maxPerOrg: config.workerMaxPerOrg,
      webhookConcurrency: config.webhooks.concurrency,
      ocrWorkers: config.ocr.workers,
      archive: archive?.describe() ?? 'off',
    },
    'worker started',
  );

  return {
    async stop() {
      clearInterval(housekeepingTimer);
      clearInterval(abandonedTimer);
      await Promise.all([processing.stop(), delivering.stop()]);
      await Promise.allSettled([
        ocr.close(),
        pdfRunner.close(),
        archive?.close(),
        dispatcher.close(),
        extractor.close(),
      ]);
      log.info('worker stopped');
    },
  };
}
