// Builds the real app against a fresh database of its own, plus helpers to create organizations and keys.
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { createApiKey, type CreatedApiKey } from '../../src/auth/api-keys.js';
import { normalizeAllowlistEntry } from '../../src/auth/ip-allowlist.js';
import { createOrganization } from '../../src/auth/organizations.js';
import { loadConfig, type Config } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import { createTestDatabase, type TestDatabase } from './db.js';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  config: Config;
  createKey(options?: {
    allow?: string[];
    webhookBaseUrl?: string;
    organizationId?: string;
    name?: string;
  }): Promise<TestKey>;
  close(): Promise<void>;
}

export interface TestKey extends CreatedApiKey {
  headers: Record<string, string>;
}

export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  const config = loadConfig({ DATABASE_URL: db.url, LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, pool: db.pool, logger: pino({ level: 'silent' }) });
  await app.ready();
  return {
    app,
    db,
    config,
    async createKey(options = {}) {
      const organizationId = options.organizationId ?? (await createOrganization(db.pool, 'Test Org')).id;
      const key = await createApiKey(db.pool, {
        organizationId,
        name: options.name ?? 'test-key',
        webhookBaseUrl: options.webhookBaseUrl ?? 'https://hooks.example.com/docex',
        ipAllowlist: (options.allow ?? []).map(normalizeAllowlistEntry),
      });
      return { ...key, headers: { 'x-client-id': key.clientId, 'x-client-secret': key.clientSecret } };
    },
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

/** A valid single-mode submission; override fields per test. */
export function singleBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    documentUrl: 'https://files.example.com/invoice.pdf',
    requireLineItems: true,
    documentId: 42,
    consumerRefId: 'ref-1',
    ...overrides,
  };
}
