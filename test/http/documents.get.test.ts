// SPEC 4.2 (GET /v1/documents/:consumerRefId) and GET /v1/jobs/:jobId.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, singleBody, type TestApp, type TestKey } from '../support/app.js';

const SPEC_FIELDS = [
  'id',
  'clientId',
  'apiKeyId',
  'consumerRefId',
  'documentId',
  'typeId',
  'mode',
  'requireLineItems',
  'status',
  'payload',
  'extractedData',
  'extractionTimeMs',
  'modelCost',
  'webhookUrl',
  'webhookStatus',
  'webhookAttempts',
  'webhookResponseCode',
  'webhookResponseBody',
  'error',
  'errorStage',
  'errorCode',
  'errorDetail',
  'parserVersionId',
  'parserVersion',
  'archivedStorageKey',
  'createdAt',
  'updatedAt',
].sort();

let t: TestApp;
let key: TestKey;

beforeAll(async () => {
  t = await buildTestApp();
  key = await t.createKey();
});
afterAll(() => t.close());

const submit = async (consumerRefId: string, k: TestKey = key, extra: Record<string, unknown> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/documents',
    headers: k.headers,
    payload: singleBody({ consumerRefId, ...extra }),
  });
  expect(res.statusCode).toBe(202);
  return res.json().jobId as string;
};
const get = (url: string, k: TestKey = key) => t.app.inject({ method: 'GET', url, headers: k.headers });

describe('GET /v1/documents/:consumerRefId', () => {
  it('returns exactly the SPEC 2.2 fields, camelCase, with SPEC types', async () => {
    const jobId = await submit('fields-1');
    const res = await get('/v1/documents/fields-1');
    expect(res.statusCode).toBe(200);
    const job = res.json();
    expect(Object.keys(job).sort()).toEqual(SPEC_FIELDS);
    expect(job).toMatchObject({
      id: jobId,
      clientId: key.organizationId,
      apiKeyId: key.id,
      consumerRefId: 'fields-1',
      documentId: 42,
      typeId: 0,
      mode: 'single',
      requireLineItems: true,
      status: 'initiated',
      webhookAttempts: 0,
      extractedData: null,
      webhookUrl: 'https://hooks.example.com/docex',
    });
    expect(new Date(job.createdAt).toISOString()).toBe(job.createdAt);
    expect(job.payload).toMatchObject({
      documentUrl: 'https://files.example.com/invoice.pdf',
      consumerRefId: 'fields-1',
    });
  });

  it.each(['a/b', 'with space', 'hash#tag', 'per%cent', 'ünïcødé-請求書', 'q?x=1&y=2', 'a+b', '...x'])(
    'finds the URL-encoded reference %j',
    async (ref) => {
      const jobId = await submit(ref);
      const res = await get(`/v1/documents/${encodeURIComponent(ref)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: jobId, consumerRefId: ref });
    },
  );

  it('returns the most recently created job when references repeat', async () => {
    await submit('dup');
    const second = await submit('dup');
    const res = await get('/v1/documents/dup');
    expect(res.json().id).toBe(second);
  });

  it('404 "Document job not found" for an unknown reference and for another organization\'s job', async () => {
    const other = await t.createKey();
    await submit('mine-only');
    for (const res of [await get('/v1/documents/nope'), await get('/v1/documents/mine-only', other)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        code: 'not_found',
        message: 'Document job not found',
      });
    }
  });
});

describe('GET /v1/jobs/:jobId', () => {
  it('returns the same body as the reference lookup', async () => {
    const jobId = await submit('by-id');
    const byId = await get(`/v1/jobs/${jobId}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual((await get('/v1/documents/by-id')).json());
  });

  it('is scoped to the organization; malformed and unknown ids are 404', async () => {
    const jobId = await submit('scoped');
    const other = await t.createKey();
    for (const res of [
      await get(`/v1/jobs/${jobId}`, other),
      await get('/v1/jobs/not-a-uuid'),
      await get('/v1/jobs/00000000-0000-4000-8000-000000000000'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Document job not found');
    }
  });
});
