// What every admin command needs: the validated config, a logger on stderr, and the database (migrated).
import type { Logger } from 'pino';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/open.js';
import { createLogger } from '../logger.js';

export interface AdminContext {
  config: Config;
  logger: Logger;
  db: Database;
}

export async function withAdminContext<T>(
  fn: (ctx: AdminContext) => Promise<T>,
  options: { migrate?: boolean } = {},
): Promise<T> {
  const config = loadConfig();
  // Admin output goes to stdout; logs go to stderr and stay quiet unless asked for.
  const logger = createLogger(process.env.LOG_LEVEL ? config.logLevel : 'warn', 2);
  const db = await openDatabase(config, logger, { poolSize: 2, migrate: options.migrate ?? true });
  try {
    return await fn({ config, logger, db });
  } finally {
    await db.close();
  }
}
