import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PipelineError } from '../../../../src/pipeline/errors.js';
import { createChatCompletion, createLlmDispatcher } from '../../../../src/pipeline/extract/llm/client.js';
import { retryAfterMs } from '../../../../src/pipeline/extract/llm/retry.js';
import { parseLlmSettings, type LlmSettings } from '../../../../src/pipeline/extract/llm/settings.js';
import type { ChatRequest } from '../../../../src/pipeline/extract/llm/wire.js';
import {
  apiError,
  completion,
  settingsFor,
  startFakeLlmServer,
  type FakeLlmServer,
} from './support/fake-llm-server.js';

const KEY = 'sk-test-0123456789abcdefSECRET';
const FAST = { baseDelayMs: 10, maxDelayMs: 40 };

const chat: ChatRequest = {
  messages: [
    { role: 'system', content: 'Reply with JSON.' },
    { role: 'user', content: 'Invoice INV-1, total 10.00' },
  ],
  responseFormat: {
    type: 'json_schema',
    json_schema: {
      name: 'tiny',
      strict: true,
      schema: {
        type: 'object',
        properties: { total: { type: ['number', 'null'] } },
        required: ['total'],
        additionalProperties: false,
      },
    },
  },
  maxTokens: 512,
};

async function failure(promise: Promise<unknown>): Promise<PipelineError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PipelineError);
  const error = err as PipelineError;
  // Whatever failed, the key is in neither the message nor the detail.
  const visible = `${error.message} ${JSON.stringify(error.detail)}`;
  expect(visible).not.toContain(KEY);
  expect(visible).not.toContain(KEY.slice(0, 8));
  expect(visible).not.toContain(KEY.slice(-8));
  return error;
}

describe('chat-completions client', () => {
  let server: FakeLlmServer;
  let settings: LlmSettings;

  beforeAll(async () => {
    server = await startFakeLlmServer({ apiKey: KEY });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    settings = settingsFor(server, KEY, { timeoutMs: 1000, maxRetries: 2 });
  });

  it('POSTs a well-formed request and reads the completion', async () => {
    server.script(completion({ total: 10 }, { promptTokens: 42, completionTokens: 7 }));
    const result = await createChatCompletion(settings, chat);
    expect(result).toMatchObject({
      content: '{"total":10}',
      finishReason: 'stop',
      usage: { promptTokens: 42, completionTokens: 7 },
      attempts: 1,
      model: 'gpt-4o-2024-08-06',
    });
    const [seen] = server.requests;
    expect(seen?.url).toBe('/v1/chat/completions');
    expect(seen?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(seen?.body).toMatchObject({
      model: 'gpt-4o',
      temperature: 0,
      max_tokens: 512,
      stream: false,
      response_format: chat.responseFormat,
    });
  });

  it('waits for Retry-After on a 429, then succeeds', async () => {
    server.script(apiError(429, 'Rate limit reached for gpt-4o', { 'retry-after': '1' }), completion({ total: 1 }));
    const result = await createChatCompletion(settings, chat, { backoff: FAST });
    expect(result.attempts).toBe(2);
    const [first, second] = server.requests;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
  });

  it('prefers retry-after-ms, and retries a 500 with backoff', async () => {
    server.script(
      apiError(429, 'slow down', { 'retry-after-ms': '120', 'retry-after': '30' }),
      apiError(500, 'The server had an error'),
      completion({ total: 1 }),
    );
    const retries: unknown[] = [];
    const started = Date.now();
    const result = await createChatCompletion(settings, chat, { backoff: FAST, onRetry: (info) => retries.push(info) });
    expect(result.attempts).toBe(3);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(retries).toMatchObject([
      { attempt: 1, delayMs: 120, reason: 'rate_limited', status: 429 },
      { attempt: 2, reason: 'server_error', status: 500 },
    ]);
  });

  it('gives up after maxRetries on 503 as a transient failure', async () => {
    server.script(apiError(503, 'overloaded'), apiError(503, 'overloaded'), apiError(503, 'overloaded'));
    const error = await failure(createChatCompletion(settings, chat, { backoff: FAST }));
    expect(server.requests).toHaveLength(3);
    expect(error).toMatchObject({ stage: 'extraction', code: 'extraction_failed', transient: true });
    expect(error.detail).toMatchObject({
      reason: 'server_error',
      status: 503,
      attempts: 3,
      serverMessage: 'overloaded',
      model: 'gpt-4o',
    });
  });

  it('does not wait for a Retry-After longer than the cap: transient failure at once', async () => {
    server.script(apiError(429, 'quota', { 'retry-after': '3600' }));
    const error = await failure(createChatCompletion(settings, chat, { backoff: FAST }));
    expect(server.requests).toHaveLength(1);
    expect(error.transient).toBe(true);
    expect(error.detail).toMatchObject({ reason: 'rate_limited', retryAfterMs: 3_600_000 });
  });

  it('fails a 401 at once, permanently, without echoing the key', async () => {
    const wrong = parseLlmSettings({ ...settings, apiKey: `${KEY}-revoked` });
    const error = await failure(createChatCompletion(wrong, chat, { backoff: FAST }));
    expect(server.requests).toHaveLength(1);
    expect(error.transient).toBe(false);
    expect(error.detail).toMatchObject({ reason: 'auth', status: 401 });
    expect(error.message).toContain('Incorrect API key provided: [redacted]');
  });

  it('does not retry a 400, and hints at json_object when the server objects to response_format', async () => {
    const noJsonWord: ChatRequest = {
      ...chat,
      messages: [{ role: 'user', content: 'hello' }],
      responseFormat: { type: 'json_object' },
    };
    const error = await failure(createChatCompletion(settings, noJsonWord, { backoff: FAST }));
    expect(server.requests).toHaveLength(1);
    expect(error).toMatchObject({ transient: false, detail: { reason: 'bad_request', status: 400 } });
    expect(error.message).toContain('set responseFormat to json_object');
  });

  it('ends a silent attempt at timeoutMs and retries it', async () => {
    server.script({ hang: true }, { hang: true });
    const started = Date.now();
    const error = await failure(createChatCompletion({ ...settings, maxRetries: 1 }, chat, { backoff: FAST }));
    const elapsed = Date.now() - started;
    expect(server.requests).toHaveLength(2);
    expect(elapsed).toBeGreaterThanOrEqual(1900);
    expect(elapsed).toBeLessThan(4000);
    expect(error).toMatchObject({ transient: true, detail: { reason: 'timeout', timeoutMs: 1000, attempts: 2 } });
  });

  it('caps the response size', async () => {
    server.script({ hugeBytes: 3 * 1024 * 1024 });
    const error = await failure(createChatCompletion(settings, chat, { maxResponseBytes: 256 * 1024 }));
    expect(error).toMatchObject({ transient: false, detail: { reason: 'response_too_large', maxBytes: 256 * 1024 } });
  });

  it('refuses a loopback model server unless allowPrivateNetworks is set', async () => {
    const error = await failure(createChatCompletion({ ...settings, allowPrivateNetworks: false }, chat));
    expect(server.requests).toHaveLength(0);
    expect(error).toMatchObject({
      stage: 'extraction',
      transient: false,
      detail: { reason: 'address_not_allowed', range: 'loopback' },
    });
  });

  it('retries network errors and reports them as transient', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(
      createChatCompletion({ ...settings, baseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 1 }, chat, {
        backoff: FAST,
      }),
    );
    expect(error).toMatchObject({ transient: true, detail: { reason: 'network', attempts: 2, error: 'ECONNREFUSED' } });
  });

  it("rejects with the caller's reason when aborted, also during a backoff pause", async () => {
    server.script(apiError(503, 'busy'));
    const controller = new AbortController();
    const reason = new Error('shutting down');
    setTimeout(() => controller.abort(reason), 100);
    await expect(
      createChatCompletion(settings, chat, {
        signal: controller.signal,
        backoff: { baseDelayMs: 5_000, maxDelayMs: 5_000 },
      }),
    ).rejects.toBe(reason);
  });

  it('reuses a long-lived dispatcher', async () => {
    const dispatcher = createLlmDispatcher(settings);
    server.script(completion({ total: 1 }), completion({ total: 2 }));
    const a = await createChatCompletion(settings, chat, { dispatcher });
    const b = await createChatCompletion(settings, chat, { dispatcher });
    expect([a.content, b.content]).toEqual(['{"total":1}', '{"total":2}']);
    await dispatcher.close();
  });
});

