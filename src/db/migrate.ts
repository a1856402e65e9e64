// Forward-only numbered SQL migrations (src/db/migrations/NNNN_name.sql), each applied in its own transaction and
// recorded in docex_migrations. A session-level advisory lock makes concurrent starts safe: the second process
// waits, then finds nothing left to do. graphile-worker's own schema is installed under the same lock.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Logger, runMigrations as runQueueMigrations } from 'graphile-worker';
import type { Pool } from './pool.js';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Arbitrary constant shared by every docex process: "docex" in ASCII.
const MIGRATION_LOCK_ID = 0x646f636578;
const silentQueueLogger = new Logger(() => () => {});

export interface MigrationResult {
  applied: string[];
  alreadyApplied: number;
}

export async function listMigrations(): Promise<Array<{ name: string; sql: string }>> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (name) => ({ name, sql: await readFile(path.join(MIGRATIONS_DIR, name), 'utf8') })),
  );
}

export async function migrate(pool: Pool): Promise<MigrationResult> {
  const migrations = await listMigrations();
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await client.query(`CREATE TABLE IF NOT EXISTS docex_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set(
      (await client.query<{ name: string }>('SELECT name FROM docex_migrations')).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      try {
        await client.query('BEGIN');
        await client.query(m.sql);
        await client.query('INSERT INTO docex_migrations (name) VALUES ($1)', [m.name]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw new Error(`migration ${m.name} failed`, { cause: err });
      }
      applied.push(m.name);
    }
    await runQueueMigrations({ pgPool: pool, logger: silentQueueLogger });
    return { applied, alreadyApplied: done.size };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}
