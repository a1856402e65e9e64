// Issue 11 item 4: failed authentications are limited per client id and per address (429 + Retry-After, no bcrypt
// work), cached credentials are never limited, bcrypt runs behind a bounded gate, the optional per-organization
// submit limit sends RateLimit-* headers, and /metrics counts all of it.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, revokeApiKey } from '../../src/auth/api-keys.js';
import { createOrganization } from '../../src/auth/organizations.js';
import { Semaphore, SemaphoreFullError } from '../../src/auth/semaphore.js';
import { TokenBuckets } from '../../src/auth/token-buckets.js';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import { createMetrics } from '../../src/observability/metrics.js';
import { singleBody } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';

describe('TokenBuckets', () => {
  it('holds capacity tokens, refills continuously, says when to retry and when it is full again', () => {
    let now = 0;
    const b = new TokenBuckets(3, 60, 100, () => now);
    expect([b.take('k').allowed, b.take('k').allowed, b.take('k').allowed]).toEqual([true, true, true]);
    const refused = b.take('k');
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 20, resetSeconds: 60 });
    now = 20_000; // one token back (3 per 60 s)
    expect(b.take('k')).toMatchObject({ allowed: true, remaining: 0 });
    b.refund('k');
    expect(b.peek('k').remaining).toBe(1);
    expect(b.take('other').remaining).toBe(2); // keys are independent
  });

  it('stays bounded: the least recently used bucket is forgotten (a full bucket again)', () => {
    const b = new TokenBuckets(1, 60, 2);
    b.take('a');
    b.take('b');
    b.take('c');
    expect(b.size).toBe(2);
    expect(b.take('a').allowed).toBe(true);
  });
});

describe('Semaphore', () => {
  it('runs at most maxConcurrent at once and refuses beyond maxWaiting', async () => {
    const s = new Semaphore(1, 1);
    let release!: () => void;
    const first = s.run(() => new Promise<void>((r) => (release = r)));
    const second = s.run(async () => 'second');
    expect([s.inFlight, s.queued]).toEqual([1, 1]);
    await expect(s.run(async () => 'third')).rejects.toBeInstanceOf(SemaphoreFullError);
    release();
    await first;
    expect(await second).toBe('second');
    expect([s.inFlight, s.queued]).toEqual([0, 0]);
  });
});

