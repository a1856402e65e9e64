// Turns everything that can go wrong in a download into a PipelineError with the facts a person needs to understand
// it: which URL (without credentials), after which redirects, at which address, with what status and how many bytes.
import { STATUS_CODES } from 'node:http';
import { PipelineError } from '../errors.js';

/** Facts gathered while downloading; every error carries them. */
export interface DownloadTrail {
  url: string;
  redirects: string[];
  /** First checked address the connection was pinned to. */
  address?: string;
  status?: number;
  contentType?: string | null;
  bytesRead?: number;
}

/** Never put user:password@ into a job's error detail or a log line. */
export function displayUrl(url: URL): string {
  if (url.username === '' && url.password === '') return url.href;
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

/** For input that did not even parse: cut off anything that looks like userinfo, and bound the length. */
export function displayRawUrl(input: string): string {
  return input.replace(/^([a-zA-Z][a-zA-Z0-9+.-]*:\/\/)[^/?#]*@/, '$1').slice(0, 2048);
}

function trailDetail(trail: DownloadTrail): Record<string, unknown> {
  const detail: Record<string, unknown> = { url: trail.url, redirects: [...trail.redirects] };
  if (trail.address !== undefined) detail.address = trail.address;
  if (trail.status !== undefined) detail.status = trail.status;
  if (trail.contentType !== undefined) detail.contentType = trail.contentType;
  if (trail.bytesRead !== undefined) detail.bytesRead = trail.bytesRead;
  return detail;
}

export function urlInvalid(input: string, cause?: unknown): PipelineError {
  return new PipelineError(
    'download',
    'url_invalid',
    'The document URL is not a valid absolute http(s) URL.',
    { url: displayRawUrl(input) },
    false,
    { cause },
  );
}

export function schemeNotAllowed(url: URL): PipelineError {
  return new PipelineError(
    'download',
    'url_not_allowed',
    `Only http and https URLs can be downloaded, not ${url.protocol}.`,
    { url: displayUrl(url), scheme: url.protocol.replace(/:$/, '') },
  );
}

export function tooManyRedirects(maxRedirects: number): PipelineError {
  return new PipelineError(
    'download',
    'too_many_redirects',
    `The document URL redirected more than ${maxRedirects} times.`,
    { maxRedirects },
  );
}

/** 408, 425 and 429 ask the client to come back later; 5xx is the server's trouble. Other 4xx will not change. */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

export function httpError(status: number, url: string, retryAfter: string | undefined): PipelineError {
  const reason = STATUS_CODES[status];
  return new PipelineError(
    'download',
    'download_http_error',
    `The document server answered HTTP ${status}${reason ? ` ${reason}` : ''}.`,
    { status, url, ...(retryAfter === undefined ? {} : { retryAfter }) },
    isTransientStatus(status),
  );
}

export function tooLarge(maxBytes: number, bytesRead: number, contentLength?: number): PipelineError {
  return new PipelineError(
    'download',
    'download_too_large',
    `The document is larger than the limit of ${maxBytes} bytes.`,
    { maxBytes, bytesRead, ...(contentLength === undefined ? {} : { contentLength }) },
  );
}

export function totalTimeout(timeoutMs: number): PipelineError {
  return new PipelineError(
    'download',
    'download_timeout',
    `The download did not finish within ${timeoutMs} ms.`,
    { timeoutMs, phase: 'total' },
    true,
  );
}

const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);

function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Adds the trail's facts to a PipelineError, or classifies a network error: timeouts are download_timeout, anything
 * else the socket, TLS or HTTP parser reports (it always has a code) is connection_failed. Both may pass on a retry.
 * An error without a code did not come from the network: internal_error, kept as the cause for the log.
 */
export function classifyDownloadError(err: unknown, trail: DownloadTrail): PipelineError {
  const context = trailDetail(trail);
  if (err instanceof PipelineError) {
    return new PipelineError(err.stage, err.code, err.message, { ...context, ...err.detail }, err.transient, {
      cause: err.cause,
    });
  }
  const code = errorCode(err);
  if (code !== undefined && TIMEOUT_CODES.has(code)) {
    const phase = code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT' ? 'connect' : 'response';
    return new PipelineError(
      'download',
      'download_timeout',
      phase === 'connect'
        ? 'Connecting to the document server took too long.'
        : 'The document server stopped sending data for too long.',
      { ...context, phase, reason: code },
      true,
      { cause: err },
    );
  }
  if (code !== undefined) {
    return new PipelineError(
      'download',
      'connection_failed',
      `The connection to the document server failed (${code}).`,
      { ...context, reason: code },
      true,
      { cause: err },
    );
  }
  return new PipelineError('download', 'internal_error', 'The download failed unexpectedly.', context, false, {
    cause: err,
  });
}
