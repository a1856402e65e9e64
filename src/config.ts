// The only reader of process.env. The whole environment is parsed once at start; a bad value stops the process
// with a message naming every bad variable (see README "Configuration" for the table of variables).
import path from 'node:path';
import os from 'node:os';
import { z } from 'zod';
import { parseSchedule, type RetrySchedule } from './delivery/schedule.js';
import { LlmSettingsError, llmSettingsFromEnv, type LlmSettings } from './pipeline/extract/llm/settings.js';
// engine.ts is a leaf (names only): the engines themselves load in the worker, not with the configuration.
import { DEFAULT_OCR_ENGINE, OCR_ENGINES, type OcrEngineName } from './pipeline/read/ocr/engine.js';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

const int = (fallback: number, min: number, max: number) =>
  z
    .string()
    .default(String(fallback))
    .refine((v) => /^\d+$/.test(v.trim()), { message: 'must be a whole number' })
    .transform((v) => Number(v.trim()))
    .refine((n) => n >= min && n <= max, { message: `must be between ${min} and ${max}` });

const databaseUrl = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))
  .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: 'must be a postgres:// or postgresql:// URL',
  });

/**
 * TRUST_PROXY follows Fastify's trustProxy: `false` (default: the socket address is the client), `true` (trust
 * every proxy: only behind a proxy that overwrites X-Forwarded-For), a hop count, or a comma-separated list of
 * proxy addresses/CIDRs to trust.
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((v, ctx): boolean | number | string[] => {
    const s = v.trim();
    if (s === 'false' || s === '0' || s === '') return false;
    if (s === 'true') return true;
    if (/^\d+$/.test(s)) return Number(s);
    const list = s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const bad = list.filter((x) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(x));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be true, false, a hop count or addresses/CIDRs (bad: ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return list;
  });

const schema = z
  .object({
    PORT: int(3000, 0, 65535),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: int(20, 1, 500),
    DOCEX_DATA_DIR: z.string().trim().min(1).default('./.docex'),
    DOCEX_EMBEDDED_PG_PORT: int(54329, 1, 65535),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DOCEX_LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
    DOCEX_INSTANCES_DIR: z.string().trim().min(1).optional(),
    TRUST_PROXY: trustProxy,
    DOCEX_BODY_LIMIT_BYTES: int(1024 * 1024, 1024, 64 * 1024 * 1024),
    DOCEX_AUTH_CACHE_SIZE: int(10_000, 0, 10_000_000),
    // Abuse limits (docs/limits-and-abuse.md).
    DOCEX_AUTH_FAILURES_PER_CLIENT_ID: int(10, 0, 1_000_000),
    DOCEX_AUTH_FAILURES_PER_ADDRESS: int(30, 0, 1_000_000),
    DOCEX_AUTH_FAILURE_WINDOW_SECONDS: int(60, 1, 86_400),
    DOCEX_AUTH_LIMITED_DELAY_MS: int(1000, 0, 60_000),
    DOCEX_AUTH_BCRYPT_CONCURRENCY: int(Math.max(1, Math.floor(os.availableParallelism() / 2)), 1, 256),
    DOCEX_AUTH_BCRYPT_QUEUE: int(64, 0, 100_000),
    DOCEX_SUBMIT_RATE_LIMIT: int(0, 0, 10_000_000),
    DOCEX_SUBMIT_RATE_WINDOW_SECONDS: int(60, 1, 86_400),
    DOCEX_WORKER_CONCURRENCY: int(Math.max(2, os.availableParallelism()), 1, 256),
    DOCEX_WORKER_LEASE_SECONDS: int(30, 5, 3600),
    // Unset: half the worker's concurrency (at least 1); 0: no cap.
    DOCEX_WORKER_MAX_PER_ORG: z
      .string()
      .optional()
      .refine((v) => v === undefined || /^\d{1,3}$/.test(v.trim()), { message: 'must be a whole number (0 = no cap)' }),
    DOCEX_SHUTDOWN_GRACE_MS: int(20_000, 0, 600_000),
    DOCEX_ALLOW_PRIVATE_NETWORKS: bool(false),
    DOCEX_TRUSTED_ADDRESSES: z.string().default(''),
    DOCEX_DOWNLOAD_MAX_BYTES: int(25 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    DOCEX_DOWNLOAD_TIMEOUT_MS: int(30_000, 100, 3_600_000),
    DOCEX_DOWNLOAD_IDLE_TIMEOUT_MS: int(10_000, 100, 3_600_000),
    DOCEX_DOWNLOAD_CONNECT_TIMEOUT_MS: int(10_000, 100, 600_000),
    DOCEX_OCR_WORKERS: int(2, 1, 64),
    DOCEX_OCR_PAGE_TIMEOUT_MS: int(120_000, 1_000, 3_600_000),
    DOCEX_OCR_THREADS: int(2, 1, 16),
    DOCEX_OCR_DETECTION_BAND_ROWS: int(0, 0, 8192).refine((n) => n === 0 || n >= 128, {
      message: 'must be 0 (the whole page at once) or at least 128',
    }),
    DOCEX_OCR_PDF_IMAGES: z.enum(['auto', 'always', 'off']).default('auto'),
    DOCEX_OCR_ENGINE: z.enum(OCR_ENGINES).default(DEFAULT_OCR_ENGINE),
    DOCEX_PDF_TIMEOUT_MS: int(60_000, 1_000, 3_600_000),
    DOCEX_PDF_MAX_MEMORY_MB: int(512, 64, 16_384),
    DOCEX_PDF_MAX_STREAM_MB: int(128, 1, 4096),
    DOCEX_PDF_MAX_RSS_GROWTH_MB: int(1024, 64, 65_536),
    DOCEX_PDF_MAX_RETAINED_MB: int(256, 32, 16_384),
    DOCEX_ARCHIVE: z.enum(['filesystem', 's3', 'off']).default('filesystem'),
    DOCEX_ARCHIVE_DIR: z.string().optional(),
    DOCEX_ARCHIVE_RETENTION_DAYS: int(30, 0, 36_500),
    DOCEX_S3_BUCKET: z.string().optional(),
    DOCEX_S3_REGION: z.string().default('us-east-1'),
    DOCEX_S3_PREFIX: z.string().optional(),
    DOCEX_S3_ENDPOINT: z.string().url().optional(),
    DOCEX_S3_FORCE_PATH_STYLE: bool(false),
    DOCEX_S3_ACCESS_KEY_ID: z.string().optional(),
    DOCEX_S3_SECRET_ACCESS_KEY: z.string().optional(),
    DOCEX_WEBHOOK_CONCURRENCY: int(8, 1, 1024),
    DOCEX_WEBHOOK_TIMEOUT_MS: int(15_000, 100, 300_000),
    DOCEX_WEBHOOK_RETRY_SCHEDULE: z.string().default('0s,5s,5m,30m,2h,5h,10h,10h'),
    DOCEX_SIGNING_SECRET_GRACE_HOURS: int(24, 0, 8760),
    DOCEX_METRICS: bool(true),
    DOCEX_EXTRACTION_ENGINE: z.enum(['builtin', 'llm']).default('builtin'),
  })
  .superRefine((e, ctx) => {
    if (e.DOCEX_ARCHIVE === 's3' && !e.DOCEX_S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['DOCEX_S3_BUCKET'], message: 'is required when DOCEX_ARCHIVE=s3' });
    }
    if (Boolean(e.DOCEX_S3_ACCESS_KEY_ID) !== Boolean(e.DOCEX_S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['DOCEX_S3_SECRET_ACCESS_KEY'],
        message: 'set both DOCEX_S3_ACCESS_KEY_ID and DOCEX_S3_SECRET_ACCESS_KEY, or neither',
      });
    }
    try {
      parseSchedule(e.DOCEX_WEBHOOK_RETRY_SCHEDULE);
    } catch (err) {
      ctx.addIssue({ code: 'custom', path: ['DOCEX_WEBHOOK_RETRY_SCHEDULE'], message: (err as Error).message });
    }
  });

export type Env = Record<string, string | undefined>;

export interface Config {
  port: number;
  host: string;
  /** Unset means: run the embedded PostgreSQL under dataDir. */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  embeddedPgPort: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** 'auto': readable lines when the log's destination is a terminal, JSON lines otherwise. */
  logFormat: 'auto' | 'json' | 'pretty';
  /** True when DOCEX_DATA_DIR was set (not the ./.docex default): admin commands then never look elsewhere. */
  dataDirFromEnv: boolean;
  /** Where running embedded instances record their data folder, so admin commands started elsewhere find them. */
  instancesDir: string;
  trustProxy: boolean | number | string[];
  bodyLimitBytes: number;
  authCacheSize: number;
  /** Abuse limits: failed authentications, bcrypt concurrency, per-organization submits (0: off). */
  limits: {
    authFailuresPerClientId: number;
    authFailuresPerAddress: number;
    authFailureWindowSeconds: number;
    authLimitedDelayMs: number;
    bcryptConcurrency: number;
    bcryptQueue: number;
    submitRateLimit: number;
    submitRateWindowSeconds: number;
  };
  workerConcurrency: number;
  workerLeaseSeconds: number;
  /** Documents of one organization processed at once, over all worker processes of the database (0: no cap). */
  workerMaxPerOrg: number;
  shutdownGraceMs: number;
  allowPrivateNetworks: boolean;
  /** Exact addresses or CIDRs downloads and webhooks may reach although private (e.g. an internal file server). */
  trustedAddresses: string[];
  /** idleTimeoutMs: longest wait for the response headers or for the next chunk of the body. */
  download: { maxBytes: number; timeoutMs: number; connectTimeoutMs: number; idleTimeoutMs: number };
  /**
   * pdfImages: when to OCR the images on text pages of PDFs (a logo with the vendor's name): 'auto' when the text
   * layer gave no vendor, 'always' while reading, 'off' never.
   */
  /**
   * threads: onnxruntime threads per PaddleOCR model run (at most the cores); detectionBandRows: the detector sees a
   * page in bands of at most this many input rows (0: whole), less memory for slightly different readings.
   */
  ocr: {
    workers: number;
    pageTimeoutMs: number;
    threads: number;
    detectionBandRows: number;
    pdfImages: 'auto' | 'always' | 'off';
    engine: OcrEngineName;
  };
  /** PDF sandboxes: time, heap, decoded-stream budget, process RSS growth per task, retained memory of a warm worker. */
  pdf: { timeoutMs: number; maxMemoryMb: number; maxStreamMb: number; maxRssGrowthMb: number; maxRetainedMb: number };
  archive: ArchiveConfig;
  webhooks: { concurrency: number; timeoutMs: number; retrySchedule: RetrySchedule; signingSecretGraceHours: number };
  metrics: boolean;
  /** The code-default engine (no active parser version) and the LLM settings from DOCEX_LLM_* (null: not set). */
  llm: { defaultEngine: 'builtin' | 'llm'; settings: LlmSettings | null };
}

