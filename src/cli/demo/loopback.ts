// The two local endpoints of `docex demo`, both on 127.0.0.1 only: a file server for the bundled samples (what an
// ERP's document store would be) and a webhook inbox that verifies every delivery's Standard Webhooks signature
// with the signing code the service itself uses (src/delivery/signing.ts).
import { timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sign } from '../../delivery/signing.js';

const MAX_WEBHOOK_BYTES = 8 * 1024 * 1024;
const CONTENT_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.xml': 'application/xml',
};

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export interface SampleServer {
  url(name: string): string;
  close(): Promise<void>;
}

/** Serves the files of dir by name (no sub-folders, no traversal). */
export async function serveSamples(dir: string, names: readonly string[]): Promise<SampleServer> {
  const server = createServer(async (req, res) => {
    const name = decodeURIComponent((req.url ?? '/').slice(1));
    if (req.method !== 'GET' || !names.includes(name)) {
      res.writeHead(404).end();
      return;
    }
    const bytes = await readFile(path.join(dir, name));
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream',
      'content-length': bytes.length,
    });
    res.end(bytes);
  });
  const base = await listen(server);
  return { url: (name) => `${base}/${encodeURIComponent(name)}`, close: () => close(server) };
}

export interface ReceivedWebhook {
  id: string;
  timestamp: number;
  /** The signature matched one computed with the key's signing secret. */
  verified: boolean;
  body: Record<string, unknown>;
}

export interface WebhookInbox {
  /** The base URL to give the API key. */
  baseUrl: string;
  /** Set once the key exists (its signing secret is shown only then). */
  setSecret(secret: string): void;
  /** Resolves with the first delivery for jobId. */
  next(jobId: string, timeoutMs: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_WEBHOOK_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Compares each `v1,<sig>` of the header with the expected one, in constant time. */
export function verifySignature(header: string, expected: string): boolean {
  const want = Buffer.from(expected);
  return header.split(' ').some((candidate) => {
    const got = Buffer.from(candidate);
    return got.length === want.length && timingSafeEqual(got, want);
  });
}

export async function openWebhookInbox(): Promise<WebhookInbox> {
  let secret: string | null = null;
  const received = new Map<string, ReceivedWebhook>();
  const waiting = new Map<string, (w: ReceivedWebhook) => void>();

  const server = createServer(async (req, res) => {
    const text = await readBody(req);
    const id = String(req.headers['webhook-id'] ?? '');
    const timestamp = Number(req.headers['webhook-timestamp']);
    const signature = String(req.headers['webhook-signature'] ?? '');
    if (text === null || req.method !== 'POST' || !id || !Number.isSafeInteger(timestamp)) {
      res.writeHead(400).end();
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      res.writeHead(400).end();
      return;
    }
    const verified =
      secret !== null && verifySignature(signature, sign({ id, timestamp, body: text, secrets: [secret] }));
    // An unverifiable delivery is refused (a real receiver must do the same); docex then retries it.
    res.writeHead(verified ? 204 : 401).end();
    const webhook = { id, timestamp, verified, body };
    const jobId = String(body.job_id);
    if (!received.has(jobId)) received.set(jobId, webhook);
    waiting.get(jobId)?.(webhook);
  });
  const baseUrl = `${await listen(server)}/hooks`;

  return {
    baseUrl,
    setSecret: (s) => void (secret = s),
    next(jobId, timeoutMs) {
      const already = received.get(jobId);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(jobId);
          reject(new Error(`no webhook for job ${jobId} within ${Math.round(timeoutMs / 1000)} s`));
        }, timeoutMs);
        waiting.set(jobId, (w) => {
          clearTimeout(timer);
          waiting.delete(jobId);
          resolve(w);
        });
      });
    },
    close: () => close(server),
  };
}