describe('chat-completions client, Azure OpenAI flavour', () => {
  it('uses the deployment URL with api-version and the api-key header', async () => {
    const server = await startFakeLlmServer({ apiKey: KEY, flavour: 'azure' });
    try {
      const settings = parseLlmSettings({
        baseUrl: server.baseUrl,
        apiKey: KEY,
        model: 'invoices-gpt4o',
        flavour: 'azure',
        azureApiVersion: '2024-10-21',
        allowPrivateNetworks: true,
      });
      server.script(completion({ total: 3 }));
      const result = await createChatCompletion(settings, chat);
      expect(result.content).toBe('{"total":3}');
      const [seen] = server.requests;
      expect(seen?.url).toBe('/openai/deployments/invoices-gpt4o/chat/completions?api-version=2024-10-21');
      expect(seen?.headers['api-key']).toBe(KEY);
      expect(seen?.headers.authorization).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});

describe('Retry-After parsing', () => {
  const now = Date.parse('2026-11-02T10:00:00Z');
  it('reads seconds, HTTP dates and retry-after-ms', () => {
    expect(retryAfterMs({ 'retry-after': '7' }, now)).toBe(7000);
    expect(retryAfterMs({ 'retry-after': 'Mon, 02 Nov 2026 10:00:30 GMT' }, now)).toBe(30_000);
    expect(retryAfterMs({ 'retry-after': 'Mon, 02 Nov 2026 09:00:00 GMT' }, now)).toBe(0);
    expect(retryAfterMs({ 'retry-after-ms': '250.5', 'retry-after': '9' }, now)).toBe(251);
    expect(retryAfterMs({ 'retry-after': 'soon' }, now)).toBeNull();
    expect(retryAfterMs({}, now)).toBeNull();
  });
});
