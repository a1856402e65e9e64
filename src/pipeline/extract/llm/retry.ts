// When to try a chat-completion request again, and how long to wait first.

/** Rate limited or the server's passing trouble: worth another attempt after a pause. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

/** Statuses that may succeed later (the job can be retried) even when this call does not retry them itself. */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status !== 501 && status !== 505);
}

export interface BackoffPolicy {
  /** The first retry waits about this long; each further retry doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * Longest Retry-After honoured. A server asking for a longer pause is not waited for: the call fails as transient
   * at once, and the job's own retry schedule comes back later instead of holding a worker slot.
   */
  maxRetryAfterMs: number;
  /** Returns a number in [0, 1); injectable for deterministic tests. */
  random: () => number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = {
  baseDelayMs: 1_000,
  maxDelayMs: 16_000,
  maxRetryAfterMs: 60_000,
  random: Math.random,
};

/**
 * Exponential backoff with "equal jitter": half of the exponential delay is fixed, the other half random, so
 * workers that failed together do not come back together yet every wait keeps a floor. `retry` is 1-based.
 */
export function backoffDelay(retry: number, policy: BackoffPolicy): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.round(exponential / 2 + (exponential / 2) * policy.random());
}

type HeaderValue = string | string[] | undefined;

const first = (value: HeaderValue): string | undefined => (Array.isArray(value) ? value[0] : value)?.trim();

/**
 * The pause a server asked for, in milliseconds, or null when it named none. `retry-after-ms` (sent by OpenAI and
 * Azure OpenAI) is more precise and wins; `Retry-After` is delta-seconds or an HTTP date (RFC 9110 10.2.3).
 */
export function retryAfterMs(headers: Record<string, HeaderValue>, now = Date.now()): number | null {
  const precise = first(headers['retry-after-ms']);
  if (precise !== undefined && /^\d+(\.\d+)?$/.test(precise)) return Math.ceil(Number(precise));
  const value = first(headers['retry-after']);
  if (value === undefined || value === '') return null;
  if (/^\d+$/.test(value)) return Math.min(Number(value), 1e9) * 1000;
  // Only the date forms: Date.parse alone would also take "5" or other loose strings.
  if (!/^[A-Za-z]{3,9},? /.test(value)) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
