// SPEC 4.1 and 7 for POST /v1/documents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, singleBody, type TestApp, type TestKey } from '../support/app.js';
import { queueEntriesFor } from '../support/queue.js';

let t: TestApp;
let key: TestKey;

beforeAll(async () => {
  t = await buildTestApp();
  key = await t.createKey({ webhookBaseUrl: 'https://h.example/hooks' });
});
afterAll(() => t.close());

const submit = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/documents',
    headers: { ...key.headers, ...headers },
    payload: payload as object,
  });

async function row(jobId: string) {
  const { rows } = await t.db.pool.query('SELECT * FROM document_jobs WHERE id = $1', [jobId]);
  return rows[0];
}

const queueEntries = (jobId: string) => queueEntriesFor(t.db.pool, jobId);

describe('modes by body shape', () => {
  it('single: 202 {jobId, consumerRefId}, row per SPEC 2.2 rule 1, one queue entry', async () => {
    const res = await submit(singleBody({ consumerRefId: 'single-1', webhookUrl: 'a/b?x=1' }));
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['consumerRefId', 'jobId']);
    expect(body.consumerRefId).toBe('single-1');
    const r = await row(body.jobId);
    expect(r).toMatchObject({
      mode: 'single',
      type_id: 0,
      status: 'initiated',
      webhook_attempts: 0,
      require_line_items: true,
      document_id: '42',
      webhook_url: 'https://h.example/hooks/a/b?x=1',
      api_key_id: key.id,
      organization_id: key.organizationId,
    });
    for (const f of [
      'extracted_data',
      'extraction_time_ms',
      'model_cost',
      'webhook_status',
      'webhook_response_code',
      'webhook_response_body',
      'error',
      'error_stage',
      'error_code',
      'error_detail',
      'parser_version_id',
      'parser_version',
      'archived_storage_key',
    ]) {
      expect(r[f], f).toBeNull();
    }
    expect(await queueEntries(body.jobId)).toEqual([
      { task_identifier: 'process_document', payload: { jobId: body.jobId } },
    ]);
  });

  it('multi: documentUrls selects multi-image mode; processingMode defaults to single_invoice', async () => {
    const res = await submit({
      documentUrls: ['https://f.example/1.jpg', 'https://f.example/2.jpg'],
      requireLineItems: false,
      documentId: 1,
      consumerRefId: 'm1',
      typeId: 3,
    });
    expect(res.statusCode).toBe(202);
    const r = await row(res.json().jobId);
    expect(r.mode).toBe('multi');
    expect(r.type_id).toBe(3);
    expect(r.payload.processingMode).toBe('single_invoice');
    expect(r.payload.documentUrls).toEqual(['https://f.example/1.jpg', 'https://f.example/2.jpg']);
  });

  it('multi: multiple_invoices is kept', async () => {
    const res = await submit({
      documentUrls: ['https://f.example/1.jpg'],
      processingMode: 'multiple_invoices',
      requireLineItems: true,
      documentId: 1,
      consumerRefId: 'm2',
    });
    expect(res.statusCode).toBe(202);
    expect((await row(res.json().jobId)).payload.processingMode).toBe('multiple_invoices');
  });

  it('email: attachments win over documentUrls; typeId is ignored and 8 is stored', async () => {
    const res = await submit({
      attachments: ['https://m.example/a.pdf'],
      documentUrls: ['https://f.example/1.jpg'],
      documentUrl: 'https://f.example/x.pdf',
      subject: 'Invoice 7',
      body: 'attached',
      typeId: 1,
      requireLineItems: true,
      documentId: 9,
      consumerRefId: 'e1',
    });
    expect(res.statusCode).toBe(202);
    const r = await row(res.json().jobId);
    expect(r.mode).toBe('email');
    expect(r.type_id).toBe(8);
    expect(r.payload).not.toHaveProperty('documentUrls');
    expect(r.payload).not.toHaveProperty('typeId');
  });

  it('an empty winning array is a 400 even when the other array is valid', async () => {
    const emailEmpty = await submit({
      attachments: [],
      documentUrls: ['https://f.example/1.jpg'],
      subject: 's',
      body: 'b',
      requireLineItems: true,
      documentId: 1,
      consumerRefId: 'x',
    });
    expect(emailEmpty.statusCode).toBe(400);
    expect(emailEmpty.json().details).toContainEqual({
      field: '/attachments',
      message: 'must NOT have fewer than 1 items',
    });
    const multiEmpty = await submit({
      documentUrls: [],
      documentUrl: 'https://f.example/x.pdf',
      requireLineItems: true,
      documentId: 1,
      consumerRefId: 'x',
    });
    expect(multiEmpty.statusCode).toBe(400);
    expect(multiEmpty.json().details).toContainEqual({
      field: '/documentUrls',
      message: 'must NOT have fewer than 1 items',
    });
  });
});

