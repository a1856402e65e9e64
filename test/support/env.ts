// Tests run against the real PostgreSQL on this machine (CI's too): TEST_DATABASE_URL names a database the tests can
// connect to in order to create and drop their own databases.
export const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.href;
}
