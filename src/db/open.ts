// Resolves where the database is (DATABASE_URL, or the embedded server under DOCEX_DATA_DIR), opens a pool and,
// unless told otherwise, applies pending migrations. Every entry point (start, serve, worker, admin commands)
// goes through here, so the same SQL and migrations run both ways.
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { migrate } from './migrate.js';
import { createPool, type Pool } from './pool.js';

export interface Database {
  pool: Pool;
  connectionString: string;
  embedded: boolean;
  /** False when the embedded server was already running (another docex process started it) and this one attached. */
  embeddedOwned: boolean;
  /** Makes close() also stop an embedded server this process attached to (see EmbeddedDatabase.adopt). */
  adoptEmbedded(): void;
  close(): Promise<void>;
}

export async function openDatabase(
  config: Config,
  logger: Logger,
  options: { migrate?: boolean; poolSize?: number } = {},
): Promise<Database> {
  let connectionString = config.databaseUrl;
  let stopEmbedded = async () => {};
  let embeddedOwned = false;
  let adoptEmbedded = () => {};
  if (!connectionString) {
    // Imported only when needed: the embedded server's package is large and has process-wide side effects.
    const { startEmbeddedPostgres } = await import('./embedded.js');
    const embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      log: (m) => logger.info(m),
    });
    connectionString = embedded.connectionString;
    stopEmbedded = embedded.stop;
    embeddedOwned = embedded.owned;
    adoptEmbedded = embedded.adopt;
  }
  const pool = createPool(connectionString, options.poolSize ?? config.databasePoolSize);
  try {
    if (options.migrate !== false) {
      const result = await migrate(pool);
      if (result.applied.length > 0) logger.info({ applied: result.applied }, 'database migrations applied');
    }
  } catch (err) {
    await pool.end().catch(() => {});
    await stopEmbedded().catch(() => {});
    throw err;
  }
  return {
    pool,
    connectionString,
    embedded: !config.databaseUrl,
    embeddedOwned,
    adoptEmbedded,
    async close() {
      await pool.end();
      await stopEmbedded();
    },
  };
}
