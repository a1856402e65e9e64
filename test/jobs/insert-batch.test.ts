// Group commit: concurrent submissions share statements, yet each outcome is its own.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/auth/api-keys.js';
import { createOrganization } from '../../src/auth/organizations.js';
import { JobInsertBatcher, type JobRow } from '../../src/jobs/insert-batch.js';
import { createPool } from '../../src/db/pool.js';
import { isDatabaseUnavailable } from '../../src/jobs/database-errors.js';
import { toPayload } from '../../src/jobs/submission.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { queueEntriesFor } from '../support/queue.js';

let db: TestDatabase;
let base: Omit<JobRow, 'id' | 'payload'>;

const row = (consumerRefId: string, typeId = 0): JobRow => ({
  ...base,
  id: randomUUID(),
  payload: toPayload({
    documentUrl: 'https://f.example/a.pdf',
    requireLineItems: true,
    documentId: 1,
    consumerRefId,
    typeId,
  }),
});

beforeAll(async () => {
  db = await createTestDatabase();
  const org = await createOrganization(db.pool, 'o');
  const key = await createApiKey(db.pool, {
    organizationId: org.id,
    name: 'k',
    webhookBaseUrl: 'https://h.example',
    ipAllowlist: [],
  });
  base = { organizationId: org.id, apiKeyId: key.id, webhookUrl: 'https://h.example' };
});
afterAll(() => db.drop());

describe('JobInsertBatcher', () => {
  it('stores and queues every row of concurrent submissions, in fewer statements than rows', async () => {
    const batcher = new JobInsertBatcher(db.pool, 50, 1);
    const rows = Array.from({ length: 120 }, (_, i) => row(`c-${i}`));
    const outcomes = await Promise.all(rows.map((r) => batcher.insert(r)));
    expect(outcomes.every(Boolean)).toBe(true);
    const { rows: stored } = await db.pool.query(
      "SELECT count(*)::int AS n FROM document_jobs WHERE consumer_ref_id LIKE 'c-%'",
    );
    expect(stored[0].n).toBe(120);
    for (const r of [rows[0]!, rows[77]!, rows[119]!]) expect(await queueEntriesFor(db.pool, r.id)).toHaveLength(1);
  });

  it('reports a non-submittable type for its own row only', async () => {
    const batcher = new JobInsertBatcher(db.pool, 50, 1);
    const rows = [row('t-ok-1'), row('t-bad', 8), row('t-ok-2'), row('t-unknown', 77)];
    expect(await Promise.all(rows.map((r) => batcher.insert(r)))).toEqual([true, false, true, false]);
    expect(await queueEntriesFor(db.pool, rows[1]!.id)).toHaveLength(0);
  });

  it('isolates a failing row: the batch is retried row by row', async () => {
    await db.pool.query(`
      CREATE FUNCTION reject_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.consumer_ref_id = 'poison' THEN RAISE EXCEPTION 'poisoned row'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER reject_poison BEFORE INSERT ON document_jobs FOR EACH ROW EXECUTE FUNCTION reject_poison();`);
    try {
      // One flush in flight holds back the rest, so they form a batch that contains the poisoned row.
      const batcher = new JobInsertBatcher(db.pool, 50, 1);
      const rows = [row('p-first'), row('p-1'), row('poison'), row('p-2')];
      const results = await Promise.allSettled(rows.map((r) => batcher.insert(r)));
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      const { rows: stored } = await db.pool.query(
        "SELECT consumer_ref_id FROM document_jobs WHERE consumer_ref_id LIKE 'p%' ORDER BY 1",
      );
      expect(stored.map((r) => r.consumer_ref_id)).toEqual(['p-1', 'p-2', 'p-first']);
    } finally {
      await db.pool.query('DROP TRIGGER reject_poison ON document_jobs; DROP FUNCTION reject_poison()');
    }
  });

  it('a row failing inside a shared statement costs a few statements, not one per row', async () => {
    await db.pool.query(`
      CREATE FUNCTION reject_poison2() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.consumer_ref_id = 'poison' THEN RAISE EXCEPTION 'poisoned row'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER reject_poison2 BEFORE INSERT ON document_jobs FOR EACH ROW EXECUTE FUNCTION reject_poison2();`);
    try {
      let statements = 0;
      const counting = {
        query: (...args: unknown[]) => {
          statements++;
          return (db.pool.query as (...a: unknown[]) => unknown)(...args);
        },
      };
      const batcher = new JobInsertBatcher(counting as never, 64, 1);
      const rows = Array.from({ length: 65 }, (_, i) => row(i === 40 ? 'poison' : `b-${i}`));
      const results = await Promise.allSettled(rows.map((r) => batcher.insert(r)));
      expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
      expect((results[40] as PromiseRejectedResult).reason.message).toMatch(/poisoned row/);
      // Row 0 alone, then 64 rows: 1 + 1 + 2 per level of halving (6 levels) = 14 at most; row by row would be 66.
      expect(statements).toBeLessThanOrEqual(14);
    } finally {
      await db.pool.query('DROP TRIGGER reject_poison2 ON document_jobs; DROP FUNCTION reject_poison2()');
    }
  });

  it('refuses a row PostgreSQL would reject before it joins a statement; the rest of its batch is stored', async () => {
    const batcher = new JobInsertBatcher(db.pool, 50, 1);
    const bad = [row('v-nul\u0000'), row('v-surrogate\ud800'), row('v-int', 2 ** 31)];
    const rows = [row('v-first'), bad[0]!, row('v-1'), bad[1]!, bad[2]!, row('v-2')];
    const results = await Promise.allSettled(rows.map((r) => batcher.insert(r)));
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'validation_error', statusCode: 400 });
    }
    const { rows: stored } = await db.pool.query(
      "SELECT count(*)::int AS n FROM document_jobs WHERE consumer_ref_id LIKE 'v-%'",
    );
    expect(stored[0].n).toBe(3);
  });

  it('a lost database fails the batch at once, without retrying row by row', async () => {
    const broken = createPool('postgres://postgres@127.0.0.1:1/none', 2);
    try {
      let statements = 0;
      const query = broken.query.bind(broken) as (...args: unknown[]) => unknown;
      (broken as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
        statements++;
        return query(...args);
      };
      const batcher = new JobInsertBatcher(broken, 50, 1);
      const results = await Promise.allSettled(
        [row('d-1'), row('d-2'), row('d-3'), row('d-4')].map((r) => batcher.insert(r)),
      );
      expect(results.every((r) => r.status === 'rejected' && isDatabaseUnavailable(r.reason))).toBe(true);
      // The first row is flushed alone, the other three wait and form one batch: two statements, no retries.
      expect(statements).toBe(2);
    } finally {
      await broken.end();
    }
  });
});
