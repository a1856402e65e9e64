// Prometheus metrics, served at GET /metrics. Counters and histograms are per process; the queue and status gauges
// are read from PostgreSQL at scrape time, so every process reports the same cluster-wide values.
import client from 'prom-client';
import type { Pool } from '../db/pool.js';

export interface Metrics {
  registry: client.Registry;
  stageSeconds: client.Histogram<'stage'>;
  jobsFinished: client.Counter<'status'>;
  downloadBytes: client.Counter;
  ocrPages: client.Counter;
  webhookAttempts: client.Counter<'outcome'>;
  /** Abuse limits (docs/limits-and-abuse.md). */
  authFailures: client.Counter;
  rateLimited: client.Counter<'limit'>;
  bcryptOverflow: client.Counter;
  /** Reports the API's bcrypt gate (auth/semaphore.ts) in docex_auth_bcrypt_in_flight and _waiting. */
  watchBcryptGate(gate: { inFlight: number; queued: number }): void;
}

export function createMetrics(pool: Pool): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'docex_process_' });

  const stageSeconds = new client.Histogram({
    name: 'docex_stage_duration_seconds',
    help: 'Duration of pipeline stages (download, read, read_images, extract, archive, job)',
    labelNames: ['stage'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers: [registry],
  });
  const jobsFinished = new client.Counter({
    name: 'docex_jobs_finished_total',
    help: 'Jobs finished by this process, by final status',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const downloadBytes = new client.Counter({
    name: 'docex_download_bytes_total',
    help: 'Bytes of documents downloaded',
    registers: [registry],
  });
  const ocrPages = new client.Counter({
    name: 'docex_ocr_pages_total',
    help: 'Pages read by OCR',
    registers: [registry],
  });
  const webhookAttempts = new client.Counter({
    name: 'docex_webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome (delivered, retry, exhausted, gone)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });

  const authFailures = new client.Counter({
    name: 'docex_auth_failures_total',
    help: 'Requests refused with 401 invalid_credentials (unknown or revoked key, wrong secret)',
    registers: [registry],
  });
  const rateLimited = new client.Counter({
    name: 'docex_rate_limited_total',
    help: 'Requests refused with 429, by limit (auth_client_id, auth_address, submit_organization)',
    labelNames: ['limit'] as const,
    registers: [registry],
  });
  const bcryptOverflow = new client.Counter({
    name: 'docex_auth_bcrypt_overflow_total',
    help: 'Authentications refused with 503 because DOCEX_AUTH_BCRYPT_QUEUE comparisons were already waiting',
    registers: [registry],
  });
  let bcryptGate: { inFlight: number; queued: number } | undefined;
  new client.Gauge({
    name: 'docex_auth_bcrypt_in_flight',
    help: 'bcrypt comparisons running (at most DOCEX_AUTH_BCRYPT_CONCURRENCY)',
    registers: [registry],
    collect() {
      this.set(bcryptGate?.inFlight ?? 0);
    },
  });
  new client.Gauge({
    name: 'docex_auth_bcrypt_waiting',
    help: 'bcrypt comparisons waiting for a slot (at most DOCEX_AUTH_BCRYPT_QUEUE)',
    registers: [registry],
    collect() {
      this.set(bcryptGate?.queued ?? 0);
    },
  });

  new client.Gauge({
    name: 'docex_queue_depth',
    help: 'Queue entries waiting (run_at reached, not locked) by task',
    labelNames: ['task'] as const,
    registers: [registry],
    async collect() {
      // While the database is unreachable /metrics still serves the process's own metrics (when they matter most):
      // the cluster-wide gauges are left empty instead of failing the whole scrape.
      const { rows } = await pool
        .query<{ task: string; n: number }>(
          `SELECT t.identifier AS task, count(*)::int AS n FROM graphile_worker._private_jobs j
         JOIN graphile_worker._private_tasks t ON t.id = j.task_id
         WHERE j.locked_at IS NULL AND j.run_at <= now() AND j.attempts < j.max_attempts GROUP BY t.identifier`,
        )
        .catch(() => ({ rows: [] }));
      this.reset();
      for (const r of rows) this.set({ task: r.task }, r.n);
    },
  });
  new client.Gauge({
    name: 'docex_jobs_in_progress',
    help: 'Document jobs not yet finished, by status',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const { rows } = await pool
        .query<{ status: string; n: number }>(
          `SELECT status, count(*)::int AS n FROM document_jobs WHERE status NOT IN ('processed', 'error') GROUP BY status`,
        )
        .catch(() => ({ rows: null }));
      this.reset();
      if (!rows) return;
      for (const status of ['initiated', 'extracting', 'classifying_email_content', 'extracting_from_attachments']) {
        this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
      }
    },
  });

  return {
    registry,
    stageSeconds,
    jobsFinished,
    downloadBytes,
    ocrPages,
    webhookAttempts,
    authFailures,
    rateLimited,
    bcryptOverflow,
    watchBcryptGate: (gate) => {
      bcryptGate = gate;
    },
  };
}

/** Times an async stage into the histogram. */
export async function timed<T>(metrics: Metrics | undefined, stage: string, fn: () => Promise<T>): Promise<T> {
  const end = metrics?.stageSeconds.startTimer({ stage });
  try {
    return await fn();
  } finally {
    end?.();
  }
}
