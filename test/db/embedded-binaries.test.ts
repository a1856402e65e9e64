// As root the embedded PostgreSQL runs as the `postgres` user, who must reach its programs. A checkout under a
// private folder (/root/app) hides the ones in node_modules: they are then copied once to a shared folder.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { binariesForOtherUser, packagedBinariesDir } from '../../src/db/embedded-binaries.js';

const asRoot = process.getuid?.() === 0;
let scratch: string | undefined;
afterAll(() => scratch && rm(scratch, { recursive: true, force: true }));

const postgresIds = () => ({
  uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
  gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
});

describe('embedded PostgreSQL binaries for the postgres user', () => {
  it.skipIf(!asRoot)(
    '(needs root, which runs PostgreSQL as the postgres user) copies unreachable binaries once to a shared folder',
    async () => {
      const packaged = await packagedBinariesDir();
      scratch = await mkdtemp(path.join(os.tmpdir(), 'docex-binaries-'));
      await chmod(scratch, 0o755);
      // A checkout inside a private home: 0700, like /root.
      const privateHome = path.join(scratch, 'home');
      await mkdir(privateHome, { mode: 0o700 });
      await chmod(privateHome, 0o700);
      const hidden = path.join(privateHome, 'app', 'native');
      await cp(packaged.dir, hidden, { recursive: true, verbatimSymlinks: true });
      const sharedRoot = path.join(scratch, 'shared');

      const messages: string[] = [];
      const binaries = await binariesForOtherUser((m) => messages.push(m), {
        source: { dir: hidden, version: packaged.version },
        sharedRoot,
      });
      expect(binaries.postgres.startsWith(sharedRoot)).toBe(true);
      expect(messages.join('\n')).toContain(`the postgres user cannot reach ${hidden}`);

      // The postgres user can run the copy (and its shared libraries load from the copied lib/).
      const ran = spawnSync(binaries.postgres, ['--version'], { ...postgresIds(), encoding: 'utf8' });
      expect(ran.status, ran.stderr).toBe(0);
      expect(ran.stdout).toMatch(/^postgres \(PostgreSQL\) \d+/);
      const hiddenRun = spawnSync(path.join(hidden, 'bin', 'postgres'), ['--version'], {
        ...postgresIds(),
        encoding: 'utf8',
      });
      expect(hiddenRun.status).not.toBe(0);

      // Once per version: a second start uses the copy as it is.
      const again: string[] = [];
      expect(
        (
          await binariesForOtherUser((m) => again.push(m), {
            source: { dir: hidden, version: packaged.version },
            sharedRoot,
          })
        ).postgres,
      ).toBe(binaries.postgres);
      expect(again).toEqual([]);
    },
  );

  it('uses the binaries in place when every user can reach them', async () => {
    const packaged = await packagedBinariesDir();
    const open = await mkdtemp(path.join(os.tmpdir(), 'docex-binaries-open-'));
    try {
      await chmod(open, 0o755);
      const reachable = path.join(open, 'native');
      await cp(packaged.dir, reachable, { recursive: true, verbatimSymlinks: true });
      const messages: string[] = [];
      const sharedRoot = path.join(open, 'never-used');
      const binaries = await binariesForOtherUser((m) => messages.push(m), {
        source: { dir: reachable, version: packaged.version },
        sharedRoot,
      });
      expect(binaries.root).toBe(reachable);
      expect(messages).toEqual([]);
    } finally {
      await rm(open, { recursive: true, force: true });
    }
  });
});
