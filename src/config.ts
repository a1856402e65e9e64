// The only reader of process.env. The whole environment is parsed once at start; a bad value stops the process
// with a message naming every bad variable (see README "Configuration" for the table of variables).
import path from 'node:path';
import os from 'node:os';
import { z } from 'zod';

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
    const list = s.split(',').map((x) => x.trim()).filter(Boolean);
    const bad = list.filter((x) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(x));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `must be true, false, a hop count or addresses/CIDRs (bad: ${bad.join(', ')})` });
      return z.NEVER;
    }
    return list;
  });

const schema = z.object({
  PORT: int(3000, 0, 65535),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATABASE_URL: databaseUrl,
  DATABASE_POOL_SIZE: int(20, 1, 500),
  DOCEX_DATA_DIR: z.string().trim().min(1).default('./.docex'),
  DOCEX_EMBEDDED_PG_PORT: int(54329, 1, 65535),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  DOCEX_BODY_LIMIT_BYTES: int(1024 * 1024, 1024, 64 * 1024 * 1024),
  DOCEX_AUTH_CACHE_SIZE: int(10_000, 0, 10_000_000),
  DOCEX_WORKER_CONCURRENCY: int(Math.max(2, os.availableParallelism()), 1, 256),
  DOCEX_ALLOW_PRIVATE_NETWORKS: bool(false),
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
  trustProxy: boolean | number | string[];
  bodyLimitBytes: number;
  authCacheSize: number;
  workerConcurrency: number;
  allowPrivateNetworks: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Env = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const name = String(i.path[0] ?? '?');
      return `${name}=${JSON.stringify(env[name] ?? '')}: ${i.message}`;
    });
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: path.resolve(e.DOCEX_DATA_DIR),
    embeddedPgPort: e.DOCEX_EMBEDDED_PG_PORT,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.DOCEX_BODY_LIMIT_BYTES,
    authCacheSize: e.DOCEX_AUTH_CACHE_SIZE,
    workerConcurrency: e.DOCEX_WORKER_CONCURRENCY,
    allowPrivateNetworks: e.DOCEX_ALLOW_PRIVATE_NETWORKS,
  };
}
