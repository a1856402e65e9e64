// Issue 11 item 3: whatever PostgreSQL would refuse is a 400 naming the field, in every route, before any SQL runs;
// every reference submit accepts can be read back; only http(s) documents are accepted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, singleBody, type TestApp, type TestKey } from '../support/app.js';
import { sendRaw } from './support/fuzz.js';

let t: TestApp;
let key: TestKey;

beforeAll(async () => {
  t = await buildTestApp();
  key = await t.createKey();
});
afterAll(() => t.close());

const submit = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/v1/documents', headers: key.headers, payload: payload as object });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: key.headers });

const fields = (res: { json(): unknown }) =>
  ((res.json() as { details?: Array<{ field: string }> }).details ?? []).map((d) => d.field);

describe('strings PostgreSQL cannot store', () => {
  it.each([
    ['NUL in consumerRefId', { consumerRefId: 'a\u0000b' }, '/consumerRefId'],
    ['lone high surrogate in consumerRefId', { consumerRefId: 'x\ud800' }, '/consumerRefId'],
    ['lone low surrogate in webhookUrl', { webhookUrl: 'a\udc00' }, '/webhookUrl'],
    ['NUL in documentUrl', { documentUrl: 'https://f.example/a\u0000.pdf' }, '/documentUrl'],
    ['NUL in an ignored field', { extra: { note: '\u0000' } }, '/extra/note'],
  ])('%s: 400 validation_error naming the field', async (_name, overrides, field) => {
    const res = await submit(singleBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
    expect(fields(res)).toContain(field);
  });

  it('email subject and body with NUL or lone surrogates are 400s naming each field', async () => {
    const res = await submit({
      attachments: ['https://f.example/a.pdf'],
      subject: 'Invoice \ud83d',
      body: 'see\u0000attached',
      requireLineItems: true,
      documentId: 1,
      consumerRefId: 'email-bad',
    });
    expect(res.statusCode).toBe(400);
    expect(fields(res).sort()).toEqual(['/body', '/subject']);
  });

  it('a valid surrogate pair (emoji) and non-ASCII text are stored and read back unchanged', async () => {
    const ref = 'Rechnung/Größe-😀';
    const res = await submit(singleBody({ consumerRefId: ref }));
    expect(res.statusCode).toBe(202);
    const back = await get(`/v1/documents/${encodeURIComponent(ref)}`);
    expect(back.statusCode).toBe(200);
    expect(back.json().consumerRefId).toBe(ref);
  });
});

describe('hostile submissions beside legitimate ones', () => {
  it('never fail the legitimate submissions they are batched with', async () => {
    const hostile = [
      { consumerRefId: 'mix\u0000' },
      { consumerRefId: 'mix\ud800' },
      { typeId: 2 ** 31 },
      { documentUrl: 'file:///x' },
    ];
    const requests = Array.from({ length: 160 }, (_, i) =>
      i % 8 === 3
        ? submit(singleBody(hostile[(i >> 3) % hostile.length]))
        : submit(singleBody({ consumerRefId: `mix-${i}` })),
    );
    const statuses = (await Promise.all(requests)).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 202)).toHaveLength(140);
    expect(statuses.filter((s) => s === 400)).toHaveLength(20);
    const { rows } = await t.db.pool.query(
      "SELECT count(*)::int AS n FROM document_jobs WHERE consumer_ref_id LIKE 'mix-%'",
    );
    expect(rows[0].n).toBe(140);
  });
});

describe('integers outside their column', () => {
  it.each([2 ** 31, -(2 ** 31) - 1, 2 ** 40])(
    'typeId %d is a 400 validation_error, not unknown_type or a 500',
    async (typeId) => {
      const res = await submit(singleBody({ typeId }));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_error');
      expect(fields(res)).toEqual(['/typeId']);
    },
  );

  it.each([2 ** 53, -(2 ** 53), 1e300])('documentId %d is a 400 validation_error', async (documentId) => {
    const res = await submit(singleBody({ documentId }));
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual(['/documentId']);
  });

  it('the extreme safe integers are stored', async () => {
    for (const documentId of [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]) {
      expect((await submit(singleBody({ documentId, consumerRefId: `big-${documentId}` }))).statusCode).toBe(202);
    }
  });
});

