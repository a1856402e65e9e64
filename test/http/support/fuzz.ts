// A deterministic HTTP fuzzer for the API: seeded mutations of valid requests (hostile strings, out-of-range numbers,
// wrong types, odd URLs and schemes, broken JSON, hostile headers and paths), sent as raw bytes over a TCP socket so
// that nothing (not even a client library's header checks) cleans them up first. Used by test/http/fuzz.test.ts
// (a few hundred requests in the normal suite) and `npm run test:fuzz` (10,000).
import { connect } from 'node:net';

/** mulberry32: small, fast and the same sequence for the same seed on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface RawRequest {
  method: string;
  path: string;
  /** Header lines as sent; values may hold any byte (written as latin1). */
  headers: Array<[string, string]>;
  /** Sent as UTF-8 (lone surrogates become U+FFFD on the wire unless escaped inside JSON). */
  body?: string | Buffer;
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00',
  '\udbff\udfff',
  '😀',
  '\ufeff',
  '\u202e',
  '\r\n',
  '%00',
  '%',
  '../../etc/passwd',
  '\\\\evil',
  '//evil.example',
  'http://evil.example',
  'javascript:alert(1)',
  "' OR 1=1 --",
  '"; DROP TABLE document_jobs; --',
  '{{7*7}}',
  '${jndi:ldap://x}',
  '<script>',
  'null',
  'true',
  '0',
  '-1',
  'a'.repeat(257),
  'ü'.repeat(300),
  'x'.repeat(5_000),
  '\u0001\u0002\u001f\u007f',
  '\uffff',
  '\ufffe',
];
const HOSTILE_NUMBERS = [
  0,
  -0,
  1,
  -1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  -(2 ** 53),
  2 ** 63,
  1e308,
  -1e308,
  1.5,
  0.1,
  5e-324,
  9,
  8,
  77,
];
const HOSTILE_URLS = [
  'https://f.example/a.pdf',
  'HTTP://F.EXAMPLE/A.PDF',
  'file:///etc/passwd',
  'ftp://f.example/a.pdf',
  'gopher://f.example/1',
  'data:application/pdf;base64,JVBERi0=',
  'javascript:alert(1)',
  'http://[::1]/a',
  'http://127.0.0.1:5432/',
  'http://user:pass@f.example/a',
  'https://f.example/\u0000',
  'https://f.example/\ud800',
  'https://ü.example/ä.pdf',
  `https://f.example/${'a'.repeat(2100)}`,
  'http:f.example',
  'https://',
  'not a url',
  'https://f.example/a b.pdf',
  'http://169.254.169.254/latest/meta-data/',
  'mailto:a@b.example',
];
const ODD_VALUES = [null, true, false, [], {}, [1, 2], { a: 1 }, 'string', 42, 1.5];

const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

function hostileValue(rand: () => number): unknown {
  const r = rand();
  if (r < 0.4) return pick(rand, HOSTILE_STRINGS);
  if (r < 0.65) return pick(rand, HOSTILE_NUMBERS);
  if (r < 0.8) return pick(rand, HOSTILE_URLS);
  if (r < 0.95) return pick(rand, ODD_VALUES);
  return Array.from({ length: 1 + Math.floor(rand() * 60) }, () => pick(rand, HOSTILE_URLS));
}

function validBody(rand: () => number): Record<string, unknown> {
  const common = {
    requireLineItems: rand() < 0.5,
    documentId: Math.floor(rand() * 1e6),
    consumerRefId: `fz-${Math.floor(rand() * 1e9)}`,
    webhookUrl: 'hooks',
  };
  const mode = rand();
  if (mode < 0.5)
    return { ...common, documentUrl: 'https://f.example/a.pdf', typeId: pick(rand, [0, 1, 2, 3, 4, 5, 9]) };
  if (mode < 0.75)
    return {
      ...common,
      documentUrls: ['https://f.example/1.jpg', 'https://f.example/2.jpg'],
      processingMode: 'single_invoice',
    };
  return { ...common, attachments: ['https://f.example/a.pdf'], subject: 'Invoice', body: 'Attached.' };
}

const FIELDS = [
  'documentUrl',
  'documentUrls',
  'attachments',
  'subject',
  'body',
  'typeId',
  'documentId',
  'consumerRefId',
  'webhookUrl',
  'requireLineItems',
  'processingMode',
  'extra',
  '__proto__',
  'constructor',
];

function mutatedBody(rand: () => number): Record<string, unknown> {
  const body = validBody(rand);
  const mutations = 1 + Math.floor(rand() * 3);
  for (let i = 0; i < mutations; i++) {
    const field = pick(rand, FIELDS);
    const r = rand();
    if (r < 0.15) delete body[field];
    else if (r < 0.3 && Array.isArray(body[field])) (body[field] as unknown[]).push(hostileValue(rand));
    else body[field] = hostileValue(rand);
  }
  return body;
}