describe('over HTTP', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let orgId: string;
  let key: { clientId: string; clientSecret: string };

  const LIMITS = {
    DOCEX_AUTH_FAILURES_PER_CLIENT_ID: '3',
    DOCEX_AUTH_FAILURES_PER_ADDRESS: '6',
    DOCEX_AUTH_FAILURE_WINDOW_SECONDS: '600',
    DOCEX_AUTH_LIMITED_DELAY_MS: '300',
    DOCEX_SUBMIT_RATE_LIMIT: '2',
    DOCEX_SUBMIT_RATE_WINDOW_SECONDS: '60',
  };

  // Each test speaks from its own address (inject's remoteAddress), so the per-address buckets do not interfere.
  const call = (address: string, clientId: string, secret: string, url = '/v1/documents/nope') =>
    app.inject({
      method: 'GET',
      url,
      remoteAddress: address,
      headers: { 'x-client-id': clientId, 'x-client-secret': secret },
    });

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = loadConfig({ DATABASE_URL: db.url, LOG_LEVEL: 'silent', ...LIMITS });
    app = await buildApp({ config, pool: db.pool, logger: pino({ level: 'silent' }), metrics: createMetrics(db.pool) });
    await app.ready();
    orgId = (await createOrganization(db.pool, 'Limits')).id;
    key = await createApiKey(db.pool, {
      organizationId: orgId,
      name: 'k',
      webhookBaseUrl: 'https://h.example',
      ipAllowlist: [],
    });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('a client id under a wrong-secret flood: 429 with Retry-After, fast (no bcrypt); its cached callers still pass', async () => {
    // A legitimate caller authenticates once: its pair is now cached in this process.
    expect((await call('10.0.0.1', key.clientId, key.clientSecret)).statusCode).toBe(404);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await call('10.0.1.1', key.clientId, `dxs_wrong${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401]);

    const started = performance.now();
    const limited = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(`10.0.1.${i + 2}`, key.clientId, 'dxs_wrong')),
    );
    const elapsedMs = performance.now() - started;
    for (const res of limited) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ statusCode: 429, code: 'rate_limited' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // Held for DOCEX_AUTH_LIMITED_DELAY_MS (300 ms) each, concurrently; twenty bcrypt compares would take a second.
    expect(elapsedMs).toBeGreaterThanOrEqual(290);
    expect(elapsedMs).toBeLessThan(700);

    // The cached caller is not slowed or refused; an uncached caller of the same id waits like the attacker.
    expect((await call('10.0.0.1', key.clientId, key.clientSecret)).statusCode).toBe(404);
    expect((await call('10.0.0.99', key.clientId.toUpperCase(), 'dxs_other')).statusCode).toBe(429);
  });

  it('one address trying many client ids: 429 once its budget is spent; other addresses are unaffected', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await call('10.0.2.1', randomUUID(), 'dxs_x')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    // Malformed client ids count against the address too.
    expect((await call('10.0.2.1', 'not-a-uuid', 'dxs_x')).statusCode).toBe(429);
    expect((await call('10.0.2.2', randomUUID(), 'dxs_x')).statusCode).toBe(401);
  });

  it('successful authentications spend nothing', async () => {
    const other = await createApiKey(db.pool, {
      organizationId: orgId,
      name: 'k2',
      webhookBaseUrl: 'https://h.example',
      ipAllowlist: [],
    });
    for (let i = 0; i < 10; i++)
      expect((await call('10.0.3.1', other.clientId, other.clientSecret)).statusCode).toBe(404);
    expect((await call('10.0.3.1', other.clientId, 'dxs_wrong')).statusCode).toBe(401);
  });

  it('a revoked key whose pair this process remembers is limited like any other failing pair', async () => {
    const doomed = await createApiKey(db.pool, {
      organizationId: orgId,
      name: 'doomed',
      webhookBaseUrl: 'https://h.example',
      ipAllowlist: [],
    });
    expect((await call('10.0.5.1', doomed.clientId, doomed.clientSecret)).statusCode).toBe(404); // remembered now
    await revokeApiKey(db.pool, doomed.clientId);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await call('10.0.5.1', doomed.clientId, doomed.clientSecret)).statusCode);
    // The first failure forgets the pair (not counted, it had no token); then 3 failures spend the client id's budget.
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });

  it('per-organization submit limit: RateLimit-* headers, then 429 with Retry-After', async () => {
    const org = await createOrganization(db.pool, 'Submitter');
    const k = await createApiKey(db.pool, {
      organizationId: org.id,
      name: 's',
      webhookBaseUrl: 'https://h.example',
      ipAllowlist: [],
    });
    const submit = () =>
      app.inject({
        method: 'POST',
        url: '/v1/documents',
        remoteAddress: '10.0.4.1',
        headers: { 'x-client-id': k.clientId, 'x-client-secret': k.clientSecret },
        payload: singleBody(),
      });
    const [a, b, c] = [await submit(), await submit(), await submit()];
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([202, 202, 429]);
    expect(a.headers).toMatchObject({ 'ratelimit-limit': '2', 'ratelimit-remaining': '1' });
    expect(b.headers['ratelimit-remaining']).toBe('0');
    expect(Number(b.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(c.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(c.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('/metrics counts failures, refusals by limit and the bcrypt gate', async () => {
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(Number(/^docex_auth_failures_total (\d+)/m.exec(text)?.[1])).toBeGreaterThanOrEqual(10);
    expect(text).toMatch(/^docex_rate_limited_total\{limit="auth_client_id"\} [1-9]/m);
    expect(text).toMatch(/^docex_rate_limited_total\{limit="auth_address"\} [1-9]/m);
    expect(text).toMatch(/^docex_rate_limited_total\{limit="submit_organization"\} 1/m);
    expect(text).toMatch(/^docex_auth_bcrypt_in_flight 0/m);
    expect(text).toMatch(/^docex_auth_bcrypt_waiting 0/m);
  });
});
