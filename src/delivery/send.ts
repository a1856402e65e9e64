// One delivery attempt: POST the stored body, signed for this attempt, and report what happened. It never throws
// for anything the network or the receiver does; every outcome is an AttemptResult with a code from a closed set.
//
// Bounds, because a receiver is untrusted and must not hold a worker: one deadline (timeoutMs) covers connecting,
// waiting for the status line and reading the body; at most maxResponseBytes of the body are read before the stream
// is destroyed; redirects are never followed (a 3xx is a failure: following one would let a receiver send signed
// payloads to a third party, and the address rules would have to be re-applied per hop).
import { STATUS_CODES } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import { PipelineError } from '../pipeline/errors.js';
import { parseRetryAfter } from './schedule.js';
import { sign } from './signing.js';
import { DEFAULT_RESPONSE_BODY_LIMIT, MIN_RESPONSE_BODY_LIMIT, truncateResponseBody } from './truncate.js';
import { VERSION as version } from '../ids.js';

export const DELIVERY_USER_AGENT = `docex/${version}`;
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 15_000;
const MAX_LOCATION_LENGTH = 2048;

export const ATTEMPT_ERROR_CODES = [
  'url_invalid', // not an absolute http(s) URL without credentials
  'url_not_allowed', // resolves to (or is) a private, loopback, metadata, ... address
  'dns_failed', // the host name does not resolve
  'connection_failed', // refused, reset, TLS failure, malformed HTTP
  'timeout', // no status line within the attempt's deadline
  'redirect', // a 3xx: not followed
  'http_error', // any other non-2xx status
  'internal_error', // a bug on our side (bad header value, ...)
  'interrupted', // recorded before sending; stays when the worker stopped before the result could be recorded
] as const;
export type AttemptErrorCode = (typeof ATTEMPT_ERROR_CODES)[number];

export interface AttemptResult {
  /** A 2xx status arrived within the deadline. The body is informative only and does not change this. */
  ok: boolean;
  statusCode: number | null;
  /** The receiver's body as truncateResponseBody stores it ('' for an empty one), null when nothing answered. */
  responseBody: string | null;
  durationMs: number;
  error: { code: AttemptErrorCode; message: string } | null;
  /** The receiver's Retry-After on a 429 or 503, in milliseconds from now. */
  retryAfterMs: number | null;
  /** 410 Gone: the receiver asks never to be called again for this endpoint. */
  gone: boolean;
  /** The Location of a 3xx (bounded to 2048 characters), for the customer to fix their URL. */
  redirectLocation: string | null;
  /** The webhook-timestamp (unix seconds) this attempt was signed with. */
  timestamp: number;
}

export interface SendWebhookOptions {
  url: string;
  /** The serialised payload, byte-identical on every attempt of one message. */
  body: string;
  /** The message id (webhook-id), identical on every attempt of one message. */
  messageId: string;
  /** Active signing secrets (whsec_...), newest first; several during a rotation's grace period. */
  secrets: readonly string[];
  /** The long-lived delivery dispatcher (createDeliveryDispatcher): it enforces the address rules. */
  dispatcher: Dispatcher;
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** Extra request headers; content-type, user-agent and the webhook-* headers are always docex's own. */
  headers?: Record<string, string>;
}

