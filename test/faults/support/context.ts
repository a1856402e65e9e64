// What every fault scenario starts from: its own PostgreSQL cluster, a document server with a real PDF, the
// tenant's receiver, and a way to start docex processes against them.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startDocumentServer, type DocumentServer } from '../../support/document-server.js';
import { buildPdf, helveticaPage } from '../../support/pdf-builder.js';
import { startFaultCluster, type FaultCluster } from './cluster.js';
import { prepareTenant, type Tenant } from './load.js';
import { freePort } from './ports.js';
import { processSet, type DocexProcess, type ProcessSet, type Role } from './processes.js';
import { startFaultReceiver, type FaultReceiver } from './receiver.js';

export interface FaultContext {
  cluster: FaultCluster;
  docs: DocumentServer;
  receiver: FaultReceiver;
  tenant: Tenant;
  processes: ProcessSet;
  documentUrl: string;
  logDir: string;
  /** Starts a docex process with the fault settings (plus env); port: reuse one (a restart), else a free one. */
  start(name: string, role: Role, env?: Record<string, string>, port?: number): Promise<DocexProcess>;
  close(): Promise<void>;
}

const invoice = buildPdf(
  helveticaPage(
    [
      'BT /F1 14 Tf 50 780 Td (Muster Handel GmbH) Tj ET',
      'BT /F1 11 Tf 50 740 Td (Rechnung Nr. RE-2026-311) Tj ET',
      'BT /F1 11 Tf 50 724 Td (Rechnungsdatum: 05.03.2026) Tj ET',
      'BT /F1 11 Tf 50 600 Td (Gesamtbetrag 119,00 EUR) Tj ET',
    ].join('\n'),
  ),
);

/** docex settings for fault runs: loopback allowed, short lease, a webhook schedule that fits in the run. */
function baseEnv(ctx: { cluster: FaultCluster; dataDir: string }): Record<string, string> {
  return {
    DATABASE_URL: ctx.cluster.url,
    DATABASE_POOL_SIZE: '10',
    DOCEX_DATA_DIR: ctx.dataDir,
    DOCEX_ALLOW_PRIVATE_NETWORKS: 'true',
    DOCEX_WORKER_LEASE_SECONDS: '5',
    DOCEX_WORKER_CONCURRENCY: '2',
    DOCEX_SHUTDOWN_GRACE_MS: '3000',
    DOCEX_WEBHOOK_RETRY_SCHEDULE: '0s,1s,2s,5s,10s,15s,20s,30s',
    DOCEX_WEBHOOK_TIMEOUT_MS: '5000',
    DOCEX_OCR_WORKERS: '1',
    DOCEX_OCR_PDF_IMAGES: 'off',
    DOCEX_ARCHIVE: 'off',
    LOG_LEVEL: 'warn',
    DOCEX_LOG_FORMAT: 'json',
  };
}

export async function createFaultContext(name: string): Promise<FaultContext> {
  const logDir = await mkdtemp(path.join(os.tmpdir(), `docex-faults-${name}-`));
  const dataDir = path.join(logDir, 'data');
  const cluster = await startFaultCluster();
  const docs = await startDocumentServer();
  // A short delay keeps jobs in flight when a fault strikes.
  docs.route('/invoice.pdf', (_req, res) => setTimeout(() => res.writeHead(200).end(invoice), 100));
  const receiver = await startFaultReceiver();
  const tenant = await prepareTenant(cluster.url, `${receiver.baseUrl}/hooks`);
  const processes = processSet(logDir);
  return {
    cluster,
    docs,
    receiver,
    tenant,
    processes,
    logDir,
    documentUrl: docs.url('/invoice.pdf'),
    async start(procName, role, env = {}, port) {
      return processes.spawn(procName, role, port ?? (await freePort()), { ...baseEnv({ cluster, dataDir }), ...env });
    },
    async close() {
      await processes.stopAll();
      await tenant.pool.end().catch(() => {});
      await docs.close();
      await receiver.close();
      await cluster.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