/** Raw bodies JSON.stringify would never produce. */
function brokenJson(rand: () => number): string {
  return pick(rand, [
    '',
    '{',
    '}',
    'null',
    '[]',
    '"x"',
    '42',
    '{"a":}',
    '{"consumerRefId":"\\ud800"}',
    '{"consumerRefId":"\\u0000"}',
    '{"documentId":1e999}',
    '{"typeId":99999999999999999999}',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`,
    '{"__proto__":{"polluted":true}}',
    '\ufeff{}',
    '{"a":"\udc00"}',
    '{"requireLineItems":true,"documentId":1,"consumerRefId":"x","documentUrl":"https://f.example/a.pdf",' +
      '"documentUrl":"file:///etc/passwd"}',
  ]);
}

const HOSTILE_HEADER_VALUES = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u007f',
  '\u00ff\u00fe',
  'x'.repeat(8_000),
  'dxs_' + 'A'.repeat(100),
  '../',
  '%00',
  '\t',
];

function pathSegment(rand: () => number): string {
  const r = rand();
  if (r < 0.3) return encodeURIComponent(String(pick(rand, HOSTILE_STRINGS)).replace(/[\ud800-\udfff]/g, ''));
  if (r < 0.5)
    return pick(rand, ['%00', '%ED%A0%80', '%ff', '%E0%A4%A', '%', '%25', '%2F', '..', '.', 'a%00b', '%C0%80']);
  if (r < 0.6) return 'r'.repeat(1 + Math.floor(rand() * 2000));
  if (r < 0.7) return '00000000-0000-4000-8000-000000000000';
  return `fz-${Math.floor(rand() * 1e9)}`;
}

export interface FuzzCredentials {
  clientId: string;
  clientSecret: string;
}

/** One request of the sequence: mostly authenticated (so validation is what gets fuzzed), some with hostile auth. */
export function fuzzRequest(rand: () => number, creds: FuzzCredentials): RawRequest {
  const headers: Array<[string, string]> = [];
  const auth = rand();
  if (auth < 0.85) {
    headers.push(['x-client-id', creds.clientId], ['x-client-secret', creds.clientSecret]);
  } else if (auth < 0.95) {
    headers.push(
      ['x-client-id', pick(rand, [...HOSTILE_HEADER_VALUES, creds.clientId])],
      ['x-client-secret', pick(rand, HOSTILE_HEADER_VALUES)],
    );
  }
  if (rand() < 0.1)
    headers.push(['idempotency-key', pick(rand, [...HOSTILE_HEADER_VALUES, `k-${Math.floor(rand() * 1e6)}`])]);
  if (rand() < 0.05) headers.push(['x-request-id', pick(rand, HOSTILE_HEADER_VALUES)]);

  const kind = rand();
  if (kind < 0.55) {
    headers.push([
      'content-type',
      rand() < 0.95
        ? 'application/json'
        : pick(rand, ['text/plain', 'application/json; charset=latin1', 'application/x-www-form-urlencoded', '']),
    ]);
    const body = rand() < 0.85 ? JSON.stringify(mutatedBody(rand)) : brokenJson(rand);
    return { method: 'POST', path: '/v1/documents', headers, body };
  }
  if (kind < 0.75) return { method: 'GET', path: `/v1/documents/${pathSegment(rand)}`, headers };
  if (kind < 0.85) return { method: 'GET', path: `/v1/jobs/${pathSegment(rand)}`, headers };
  if (kind < 0.93) {
    if (rand() < 0.5) headers.push(['content-type', 'application/json']);
    return {
      method: 'POST',
      path: `/v1/jobs/${pathSegment(rand)}/redeliver`,
      headers,
      body: rand() < 0.5 ? '' : brokenJson(rand),
    };
  }
  const method = pick(rand, ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']);
  const path = pick(rand, [
    '/',
    '/v1',
    '/v1/',
    '/healthz',
    '/readyz',
    '/v1/openapi.json',
    '/v1/documents',
    `/v1/${pathSegment(rand)}`,
    '/v1/documents/a/b',
    '/v1/documents/?x=%00',
    '/v1/documents/x?y=\ud800'.replace(/[\ud800-\udfff]/g, '%ED%A0%80'),
  ]);
  return { method, path, headers };
}

/** Sends one request over a fresh TCP connection and returns the status code (0: no parsable response). */
export function sendRaw(port: number, req: RawRequest, timeoutMs = 10_000): Promise<number> {
  const body =
    req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body, 'utf8');
  const lines = [`${req.method} ${req.path} HTTP/1.1`, 'host: 127.0.0.1', 'connection: close'];
  for (const [name, value] of req.headers) lines.push(`${name}: ${value}`);
  if (body) lines.push(`content-length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const done = () => {
      socket.destroy();
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
      resolve(match ? Number(match[1]) : 0);
    };
    socket.setTimeout(timeoutMs, done);
    socket.on('data', (d: Buffer) => {
      received += d.toString('latin1');
      // The status line is all we need.
      if (received.includes('\r\n')) done();
    });
    socket.on('error', done);
    socket.on('close', done);
    socket.write(body ? Buffer.concat([head, body]) : head);
  });
}

export interface FuzzReport {
  requests: number;
  statuses: Record<string, number>;
  serverErrors: Array<{ status: number; request: RawRequest }>;
  noResponse: number;
}

/** Sends `count` seeded requests, `concurrency` at a time; the same seed always sends the same requests. */
export async function runFuzz(
  port: number,
  creds: FuzzCredentials,
  count: number,
  seed: number,
  concurrency = 8,
): Promise<FuzzReport> {
  const rand = seededRandom(seed);
  const requests = Array.from({ length: count }, () => fuzzRequest(rand, creds));
  const report: FuzzReport = { requests: count, statuses: {}, serverErrors: [], noResponse: 0 };
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length) {
        const request = requests[next++]!;
        const status = await sendRaw(port, request);
        report.statuses[status] = (report.statuses[status] ?? 0) + 1;
        if (status === 0) report.noResponse++;
        if (status >= 500) report.serverErrors.push({ status, request });
      }
    }),
  );
  return report;
}