export type ArchiveConfig =
  | { kind: 'off'; retentionDays: number }
  | { kind: 'filesystem'; dir: string; retentionDays: number }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      prefix?: string;
      endpoint?: string;
      forcePathStyle: boolean;
      accessKeyId?: string;
      secretAccessKey?: string;
      retentionDays: number;
    };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Env = process.env): Config {
  const parsed = schema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => {
        const name = String(i.path[0] ?? '?');
        return `${name}=${JSON.stringify(env[name] ?? '')}: ${i.message}`;
      });
  // LLM settings report their own problems, never echoing values (DOCEX_LLM_API_KEY is a secret).
  let llmSettings: LlmSettings | null = null;
  try {
    llmSettings = llmSettingsFromEnv(env);
  } catch (err) {
    if (!(err instanceof LlmSettingsError)) throw err;
    problems.push(...err.problems);
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  if (e.DOCEX_EXTRACTION_ENGINE === 'llm' && !llmSettings) {
    throw new ConfigError(['DOCEX_EXTRACTION_ENGINE=llm: set DOCEX_LLM_BASE_URL and DOCEX_LLM_MODEL']);
  }
  const dataDir = path.resolve(e.DOCEX_DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir,
    embeddedPgPort: e.DOCEX_EMBEDDED_PG_PORT,
    logLevel: e.LOG_LEVEL,
    logFormat: e.DOCEX_LOG_FORMAT,
    dataDirFromEnv: env.DOCEX_DATA_DIR !== undefined && env.DOCEX_DATA_DIR.trim() !== '',
    instancesDir: path.resolve(e.DOCEX_INSTANCES_DIR ?? defaultInstancesDir(env)),
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.DOCEX_BODY_LIMIT_BYTES,
    authCacheSize: e.DOCEX_AUTH_CACHE_SIZE,
    limits: {
      authFailuresPerClientId: e.DOCEX_AUTH_FAILURES_PER_CLIENT_ID,
      authFailuresPerAddress: e.DOCEX_AUTH_FAILURES_PER_ADDRESS,
      authFailureWindowSeconds: e.DOCEX_AUTH_FAILURE_WINDOW_SECONDS,
      authLimitedDelayMs: e.DOCEX_AUTH_LIMITED_DELAY_MS,
      bcryptConcurrency: e.DOCEX_AUTH_BCRYPT_CONCURRENCY,
      bcryptQueue: e.DOCEX_AUTH_BCRYPT_QUEUE,
      submitRateLimit: e.DOCEX_SUBMIT_RATE_LIMIT,
      submitRateWindowSeconds: e.DOCEX_SUBMIT_RATE_WINDOW_SECONDS,
    },
    workerConcurrency: e.DOCEX_WORKER_CONCURRENCY,
    workerLeaseSeconds: e.DOCEX_WORKER_LEASE_SECONDS,
    workerMaxPerOrg:
      e.DOCEX_WORKER_MAX_PER_ORG === undefined
        ? Math.max(1, Math.floor(e.DOCEX_WORKER_CONCURRENCY / 2))
        : Number(e.DOCEX_WORKER_MAX_PER_ORG.trim()),
    shutdownGraceMs: e.DOCEX_SHUTDOWN_GRACE_MS,
    allowPrivateNetworks: e.DOCEX_ALLOW_PRIVATE_NETWORKS,
    trustedAddresses: e.DOCEX_TRUSTED_ADDRESSES.split(',')
      .map((x) => x.trim())
      .filter(Boolean),
    download: {
      maxBytes: e.DOCEX_DOWNLOAD_MAX_BYTES,
      timeoutMs: e.DOCEX_DOWNLOAD_TIMEOUT_MS,
      connectTimeoutMs: e.DOCEX_DOWNLOAD_CONNECT_TIMEOUT_MS,
      idleTimeoutMs: e.DOCEX_DOWNLOAD_IDLE_TIMEOUT_MS,
    },
    ocr: {
      workers: e.DOCEX_OCR_WORKERS,
      pageTimeoutMs: e.DOCEX_OCR_PAGE_TIMEOUT_MS,
      threads: e.DOCEX_OCR_THREADS,
      detectionBandRows: e.DOCEX_OCR_DETECTION_BAND_ROWS,
      pdfImages: e.DOCEX_OCR_PDF_IMAGES,
      engine: e.DOCEX_OCR_ENGINE,
    },
    pdf: {
      timeoutMs: e.DOCEX_PDF_TIMEOUT_MS,
      maxMemoryMb: e.DOCEX_PDF_MAX_MEMORY_MB,
      maxStreamMb: e.DOCEX_PDF_MAX_STREAM_MB,
      maxRssGrowthMb: e.DOCEX_PDF_MAX_RSS_GROWTH_MB,
      maxRetainedMb: e.DOCEX_PDF_MAX_RETAINED_MB,
    },
    archive: archiveConfig(e, dataDir),
    webhooks: {
      concurrency: e.DOCEX_WEBHOOK_CONCURRENCY,
      timeoutMs: e.DOCEX_WEBHOOK_TIMEOUT_MS,
      retrySchedule: parseSchedule(e.DOCEX_WEBHOOK_RETRY_SCHEDULE),
      signingSecretGraceHours: e.DOCEX_SIGNING_SECRET_GRACE_HOURS,
    },
    metrics: e.DOCEX_METRICS,
    llm: { defaultEngine: e.DOCEX_EXTRACTION_ENGINE, settings: llmSettings },
  };
}