describe('validation (400 with details)', () => {
  it.each([
    ['missing documentUrl in single mode', singleBody({ documentUrl: undefined }), '/documentUrl'],
    ['missing requireLineItems', singleBody({ requireLineItems: undefined }), '/requireLineItems'],
    ['missing documentId', singleBody({ documentId: undefined }), '/documentId'],
    ['missing consumerRefId', singleBody({ consumerRefId: undefined }), '/consumerRefId'],
    ['empty consumerRefId', singleBody({ consumerRefId: '' }), '/consumerRefId'],
    ['consumerRefId not a string', singleBody({ consumerRefId: 5 }), '/consumerRefId'],
    ['documentId as a string', singleBody({ documentId: '42' }), '/documentId'],
    ['documentId fractional', singleBody({ documentId: 4.2 }), '/documentId'],
    ['requireLineItems as a string', singleBody({ requireLineItems: 'true' }), '/requireLineItems'],
    ['typeId as a string', singleBody({ typeId: '0' }), '/typeId'],
    ['relative documentUrl', singleBody({ documentUrl: 'invoice.pdf' }), '/documentUrl'],
    [
      'documentUrls item not a URL',
      { documentUrls: ['nope'], requireLineItems: true, documentId: 1, consumerRefId: 'x' },
      '/documentUrls/0',
    ],
    [
      'bad processingMode',
      {
        documentUrls: ['https://f.example/1.jpg'],
        processingMode: 'both',
        requireLineItems: true,
        documentId: 1,
        consumerRefId: 'x',
      },
      '/processingMode',
    ],
    [
      'email without subject',
      {
        attachments: ['https://m.example/a.pdf'],
        body: 'b',
        requireLineItems: true,
        documentId: 1,
        consumerRefId: 'x',
      },
      '/subject',
    ],
    [
      'email without body',
      {
        attachments: ['https://m.example/a.pdf'],
        subject: 's',
        requireLineItems: true,
        documentId: 1,
        consumerRefId: 'x',
      },
      '/body',
    ],
    ['webhookUrl not a string', singleBody({ webhookUrl: 5 }), '/webhookUrl'],
  ])('%s', async (_name, payload, field) => {
    const res = await submit(JSON.parse(JSON.stringify(payload)));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'validation_error' });
    expect(body.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('lists every invalid field at once', async () => {
    const res = await submit({ documentUrl: 'x', requireLineItems: 'no', consumerRefId: '' });
    const fields = res
      .json()
      .details.map((d: { field: string }) => d.field)
      .sort();
    expect(fields).toEqual(['/consumerRefId', '/documentId', '/documentUrl', '/requireLineItems']);
  });

  it('a non-object body is a 400', async () => {
    for (const payload of ['[]', '"x"', '42', 'null']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/documents',
        headers: { ...key.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
  });

  it('typeId defaults to 0; unknown, internal and archived types are 400', async () => {
    const ok = await submit(singleBody({ consumerRefId: 'type-default' }));
    expect((await row(ok.json().jobId)).type_id).toBe(0);
    for (const typeId of [0, 1, 2, 3, 4, 5, 9]) expect((await submit(singleBody({ typeId }))).statusCode).toBe(202);

    const unknown = await submit(singleBody({ typeId: 6 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('unknown_type');
    const internal = await submit(singleBody({ typeId: 8 }));
    expect(internal.statusCode).toBe(400);
    expect(internal.json().code).toBe('type_not_allowed');
    await t.db.pool.query("INSERT INTO document_types (id, name, state) VALUES (7, 'Old', 'archived')");
    const archived = await submit(singleBody({ typeId: 7 }));
    expect(archived.statusCode).toBe(400);
    expect(archived.json()).toMatchObject({
      code: 'type_not_allowed',
      message: 'typeId 7 is archived and cannot be submitted',
    });
    const multiInternal = await submit({
      documentUrls: ['https://f.example/1.jpg'],
      typeId: 8,
      requireLineItems: true,
      documentId: 1,
      consumerRefId: 'x',
    });
    expect(multiInternal.statusCode).toBe(400);
  });
});

describe('webhookUrl join', () => {
  it('defaults to "" and is stored as the base URL itself', async () => {
    const res = await submit(singleBody({ consumerRefId: 'wh-default' }));
    const r = await row(res.json().jobId);
    expect(r.webhook_url).toBe('https://h.example/hooks');
    expect(r.payload.webhookUrl).toBe('');
  });

  it.each([
    'https://evil.example/x',
    '//evil.example',
    '\\\\evil.example',
    '/\\evil.example',
    'http:evil.example',
    '../..',
    '%2e%2e/%2e%2e',
    '..%2f..%2fx',
    '%252e%252e/x',
    'a/../../b',
    'a#b',
  ])('rejects %j with 400 invalid_webhook_url', async (webhookUrl) => {
    const res = await submit(singleBody({ webhookUrl }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_webhook_url');
  });
});

describe('transport errors', () => {
  it('415 for a non-JSON content type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: { ...key.headers, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ statusCode: 415, code: 'unsupported_media_type' });
  });

  it('413 for a body over the limit', async () => {
    const res = await submit(singleBody({ padding: 'x'.repeat(1024 * 1024 + 10) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413, code: 'payload_too_large' });
  });

  it('400 for malformed JSON, without parser internals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: { ...key.headers, 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'validation_error',
      message: 'Request body is not valid JSON',
    });
  });

  it('unknown routes are JSON 404s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'route_not_found' });
  });
});

describe('idempotency', () => {
  it('replays the original 202 for the same key and body, creating no second job', async () => {
    const body = singleBody({ consumerRefId: 'idem-1' });
    const first = await submit(body, { 'idempotency-key': 'k-1' });
    const second = await submit(body, { 'idempotency-key': 'k-1' });
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(202);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    const { rows } = await t.db.pool.query(
      "SELECT count(*)::int AS n FROM document_jobs WHERE consumer_ref_id = 'idem-1'",
    );
    expect(rows[0].n).toBe(1);
    expect(await queueEntries(first.json().jobId)).toHaveLength(1);
  });

  it('defaults count as the same body (explicit typeId 0 = omitted)', async () => {
    const first = await submit(singleBody({ consumerRefId: 'idem-def' }), { 'idempotency-key': 'k-def' });
    const second = await submit(singleBody({ consumerRefId: 'idem-def', typeId: 0 }), { 'idempotency-key': 'k-def' });
    expect(second.json().jobId).toBe(first.json().jobId);
  });

  it('422 for the same key with a different body', async () => {
    await submit(singleBody({ consumerRefId: 'idem-2' }), { 'idempotency-key': 'k-2' });
    const res = await submit(singleBody({ consumerRefId: 'idem-2', documentId: 43 }), { 'idempotency-key': 'k-2' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('idempotency_key_reused');
  });

  it('keys are per organization', async () => {
    const other = await t.createKey();
    const a = await submit(singleBody({ consumerRefId: 'idem-3' }), { 'idempotency-key': 'k-3' });
    const b = await t.app.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: { ...other.headers, 'idempotency-key': 'k-3' },
      payload: singleBody({ consumerRefId: 'idem-3' }),
    });
    expect(b.statusCode).toBe(202);
    expect(b.json().jobId).not.toBe(a.json().jobId);
  });

  it('concurrent retries with one key create exactly one job', async () => {
    const body = singleBody({ consumerRefId: 'idem-race' });
    const results = await Promise.all(Array.from({ length: 8 }, () => submit(body, { 'idempotency-key': 'k-race' })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(202));
    expect(new Set(results.map((r) => r.json().jobId)).size).toBe(1);
    const { rows } = await t.db.pool.query(
      "SELECT count(*)::int AS n FROM document_jobs WHERE consumer_ref_id = 'idem-race'",
    );
    expect(rows[0].n).toBe(1);
  });

  it('expires after 24 hours', async () => {
    const first = await submit(singleBody({ consumerRefId: 'idem-old' }), { 'idempotency-key': 'k-old' });
    await t.db.pool.query("UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'k-old'");
    const second = await submit(singleBody({ consumerRefId: 'idem-old', documentId: 7 }), {
      'idempotency-key': 'k-old',
    });
    expect(second.statusCode).toBe(202);
    expect(second.json().jobId).not.toBe(first.json().jobId);
  });

  it('rejects a malformed key', async () => {
    const res = await submit(singleBody(), { 'idempotency-key': 'has space' });
    expect(res.statusCode).toBe(400);
  });
});

describe('persistence failure', () => {
  it('500 "Failed to create document job." and nothing half-written when the queue insert fails', async () => {
    // Make graphile-worker's insert fail for one marker, after the job row was inserted in the same statement.
    await t.db.pool.query(`
      CREATE FUNCTION fail_queue() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'simulated queue failure'; END $$;
      CREATE TRIGGER fail_queue BEFORE INSERT ON graphile_worker._private_jobs FOR EACH ROW EXECUTE FUNCTION fail_queue();`);
    try {
      const res = await submit(singleBody({ consumerRefId: 'doomed' }));
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        code: 'job_create_failed',
        message: 'Failed to create document job.',
      });
      expect(res.body).not.toContain('simulated');
      const withKey = await submit(singleBody({ consumerRefId: 'doomed' }), { 'idempotency-key': 'k-doomed' });
      expect(withKey.statusCode).toBe(500);
      const jobs = await t.db.pool.query(
        "SELECT count(*)::int AS n FROM document_jobs WHERE consumer_ref_id = 'doomed'",
      );
      expect(jobs.rows[0].n).toBe(0);
      const keys = await t.db.pool.query("SELECT count(*)::int AS n FROM idempotency_keys WHERE key = 'k-doomed'");
      expect(keys.rows[0].n).toBe(0);
    } finally {
      await t.db.pool.query('DROP TRIGGER fail_queue ON graphile_worker._private_jobs; DROP FUNCTION fail_queue()');
    }
    expect((await submit(singleBody({ consumerRefId: 'doomed' }))).statusCode).toBe(202);
  });
});
