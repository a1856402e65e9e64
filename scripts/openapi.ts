// Prints the OpenAPI 3.1 document exactly as GET /v1/openapi.json serves it, without a database or a listening
// port: `npm run openapi > openapi.json`. CI lints it with Redocly (`npm run lint:openapi`).
import pino from 'pino';
import { loadConfig } from '../src/config.js';
import { createPool } from '../src/db/pool.js';
import { buildApp } from '../src/http/app.js';

// The pool is never connected: building the app and generating the document run no query.
const config = loadConfig({ ...process.env, DATABASE_URL: 'postgres://openapi@127.0.0.1:1/none' });
const pool = createPool(config.databaseUrl!, 1);
const app = await buildApp({ config, pool, logger: pino({ level: 'silent' }) });
try {
  const res = await app.inject({ method: 'GET', url: '/v1/openapi.json' });
  process.stdout.write(`${JSON.stringify(res.json(), null, 2)}\n`);
} finally {
  await app.close();
  await pool.end();
}
