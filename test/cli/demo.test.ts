// `docex demo` end to end: the service on loopback (here on a test database through DATABASE_URL), the bundled
// samples, a single, a multi-image and an email job, each webhook's signature checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { runCliInProcess } from '../support/cli.js';

describe('docex demo', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());

  // Two page images are read by OCR: ~15 s of CPU; the whole demo takes 25-50 s on two shared cores.
  it('runs the service on loopback, submits the three kinds of job and prints verified webhooks', async () => {
    const r = await runCliInProcess(['demo', '--timeout', '100'], { DATABASE_URL: db.url });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('DOCEX_TRUSTED_ADDRESSES=127.0.0.1');
    expect(r.stdout.match(/document\.processed, signature verified/g)).toHaveLength(3);
    for (const number of ['INV-2026-0415', 'BW-8812', 'CN-2026-0031']) expect(r.stdout).toContain(number);
    expect(r.stdout).toContain('3 of 3 jobs processed and delivered with verified signatures');
    const jobs = await db.pool.query('SELECT mode, status FROM document_jobs ORDER BY mode');
    expect(jobs.rows).toEqual([
      { mode: 'email', status: 'processed' },
      { mode: 'multi', status: 'processed' },
      { mode: 'single', status: 'processed' },
    ]);
  }, 150_000);
});
