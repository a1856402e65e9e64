// A dropped promise does not end a docex process: with the guards installed an unhandled rejection is logged and the
// process goes on (Node's default is to exit with code 1, which is what killed the worker on database restarts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

function runWith(guards: boolean) {
  const script = `
    import pino from 'pino';
    import { installProcessGuards } from ${JSON.stringify(path.join(ROOT, 'src/worker/process-guards.ts'))};
    if (${guards}) installProcessGuards(pino({ level: 'error' }, process.stderr));
    void Promise.reject(new Error('a dropped query'));
    setTimeout(() => process.stdout.write('still running'), 200);
  `;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('process guards', () => {
  it('contain an unhandled rejection: logged with its error, the process keeps running', () => {
    const guarded = runWith(true);
    expect(guarded.status).toBe(0);
    expect(guarded.stdout).toBe('still running');
    expect(guarded.stderr).toContain('unhandled promise rejection contained');
    expect(guarded.stderr).toContain('a dropped query');
  });

  it('without them Node exits at once (the behaviour they replace)', () => {
    const bare = runWith(false);
    expect(bare.status).not.toBe(0);
    expect(bare.stdout).toBe('');
  });
});
