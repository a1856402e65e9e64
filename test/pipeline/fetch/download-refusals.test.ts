// Security: URLs that must never be fetched. Each refused case that could reach a listening test server asserts the
// server saw no request, so a refusal cannot be faked by a failed connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { download, type DownloadOptions } from '../../../src/pipeline/fetch/download.js';
import { createSafeDispatcher } from '../../../src/pipeline/fetch/safe-dispatcher.js';
import { PipelineError } from '../../../src/pipeline/errors.js';
import { datasetFile, fixedLookup, startServer, type TestServer } from './support/server.js';

const PDF = datasetFile('invoice2data/documents/SammyMaystoneLinesTest.pdf');

let server: TestServer; // 127.0.0.1: trusted in the "allowed server" cases, a private target otherwise
let internal: TestServer; // 127.0.0.2: never trusted, stands for an internal service

const strict = (overrides: Partial<DownloadOptions> = {}): DownloadOptions => ({
  allowPrivateNetworks: false,
  totalTimeoutMs: 3_000,
  connectTimeoutMs: 1_000,
  ...overrides,
});

async function refusal(url: string, options: DownloadOptions): Promise<PipelineError> {
  const err = await download(url, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PipelineError);
  return err as PipelineError;
}

beforeAll(async () => {
  internal = await startServer({ '/secret': (_req, res) => res.writeHead(200).end(PDF) }, { host: '127.0.0.2' });
  server = await startServer({
    '/doc.pdf': (_req, res) => res.writeHead(200).end(PDF),
    '/to-internal-ip': (_req, res) => res.writeHead(302, { location: `${internal.origin}/secret` }).end(),
    '/to-internal-name': (_req, res) =>
      res.writeHead(307, { location: `http://intranet.example.test:${internal.port}/secret` }).end(),
    '/to-metadata': (_req, res) => res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    '/to-mapped': (_req, res) =>
      res.writeHead(308, { location: `http://[::ffff:7f00:2]:${internal.port}/secret` }).end(),
    '/to-file': (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
  });
});

afterAll(async () => {
  await server.close();
  await internal.close();
});

describe('refused IP literals', () => {
  // Every one of these names this machine or a special range; none may be connected to.
  const cases: Array<[string, () => string, string]> = [
    ['loopback', () => `http://127.0.0.1:${server.port}/doc.pdf`, '127.0.0.1'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['IPv4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${server.port}/doc.pdf`, '::ffff:7f00:1'],
    ['IPv6 loopback', () => `http://[::1]:${server.port}/doc.pdf`, '::1'],
    ['decimal loopback', () => `http://2130706433:${server.port}/doc.pdf`, '127.0.0.1'],
    ['hex/short loopback', () => `http://0x7f.1:${server.port}/doc.pdf`, '127.0.0.1'],
    ['unspecified', () => `http://0.0.0.0:${server.port}/doc.pdf`, '0.0.0.0'],
    ['private', () => 'http://10.0.0.1/doc.pdf', '10.0.0.1'],
    ['NAT64 of loopback', () => `http://[64:ff9b::7f00:1]:${server.port}/doc.pdf`, '64:ff9b::7f00:1'],
  ];

  it.each(cases)('%s', async (_name, url, address) => {
    const before = server.seen.length;
    const err = await refusal(url(), strict());
    expect(err).toMatchObject({ stage: 'download', code: 'url_not_allowed', transient: false, detail: { address } });
    expect(server.seen.length).toBe(before);
  });
});

describe('refused host names', () => {
  it('a public-looking name that resolves to 127.0.0.1', async () => {
    const before = server.seen.length;
    const url = `http://docs.example.test:${server.port}/doc.pdf`;
    const err = await refusal(url, strict({ lookup: fixedLookup('127.0.0.1') }));
    expect(err.detail).toMatchObject({ hostname: 'docs.example.test', address: '127.0.0.1', range: 'loopback' });
    expect(server.seen.length).toBe(before);
  });

  it('a name with one public and one private answer', async () => {
    const err = await refusal(
      `http://mixed.example.test:${server.port}/doc.pdf`,
      strict({ lookup: fixedLookup('93.184.216.34', '::ffff:127.0.0.1') }),
    );
    expect(err).toMatchObject({ code: 'url_not_allowed', detail: { address: '::ffff:127.0.0.1' } });
  });

  it('localhost through the system resolver', async () => {
    const err = await refusal(`http://localhost:${server.port}/doc.pdf`, strict());
    expect(err.code).toBe('url_not_allowed');
  });
});

describe('refused schemes and malformed URLs', () => {
  const schemes = [
    'file:///etc/passwd',
    'ftp://ftp.example.com/invoice.pdf',
    'data:application/pdf;base64,JVBERi0=',
    'gopher://x/',
  ];
  it.each(schemes)('%s is not allowed', async (url) => {
    const err = await refusal(url, strict());
    expect(err).toMatchObject({ stage: 'download', code: 'url_not_allowed', transient: false });
  });

  it.each(['not a url', '/relative/path.pdf', 'http://', ''])('%j is invalid', async (url) => {
    const err = await refusal(url, strict());
    expect(err).toMatchObject({ stage: 'download', code: 'url_invalid', transient: false });
  });
});

describe('redirects from an allowed server', () => {
  // 127.0.0.1 is trusted as if it were a public host; the redirect targets get the full policy.
  // docs.example.test is the allowed server; every other name resolves to the internal one.
  const viaAllowedServer = (): DownloadOptions =>
    strict({
      trustedAddresses: ['127.0.0.1'],
      lookup: async (name) => fixedLookup(name === 'docs.example.test' ? '127.0.0.1' : '127.0.0.2')(name),
    });

  it('the allowed server itself is reachable', async () => {
    const result = await download(`http://docs.example.test:${server.port}/doc.pdf`, viaAllowedServer());
    expect(result.format).toBe('pdf');
  });

  it.each([
    ['an internal IP', '/to-internal-ip', '127.0.0.2'],
    ['a name resolving to an internal IP', '/to-internal-name', '127.0.0.2'],
    ['an IPv4-mapped internal IP', '/to-mapped', '::ffff:7f00:2'],
  ])('to %s is refused before connecting', async (_name, path, address) => {
    const before = internal.seen.length;
    const start = `http://docs.example.test:${server.port}${path}`;
    const err = await refusal(start, viaAllowedServer());
    expect(err).toMatchObject({ code: 'url_not_allowed', detail: { address } });
    expect(err.detail.redirects).toHaveLength(1);
    expect(internal.seen.length).toBe(before);
  });

  it('to the metadata endpoint is refused', async () => {
    const err = await refusal(`http://docs.example.test:${server.port}/to-metadata`, viaAllowedServer());
    expect(err).toMatchObject({
      code: 'url_not_allowed',
      detail: { address: '169.254.169.254', redirects: ['http://169.254.169.254/latest/meta-data/'] },
    });
  });

  it('to a file: URL is refused', async () => {
    const err = await refusal(`http://docs.example.test:${server.port}/to-file`, viaAllowedServer());
    expect(err).toMatchObject({ code: 'url_not_allowed', detail: { scheme: 'file' } });
  });
});

describe('createSafeDispatcher on its own (shared with webhook delivery)', () => {
  it('refuses IP-literal and resolved private destinations at connect time', async () => {
    const dispatcher = createSafeDispatcher({ allowPrivateNetworks: false, lookup: fixedLookup('127.0.0.2') });
    try {
      const before = internal.seen.length;
      await expect(request(`${internal.origin}/secret`, { dispatcher })).rejects.toMatchObject({
        code: 'url_not_allowed',
        detail: { address: '127.0.0.2' },
      });
      await expect(request(`http://hooks.example.test:${internal.port}/secret`, { dispatcher })).rejects.toMatchObject({
        code: 'url_not_allowed',
        detail: { hostname: 'hooks.example.test', address: '127.0.0.2' },
      });
      expect(internal.seen.length).toBe(before);
    } finally {
      await dispatcher.close();
    }
  });
});
