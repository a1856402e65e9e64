// Successful downloads against real servers on 127.0.0.1: typing by magic bytes, DNS pinning, redirects,
// credentials and TLS with the original host name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { download, type DownloadOptions } from '../../../src/pipeline/fetch/download.js';
import { createSafeDispatcher } from '../../../src/pipeline/fetch/safe-dispatcher.js';
import { PipelineError } from '../../../src/pipeline/errors.js';
import { datasetFile, fixedLookup, fixtureFile, startServer, type TestServer } from './support/server.js';

const PDF = datasetFile('invoice2data/documents/SammyMaystoneLinesTest.pdf');
const PNG = datasetFile('invoice2data/documents/SammyMaystoneLinesTest.png');
const XML = datasetFile('zugferd-corpus/labels/xml/ZUGFeRDv1/correct/Konik/acme_invoice-42_ZUGFeRD.xml');
const HTML = Buffer.from('<!DOCTYPE html>\n<html><head><title>Not found</title></head><body>nope</body></html>');

let server: TestServer;
let other: TestServer;

/** The real policy (private networks refused) with only the test server's address trusted. */
function policy(overrides: Partial<DownloadOptions> = {}): DownloadOptions {
  return {
    allowPrivateNetworks: false,
    trustedAddresses: ['127.0.0.1'],
    lookup: fixedLookup('127.0.0.1'),
    totalTimeoutMs: 5_000,
    connectTimeoutMs: 2_000,
    userAgent: 'docex-test/1',
    ...overrides,
  };
}

