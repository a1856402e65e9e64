// `docex start` (API + worker in one process), `docex serve` (API), `docex worker` (processing and delivery, with
// health and metrics on PORT) and `docex migrate`.
import type { Command } from 'commander';
import { warmUpSecrets } from '../../auth/secrets.js';
import { loadConfig, type Config } from '../../config.js';
import { openDatabase } from '../../db/open.js';
import { migrate } from '../../db/migrate.js';
import { createLogger } from '../../logger.js';
import type { Worker } from '../../worker/index.js';
import { installProcessGuards } from '../../worker/process-guards.js';
import { withAdminContext } from '../context.js';
import { liveInstances, recordInstance } from '../../db/embedded-instances.js';
import { cliIo, print, printJson } from '../output.js';

type Role = { api: boolean; worker: boolean };
interface RunOptions {
  exitWithParent?: boolean;
}

/**
 * `npm start` runs docex as npm's child: a supervisor's SIGTERM reaches npm, which forwards it, but a SIGKILL of npm
 * (or npm crashing) would leave docex and its PostgreSQL serving with nobody to stop them. With --exit-with-parent
 * docex watches its parent and shuts down as on SIGTERM when it is gone (it is then adopted by another process).
 */
function watchParent(onGone: () => void): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(timer);
      onGone();
    }
  }, 500);
  timer.unref();
}

/**
 * Runs until SIGTERM/SIGINT, then stops taking requests and jobs, drains in-flight requests, lets in-flight jobs
 * finish for DOCEX_SHUTDOWN_GRACE_MS (then releases them to the queue) and closes the database.
 */
async function run(role: Role, options: RunOptions = {}): Promise<void> {
  const config = loadConfig(cliIo().env);
  const logger = createLogger(config.logLevel, 1, config.logFormat);
  // A dropped promise (see src/worker/process-guards.ts) is logged, not a reason to exit mid-work.
  installProcessGuards(logger);
  let forgetInstance = () => {};
  let adopted = false;
  let db: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let app: { close(): Promise<unknown> } | undefined;
  let worker: Worker | null = null;

  // Installed before anything starts: a SIGTERM that arrives while jobs are already running must drain them, not
  // kill the process (Node's default).
  let startup: Promise<void> = Promise.resolve();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownGraceMs + 15_000);
    force.unref();
    await startup.catch(() => {});
    await app?.close();
    await worker?.stop();
    await db?.close();
    forgetInstance();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  if (options.exitWithParent) watchParent(() => void stop('parent exited'));

  startup = (async () => {
    // Loaded here, not at the top: admin commands share this CLI and should not pay for pdfjs, OCR and the HTTP stack.
    const [{ buildApp }, { createMetrics }, { startWorker }] = await Promise.all([
      import('../../http/app.js'),
      import('../../observability/metrics.js'),
      import('../../worker/index.js'),
    ]);
    db = await openDatabase(config, logger);
    if (db.embedded && !db.embeddedOwned && !(await servedByAnother(config))) {
      // No live docex serves this data folder: the server was left by one that died (SIGKILL). This service
      // stops it when it stops, so it does not run on unsupervised.
      logger.warn(
        { dataDir: config.dataDir },
        'adopting the embedded PostgreSQL left running by a docex process that is gone',
      );
      db.adoptEmbedded();
      adopted = true;
    }
    if (db.embedded && (db.embeddedOwned || adopted)) {
      // Lets admin commands started in other folders find this database (src/cli/admin-database.ts). Written as
      // soon as the database is up, so a second service starting beside this one sees who owns the server.
      forgetInstance = await recordInstance(config.instancesDir, {
        pid: process.pid,
        dataDir: config.dataDir,
        pgPort: config.embeddedPgPort,
        httpPort: config.port,
        startedAt: new Date().toISOString(),
        addressPolicy: { allowPrivateNetworks: config.allowPrivateNetworks, trustedAddresses: config.trustedAddresses },
      });
      process.once('exit', forgetInstance);
    }
    const metrics = config.metrics ? createMetrics(db.pool) : undefined;
    if (role.api) await warmUpSecrets();
    const fastify = await buildApp({ config, pool: db.pool, logger, metrics, api: role.api });
    app = fastify;
    if (stopping) return;
    worker = role.worker ? await startWorker({ config, pool: db.pool, logger, metrics }) : null;
    await fastify.listen({ port: config.port, host: config.host });
    logger.info(
      { api: role.api, worker: role.worker, database: db.embedded ? `embedded (${config.dataDir})` : 'DATABASE_URL' },
      'docex is ready',
    );
  })();
  await startup;
}

/** True when another live docex service recorded this data folder (it owns the embedded server). */
async function servedByAnother(config: Config): Promise<boolean> {
  const live = await liveInstances(config.instancesDir);
  return live.some((i) => i.dataDir === config.dataDir && i.pid !== process.pid);
}

const EXIT_WITH_PARENT = ['--exit-with-parent', 'shut down when the parent process (e.g. npm) is gone'] as const;

export function registerServerCommands(program: Command): void {
  program
    .command('start')
    .description('run the HTTP API and the worker in one process (what npm start runs); stops on SIGTERM/SIGINT')
    .option(...EXIT_WITH_PARENT)
    .action((opts: RunOptions) => run({ api: true, worker: true }, opts));

  program
    .command('serve')
    .description('run the HTTP API only')
    .option(...EXIT_WITH_PARENT)
    .action((opts: RunOptions) => run({ api: true, worker: false }, opts));

  program
    .command('worker')
    .description('run the worker only (processing and webhook delivery); /healthz, /readyz and /metrics on PORT')
    .option(...EXIT_WITH_PARENT)
    .action((opts: RunOptions) => run({ api: false, worker: true }, opts));

  program
    .command('migrate')
    .description('apply pending database migrations (also done automatically at start)')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      // The one admin command that may create the embedded database (an explicit set-up step).
      const result = await withAdminContext(({ db }) => migrate(db.pool), { migrate: false, mayInitialise: true });
      if (opts.json) printJson(result);
      else {
        print(
          result.applied.length > 0
            ? `applied ${result.applied.length} migration(s): ${result.applied.join(', ')}\n`
            : 'database is up to date\n',
        );
      }
    });
}
