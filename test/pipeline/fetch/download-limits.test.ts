// Bounded size and time, and the classification of HTTP and network failures (permanent vs transient).
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, type DownloadOptions } from '../../../src/pipeline/fetch/download.js';
import { PipelineError } from '../../../src/pipeline/errors.js';
import { datasetFile, fixedLookup, startServer, type TestServer } from './support/server.js';

const PDF = datasetFile('invoice2data/documents/SammyMaystoneLinesTest.pdf');
const CHUNK = Buffer.alloc(16 * 1024, 0x25);

let server: TestServer;
let endlessClosed: Promise<number>;
let signalEndless: (bytesWritten: number) => void;

const options = (overrides: Partial<DownloadOptions> = {}): DownloadOptions => ({
  allowPrivateNetworks: false,
  trustedAddresses: ['127.0.0.1'],
  lookup: fixedLookup('127.0.0.1'),
  totalTimeoutMs: 3_000,
  connectTimeoutMs: 1_000,
  ...overrides,
});

const url = (path: string): string => `http://docs.example.test:${server.port}${path}`;

async function failure(path: string, overrides: Partial<DownloadOptions> = {}): Promise<PipelineError> {
  const err = await download(url(path), options(overrides)).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PipelineError);
  return err as PipelineError;
}

beforeAll(async () => {
  endlessClosed = new Promise((resolve) => (signalEndless = resolve));
  server = await startServer({
    // Writes for as long as the client reads (bounded at 64 MiB so a broken cap cannot run away).
    '/endless': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      let written = 0;
      const pump = (): void => {
        while (written < 64 * 1024 * 1024) {
          written += CHUNK.length;
          if (!res.write(CHUNK)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.once('close', () => signalEndless(written));
      pump();
    },
    '/declares-huge': (_req, res) => {
      res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
      res.write(PDF);
    },
    '/silent': () => {},
    '/trickle': (_req, res) => {
      res.writeHead(200);
      res.write('%PDF-1.4\n');
      const timer = setInterval(() => res.write(' '), 50);
      res.once('close', () => clearInterval(timer));
    },
    '/gone': (_req, res) => res.writeHead(410).end(),
    '/busy': (_req, res) => res.writeHead(503, { 'retry-after': '120' }).end('try later'),
    '/slow-down': (_req, res) => res.writeHead(429, { 'retry-after': '5' }).end(),
    '/reset': (req) => req.socket.destroy(),
    '/doc.pdf': (_req, res) => res.writeHead(200).end(PDF),
  });
});

afterAll(async () => {
  await server.close();
});

describe('size cap', () => {
  it('stops reading an endless body right after the cap', async () => {
    const maxBytes = 256 * 1024;
    const err = await failure('/endless', { maxBytes });
    expect(err).toMatchObject({ stage: 'download', code: 'download_too_large', transient: false });
    const bytesRead = err.detail.bytesRead as number;
    expect(err.detail.maxBytes).toBe(maxBytes);
    expect(bytesRead).toBeGreaterThan(maxBytes);
    expect(bytesRead).toBeLessThan(maxBytes + 256 * 1024);
    // The server notices the aborted connection long before its 64 MiB bound.
    expect(await endlessClosed).toBeLessThan(16 * 1024 * 1024);
  });

  it('rejects a declared Content-Length over the cap before reading the body', async () => {
    const err = await failure('/declares-huge', { maxBytes: 1024 * 1024 });
    expect(err).toMatchObject({
      code: 'download_too_large',
      detail: { maxBytes: 1024 * 1024, bytesRead: 0, contentLength: 50 * 1024 * 1024, status: 200 },
    });
  });

  it('accepts a document of exactly maxBytes', async () => {
    const result = await download(url('/doc.pdf'), options({ maxBytes: PDF.length }));
    expect(result.bytes.length).toBe(PDF.length);
  });
});

describe('time limits', () => {
  it('gives up on a server that never answers', async () => {
    const started = Date.now();
    const err = await failure('/silent', { totalTimeoutMs: 300 });
    expect(err).toMatchObject({ code: 'download_timeout', transient: true, detail: { timeoutMs: 300 } });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('bounds the whole body, not only the wait between chunks', async () => {
    const err = await failure('/trickle', { totalTimeoutMs: 400 });
    expect(err).toMatchObject({ code: 'download_timeout', transient: true });
    expect(err.detail.bytesRead).toBeGreaterThan(0);
  });

  it('bounds the connection set-up (a TLS handshake that never completes)', async () => {
    // Accepts TCP connections and never answers the TLS ClientHello.
    const mute = net.createServer(() => {});
    await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = mute.address() as AddressInfo;
      const started = Date.now();
      const err = await download(`https://docs.example.test:${port}/doc.pdf`, options({ connectTimeoutMs: 200 })).catch(
        (e: unknown) => e,
      );
      expect(err).toMatchObject({ code: 'download_timeout', transient: true, detail: { phase: 'connect' } });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      mute.close();
    }
  });

  it('bounds a DNS lookup that never returns', async () => {
    const err = await failure('/doc.pdf', { lookup: () => new Promise(() => {}), connectTimeoutMs: 200 });
    expect(err).toMatchObject({ code: 'dns_failed', transient: true, detail: { reason: 'timeout' } });
  });

  it("rejects with the caller's abort reason when the caller cancels", async () => {
    const controller = new AbortController();
    const reason = new Error('worker shutting down');
    setTimeout(() => controller.abort(reason), 100);
    await expect(download(url('/silent'), options({ signal: controller.signal }))).rejects.toBe(reason);
  });
});

describe('HTTP and network failures', () => {
  it.each([
    ['/missing', 404, false],
    ['/gone', 410, false],
    ['/busy', 503, true],
    ['/slow-down', 429, true],
  ])('%s -> HTTP %i, transient %s', async (path, status, transient) => {
    const err = await failure(path);
    expect(err).toMatchObject({
      stage: 'download',
      code: 'download_http_error',
      transient,
      detail: { status, url: url(path), address: '127.0.0.1' },
    });
  });

  it('passes Retry-After on', async () => {
    expect((await failure('/busy')).detail.retryAfter).toBe('120');
  });

  it('classifies NXDOMAIN as permanent', async () => {
    const nxdomain = async () => Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
    const err = await failure('/doc.pdf', { lookup: nxdomain });
    expect(err).toMatchObject({ code: 'dns_failed', transient: false, detail: { hostname: 'docs.example.test' } });
  });

  it('classifies a refused connection as transient', async () => {
    const closed = await startServer({});
    await closed.close();
    const err = await download(`http://docs.example.test:${closed.port}/doc.pdf`, options()).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'connection_failed', transient: true, detail: { reason: 'ECONNREFUSED' } });
  });

  it('classifies a reset connection as transient', async () => {
    const err = await failure('/reset');
    expect(err).toMatchObject({ code: 'connection_failed', transient: true });
  });
});
