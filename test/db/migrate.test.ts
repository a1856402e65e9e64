import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { listMigrations, migrate } from '../../src/db/migrate.js';
import { createPool } from '../../src/db/pool.js';
import { ADMIN_DATABASE_URL, databaseUrl } from '../support/env.js';
import { inject } from 'vitest';

// A blank database (not the template clone) to exercise migrations from zero.
const name = `docex_t_${inject('runId')}_migrate`;

async function adminQuery(sql: string) {
  const c = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

describe('migrations', () => {
  beforeAll(() => adminQuery(`CREATE DATABASE ${name}`));
  afterAll(() => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  it('apply once when two processes migrate at the same time', async () => {
    const a = createPool(databaseUrl(name), 2);
    const b = createPool(databaseUrl(name), 2);
    try {
      const [ra, rb] = await Promise.all([migrate(a), migrate(b)]);
      const applied = [...ra.applied, ...rb.applied].sort();
      const files = (await listMigrations()).map((m) => m.name);
      expect(applied).toEqual(files);
      expect(files[0]).toBe('0001_init.sql');
      const again = await migrate(a);
      expect(again.applied).toEqual([]);
      const { rows } = await a.query('SELECT id, name, state FROM document_types ORDER BY id');
      expect(rows).toEqual([
        { id: 0, name: 'Invoice', state: 'public' },
        { id: 1, name: 'Purchase Order', state: 'public' },
        { id: 2, name: 'GRN', state: 'public' },
        { id: 3, name: 'Debit Note', state: 'public' },
        { id: 4, name: 'Credit Card Statement', state: 'public' },
        { id: 5, name: 'Credit Card Statement (multi-account)', state: 'public' },
        { id: 8, name: 'Email attachments', state: 'internal' },
        { id: 9, name: 'PO number only', state: 'public' },
      ]);
      const queue = await a.query(
        "SELECT to_regprocedure('graphile_worker.add_job(text,json,text,timestamptz,integer,text,integer,text[],text)') AS fn",
      );
      expect(queue.rows[0].fn).not.toBeNull();
    } finally {
      await a.end();
      await b.end();
    }
  });
});
