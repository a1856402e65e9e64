// One delivery attempt against real receivers on 127.0.0.1: outcomes by status, bounds on time and response size,
// redirects, the address policy, and signatures checked exactly as a receiver would with the standardwebhooks library.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { Agent } from 'undici';
import { createDeliveryDispatcher } from '../../src/delivery/dispatcher.js';
import { buildWebhookPayload, serializeWebhookPayload } from '../../src/delivery/payload.js';
import { decideNextStep } from '../../src/delivery/decide.js';
import { DEFAULT_RETRY_SCHEDULE, parseSchedule } from '../../src/delivery/schedule.js';
import { sendWebhook, type SendWebhookOptions } from '../../src/delivery/send.js';
import { generateSigningSecret, newMessageId } from '../../src/delivery/signing.js';
import { processedJob } from './support/job.js';
import { closedPort, startReceiver, type Receiver } from './support/receiver.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const SECRET = generateSigningSecret();
const BODY = serializeWebhookPayload(buildWebhookPayload(processedJob()));
const SCHEDULE = parseSchedule(DEFAULT_RETRY_SCHEDULE);
const EURO_BODY = '€'.repeat(3000); // 9,000 bytes of 3-byte characters: any byte cut can fall inside one

let receiver: Receiver;
let other: Receiver;
let dispatcher: Agent;

/** Writes until the client goes away, respecting backpressure. */
function endless(res: import('node:http').ServerResponse): void {
  const chunk = Buffer.alloc(16 * 1024, 'z');
  res.writeHead(200, { 'content-type': 'text/plain' });
  const pump = (): void => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once('drain', pump);
  };
  pump();
}

beforeAll(async () => {
  other = await startReceiver();
  receiver = await startReceiver({
    '/ok': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks'),
    '/accepted-empty': (_req, res) => res.writeHead(202).end(),
    '/fail': (_req, res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('boom'),
    '/busy-seconds': (_req, res) => res.writeHead(429, { 'retry-after': '120' }).end('slow down'),
    '/busy-date': (_req, res) =>
      res.writeHead(503, { 'retry-after': new Date(Date.now() + 90_000).toUTCString() }).end(),
    '/gone': (_req, res) => res.writeHead(410).end('endpoint disabled'),
    '/moved': (_req, res) => res.writeHead(302, { location: other.url('/elsewhere') }).end('see elsewhere'),
    '/hang': () => {},
    '/endless': (_req, res) => endless(res),
    '/trickle': (_req, res) => {
      res.writeHead(200);
      const timer = setInterval(() => res.write('x'), 20);
      res.on('close', () => clearInterval(timer));
    },
    '/big': (_req, res) => res.writeHead(200).end(Buffer.alloc(1024 * 1024, 'a')),
    '/euro': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(EURO_BODY),
    '/binary': (_req, res) => {
      const bytes = Buffer.alloc(1000);
      for (let i = 0; i < bytes.length; i++) bytes[i] = i % 256;
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bytes);
    },
  });
  dispatcher = createDeliveryDispatcher({ allowPrivateNetworks: true });
});

afterAll(async () => {
  await dispatcher.destroy();
  await receiver.close();
  await other.close();
});

function send(path: string, overrides: Partial<SendWebhookOptions> = {}) {
  return sendWebhook({
    url: receiver.url(path),
    body: BODY,
    messageId: newMessageId(),
    secrets: [SECRET],
    dispatcher,
    timeoutMs: 2_000,
    ...overrides,
  });
}

function requestsTo(path: string) {
  return receiver.requests.filter((r) => r.path === path);
}

