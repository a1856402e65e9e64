// A minimal OpenAI-compatible chat-completions client over undici (no SDK): one POST per attempt, bounded in time
// (connect + whole attempt) and size, retried with exponential backoff on rate limits, passing server trouble,
// timeouts and network errors; never on other 4xx, which will not change by asking again.
//
// The base URL comes from the operator, not from a caller, but connections still go through the safe dispatcher's
// address rules: a model server on loopback or the LAN (Ollama, vLLM) must be allowed explicitly.
import { STATUS_CODES } from 'node:http';
import type { Readable } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import { PipelineError } from '../../errors.js';
import { createSafeDispatcher } from '../../fetch/index.js';
import { llmFailure, serverMessage, type LlmFailureDetail } from './failure.js';
import {
  DEFAULT_BACKOFF,
  RETRYABLE_STATUSES,
  backoffDelay,
  isTransientStatus,
  retryAfterMs,
  sleep,
  type BackoffPolicy,
} from './retry.js';
import type { LlmSettings } from './settings.js';
import { errorText, readCompletion, requestBody, type ChatCompletion, type ChatRequest } from './wire.js';

export const LLM_USER_AGENT = 'docex (llm extraction)';
/** A completion of a few thousand tokens is tens of kilobytes; anything near this cap is not a sane answer. */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
const MAX_ERROR_BODY_BYTES = 64 * 1024;
const MAX_CONNECT_TIMEOUT_MS = 10_000;

export interface ChatClientOptions {
  /** Cancels the call; it then rejects with the signal's reason (not a PipelineError). */
  signal?: AbortSignal;
  /** A long-lived dispatcher from {@link createLlmDispatcher}; without one, a fresh one is opened and closed. */
  dispatcher?: Dispatcher;
  backoff?: Partial<BackoffPolicy>;
  maxResponseBytes?: number;
  /** Told about each retry before its pause, e.g. to log it (never given the key). */
  onRetry?: (info: { attempt: number; delayMs: number; reason: string; status?: number }) => void;
}

export interface ChatCompletionResult extends ChatCompletion {
  /** HTTP attempts made, retries included. */
  attempts: number;
}

/** One per worker process (keep-alive pool per origin); close it at shutdown. */
export function createLlmDispatcher(settings: Pick<LlmSettings, 'allowPrivateNetworks' | 'timeoutMs'>): Dispatcher {
  return createSafeDispatcher({
    allowPrivateNetworks: settings.allowPrivateNetworks,
    connectTimeoutMs: Math.min(MAX_CONNECT_TIMEOUT_MS, settings.timeoutMs),
  });
}

/** openai: {baseUrl}/chat/completions; azure: {endpoint}/openai/deployments/{deployment}/chat/completions?api-version= */
export function chatCompletionsUrl(settings: LlmSettings): URL {
  if (settings.flavour === 'azure') {
    const url = new URL(
      `${settings.baseUrl}/openai/deployments/${encodeURIComponent(settings.model)}/chat/completions`,
    );
    url.searchParams.set('api-version', settings.azureApiVersion);
    return url;
  }
  return new URL(`${settings.baseUrl}/chat/completions`);
}

function requestHeaders(settings: LlmSettings): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    'user-agent': LLM_USER_AGENT,
  };
  if (settings.apiKey !== undefined) {
    if (settings.flavour === 'azure') headers['api-key'] = settings.apiKey;
    else headers.authorization = `Bearer ${settings.apiKey}`;
  }
  return headers;
}

type Attempt =
  | { ok: true; completion: ChatCompletion }
  | {
      ok: false;
      retryable: boolean;
      transient: boolean;
      message: string;
      detail: LlmFailureDetail;
      waitMs: number | null;
      cause?: unknown;
    };

/**
 * POSTs one chat completion and returns the first choice. Throws PipelineError (extraction, extraction_failed) with
 * detail.reason from LLM_FAILURE_REASONS and `transient` set when asking again later may help.
 */
export async function createChatCompletion(
  settings: LlmSettings,
  chat: ChatRequest,
  options: ChatClientOptions = {},
): Promise<ChatCompletionResult> {
  const backoff: BackoffPolicy = { ...DEFAULT_BACKOFF, ...options.backoff };
  const ownDispatcher = options.dispatcher === undefined ? createLlmDispatcher(settings) : null;
  const dispatcher = options.dispatcher ?? (ownDispatcher as Dispatcher);
  const url = chatCompletionsUrl(settings);
  const body = JSON.stringify(requestBody(settings.model, chat));
  const endpoint = `${url.origin}${url.pathname}`;
  try {
    for (let attempt = 1; ; attempt += 1) {
      options.signal?.throwIfAborted();
      const outcome = await attemptOnce(url, body, settings, dispatcher, options);
      if (outcome.ok) return { ...outcome.completion, attempts: attempt };
      const detail = { ...outcome.detail, attempts: attempt, endpoint, model: settings.model };
      const fail = (extra: Record<string, unknown> = {}): PipelineError =>
        llmFailure(outcome.message, { ...detail, ...extra }, outcome.transient, outcome.cause);
      if (!outcome.retryable || attempt > settings.maxRetries) throw fail();
      if (outcome.waitMs !== null && outcome.waitMs > backoff.maxRetryAfterMs)
        throw fail({ retryAfterMs: outcome.waitMs });
      const delayMs = outcome.waitMs ?? backoffDelay(attempt, backoff);
      options.onRetry?.({
        attempt,
        delayMs,
        reason: outcome.detail.reason,
        status: outcome.detail.status as number | undefined,
      });
      await sleep(delayMs, options.signal);
    }
  } finally {
    await ownDispatcher?.close();
  }
}

