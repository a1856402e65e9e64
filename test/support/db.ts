import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPool, type Pool } from '../../src/db/pool.js';
import { inject } from 'vitest';
import { ADMIN_DATABASE_URL, databaseUrl } from './env.js';

export interface TestDatabase {
  name: string;
  url: string;
  pool: Pool;
  drop(): Promise<void>;
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A fresh, migrated database of its own (cloned from the run's template). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `docex_t_${inject('runId')}_${randomBytes(5).toString('hex')}`;
  const template = inject('templateDatabase');
  // Concurrent clones of one template can collide ("source database is being accessed"): retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
      break;
    } catch (err) {
      if (attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const url = databaseUrl(name);
  const pool = createPool(url, 10);
  return {
    name,
    url,
    pool,
    async drop() {
      await pool.end().catch(() => {});
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
