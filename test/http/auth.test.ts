// SPEC 5, run against every authenticated route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteOrganization } from '../../src/auth/organizations.js';
import { revokeApiKey } from '../../src/auth/api-keys.js';
import { buildTestApp, singleBody, type TestApp, type TestKey } from '../support/app.js';

const MISSING = 'Missing x-client-id or x-client-secret headers';
const INVALID = 'Invalid client_id or client_secret';

const routes = [
  { method: 'POST' as const, url: '/v1/documents', payload: singleBody() },
  { method: 'GET' as const, url: '/v1/documents/ref-1' },
  { method: 'GET' as const, url: '/v1/jobs/00000000-0000-4000-8000-000000000000' },
];

let t: TestApp;
let key: TestKey;

beforeAll(async () => {
  // This suite sends dozens of failing credentials from one address on purpose; the failure limits that would turn
  // them into 429s have their own tests (test/auth/abuse-limits.test.ts).
  t = await buildTestApp({ DOCEX_AUTH_FAILURES_PER_CLIENT_ID: '0', DOCEX_AUTH_FAILURES_PER_ADDRESS: '0' });
  key = await t.createKey();
});
afterAll(() => t.close());

describe.each(routes)('$method $url', (route) => {
  const call = (headers: Record<string, string>, remoteAddress?: string) =>
    t.app.inject({ ...route, headers, ...(remoteAddress ? { remoteAddress } : {}) });

  it.each([
    ['no headers', {}],
    ['only x-client-id', { 'x-client-id': '00000000-0000-4000-8000-000000000000' }],
    ['only x-client-secret', { 'x-client-secret': 'dxs_x' }],
    ['empty values', { 'x-client-id': '', 'x-client-secret': '' }],
    ['blank secret', { 'x-client-id': '00000000-0000-4000-8000-000000000000', 'x-client-secret': '  ' }],
  ])('401 missing with %s', async (_name, headers) => {
    const res = await call(headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, code: 'missing_credentials', message: MISSING });
  });

  it('401 invalid for an unknown client id, a malformed one and a wrong secret, identically', async () => {
    const bodies = [];
    for (const headers of [
      { 'x-client-id': '11111111-1111-4111-8111-111111111111', 'x-client-secret': key.clientSecret },
      { 'x-client-id': 'not-a-uuid', 'x-client-secret': key.clientSecret },
      { 'x-client-id': key.clientId, 'x-client-secret': key.clientSecret + 'x' },
      { 'x-client-id': key.clientId, 'x-client-secret': 'dxs_wrong' },
    ]) {
      const res = await call(headers);
      expect(res.statusCode).toBe(401);
      bodies.push(res.json());
    }
    for (const b of bodies)
      expect(b).toEqual({ statusCode: 401, error: 'Unauthorized', code: 'invalid_credentials', message: INVALID });
  });

  it('passes authentication with valid credentials', async () => {
    const res = await call(key.headers);
    expect([200, 202, 404]).toContain(res.statusCode);
  });
});