async function attemptOnce(
  url: URL,
  body: string,
  settings: LlmSettings,
  dispatcher: Dispatcher,
  options: ChatClientOptions,
): Promise<Attempt> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error('attempt timed out')), settings.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
  try {
    const response = await request(url, {
      method: 'POST',
      headers: requestHeaders(settings),
      body,
      dispatcher,
      signal,
    });
    const ok = response.statusCode >= 200 && response.statusCode < 300;
    const maxBytes = ok ? (options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES) : MAX_ERROR_BODY_BYTES;
    const { text, overflow } = await readCapped(response.body, maxBytes);
    if (ok && overflow) {
      return failed(false, false, `The LLM server's answer exceeded ${maxBytes} bytes.`, {
        reason: 'response_too_large',
        maxBytes,
      });
    }
    if (ok) return readAnswer(text, settings);
    return statusFailure(response.statusCode, response.headers, text, settings);
  } catch (err) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (deadline.signal.aborted) {
      return failed(
        true,
        true,
        `The LLM server did not answer within ${settings.timeoutMs} ms.`,
        { reason: 'timeout', timeoutMs: settings.timeoutMs },
        err,
      );
    }
    return networkFailure(err, url);
  } finally {
    clearTimeout(timer);
  }
}

function failed(
  retryable: boolean,
  transient: boolean,
  message: string,
  detail: LlmFailureDetail,
  cause?: unknown,
  waitMs: number | null = null,
): Attempt {
  return { ok: false, retryable, transient, message, detail, waitMs, cause };
}

function readAnswer(text: string, settings: LlmSettings): Attempt {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return failed(false, false, 'The LLM server answered 2xx with a body that is not JSON.', {
      reason: 'invalid_response',
      bodyStart: serverMessage(text, settings.apiKey, 120),
    });
  }
  const completion = readCompletion(parsed);
  if (typeof completion === 'string') {
    return failed(false, false, `The LLM server's answer is not a chat completion: ${completion}.`, {
      reason: 'invalid_response',
    });
  }
  return { ok: true, completion };
}

function statusFailure(
  status: number,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  settings: LlmSettings,
): Attempt {
  const said = serverMessage(errorText(body), settings.apiKey);
  const statusText = `HTTP ${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}`;
  const suffix = said === '' ? '' : `: ${said}`;
  const detail = { status, ...(said === '' ? {} : { serverMessage: said }) };
  if (status === 401 || status === 403) {
    return failed(false, false, `The LLM server refused the credentials (${statusText})${suffix}`, {
      reason: 'auth',
      ...detail,
    });
  }
  if (status === 429) {
    return failed(
      true,
      true,
      `The LLM server is rate limiting (${statusText})${suffix}`,
      { reason: 'rate_limited', ...detail },
      undefined,
      retryAfterMs(headers),
    );
  }
  if (status >= 500) {
    const retryable = RETRYABLE_STATUSES.has(status);
    const wait = retryable ? retryAfterMs(headers) : null;
    return failed(
      retryable,
      isTransientStatus(status),
      `The LLM server failed (${statusText})${suffix}`,
      { reason: 'server_error', ...detail },
      undefined,
      wait,
    );
  }
  // json_schema is what most often trips older or smaller servers: say which setting works around it.
  const hint = /response_format|json_schema/i.test(said)
    ? ' (if the server lacks json_schema output, set responseFormat to json_object)'
    : '';
  return failed(
    false,
    isTransientStatus(status),
    `The LLM server rejected the request (${statusText})${suffix}${hint}`,
    {
      reason: 'bad_request',
      ...detail,
    },
  );
}

function networkFailure(err: unknown, url: URL): Attempt {
  const refused = findPipelineError(err);
  if (refused?.code === 'url_not_allowed') {
    return failed(
      false,
      false,
      `${refused.message} Set allowPrivateNetworks for a model server on a private network.`,
      {
        reason: 'address_not_allowed',
        host: url.hostname,
        ...refused.detail,
      },
    );
  }
  if (refused?.code === 'dns_failed') {
    return failed(refused.transient, refused.transient, refused.message, {
      reason: 'network',
      host: url.hostname,
      ...refused.detail,
    });
  }
  const code = (err as { code?: unknown } | null)?.code;
  const reason = typeof code === 'string' ? code : err instanceof Error ? err.message.slice(0, 120) : 'unknown';
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    return failed(
      true,
      true,
      `Connecting to the LLM server at ${url.host} timed out.`,
      { reason: 'timeout', host: url.host },
      err,
    );
  }
  return failed(
    true,
    true,
    `Could not reach the LLM server at ${url.host} (${reason}).`,
    { reason: 'network', host: url.host, error: reason },
    err,
  );
}

/** The safe dispatcher refuses with a PipelineError, which undici may wrap. */
function findPipelineError(err: unknown): PipelineError | null {
  for (let current = err, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if (current instanceof PipelineError) return current;
  }
  return null;
}

async function readCapped(body: Readable, maxBytes: number): Promise<{ text: string; overflow: boolean }> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > maxBytes) {
      // Stop reading: the connection is dropped instead of draining an unbounded answer.
      body.destroy();
      chunks.push(chunk.subarray(0, chunk.length - (bytes - maxBytes)));
      return { text: Buffer.concat(chunks).toString('utf8'), overflow: true };
    }
    chunks.push(chunk);
  }
  return { text: Buffer.concat(chunks).toString('utf8'), overflow: false };
}
