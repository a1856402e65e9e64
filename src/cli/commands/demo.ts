// `docex demo`: the whole service, offline, in about a minute. It starts `docex start` on loopback with a throwaway
// embedded database (or DATABASE_URL), serves the bundled samples/ and a webhook inbox on 127.0.0.1, allows exactly
// that address (DOCEX_TRUSTED_ADDRESSES=127.0.0.1, every other private address stays refused), creates an
// organization and an API key, submits a single, a multi-image and an email job, prints each webhook with its
// signature checked and the extracted data, then stops everything. Ctrl-C stops it cleanly at any point.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import type { Env } from '../../config.js';
import { openWebhookInbox, serveSamples, type ReceivedWebhook } from '../demo/loopback.js';
import { CliError, cliIo, print } from '../output.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..', '..');
const SAMPLES_DIR = path.join(ROOT, 'samples');
const SAMPLES = ['invoice.pdf', 'invoice-page-1.png', 'invoice-page-2.png', 'credit-note.pdf'] as const;

/** How to run this same CLI as a child: compiled (bin/docex.js) or from sources through tsx (npm run docex, tests). */
function cliCommand(): string[] {
  return import.meta.url.endsWith('.ts')
    ? ['--import', 'tsx', path.join(ROOT, 'src', 'cli', 'dev.ts')]
    : [path.join(ROOT, 'bin', 'docex.js')];
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
  });

interface DemoOptions {
  port?: string;
  timeout: string;
  keepData?: boolean;
  full?: boolean;
}

interface Service {
  child: ChildProcess;
  output(): string;
}

