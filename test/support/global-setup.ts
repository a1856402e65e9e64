// Builds one migrated template database per test run; every test file then clones it (CREATE DATABASE ... TEMPLATE
// is a file copy, ~50 ms) so files run in parallel without seeing each other's rows.
import pg from 'pg';
import { migrate } from '../../src/db/migrate.js';
import { createPool } from '../../src/db/pool.js';
import { ADMIN_DATABASE_URL, databaseUrl, TEMPLATE_DATABASE } from './env.js';

export async function setup(): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    // Leftovers of interrupted runs.
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'docex_t_%'",
    );
    for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
  const pool = createPool(databaseUrl(TEMPLATE_DATABASE), 2);
  try {
    await migrate(pool);
  } finally {
    await pool.end();
  }
}