describe('sendWebhook outcomes', () => {
  it('delivers on 200: POST of the exact body with JSON, user agent and the three webhook headers', async () => {
    const messageId = newMessageId();
    const result = await send('/ok', { messageId, headers: { 'X-Trace': 'abc', 'Content-Type': 'text/evil' } });
    expect(result).toMatchObject({ ok: true, statusCode: 200, responseBody: 'thanks', error: null, gone: false });
    expect(result.retryAfterMs).toBeNull();
    const [seen] = requestsTo('/ok').filter((r) => r.headers['webhook-id'] === messageId);
    expect(seen?.method).toBe('POST');
    expect(seen?.body).toBe(BODY);
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(seen?.headers['user-agent']).toBe(`docex/${version}`);
    expect(seen?.headers['x-trace']).toBe('abc');
    expect(Number(seen?.headers['webhook-timestamp'])).toBe(result.timestamp);
    expect(Math.abs(result.timestamp - Date.now() / 1000)).toBeLessThan(5);
    expect(seen?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(decideNextStep(result, 1, SCHEDULE)).toEqual({ outcome: 'delivered' });
  });

  it('counts any 2xx as delivered and stores an empty body as an empty string', async () => {
    const result = await send('/accepted-empty');
    expect(result).toMatchObject({ ok: true, statusCode: 202, responseBody: '' });
  });

  it('records a 500 with its body and schedules a retry', async () => {
    const result = await send('/fail');
    expect(result).toMatchObject({
      ok: false,
      statusCode: 500,
      responseBody: 'boom',
      error: { code: 'http_error', message: 'The receiver answered HTTP 500 Internal Server Error.' },
      gone: false,
      retryAfterMs: null,
    });
    const decision = decideNextStep(result, 1, SCHEDULE, { random: () => 0.5 });
    expect(decision).toEqual({ outcome: 'retry', nextAttempt: 2, delayMs: 5_000 });
    expect(decideNextStep(result, 8, SCHEDULE)).toEqual({ outcome: 'exhausted' });
  });

  it('honours Retry-After in seconds on a 429', async () => {
    const result = await send('/busy-seconds');
    expect(result).toMatchObject({ ok: false, statusCode: 429, retryAfterMs: 120_000, responseBody: 'slow down' });
    expect(decideNextStep(result, 1, SCHEDULE)).toEqual({ outcome: 'retry', nextAttempt: 2, delayMs: 120_000 });
  });

  it('honours Retry-After as an HTTP date on a 503', async () => {
    const result = await send('/busy-date');
    expect(result.statusCode).toBe(503);
    // The date has whole seconds: between 89 and 90 s from now, minus the time the request took.
    expect(result.retryAfterMs).toBeGreaterThan(87_000);
    expect(result.retryAfterMs).toBeLessThanOrEqual(90_000);
  });

  it('stops on 410 Gone', async () => {
    const result = await send('/gone');
    expect(result).toMatchObject({ ok: false, statusCode: 410, gone: true, responseBody: 'endpoint disabled' });
    expect(decideNextStep(result, 1, SCHEDULE)).toEqual({ outcome: 'gone' });
  });

  it('does not follow a 302: records the Location and the target never hears of it', async () => {
    const result = await send('/moved');
    expect(result).toMatchObject({
      ok: false,
      statusCode: 302,
      redirectLocation: other.url('/elsewhere'),
      responseBody: 'see elsewhere',
    });
    expect(result.error?.code).toBe('redirect');
    expect(other.requests).toHaveLength(0);
    expect(other.connections()).toBe(0);
  });

  it('reports connection refused as connection_failed', async () => {
    const port = await closedPort();
    const result = await send('/', { url: `http://127.0.0.1:${port}/hook` });
    expect(result).toMatchObject({ ok: false, statusCode: null, responseBody: null });
    expect(result.error).toEqual({
      code: 'connection_failed',
      message: 'The connection to the receiver failed (ECONNREFUSED).',
    });
  });

  it('refuses bad options before sending anything', async () => {
    const before = receiver.requests.length;
    await expect(send('/ok', { maxResponseBytes: 10 })).rejects.toThrow(RangeError);
    await expect(send('/ok', { timeoutMs: 0 })).rejects.toThrow(RangeError);
    expect(receiver.requests.length).toBe(before);
  });

  it('refuses URLs that are not absolute http(s) or carry credentials, without any request', async () => {
    for (const url of ['not a url', 'ftp://127.0.0.1/hook', `http://user:pw@127.0.0.1:1/hook`]) {
      const result = await send('/', { url });
      expect(result.error?.code).toBe('url_invalid');
      expect(result.error?.message).not.toContain('pw');
    }
  });
});

describe('sendWebhook bounds', () => {
  it('gives up on a receiver that never answers after the timeout', async () => {
    const result = await send('/hang', { timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, statusCode: null, responseBody: null });
    expect(result.error).toEqual({ code: 'timeout', message: 'The receiver did not answer within 300 ms.' });
    expect(result.durationMs).toBeGreaterThanOrEqual(280);
    expect(result.durationMs).toBeLessThan(1_500);
  });

  it('stops reading an endless body after maxResponseBytes, long before the timeout', async () => {
    const result = await send('/endless', { timeoutMs: 5_000 });
    expect(result.ok).toBe(true);
    expect(result.durationMs).toBeLessThan(2_000);
    expect(Buffer.byteLength(result.responseBody ?? '')).toBeLessThanOrEqual(4096);
    expect(result.responseBody).toMatch(/^z+…\[truncated, at least \d+ bytes\]$/);
  });

  it('ends a body that trickles forever at the deadline, keeping what arrived', async () => {
    const result = await send('/trickle', { timeoutMs: 300 });
    expect(result).toMatchObject({ ok: true, statusCode: 200, error: null });
    expect(result.durationMs).toBeLessThan(1_500);
    expect(result.responseBody).toMatch(/^x+…\[truncated, at least \d+ bytes\]$/);
  });

  it('truncates a 1 MiB response to the byte limit', async () => {
    const result = await send('/big', { maxResponseBytes: 1000 });
    expect(result.ok).toBe(true);
    expect(Buffer.byteLength(result.responseBody ?? '')).toBeLessThanOrEqual(1000);
    expect(result.responseBody).toMatch(/^a{900,}…\[truncated, at least \d+ bytes\]$/);
  });

  it('cuts a UTF-8 body between characters, never inside one', async () => {
    const result = await send('/euro');
    const body = result.responseBody ?? '';
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(4096);
    expect(body).not.toContain('\uFFFD');
    expect(body).toMatch(/^€{1300,}…\[truncated, at least \d+ bytes\]$/);
  });

  it('stores a binary body as base64 with its size', async () => {
    const result = await send('/binary');
    expect(result.ok).toBe(true);
    const bytes = Buffer.alloc(1000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = i % 256;
    expect(result.responseBody).toBe(`[binary, 1000 bytes total] base64:${bytes.toString('base64')}`);
  });
});

describe('signatures', () => {
  it('verifies with the standardwebhooks library exactly as a receiver would', async () => {
    const messageId = newMessageId();
    await send('/ok', { messageId });
    const seen = requestsTo('/ok').find((r) => r.headers['webhook-id'] === messageId)!;
    expect(new Webhook(SECRET).verify(seen.body, seen.headers)).toEqual(JSON.parse(BODY));
    expect(() => new Webhook(generateSigningSecret()).verify(seen.body, seen.headers)).toThrow(/No matching signature/);
    expect(() => new Webhook(SECRET).verify(`${seen.body} `, seen.headers)).toThrow(/No matching signature/);
  });

  it('signs with every active secret during a rotation: either one verifies', async () => {
    const oldSecret = generateSigningSecret();
    const newSecret = generateSigningSecret(48);
    const messageId = newMessageId();
    await send('/ok', { messageId, secrets: [newSecret, oldSecret] });
    const seen = requestsTo('/ok').find((r) => r.headers['webhook-id'] === messageId)!;
    expect(seen.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(new Webhook(oldSecret).verify(seen.body, seen.headers)).toEqual(JSON.parse(BODY));
    expect(new Webhook(newSecret).verify(seen.body, seen.headers)).toEqual(JSON.parse(BODY));
    expect(() => new Webhook(SECRET).verify(seen.body, seen.headers)).toThrow();
  });

  it('sends one message twice with the same webhook-id and byte-identical body, both verifiable', async () => {
    const messageId = newMessageId();
    await send('/fail', { messageId });
    await send('/ok', { messageId });
    const seen = receiver.requests.filter((r) => r.headers['webhook-id'] === messageId);
    expect(seen.map((r) => r.path)).toEqual(['/fail', '/ok']);
    expect(seen[0]!.body).toBe(seen[1]!.body);
    for (const r of seen) expect(new Webhook(SECRET).verify(r.body, r.headers)).toEqual(JSON.parse(BODY));
  });

  it('reports a malformed secret as internal_error without sending or echoing it', async () => {
    const before = receiver.requests.length;
    const result = await send('/ok', { secrets: ['whsec_not*base64'] });
    expect(result.error?.code).toBe('internal_error');
    expect(result.error?.message).not.toContain('not*base64');
    expect(receiver.requests.length).toBe(before);
  });
});

describe('connections', () => {
  it('reuses one keep-alive connection for consecutive deliveries to one receiver', async () => {
    const own = await startReceiver({ '/fail': (_req, res) => res.writeHead(500).end('no') });
    const shared = createDeliveryDispatcher({ allowPrivateNetworks: true });
    try {
      for (let i = 0; i < 6; i++) {
        const result = await sendWebhook({
          url: own.url(i % 2 === 0 ? '/hook' : '/fail'),
          body: BODY,
          messageId: newMessageId(),
          secrets: [SECRET],
          dispatcher: shared,
        });
        expect(result.statusCode).toBe(i % 2 === 0 ? 204 : 500);
      }
      expect(own.requests).toHaveLength(6);
      expect(own.connections()).toBe(1);
    } finally {
      await shared.destroy();
      await own.close();
    }
  });
});
