// Issue 11 item 3: nothing a client sends produces a 5xx. A few hundred seeded hostile requests over real HTTP on
// loopback (raw bytes on a socket); `npm run test:fuzz` sends 10,000 (DOCEX_FUZZ_REQUESTS) and prints the counts.
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiKey } from '../../src/auth/api-keys.js';
import { createOrganization } from '../../src/auth/organizations.js';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { runFuzz, type FuzzCredentials } from './support/fuzz.js';

const REQUESTS = Number(process.env.DOCEX_FUZZ_REQUESTS ?? 400);
const SEED = Number(process.env.DOCEX_FUZZ_SEED ?? 20261124);

let db: TestDatabase;
let app: FastifyInstance;
let port: number;
let creds: FuzzCredentials;

beforeAll(async () => {
  db = await createTestDatabase();
  const config = loadConfig({ DATABASE_URL: db.url, LOG_LEVEL: 'silent' });
  app = await buildApp({ config, pool: db.pool, logger: pino({ level: 'silent' }) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as { port: number }).port;
  const org = await createOrganization(db.pool, 'Fuzz');
  creds = await createApiKey(db.pool, {
    organizationId: org.id,
    name: 'fuzz',
    webhookBaseUrl: 'https://h.example/hooks',
    ipAllowlist: [],
  });
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

it(
  `${REQUESTS} fuzzed requests (seed ${SEED}): no 5xx, every request answered`,
  async () => {
    const started = performance.now();
    const report = await runFuzz(port, creds, REQUESTS, SEED);
    const seconds = (performance.now() - started) / 1000;
    const fiveXx = report.serverErrors.length;
    console.log(
      `fuzz: ${report.requests} requests in ${seconds.toFixed(1)} s, ${fiveXx} responses >= 500, ` +
        `${report.noResponse} without a response; statuses ${JSON.stringify(report.statuses)}`,
    );
    for (const { status, request } of report.serverErrors.slice(0, 5))
      console.log(status, JSON.stringify(request).slice(0, 500));
    expect(fiveXx).toBe(0);
    expect(report.noResponse).toBe(0);
    // The fuzzer reaches the handlers, not only the validators: some submissions are accepted.
    expect(report.statuses['202'] ?? 0).toBeGreaterThan(0);
  },
  Math.max(30_000, REQUESTS * 20),
);