describe('GET /v1/documents/{ref}', () => {
  it('reads back references of every length submit accepts (1-256, also multi-byte)', async () => {
    for (const ref of ['r'.repeat(101), 'x/'.repeat(128), 'ü'.repeat(256), '€'.repeat(256)]) {
      expect((await submit(singleBody({ consumerRefId: ref }))).statusCode).toBe(202);
      const res = await get(`/v1/documents/${encodeURIComponent(ref)}`);
      expect(res.statusCode, `${ref.length} characters`).toBe(200);
      expect(res.json().consumerRefId).toBe(ref);
    }
  });

  it('a reference longer than 256 characters is a 400 (submit refuses it too), far longer ones as well', async () => {
    expect((await submit(singleBody({ consumerRefId: 'a'.repeat(257) }))).statusCode).toBe(400);
    for (const n of [257, 2000]) {
      const res = await get(`/v1/documents/${'a'.repeat(n)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_error');
    }
  });

  it.each(['%00', 'a%00b', '%ED%A0%80', '%ff', '%E0%A4%A'])('%s is a 400 validation_error', async (encoded) => {
    const res = await get(`/v1/documents/${encoded}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'validation_error' });
  });

  it('NUL in a job id is a 400 (as in every path), a malformed id a 404', async () => {
    expect((await get('/v1/jobs/%00')).statusCode).toBe(400);
    expect((await get('/v1/jobs/not-a-uuid')).statusCode).toBe(404);
  });
});

describe('document URLs must be http or https, in all three modes', () => {
  const schemes = [
    'file:///etc/passwd',
    'ftp://f.example/a.pdf',
    'gopher://f.example/1',
    'data:application/pdf;base64,JVBERi0=',
    'javascript:alert(1)',
  ];

  it.each(schemes)('single: %s is a 400 on /documentUrl', async (url) => {
    const res = await submit(singleBody({ documentUrl: url }));
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toContain('/documentUrl');
  });

  it.each(schemes)('multi: %s is a 400 on its index', async (url) => {
    const res = await submit({
      documentUrls: ['https://f.example/1.jpg', url],
      requireLineItems: true,
      documentId: 1,
      consumerRefId: 'm',
    });
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toContain('/documentUrls/1');
  });

  it.each(schemes)('email: %s is a 400 on its index', async (url) => {
    const res = await submit({
      attachments: [url],
      subject: 's',
      body: 'b',
      requireLineItems: true,
      documentId: 1,
      consumerRefId: 'e',
    });
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toContain('/attachments/0');
  });

  it('HTTP and HTTPS in any case are accepted', async () => {
    expect((await submit(singleBody({ documentUrl: 'HTTPS://F.example/a.pdf' }))).statusCode).toBe(202);
    expect((await submit(singleBody({ documentUrl: 'http://f.example/a.pdf' }))).statusCode).toBe(202);
  });
});

describe('POST /v1/jobs/:id/redeliver takes no body', () => {
  it('accepts no body, an empty JSON body and {} alike', async () => {
    const jobId = (await submit(singleBody({ consumerRefId: 'redeliver-1' }))).json().jobId as string;
    const url = `/v1/jobs/${jobId}/redeliver`;
    const attempts = [
      { headers: key.headers },
      { headers: { ...key.headers, 'content-type': 'application/json' }, payload: '' },
      { headers: { ...key.headers, 'content-type': 'application/json' }, payload: '{}' },
      { headers: { ...key.headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: '' },
    ];
    // Not finished yet: 409 proves the body was accepted and the route ran.
    for (const a of attempts)
      expect((await t.app.inject({ method: 'POST', url, ...a })).json().code).toBe('job_not_finished');
    await t.db.pool.query(`UPDATE document_jobs SET status = 'processed', extracted_data = '{}' WHERE id = $1`, [
      jobId,
    ]);
    for (const a of attempts) expect((await t.app.inject({ method: 'POST', url, ...a })).statusCode).toBe(202);
  });

  it('a non-empty body of another type is still a 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/jobs/00000000-0000-4000-8000-000000000000/redeliver',
      headers: { ...key.headers, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported_media_type');
  });

  it('malformed JSON is still a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/jobs/00000000-0000-4000-8000-000000000000/redeliver',
      headers: { ...key.headers, 'content-type': 'application/json' },
      payload: '{',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
  });
});

describe('hostile credential headers never reach SQL', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as { port: number }).port;
  });

  // Raw bytes on a socket: HTTP client libraries refuse to send these headers at all.
  it.each([
    ['NUL', '\u0000'],
    ['NUL inside a uuid', '00000000-0000-4000-8000-00000000000\u0000'],
    ['DEL', '\u007f'],
    ['latin-1 bytes', '\u00ff\u00fe'],
    ['8,000 characters', 'x'.repeat(8_000)],
    ['a SQL fragment', "' OR 1=1 --"],
  ])('x-client-id with %s: 400 or 401, never 5xx', async (_name, value) => {
    for (const headers of [
      [
        ['x-client-id', value],
        ['x-client-secret', key.clientSecret],
      ],
      [
        ['x-client-id', key.clientId],
        ['x-client-secret', value],
      ],
    ] as Array<Array<[string, string]>>) {
      const status = await sendRaw(port, { method: 'GET', path: '/v1/documents/ref-1', headers });
      expect([400, 401, 429]).toContain(status);
    }
  });
});
