// Builds one migrated template database per test run; every test file then clones it (CREATE DATABASE ... TEMPLATE
// is a file copy, ~50 ms) so files run in parallel without seeing each other's rows. Names carry a run id so that
// concurrent runs on one server never touch each other's databases.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/db/migrate.js';
import { createPool } from '../../src/db/pool.js';
import { ADMIN_DATABASE_URL, databaseUrl } from './env.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
    runId: string;
  }
}

const runId = randomBytes(4).toString('hex');
const template = `docex_tpl_${runId}`;

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

export async function setup(project: TestProject): Promise<void> {
  await admin(`CREATE DATABASE ${template}`);
  const pool = createPool(databaseUrl(template), 2);
  try {
    await migrate(pool);
  } finally {
    await pool.end();
  }
  project.provide('templateDatabase', template);
  project.provide('runId', runId);
}

export async function teardown(): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await c.connect();
  try {
    const { rows } = await c.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2',
      [`docex_t_${runId}_%`, template],
    );
    for (const r of rows) await c.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
  } finally {
    await c.end();
  }
}
