// When a webhook is (re)tried. The schedule is the Standard Webhooks one by default: attempt 1 at once, then retries
// 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h after the previous attempt (8 attempts over about 27.6 hours).
// Every delay but the first is spread by +/-20 % random jitter so that deliveries that failed together (a receiver
// outage) do not all come back in the same second. A receiver's Retry-After is honoured when it asks for more time
// than the schedule gives, up to a cap, so a misbehaving header cannot park a message for days.

/** Delay before each attempt in milliseconds, counted from the end of the previous one; entry 0 is always 0. */
export type RetrySchedule = readonly number[];

export const DEFAULT_RETRY_SCHEDULE = '0s,5s,5m,30m,2h,5h,10h,10h';
export const DEFAULT_JITTER = 0.2;
/** A Retry-After beyond this is clamped to it. */
export const DEFAULT_MAX_RETRY_AFTER_MS = 12 * 60 * 60 * 1000;
export const MAX_SCHEDULE_ATTEMPTS = 50;
export const MAX_SCHEDULE_DELAY_MS = 7 * 24 * 60 * 60 * 1000;

export class RetryScheduleError extends Error {
  override name = 'RetryScheduleError';
}

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const DURATION = /^(\d{1,9})(ms|s|m|h|d)$/;

/** Parses one duration such as 500ms, 30s, 5m, 2h or 1d into milliseconds; null when it is not one. */
export function parseDuration(text: string): number | null {
  const match = DURATION.exec(text.trim());
  return match === null ? null : Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

/** Parses '0s,5s,5m,30m,2h' (units ms, s, m, h, d; whole numbers; spaces around commas allowed). */
export function parseSchedule(spec: string): RetrySchedule {
  const entries = spec.split(',').map((entry) => entry.trim());
  const fail = (why: string): never => {
    throw new RetryScheduleError(`Invalid webhook retry schedule ${JSON.stringify(spec)}: ${why}`);
  };
  if (spec.trim() === '') fail('it is empty; give delays such as 0s,5s,5m,30m,2h');
  if (entries.length > MAX_SCHEDULE_ATTEMPTS) {
    fail(`it has ${entries.length} attempts, at most ${MAX_SCHEDULE_ATTEMPTS}`);
  }
  const delays = entries.map((entry, index) => {
    const ms = parseDuration(entry);
    if (ms === null) {
      return fail(`entry ${index + 1} ${JSON.stringify(entry)} is not a duration such as 30s, 5m or 2h`);
    }
    if (ms > MAX_SCHEDULE_DELAY_MS) fail(`entry ${index + 1} ${JSON.stringify(entry)} is longer than 7 days`);
    return ms;
  });
  if (delays[0] !== 0) fail('the first entry is the first attempt and must be 0s');
  return Object.freeze(delays);
}

export interface DelayOptions {
  /** From the receiver's Retry-After on a 429 or 503, already converted to milliseconds. */
  retryAfterMs?: number | null;
  /** Fraction of the scheduled delay by which it is randomly moved either way; 0 disables jitter. */
  jitter?: number;
  maxRetryAfterMs?: number;
  /** Returns a number in [0, 1); injectable for deterministic tests. */
  random?: () => number;
}

/**
 * How long to wait before attempt `attemptNumber` (1-based), counted from the end of the previous attempt, or null
 * when the schedule has no such attempt (delivery is exhausted). Attempt 1 is always immediate.
 */
export function nextDelay(attemptNumber: number, schedule: RetrySchedule, options: DelayOptions = {}): number | null {
  if (!Number.isSafeInteger(attemptNumber) || attemptNumber < 1) {
    throw new RangeError(`attempt numbers start at 1, got ${attemptNumber}`);
  }
  const scheduled = schedule[attemptNumber - 1];
  if (scheduled === undefined) return null;
  if (attemptNumber === 1) return 0;
  const jitter = Math.min(Math.max(options.jitter ?? DEFAULT_JITTER, 0), 1);
  const random = options.random ?? Math.random;
  const jittered = Math.max(0, Math.round(scheduled * (1 + jitter * (2 * random() - 1))));
  const retryAfter = options.retryAfterMs;
  if (retryAfter === undefined || retryAfter === null || !(retryAfter > jittered)) return jittered;
  return Math.max(jittered, Math.min(retryAfter, options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS));
}

/**
 * Reads a Retry-After header (RFC 9110 10.2.3): delta-seconds or an HTTP date. Returns milliseconds from `now`
 * (0 for a date in the past), or null when the header is absent or malformed.
 */
export function parseRetryAfter(
  header: string | readonly string[] | null | undefined,
  now = Date.now(),
): number | null {
  const value = (typeof header === 'string' ? header : header?.[0])?.trim();
  if (value === undefined || value === '') return null;
  if (/^\d+$/.test(value)) {
    const seconds = Number(value);
    // Absurd values are kept finite; nextDelay's cap decides how much of them to honour.
    return Number.isSafeInteger(seconds * 1000) ? seconds * 1000 : Number.MAX_SAFE_INTEGER;
  }
  // Only the date forms: Date.parse alone would also accept "5" or "tomorrow"-like strings some engines understand.
  if (!/^[A-Za-z]{3,9},? /.test(value)) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
