// The faults suite's own PostgreSQL: an embedded cluster in a temporary folder on its own port, so restarting it
// under load never touches the shared server other people's tests use.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../../src/db/embedded.js';
import { freePort } from './ports.js';

export interface FaultCluster {
  url: string;
  /** Fast shutdown (clients get 57P01), down for downMs, then started again on the same port and data. */
  restart(downMs: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startFaultCluster(): Promise<FaultCluster> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'docex-faults-pg-'));
  const port = await freePort();
  let db: EmbeddedDatabase = await startEmbeddedPostgres({ dataDir, port });
  return {
    url: db.connectionString,
    async restart(downMs) {
      await db.stop();
      await new Promise((r) => setTimeout(r, downMs));
      db = await startEmbeddedPostgres({ dataDir, port });
    },
    async stop() {
      await db.stop().catch(() => {});
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