function startService(env: Env): Service {
  const child = spawn(process.execPath, [...cliCommand(), 'start', '--exit-with-parent'], {
    cwd: ROOT,
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => (output = (output + d.toString('utf8')).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { child, output: () => output };
}

function stopService(service: Service): Promise<void> {
  const { child } = service;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function waitReady(base: string, service: Service, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (service.child.exitCode !== null) throw new CliError(`the service exited during start:\n${service.output()}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new CliError(`the service was not ready within ${timeoutMs / 1000} s:\n${service.output()}`);
}

/** An admin command run in this process against the demo's database; returns its parsed --json output. */
async function admin(env: Env, args: string[]): Promise<Record<string, unknown>> {
  const { runCli } = await import('../main.js');
  let stdout = '';
  let stderr = '';
  const code = await runCli([...args, '--json'], {
    env,
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
  });
  if (code !== 0) throw new CliError(`docex ${args.join(' ')} failed: ${stderr.trim()}`);
  return JSON.parse(stdout) as Record<string, unknown>;
}

/** The data a person wants to see first: without per-field provenance (boxes, confidences) and scoring reasons. */
function withoutProvenance(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutProvenance);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => key !== 'fields' && key !== 'reasons')
      .map(([key, v]) => [key, withoutProvenance(v)]),
  );
}

function describeWebhook(label: string, w: ReceivedWebhook, full: boolean): string {
  const b = w.body;
  const head =
    `\n== webhook for ${label} (${String(b.consumer_ref_id)}): ${String(b.type)}, ` +
    `signature ${w.verified ? 'verified' : 'NOT verified'} (webhook-id ${w.id})\n`;
  if (b.status !== 'processed') return head + `error: ${JSON.stringify(b.error)}\n`;
  const data = full ? b.processed_data : withoutProvenance(b.processed_data);
  return (
    head +
    `extracted in ${String(b.extraction_time_ms)} ms${full ? '' : " (--full adds each field's page, box and confidence)"}:\n${JSON.stringify(data, null, 2)}\n`
  );
}

async function demo(opts: DemoOptions): Promise<void> {
  const timeoutMs = Number(opts.timeout) * 1000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
    throw new CliError(`--timeout must be a number of seconds, got ${JSON.stringify(opts.timeout)}`);
  const io = cliIo();
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'docex-demo-'));
  // Traversable (not listable): as root the embedded PostgreSQL runs as the postgres user, who must reach the
  // database inside; a private folder would send it to /var/lib/docex, outliving the demo.
  await chmod(scratch, 0o711);
  const samples = await serveSamples(SAMPLES_DIR, SAMPLES);
  const inbox = await openWebhookInbox();
  const port = opts.port ? Number(opts.port) : await freePort();
  const trusted = [io.env.DOCEX_TRUSTED_ADDRESSES, '127.0.0.1'].filter(Boolean).join(',');
  const env: Env = {
    ...io.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    // Exactly the address of the demo's own endpoints; every other private address stays refused.
    DOCEX_TRUSTED_ADDRESSES: trusted,
    // A throwaway database and instance record: the demo never touches the data of a service you run.
    ...(io.env.DATABASE_URL
      ? {}
      : { DOCEX_DATA_DIR: path.join(scratch, 'data'), DOCEX_EMBEDDED_PG_PORT: String(await freePort()) }),
    DOCEX_INSTANCES_DIR: path.join(scratch, 'instances'),
    DOCEX_ARCHIVE: 'off',
    // Demo jobs are throwaway: Ctrl-C should not wait 20 s for an OCR page to finish.
    DOCEX_SHUTDOWN_GRACE_MS: io.env.DOCEX_SHUTDOWN_GRACE_MS ?? '1000',
    LOG_LEVEL: io.env.LOG_LEVEL ?? 'warn',
  };
  const base = `http://127.0.0.1:${port}`;
  let service: Service | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      if (service) await stopService(service);
      await Promise.allSettled([samples.close(), inbox.close()]);
      if (!opts.keepData) await rm(scratch, { recursive: true, force: true });
    })());
  // Ctrl-C reaches the service too (same process group); both stop, and the scratch folder goes.
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
    print('\ninterrupted; stopping the demo service...\n');
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    print(
      `starting docex on ${base} (${io.env.DATABASE_URL ? 'DATABASE_URL' : `embedded PostgreSQL in ${path.join(scratch, 'data')}`}, DOCEX_TRUSTED_ADDRESSES=${trusted})...\n`,
    );
    service = startService(env);
    await waitReady(base, service, 120_000);
    const org = await admin(env, ['orgs', 'create', '--name', 'Demo organization']);
    const key = await admin(env, [
      'keys',
      'create',
      '--org',
      String(org.id),
      '--name',
      'demo',
      '--webhook-base-url',
      inbox.baseUrl,
    ]);
    inbox.setSecret(String(key.webhookSigningSecret));
    print(`organization ${String(org.id)}, API key ${String(key.clientId)}, webhooks to ${inbox.baseUrl}\n`);

    const submissions = [
      {
        label: 'a text PDF invoice (single)',
        body: {
          documentUrl: samples.url('invoice.pdf'),
          typeId: 0,
          requireLineItems: true,
          documentId: 1,
          consumerRefId: 'demo/invoice',
          webhookUrl: 'invoices',
        },
      },
      {
        label: 'two page photos of one invoice (multi-image)',
        body: {
          documentUrls: [samples.url('invoice-page-1.png'), samples.url('invoice-page-2.png')],
          processingMode: 'single_invoice',
          typeId: 0,
          requireLineItems: true,
          documentId: 2,
          consumerRefId: 'demo/photographed-invoice',
          webhookUrl: 'invoices',
        },
      },
      {
        label: 'an email with a credit note attached (email)',
        body: {
          attachments: [samples.url('credit-note.pdf')],
          subject: 'Credit note CN-2026-0031 for invoice INV-2026-0415',
          body: 'Hello,\n\nplease find attached our credit note for the returned desk organiser.\n\nKind regards,\nLindqvist Office Supplies',
          requireLineItems: false,
          documentId: 3,
          consumerRefId: 'demo/email',
          webhookUrl: 'email',
        },
      },
    ];
    const headers = {
      'content-type': 'application/json',
      'x-client-id': String(key.clientId),
      'x-client-secret': String(key.clientSecret),
    };
    const jobs: Array<{ label: string; jobId: string }> = [];
    for (const s of submissions) {
      const res = await fetch(`${base}/v1/documents`, { method: 'POST', headers, body: JSON.stringify(s.body) });
      const answer = (await res.json()) as { jobId?: string };
      if (res.status !== 202 || !answer.jobId)
        throw new CliError(`submitting ${s.label} failed: ${res.status} ${JSON.stringify(answer)}`);
      print(`submitted ${s.label}: 202, job ${answer.jobId}\n`);
      jobs.push({ label: s.label, jobId: answer.jobId });
    }
    let failures = 0;
    for (const job of jobs) {
      const webhook = await inbox.next(job.jobId, timeoutMs);
      print(describeWebhook(job.label, webhook, Boolean(opts.full)));
      if (!webhook.verified || webhook.body.status !== 'processed') failures++;
    }
    print(`\n${jobs.length - failures} of ${jobs.length} jobs processed and delivered with verified signatures.\n`);
    print(
      `Poll a job yourself while a service runs: curl ${base}/v1/jobs/<jobId> -H 'x-client-id: ...' -H 'x-client-secret: ...'\n`,
    );
    if (failures > 0)
      throw new CliError(
        `${failures} job(s) did not end processed with a verified webhook; service log:\n${service.output()}`,
      );
  } catch (err) {
    // Stopping the service makes the steps in flight fail; the signal handler ends the process (exit 130).
    if (interrupted) await new Promise(() => {});
    throw err;
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    await cleanUp();
  }
}

export function registerDemoCommand(program: Command): void {
  program
    .command('demo')
    .description('try docex offline: start it on loopback, submit bundled samples, print the verified webhooks, stop')
    .option('--port <port>', 'HTTP port of the demo service (default: a free port)')
    .option('--timeout <seconds>', 'how long to wait for each webhook', '180')
    .option('--keep-data', 'keep the demo database folder (its path is printed) instead of deleting it')
    .option('--full', "print each webhook's whole processed_data, field provenance included")
    .action((opts: DemoOptions) => demo(opts));
}
