// `docex serve` (HTTP API), `docex start` (API + worker in one process) and `docex migrate`.
import type { Command } from 'commander';
import { warmUpSecrets } from '../../auth/secrets.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/open.js';
import { migrate } from '../../db/migrate.js';
import { buildApp } from '../../http/app.js';
import { createLogger } from '../../logger.js';
import { withAdminContext } from '../context.js';
import { printJson } from '../output.js';

/** Runs until SIGTERM/SIGINT, then stops accepting, drains in-flight requests and closes the database. */
async function runServer(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const db = await openDatabase(config, logger);
  await warmUpSecrets();
  const app = await buildApp({ config, pool: db.pool, logger });
  await app.listen({ port: config.port, host: config.host });
  logger.info({ database: db.embedded ? `embedded (${config.dataDir})` : 'DATABASE_URL' }, 'docex is ready');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took longer than 30 s; exiting');
      process.exit(1);
    }, 30_000);
    force.unref();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

export function registerServerCommands(program: Command): void {
  program
    .command('serve')
    .description('run the HTTP API')
    .action(runServer);

  program
    .command('start', { isDefault: true })
    .description('run the HTTP API and the worker in one process (the default for npm start)')
    .action(runServer);

  program
    .command('migrate')
    .description('apply pending database migrations (also done automatically at start)')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const result = await withAdminContext(({ db }) => migrate(db.pool), { migrate: false });
      if (opts.json) printJson(result);
      else {
        process.stdout.write(
          result.applied.length > 0
            ? `applied ${result.applied.length} migration(s): ${result.applied.join(', ')}\n`
            : 'database is up to date\n',
        );
      }
    });
}
