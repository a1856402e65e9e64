// What every admin command needs: the validated config, a logger on stderr, and the database (migrated).
import type { Logger } from 'pino';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/open.js';
import { createLogger } from '../logger.js';
import { resolveAdminDatabase } from './admin-database.js';
import { cliIo } from './output.js';

export interface AdminContext {
  config: Config;
  logger: Logger;
  db: Database;
}

export async function withAdminContext<T>(
  fn: (ctx: AdminContext) => Promise<T>,
  options: { migrate?: boolean; mayInitialise?: boolean } = {},
): Promise<T> {
  const { env } = cliIo();
  const config = await resolveAdminDatabase(loadConfig(env), { mayInitialise: options.mayInitialise });
  // Admin output goes to stdout; logs go to stderr and stay quiet unless asked for.
  const logger = createLogger(env.LOG_LEVEL ? config.logLevel : 'warn', 2, config.logFormat);
  const db = await openDatabase(config, logger, { poolSize: 2, migrate: options.migrate ?? true });
  try {
    return await fn({ config, logger, db });
  } finally {
    await db.close();
  }
}
