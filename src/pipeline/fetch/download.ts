// The one way docex fetches a caller-supplied URL. Every hop (the URL and each redirect target) is parsed, its host
// resolved and every address checked against the address policy, and the connection pinned to the checked addresses,
// so neither a redirect nor a DNS answer that changes between check and connect can reach an internal service.
// Size and time are bounded while streaming; the format comes from the bytes, never from the server's labels.
import type { Readable } from 'node:stream';
import { isIP } from 'node:net';
import { request } from 'undici';
import { PipelineError } from '../errors.js';
import type { SourceFormat } from '../model.js';
import {
  addressRefused,
  createAddressCheck,
  resolveCheckedAddresses,
  type AddressCheck,
  type AddressPolicy,
  type HostResolver,
  type ResolvedAddress,
} from './address-policy.js';
import {
  classifyDownloadError,
  displayUrl,
  httpError,
  schemeNotAllowed,
  tooLarge,
  tooManyRedirects,
  totalTimeout,
  urlInvalid,
  type DownloadTrail,
} from './download-errors.js';
import { createSafeDispatcher, DEFAULT_CONNECT_TIMEOUT_MS, type SafeDispatcherOptions } from './safe-dispatcher.js';
import { firstBytesHex, sniffFormat } from './sniff.js';

export const DEFAULT_MAX_BYTES = 25 * 1024 * 1024;
export const DEFAULT_TOTAL_TIMEOUT_MS = 30_000;
/** A host that accepts the connection and then stays silent costs this long, not the whole total timeout. */
export const DEFAULT_IDLE_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_REDIRECTS = 5;
export const DEFAULT_USER_AGENT = 'docex/0.1 (document fetcher)';

export interface DownloadOptions extends AddressPolicy {
  maxBytes?: number;
  /** Per connection (and per DNS lookup): lookup + TCP + TLS handshake. */
  connectTimeoutMs?: number;
  /** The whole download, all redirects and the body included. */
  totalTimeoutMs?: number;
  /** Longest silence: waiting for the response headers, or for the next chunk of the body. */
  idleTimeoutMs?: number;
  maxRedirects?: number;
  /** Defaults to the system resolver; tests inject one to make a public-looking name resolve to 127.0.0.1. */
  lookup?: HostResolver;
  /** Cancels the download; the promise then rejects with the signal's reason (not a PipelineError). */
  signal?: AbortSignal;
  userAgent?: string;
  /** Extra trusted certificate authorities (internal CA). */
  ca?: SafeDispatcherOptions['ca'];
}

export interface Downloaded {
  bytes: Buffer;
  /** The URL the bytes came from, after redirects, without credentials. */
  finalUrl: string;
  status: number;
  /** As the server labelled it; informative only, `format` is what counts. */
  contentType: string | null;
  format: SourceFormat;
  /** Each URL redirected to, in order (without credentials); empty when the first answer was the document. */
  redirects: string[];
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

interface Settings {
  policy: AddressPolicy;
  check: AddressCheck;
  maxBytes: number;
  connectTimeoutMs: number;
  totalTimeoutMs: number;
  idleTimeoutMs: number;
  lookup: HostResolver | undefined;
  ca: SafeDispatcherOptions['ca'];
  signal: AbortSignal;
}

type HopResult =
  | { kind: 'redirect'; location: string }
  | { kind: 'document'; status: number; contentType: string | null; bytes: Buffer };

export async function download(url: string, options: DownloadOptions): Promise<Downloaded> {
  const totalTimeoutMs = options.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(totalTimeout(totalTimeoutMs)), totalTimeoutMs);
  const policy: AddressPolicy = {
    allowPrivateNetworks: options.allowPrivateNetworks,
    trustedAddresses: options.trustedAddresses,
  };
  const settings: Settings = {
    policy,
    check: createAddressCheck(policy),
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    totalTimeoutMs,
    // Never longer than the total: at or above it, the total deadline is the one that fires (and reports itself).
    idleTimeoutMs: Math.min(options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS, totalTimeoutMs),
    lookup: options.lookup,
    ca: options.ca,
    signal: options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal,
  };
  const trail: DownloadTrail = { url: '', redirects: [] };
  try {
    options.signal?.throwIfAborted();
    let target = parseDownloadUrl(url);
    const firstOrigin = target.origin;
    const authorization = basicAuthorization(target);
    for (;;) {
      trail.url = displayUrl(target);
      // Credentials in the URL go to that origin only, never to wherever it redirects.
      const sendAuthorization = target.origin === firstOrigin ? authorization : undefined;
      const hop = await fetchHop(target, settings, trail, options.userAgent ?? DEFAULT_USER_AGENT, sendAuthorization);
      if (hop.kind === 'document') return finish(hop, trail);
      if (trail.redirects.length >= maxRedirects) throw tooManyRedirects(maxRedirects);
      target = parseRedirectTarget(hop.location, target);
      trail.redirects.push(displayUrl(target));
      delete trail.address;
      delete trail.status;
      delete trail.contentType;
    }
  } catch (err) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (deadline.signal.aborted) throw classifyDownloadError(deadline.signal.reason, trail);
    throw classifyDownloadError(err, trail);
  } finally {
    clearTimeout(timer);
  }
}

function parseDownloadUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch (cause) {
    throw urlInvalid(input, cause);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw schemeNotAllowed(url);
  return url;
}

function parseRedirectTarget(location: string, base: URL): URL {
  let url: URL;
  try {
    url = new URL(location, base);
  } catch (cause) {
    throw urlInvalid(location, cause);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw schemeNotAllowed(url);
  return url;
}

function basicAuthorization(url: URL): string | undefined {
  if (url.username === '' && url.password === '') return undefined;
  const pair = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
}

/** The WHATWG parser has already normalised IP literals (2130706433, 0x7f.1 -> 127.0.0.1); IPv6 keeps brackets. */
function bareHostname(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

async function resolveHop(hostname: string, settings: Settings): Promise<ResolvedAddress[]> {
  if (isIP(hostname) !== 0) {
    const refused = settings.check(hostname);
    if (refused !== null) throw addressRefused(hostname, hostname, refused);
    return [{ address: hostname, family: isIP(hostname) === 6 ? 6 : 4 }];
  }
  return abortable(
    resolveCheckedAddresses(hostname, {
      check: settings.check,
      lookup: settings.lookup,
      timeoutMs: settings.connectTimeoutMs,
    }),
    settings.signal,
  );
}

async function fetchHop(
  target: URL,
  settings: Settings,
  trail: DownloadTrail,
  userAgent: string,
  authorization: string | undefined,
): Promise<HopResult> {
  const hostname = bareHostname(target);
  const addresses = await resolveHop(hostname, settings);
  trail.address = addresses[0]!.address;
  // One dispatcher per hop whose lookup can only answer the addresses checked above: the connection cannot be
  // steered elsewhere by a second DNS answer. The dispatcher checks them once more (cheap, and keeps it safe alone).
  const dispatcher = createSafeDispatcher({
    ...settings.policy,
    lookup: async (name) => (name === hostname ? addresses : Promise.reject(new Error(`unexpected host ${name}`))),
    connectTimeoutMs: settings.connectTimeoutMs,
    headersTimeoutMs: settings.idleTimeoutMs,
    bodyTimeoutMs: settings.idleTimeoutMs,
    ca: settings.ca,
  });
  try {
    const requestUrl = new URL(target.href);
    requestUrl.username = '';
    requestUrl.password = '';
    const { statusCode, headers, body } = await request(requestUrl, {
      dispatcher,
      method: 'GET',
      signal: settings.signal,
      headers: {
        'user-agent': userAgent,
        accept: '*/*',
        // Raw bytes only: the byte cap then bounds what we hold, and no decompression bomb can inflate it.
        'accept-encoding': 'identity',
        ...(authorization === undefined ? {} : { authorization }),
      },
    });
    trail.status = statusCode;
    if (REDIRECT_STATUSES.has(statusCode)) {
      discard(body);
      const location = headerValue(headers['location']);
      if (location === undefined) throw httpError(statusCode, trail.url, undefined);
      return { kind: 'redirect', location };
    }
    const contentType = headerValue(headers['content-type']) ?? null;
    trail.contentType = contentType;
    if (statusCode < 200 || statusCode > 299) {
      discard(body);
      throw httpError(statusCode, trail.url, headerValue(headers['retry-after']));
    }
    const declaredLength = Number(headerValue(headers['content-length']));
    if (Number.isFinite(declaredLength) && declaredLength > settings.maxBytes) {
      discard(body);
      throw tooLarge(settings.maxBytes, 0, declaredLength);
    }
    const bytes = await readCapped(body, settings.maxBytes, trail);
    return { kind: 'document', status: statusCode, contentType, bytes };
  } finally {
    await dispatcher.destroy();
  }
}

/** Drops an unread body. undici reports destroying an unfinished body as an 'error' event: expected here. */
function discard(body: Readable): void {
  body.on('error', () => {});
  body.destroy();
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Counts the bytes actually received (Content-Length can lie) and stops reading the moment the cap is passed. */
async function readCapped(body: Readable, maxBytes: number, trail: DownloadTrail): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let bytesRead = 0;
  trail.bytesRead = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    bytesRead += chunk.length;
    trail.bytesRead = bytesRead;
    if (bytesRead > maxBytes) {
      discard(body);
      throw tooLarge(maxBytes, bytesRead);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, bytesRead);
}

function finish(hop: Extract<HopResult, { kind: 'document' }>, trail: DownloadTrail): Downloaded {
  if (hop.bytes.length === 0) {
    throw new PipelineError('parsing', 'empty_document', 'The downloaded document is empty (0 bytes).', {
      bytesRead: 0,
    });
  }
  const format = sniffFormat(hop.bytes);
  if (format === null) {
    throw new PipelineError(
      'parsing',
      'unsupported_format',
      'The downloaded file is not a PDF, JPEG, PNG, TIFF, WebP or XML document.',
      { contentType: hop.contentType, firstBytesHex: firstBytesHex(hop.bytes) },
    );
  }
  return {
    bytes: hop.bytes,
    finalUrl: trail.url,
    status: hop.status,
    contentType: hop.contentType,
    format,
    redirects: [...trail.redirects],
  };
}

/** Lets the deadline or the caller's signal interrupt a step that does not take a signal itself (DNS). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}