describe('revocation and organization deletion', () => {
  it('a revoked key fails on the very next request although it was cached', async () => {
    const k = await t.createKey();
    const ok = await t.app.inject({ method: 'GET', url: '/v1/documents/x', headers: k.headers });
    expect(ok.statusCode).toBe(404); // authenticated (and now in the verified-credential cache)
    expect(await revokeApiKey(t.db.pool, k.clientId)).toBe('revoked');
    const res = await t.app.inject({ method: 'GET', url: '/v1/documents/x', headers: k.headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(INVALID);
  });

  it("a deleted organization's keys fail at once; other keys keep working", async () => {
    const k = await t.createKey();
    const other = await t.createKey();
    expect((await t.app.inject({ method: 'GET', url: '/v1/documents/x', headers: k.headers })).statusCode).toBe(404);
    await deleteOrganization(t.db.pool, k.organizationId);
    const res = await t.app.inject({ method: 'GET', url: '/v1/documents/x', headers: k.headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(INVALID);
    expect((await t.app.inject({ method: 'GET', url: '/v1/documents/x', headers: other.headers })).statusCode).toBe(
      404,
    );
  });

  it('several active keys of one organization work side by side (rotation: add, then revoke)', async () => {
    const oldKey = await t.createKey({ name: 'old' });
    const newKey = await t.createKey({ organizationId: oldKey.organizationId, name: 'new' });
    const submit = await t.app.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: oldKey.headers,
      payload: singleBody({ consumerRefId: 'rot-1' }),
    });
    expect(submit.statusCode).toBe(202);
    const read = await t.app.inject({ method: 'GET', url: '/v1/documents/rot-1', headers: newKey.headers });
    expect(read.statusCode).toBe(200);
    expect(read.json().apiKeyId).toBe(oldKey.id);
    await revokeApiKey(t.db.pool, oldKey.clientId);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/documents/rot-1', headers: oldKey.headers })).statusCode,
    ).toBe(401);
    // The job keeps its key association after revocation (SPEC 5 rule 6).
    const after = await t.app.inject({ method: 'GET', url: '/v1/documents/rot-1', headers: newKey.headers });
    expect(after.json().apiKeyId).toBe(oldKey.id);
  });
});

describe('IP allowlist', () => {
  const get = (k: TestKey, remoteAddress: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/v1/documents/x', headers: { ...k.headers, ...extra }, remoteAddress });

  it('403 ip_not_allowed naming the address and the key', async () => {
    const k = await t.createKey({ allow: ['203.0.113.0/24'], name: 'erp-production' });
    expect((await get(k, '203.0.113.77')).statusCode).toBe(404);
    const res = await get(k, '198.51.100.1');
    expect(res.statusCode).toBe(403);
    const body = res.json();
    expect(body.code).toBe('ip_not_allowed');
    expect(body.message).toContain('198.51.100.1');
    expect(body.message).toContain('erp-production');
  });

  it('checks credentials before the allowlist: a wrong secret from a disallowed address is 401', async () => {
    const k = await t.createKey({ allow: ['203.0.113.5'] });
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/documents/x',
      headers: { 'x-client-id': k.clientId, 'x-client-secret': 'dxs_wrong' },
      remoteAddress: '198.51.100.1',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(INVALID);
  });

  it('matches IPv4-mapped IPv6 clients against IPv4 entries, and IPv6 CIDRs', async () => {
    const k = await t.createKey({ allow: ['10.0.0.0/8', '2001:db8::/32'] });
    expect((await get(k, '::ffff:10.9.8.7')).statusCode).toBe(404);
    expect((await get(k, '2001:db8:1::5')).statusCode).toBe(404);
    expect((await get(k, '2001:db9::5')).statusCode).toBe(403);
    expect((await get(k, '::ffff:11.0.0.1')).statusCode).toBe(403);
  });

  it('ignores a forged X-Forwarded-For by default', async () => {
    const k = await t.createKey({ allow: ['203.0.113.5'] });
    const res = await get(k, '198.51.100.1', { 'x-forwarded-for': '203.0.113.5' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('198.51.100.1');
  });

  it('uses X-Forwarded-For from a trusted proxy when TRUST_PROXY names it', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const k = await proxied.createKey({ allow: ['203.0.113.5'] });
      const viaProxy = await proxied.app.inject({
        method: 'GET',
        url: '/v1/documents/x',
        remoteAddress: '127.0.0.1',
        headers: { ...k.headers, 'x-forwarded-for': '203.0.113.5' },
      });
      expect(viaProxy.statusCode).toBe(404);
      // The same header from an untrusted peer changes nothing.
      const direct = await proxied.app.inject({
        method: 'GET',
        url: '/v1/documents/x',
        remoteAddress: '198.51.100.1',
        headers: { ...k.headers, 'x-forwarded-for': '203.0.113.5' },
      });
      expect(direct.statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});

describe('timing', () => {
  it('an unknown client id costs about as much as a wrong secret (both run bcrypt)', async () => {
    const time = async (headers: Record<string, string>) => {
      const start = process.hrtime.bigint();
      for (let i = 0; i < 4; i++) await t.app.inject({ method: 'GET', url: '/v1/documents/x', headers });
      return Number(process.hrtime.bigint() - start) / 4e6;
    };
    const unknown = await time({ 'x-client-id': '22222222-2222-4222-8222-222222222222', 'x-client-secret': 'dxs_a' });
    const wrong = await time({ 'x-client-id': key.clientId, 'x-client-secret': 'dxs_a' });
    const cached = await time(key.headers);
    // A bcrypt compare costs tens of ms; a cached hit a fraction of one. Generous bounds: this is a noisy machine.
    expect(unknown / wrong).toBeGreaterThan(0.5);
    expect(unknown / wrong).toBeLessThan(2);
    expect(cached).toBeLessThan(wrong / 3);
  });
});