beforeAll(async () => {
  server = await startServer({
    '/invoice.pdf': (_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF),
    '/scan.pdf': (_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end(PNG),
    '/as-html': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PDF),
    '/invoice.xml': (_req, res) => res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(XML),
    '/page.xml': (_req, res) => res.writeHead(200, { 'content-type': 'application/xml' }).end(HTML),
    '/empty': (_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end(),
    '/auth': (req, res) => {
      if (req.headers.authorization !== `Basic ${Buffer.from('ann:p@ss word').toString('base64')}`) {
        res.writeHead(401).end();
        return;
      }
      res.writeHead(200).end(PDF);
    },
    '/auth-then-away': (_req, res) => res.writeHead(302, { location: `${other.origin}/doc.pdf` }).end(),
    '/hop': (req, res) => {
      const left = Number(new URL(req.url ?? '', 'http://x').searchParams.get('left'));
      res.writeHead(302, { location: left > 0 ? `/hop?left=${left - 1}` : '/invoice.pdf' }).end('moved');
    },
  });
  other = await startServer({ '/doc.pdf': (_req, res) => res.writeHead(200).end(PDF) });
});

afterAll(async () => {
  await server.close();
  await other.close();
});

describe('download', () => {
  it('downloads a PDF through a public-looking host name pinned to the checked address', async () => {
    const lookup = fixedLookup('127.0.0.1');
    const url = `http://docs.example.test:${server.port}/invoice.pdf`;
    const result = await download(url, policy({ lookup }));

    expect(result.format).toBe('pdf');
    expect(result.bytes.equals(PDF)).toBe(true);
    expect(result).toMatchObject({ status: 200, contentType: 'application/pdf', finalUrl: url, redirects: [] });
    expect(lookup.calls).toEqual(['docs.example.test']);
    const seen = server.seen.at(-1)!;
    expect(seen.headers.host).toBe(`docs.example.test:${server.port}`);
    expect(seen.headers['user-agent']).toBe('docex-test/1');
    expect(seen.headers['accept-encoding']).toBe('identity');
  });

  it('with allowPrivateNetworks, downloads from a loopback IP literal', async () => {
    const result = await download(`${server.origin}/invoice.pdf`, { allowPrivateNetworks: true });
    expect(result.format).toBe('pdf');
    expect(result.bytes.length).toBe(PDF.length);
  });

  it('types by magic bytes and ignores a lying Content-Type and URL extension', async () => {
    const png = await download(`http://docs.example.test:${server.port}/scan.pdf`, policy());
    expect(png).toMatchObject({ format: 'png', contentType: 'application/pdf' });

    const pdf = await download(`http://docs.example.test:${server.port}/as-html`, policy());
    expect(pdf).toMatchObject({ format: 'pdf', contentType: 'text/html' });

    const xml = await download(`http://docs.example.test:${server.port}/invoice.xml`, policy());
    expect(xml.format).toBe('xml');
  });

  it('rejects an HTML page even when labelled XML, naming what it got', async () => {
    const err = await download(`http://docs.example.test:${server.port}/page.xml`, policy()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PipelineError);
    expect(err).toMatchObject({
      stage: 'parsing',
      code: 'unsupported_format',
      transient: false,
      detail: { contentType: 'application/xml', firstBytesHex: HTML.subarray(0, 16).toString('hex'), status: 200 },
    });
  });

  it('rejects a zero-byte body as an empty document', async () => {
    await expect(download(`http://docs.example.test:${server.port}/empty`, policy())).rejects.toMatchObject({
      stage: 'parsing',
      code: 'empty_document',
      transient: false,
    });
  });

  it('connects to the address it checked even if DNS answers differently afterwards (no rebinding)', async () => {
    let calls = 0;
    // First answer passes the check; any later answer would be a rebinding attempt (kept on loopback for safety).
    const rebinding = async () => [{ address: calls++ === 0 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
    const url = `http://rebind.example.test:${server.port}/invoice.pdf`;
    const result = await download(url, policy({ lookup: rebinding }));
    expect(result.format).toBe('pdf');
    expect(calls).toBe(1);
  });

  it('follows relative redirects, re-resolving each hop, and reports the chain', async () => {
    const lookup = fixedLookup('127.0.0.1');
    const base = `http://docs.example.test:${server.port}`;
    const result = await download(`${base}/hop?left=2`, policy({ lookup }));
    expect(result.format).toBe('pdf');
    expect(result.redirects).toEqual([`${base}/hop?left=1`, `${base}/hop?left=0`, `${base}/invoice.pdf`]);
    expect(result.finalUrl).toBe(`${base}/invoice.pdf`);
    expect(lookup.calls).toHaveLength(4);
  });

  it('refuses more than maxRedirects redirects', async () => {
    const url = `http://docs.example.test:${server.port}/hop?left=10`;
    const err = await download(url, policy()).catch((e: unknown) => e);
    expect(err).toMatchObject({ stage: 'download', code: 'too_many_redirects', transient: false });
    expect((err as PipelineError).detail).toMatchObject({ maxRedirects: 5 });
    expect((err as PipelineError).detail.redirects).toHaveLength(5);
  });

  it('sends URL credentials as Basic auth to their own origin only, and never reports them', async () => {
    const withCreds = `http://ann:p%40ss%20word@docs.example.test:${server.port}`;
    const ok = await download(`${withCreds}/auth`, policy());
    expect(ok.finalUrl).toBe(`http://docs.example.test:${server.port}/auth`);

    await download(`${withCreds}/auth-then-away`, policy());
    expect(other.seen.at(-1)!.headers.authorization).toBeUndefined();

    const err = await download(`${withCreds}/missing`, policy()).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'download_http_error' });
    expect(JSON.stringify((err as PipelineError).detail)).not.toContain('ann');
  });
});

describe('TLS through the pinned dispatcher', () => {
  const tls = { cert: fixtureFile('docs.example.test.cert.pem'), key: fixtureFile('docs.example.test.key.pem') };

  it('sends the original host name as SNI and verifies the certificate against it', async () => {
    const secure = await startServer({ '/doc.pdf': (_req, res) => res.writeHead(200).end(PDF) }, { tls });
    try {
      const url = `https://docs.example.test:${secure.port}/doc.pdf`;
      const result = await download(url, policy({ ca: tls.cert }));
      expect(result.format).toBe('pdf');
      expect(secure.seen.at(-1)).toMatchObject({
        servername: 'docs.example.test',
        headers: { host: `docs.example.test:${secure.port}` },
      });

      // The same certificate does not verify for another name pinned to the same address.
      const wrongName = await download(
        `https://files.example.test:${secure.port}/doc.pdf`,
        policy({ ca: tls.cert }),
      ).then(
        () => null,
        (e: unknown) => e,
      );
      expect(wrongName).toMatchObject({
        code: 'connection_failed',
        detail: { reason: 'ERR_TLS_CERT_ALTNAME_INVALID' },
      });

      // The dispatcher on its own (as webhook delivery uses it) behaves the same.
      const dispatcher = createSafeDispatcher({
        allowPrivateNetworks: false,
        trustedAddresses: ['127.0.0.1'],
        lookup: fixedLookup('127.0.0.1'),
        ca: tls.cert,
      });
      const response = await request(url, { dispatcher });
      expect(response.statusCode).toBe(200);
      expect(Buffer.from(await response.body.arrayBuffer()).equals(PDF)).toBe(true);
      await dispatcher.close();
    } finally {
      await secure.close();
    }
  });
});
