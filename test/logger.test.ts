// Logs are JSON lines for machines and readable lines for a person at a terminal; secrets are hidden in both.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT, TSX } from './support/cli.js';

const SCRIPT = `
  const { createLogger } = await import(${JSON.stringify(`${ROOT}/src/logger.ts`)});
  const log = createLogger('info', 1, process.env.FORMAT);
  log.info({ jobId: 'job-1', clientSecret: 'dxs_top', req: { headers: { 'x-client-secret': 'dxs_header' } } }, 'docex is ready');
`;

/** Runs the logger in a child whose stdout is a pipe (not a terminal), as under a supervisor. */
function logWith(format: string): string {
  const r = spawnSync(process.execPath, ['--import', TSX, '--input-type=module', '-e', SCRIPT], {
    env: { PATH: process.env.PATH, FORMAT: format },
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

describe('createLogger', () => {
  it('writes JSON lines when stdout is not a terminal (auto) or when asked (json)', () => {
    for (const format of ['auto', 'json']) {
      const line = JSON.parse(logWith(format).trim());
      expect(line).toMatchObject({ level: 30, msg: 'docex is ready', jobId: 'job-1', service: 'docex' });
      expect(JSON.stringify(line)).not.toContain('dxs_');
    }
  });

  it('writes readable lines when asked (pretty), with the same secrets hidden', () => {
    const text = logWith('pretty');
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: docex is ready\n/);
    expect(text).toContain('jobId: "job-1"');
    expect(text).not.toContain('dxs_');
    expect(text).not.toContain('\u001b['); // no colours into a pipe
  });
});
