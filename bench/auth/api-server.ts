// The API alone (buildApp, no worker), as its own process for bench:auth-flood, configured like `docex serve` from
// the environment (DATABASE_URL, PORT, TRUST_PROXY, DOCEX_AUTH_*). Runs from source, so the benchmark needs no build.
import pino from 'pino';
import { warmUpSecrets } from '../../src/auth/secrets.js';
import { loadConfig } from '../../src/config.js';
import { createPool } from '../../src/db/pool.js';
import { buildApp } from '../../src/http/app.js';
import { createMetrics } from '../../src/observability/metrics.js';

const config = loadConfig();
const pool = createPool(config.databaseUrl!, config.databasePoolSize);
const metrics = createMetrics(pool);
await warmUpSecrets();
const app = await buildApp({ config, pool, logger: pino({ level: 'warn' }), metrics });
await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.('ready');
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