export async function sendWebhook(options: SendWebhookOptions): Promise<AttemptResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_RESPONSE_BODY_LIMIT;
  // Bad options are the caller's bug: refuse them before anything is sent rather than report them as an attempt.
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs <= 0) throw new RangeError(`bad timeoutMs ${timeoutMs}`);
  if (!Number.isSafeInteger(maxResponseBytes) || maxResponseBytes < MIN_RESPONSE_BODY_LIMIT) {
    throw new RangeError(`maxResponseBytes must be an integer >= ${MIN_RESPONSE_BODY_LIMIT}, got ${maxResponseBytes}`);
  }
  const started = performance.now();
  const timestamp = Math.floor(Date.now() / 1000);
  const result = (fields: Partial<AttemptResult>): AttemptResult => ({
    ok: false,
    statusCode: null,
    responseBody: null,
    error: null,
    retryAfterMs: null,
    gone: false,
    redirectLocation: null,
    timestamp,
    ...fields,
    durationMs: Math.round(performance.now() - started),
  });

  const url = parseWebhookUrl(options.url);
  if (typeof url === 'string') return result({ error: { code: 'url_invalid', message: url } });

  let signature: string;
  try {
    signature = sign({ id: options.messageId, timestamp, body: options.body, secrets: options.secrets });
  } catch (err) {
    return result({ error: internalError('The webhook could not be signed', err) });
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
  Object.assign(headers, {
    'content-type': 'application/json',
    'user-agent': DELIVERY_USER_AGENT,
    'webhook-id': options.messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signature,
  });

  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new AttemptDeadline(timeoutMs)), timeoutMs);
  try {
    const response = await request(url, {
      dispatcher: options.dispatcher,
      method: 'POST',
      body: options.body,
      headers,
      signal: deadline.signal,
    });
    const { statusCode } = response;
    const read = await readPrefix(response.body, maxResponseBytes);
    // undici hands the connection back to its pool one event-loop turn after the body ends; without this yield a
    // delivery that follows at once finds it busy and opens a second connection (measured: consecutive deliveries
    // to one receiver alternated between two sockets instead of reusing one).
    if (read.complete) await new Promise<void>((resolve) => setImmediate(resolve));
    const responseBody =
      read.bytes.length === 0 && read.complete ? '' : truncateResponseBody(read.bytes, maxResponseBytes, read);
    const fields: Partial<AttemptResult> = { statusCode, responseBody };
    if (statusCode >= 200 && statusCode <= 299) return result({ ...fields, ok: true });
    if (statusCode >= 300 && statusCode <= 399) {
      const location = headerValue(response.headers['location'])?.slice(0, MAX_LOCATION_LENGTH) ?? null;
      return result({
        ...fields,
        redirectLocation: location,
        error: {
          code: 'redirect',
          message:
            `The receiver answered HTTP ${statusLine(statusCode)}; redirects are not followed, ` +
            'deliver to the final URL instead.',
        },
      });
    }
    const retryAfterMs =
      statusCode === 429 || statusCode === 503 ? parseRetryAfter(response.headers['retry-after']) : null;
    return result({
      ...fields,
      retryAfterMs,
      gone: statusCode === 410,
      error: { code: 'http_error', message: `The receiver answered HTTP ${statusLine(statusCode)}.` },
    });
  } catch (err) {
    return result({ error: classifyRequestError(deadline.signal.aborted ? deadline.signal.reason : err) });
  } finally {
    clearTimeout(timer);
  }
}

class AttemptDeadline extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no response within ${timeoutMs} ms`);
  }
}

/** The URL, or why it cannot be delivered to. Messages never repeat the URL: its query may hold a token. */
function parseWebhookUrl(input: string): URL | string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return 'The webhook URL is not a valid absolute URL.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `Webhook URLs must be http(s), not ${url.protocol}`;
  if (url.username !== '' || url.password !== '') return 'The webhook URL must not contain credentials.';
  url.hash = '';
  return url;
}

interface BodyPrefix {
  bytes: Buffer;
  /** Bytes received, including those beyond the kept prefix. */
  totalBytes: number;
  /** The body ended normally, so totalBytes is its exact size. */
  complete: boolean;
}

/**
 * Keeps at most `limit` bytes. Reading stops (and the stream, with its connection, is destroyed) as soon as more
 * arrives, or when the deadline or the connection ends it: the status already decided the outcome, the body is
 * only kept for the customer to read, so whatever arrived is returned.
 */
async function readPrefix(body: Readable, limit: number): Promise<BodyPrefix> {
  const chunks: Buffer[] = [];
  let kept = 0;
  let totalBytes = 0;
  const prefix = (complete: boolean): BodyPrefix => ({ bytes: Buffer.concat(chunks, kept), totalBytes, complete });
  // Destroying an unfinished undici body is reported as an 'error' event: expected here.
  body.on('error', () => {});
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      totalBytes += chunk.length;
      const room = limit - kept;
      if (room > 0) {
        const part = chunk.subarray(0, room);
        chunks.push(part);
        kept += part.length;
      }
      if (totalBytes > limit) {
        body.destroy();
        return prefix(false);
      }
    }
    return prefix(true);
  } catch {
    body.destroy();
    return prefix(false);
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function statusLine(status: number): string {
  const reason = STATUS_CODES[status];
  return reason === undefined ? String(status) : `${status} ${reason}`;
}

const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);

function internalError(what: string, err: unknown): { code: AttemptErrorCode; message: string } {
  const detail = err instanceof Error ? err.message.slice(0, 300) : String(err).slice(0, 300);
  return { code: 'internal_error', message: `${what}: ${detail}` };
}

/** Maps a thrown error to the attempt's error; the address rules report theirs as PipelineErrors. */
function classifyRequestError(err: unknown): { code: AttemptErrorCode; message: string } {
  if (err instanceof AttemptDeadline) {
    return { code: 'timeout', message: `The receiver did not answer within ${err.timeoutMs} ms.` };
  }
  if (err instanceof PipelineError && (err.code === 'url_not_allowed' || err.code === 'dns_failed')) {
    return { code: err.code, message: err.message };
  }
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && TIMEOUT_CODES.has(code)) {
    return { code: 'timeout', message: `The receiver did not answer in time (${code}).` };
  }
  // Everything the socket, TLS or the HTTP parser reports carries a code; an error without one is ours.
  if (typeof code === 'string' && !code.startsWith('UND_ERR_INVALID_ARG')) {
    return { code: 'connection_failed', message: `The connection to the receiver failed (${code}).` };
  }
  return internalError('The webhook could not be sent', err);
}
