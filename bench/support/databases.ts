// Throwaway databases for the benchmarks, on the server of an admin URL (the test database's by default).
import pg from 'pg';

async function admin(adminUrl: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Creates (or recreates) a database on the admin URL's server; returns its URL. The name is ours, never user input. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  await admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