/** Per user: $XDG_RUNTIME_DIR/docex (cleared at logout, like the processes it lists), else ~/.docex/instances. */
function defaultInstancesDir(env: Env): string {
  if (env.XDG_RUNTIME_DIR?.trim()) return path.join(env.XDG_RUNTIME_DIR.trim(), 'docex');
  return path.join(env.HOME?.trim() || os.homedir(), '.docex', 'instances');
}

function archiveConfig(e: z.infer<typeof schema>, dataDir: string): ArchiveConfig {
  const retentionDays = e.DOCEX_ARCHIVE_RETENTION_DAYS;
  if (e.DOCEX_ARCHIVE === 'off') return { kind: 'off', retentionDays };
  if (e.DOCEX_ARCHIVE === 'filesystem') {
    return { kind: 'filesystem', dir: path.resolve(e.DOCEX_ARCHIVE_DIR ?? path.join(dataDir, 'blobs')), retentionDays };
  }
  return {
    kind: 's3',
    bucket: e.DOCEX_S3_BUCKET!,
    region: e.DOCEX_S3_REGION,
    prefix: e.DOCEX_S3_PREFIX,
    endpoint: e.DOCEX_S3_ENDPOINT,
    forcePathStyle: e.DOCEX_S3_FORCE_PATH_STYLE,
    accessKeyId: e.DOCEX_S3_ACCESS_KEY_ID,
    secretAccessKey: e.DOCEX_S3_SECRET_ACCESS_KEY,
    retentionDays,
  };
}
