// The admin CLI forms that operators and scripts depend on, against a real database. Commands run in this process
// (runCliInProcess: same parser, commands and exit codes; a spawned tsx process costs ~0.7 s per command, which put
// this file over 30 s on two cores); what only a process shows (exit status of the binary) is spawned once.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { runCli, runCliInProcess } from '../support/cli.js';

let db: TestDatabase;
const cli = (...args: string[]) => runCliInProcess(args, { DATABASE_URL: db.url });
const json = async (...args: string[]) => {
  const r = await cli(...args);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
};

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe('docex orgs / keys', () => {
  it('creates, lists, revokes and deletes with the exact JSON forms', async () => {
    const org = await json('orgs', 'create', '--name', 'Acme GmbH', '--json');
    expect(org).toMatchObject({ name: 'Acme GmbH' });
    expect(org.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await json('orgs', 'list', '--json')).map((o: { id: string }) => o.id)).toContain(org.id);

    const key = await json(
      'keys',
      'create',
      '--org',
      org.id,
      '--name',
      'production',
      '--webhook-base-url',
      'https://erp.example/hooks/',
      '--allow',
      '203.0.113.0/24',
      '--allow',
      '2001:db8::1',
      '--json',
    );
    for (const f of ['id', 'clientId', 'clientSecret', 'organizationId', 'name', 'webhookBaseUrl', 'ipAllowlist'])
      expect(key).toHaveProperty(f);
    expect(key).toMatchObject({
      organizationId: org.id,
      name: 'production',
      webhookBaseUrl: 'https://erp.example/hooks',
      ipAllowlist: ['203.0.113.0/24', '2001:db8::1'],
    });
    // >= 32 bytes of entropy: 43 base64url characters after the prefix.
    expect(key.clientSecret).toMatch(/^dxs_[A-Za-z0-9_-]{43}$/);
    expect(key.webhookSigningSecret).toMatch(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/);
    const rotated = await json('keys', 'rotate-signing-secret', key.clientId, '--grace', '1h', '--json');
    expect(rotated.webhookSigningSecret).toMatch(/^whsec_/);
    expect(rotated.webhookSigningSecret).not.toBe(key.webhookSigningSecret);
    expect(Date.parse(rotated.previousSecretsExpireAt)).toBeGreaterThan(Date.now());

    const stored = await db.pool.query('SELECT secret_hash FROM api_keys WHERE client_id = $1', [key.clientId]);
    expect(stored.rows[0].secret_hash).toMatch(/^\$2[aby]\$10\$/);
    expect(stored.rows[0].secret_hash).not.toContain(key.clientSecret);

    const listed = await cli('keys', 'list', '--org', org.id, '--json');
    expect(listed.stdout).not.toContain(key.clientSecret);
    expect(listed.stdout).not.toContain('$2b$');
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ clientId: key.clientId, revokedAt: null })]);
    const table = await cli('keys', 'list');
    expect(table.stdout).toContain(key.clientId);
    expect(table.stdout).not.toContain(key.clientSecret);

    expect((await cli('keys', 'revoke', key.clientId)).code).toBe(0);
    const after = await json('keys', 'list', '--org', org.id, '--json');
    expect(after[0].revokedAt).not.toBeNull();

    expect((await cli('orgs', 'delete', org.id)).code).toBe(0);
    expect((await json('orgs', 'list', '--json')).map((o: { id: string }) => o.id)).not.toContain(org.id);
  });

  it('fails clearly, with exit code 1, on bad input', async () => {
    const noOrg = await cli(
      'keys',
      'create',
      '--org',
      '00000000-0000-4000-8000-000000000000',
      '--name',
      'x',
      '--webhook-base-url',
      'https://h.example',
      '--json',
    );
    expect(noOrg.code).toBe(1);
    expect(noOrg.stderr).toContain('organization 00000000-0000-4000-8000-000000000000 not found');
    const org = await json('orgs', 'create', '--name', 'B', '--json');
    const badUrl = await cli('keys', 'create', '--org', org.id, '--name', 'x', '--webhook-base-url', 'ftp://h.example');
    expect(badUrl.code).toBe(1);
    expect(badUrl.stderr).toContain('--webhook-base-url must be an http(s) URL');
    const badIp = await cli(
      'keys',
      'create',
      '--org',
      org.id,
      '--name',
      'x',
      '--webhook-base-url',
      'https://h.example',
      '--allow',
      '10.0.0.0/40',
    );
    expect(badIp.code).toBe(1);
    expect(badIp.stderr).toContain('--allow');
    const missing = await cli('keys', 'create', '--org', org.id);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('--name');
    expect((await cli('keys', 'revoke', '00000000-0000-4000-8000-000000000000')).code).toBe(1);
  });

  it('reports every bad configuration variable and exits 2', async () => {
    const r = await runCliInProcess(['orgs', 'list'], { DATABASE_URL: 'mysql://x', PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(r.code).toBe(2);
    for (const name of ['DATABASE_URL', 'PORT', 'LOG_LEVEL']) expect(r.stderr).toContain(name);
  });

  it('docex migrate is idempotent', async () => {
    const r = await cli('migrate', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).applied).toEqual([]);
  });

  it('manages the parser registry: create, activate (retiring the previous), list, retire', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docex-parsers-'));
    try {
      await writeFile(path.join(dir, 'builtin.json'), '{"einvoice": false}');
      await writeFile(path.join(dir, 'bad.json'), '{"colour": "blue"}');
      const v1 = await json('parsers', 'create', '--type', '0', '--engine', 'builtin', '--json');
      const v2 = await json(
        'parsers',
        'create',
        '--type',
        '0',
        '--engine',
        'builtin',
        '--config',
        path.join(dir, 'builtin.json'),
        '--description',
        'text only',
        '--json',
      );
      expect([v1.version, v2.version]).toEqual([1, 2]);
      expect(v2).toMatchObject({ typeId: 0, engine: 'builtin', state: 'draft', config: { einvoice: false } });
      expect((await json('parsers', 'activate', v1.id, '--json')).state).toBe('active');
      expect((await json('parsers', 'activate', v2.id, '--json')).state).toBe('active');
      const list = await json('parsers', 'list', '--type', '0', '--json');
      expect(list.map((v: { version: number; state: string }) => [v.version, v.state])).toEqual([
        [1, 'retired'],
        [2, 'active'],
      ]);
      expect((await json('parsers', 'retire', v2.id, '--json')).state).toBe('retired');
      const bad = await cli(
        'parsers',
        'create',
        '--type',
        '0',
        '--engine',
        'builtin',
        '--config',
        path.join(dir, 'bad.json'),
      );
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('--config');
      const llmWithoutModel = await cli('parsers', 'create', '--type', '1', '--engine', 'llm');
      expect(llmWithoutModel.code).toBe(1);
      expect((await cli('parsers', 'create', '--type', '8', '--engine', 'builtin')).code).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('jobs deliveries / redeliver report clearly on unknown jobs and empty batches', async () => {
    const unknown = await cli('jobs', 'deliveries', '00000000-0000-4000-8000-000000000000', '--json');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('job 00000000-0000-4000-8000-000000000000 not found');
    const missing = await cli('jobs', 'redeliver', '00000000-0000-4000-8000-000000000000');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('not found');
    expect(await json('jobs', 'redeliver', '--failed', '--since', '1h', '--json')).toEqual({
      queued: 0,
      deliveries: [],
    });
    expect((await cli('jobs', 'redeliver', '--failed', '--since', 'soon')).code).toBe(1);
  });
});

describe('docex jobs list / show', () => {
  it('lists with filters and shows a job being retried with its attempts and last error', async () => {
    const org = await json('orgs', 'create', '--name', 'Jobs', '--json');
    const other = await json('orgs', 'create', '--name', 'Other', '--json');
    const insert = (orgId: string, ref: string, status: string, age: string) =>
      db.pool.query<{ id: string }>(
        `INSERT INTO document_jobs (organization_id, consumer_ref_id, document_id, type_id, mode, require_line_items, status, payload,
           webhook_url, created_at, updated_at)
         VALUES ($1, $2, 1, 0, 'single', false, $3, '{}', '', now() - $4::interval, now() - $4::interval) RETURNING id`,
        [orgId, ref, status, age],
      );
    const fresh = (await insert(org.id, 'ref/fresh', 'extracting', '1 minute')).rows[0]!.id;
    const old = (await insert(org.id, 'ref/old', 'processed', '3 hours')).rows[0]!.id;
    await insert(other.id, 'ref/other', 'extracting', '2 minutes');

    const mine = await json('jobs', 'list', '--org', org.id, '--json');
    expect(mine.map((j: { id: string }) => j.id)).toEqual([fresh, old]);
    expect(
      (await json('jobs', 'list', '--org', org.id, '--since', '1h', '--json')).map((j: { id: string }) => j.id),
    ).toEqual([fresh]);
    expect(
      (await json('jobs', 'list', '--status', 'processed', '--org', org.id, '--json')).map((j: { id: string }) => j.id),
    ).toEqual([old]);
    expect(await json('jobs', 'list', '--limit', '1', '--json')).toHaveLength(1);
    const table = await cli('jobs', 'list', '--org', org.id);
    expect(table.stdout).toContain('ref/fresh');
    expect((await cli('jobs', 'list', '--status', 'done')).stderr).toContain('--status must be one of');
    expect((await cli('jobs', 'list', '--since', 'soon')).code).toBe(1);

    // The queue entry of a job whose first attempt failed and waits for its retry.
    await db.pool.query(
      `SELECT graphile_worker.add_job('process_document', json_build_object('jobId', $1::text), max_attempts => 5, run_at => now() + interval '5 minutes')`,
      [fresh],
    );
    await db.pool.query(
      `UPDATE graphile_worker._private_jobs SET attempts = 2, last_error = 'download_failed: connection reset by the document host'
       WHERE payload->>'jobId' = $1`,
      [fresh],
    );
    const shown = await json('jobs', 'show', fresh, '--json');
    expect(shown.job).toMatchObject({ id: fresh, status: 'extracting', consumerRefId: 'ref/fresh' });
    expect(shown.queue).toMatchObject({
      attempts: 2,
      maxAttempts: 5,
      retrying: true,
      lastError: expect.stringContaining('connection reset'),
    });
    const text = await cli('jobs', 'show', fresh);
    expect(text.stdout).toContain('extracting (retrying: attempt 2 of 5)');
    expect(text.stdout).toContain('last error:    download_failed: connection reset');
    const done = await json('jobs', 'show', old, '--json');
    expect(done.queue).toBeNull();
    const missing = await cli('jobs', 'show', '00000000-0000-4000-8000-000000000000');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('not found');
  });
});

describe('command line usage', () => {
  it('prints help for a bare docex and for --help everywhere, exit 0', async () => {
    const bare = await cli();
    expect(bare.code).toBe(0);
    expect(bare.stdout).toContain('Usage: docex');
    expect(bare.stdout).toContain('Exit codes');
    for (const args of [
      ['--help'],
      ['jobs', '--help'],
      ['jobs', 'list', '--help'],
      ['keys', 'create', '--help'],
      ['extract', '--help'],
      ['demo', '--help'],
    ]) {
      const r = await cli(...args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout, args.join(' ')).toContain('Usage: docex');
    }
  });

  it('rejects unknown commands, options and extra arguments with a suggestion, exit 2', async () => {
    const command = await cli('strat');
    expect(command.code).toBe(2);
    expect(command.stderr).toContain("unknown command 'strat'");
    expect(command.stderr).toContain('Did you mean start?');
    const sub = await cli('jobs', 'lst');
    expect(sub.code).toBe(2);
    expect(sub.stderr).toContain('Did you mean list?');
    const option = await cli('orgs', 'list', '--jsn');
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("unknown option '--jsn'");
    expect(option.stderr).toContain('Did you mean --json?');
    const extra = await cli('orgs', 'list', 'surplus');
    expect(extra.code).toBe(2);
    expect(extra.stderr).toContain('too many arguments');
  });

  it('the compiled-or-sources binary exits with the same codes as a process', async () => {
    const r = await runCli(['orgs', 'lst'], { DATABASE_URL: db.url });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Did you mean list?');
  });
});

describe('docex keys create and the address policy', () => {
  it('refuses a webhook base URL the worker would refuse, names the settings, and allows it with the override or the setting', async () => {
    const org = await json('orgs', 'create', '--name', 'Hooks', '--json');
    const base = [
      'keys',
      'create',
      '--org',
      org.id,
      '--name',
      'local',
      '--webhook-base-url',
      'http://127.0.0.1:9/hooks',
    ];
    const refused = await cli(...base, '--json');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('loopback');
    expect(refused.stderr).toContain('DOCEX_TRUSTED_ADDRESSES=127.0.0.1');
    expect(refused.stderr).toContain('DOCEX_ALLOW_PRIVATE_NETWORKS');
    expect(refused.stderr).toContain('--allow-unreachable-webhook');
    expect(await json('keys', 'list', '--org', org.id, '--json')).toEqual([]);

    const forced = await cli(...base, '--allow-unreachable-webhook', '--json');
    expect(forced.code).toBe(0);
    expect(forced.stderr).toContain('warning');
    const trusted = await runCliInProcess([...base, '--json'], {
      DATABASE_URL: db.url,
      DOCEX_TRUSTED_ADDRESSES: '127.0.0.1',
    });
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(trusted.stderr).toBe('');
    expect(await json('keys', 'list', '--org', org.id, '--json')).toHaveLength(2);
  });
});
