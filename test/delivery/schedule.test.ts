import { describe, expect, it } from 'vitest';
import { decideNextStep } from '../../src/delivery/decide.js';
import {
  DEFAULT_RETRY_SCHEDULE,
  nextDelay,
  parseRetryAfter,
  parseSchedule,
  RetryScheduleError,
} from '../../src/delivery/schedule.js';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const DEFAULT = parseSchedule(DEFAULT_RETRY_SCHEDULE);
const middle = () => 0.5; // no jitter

describe('parseSchedule', () => {
  it('reads the Standard Webhooks default: 8 attempts', () => {
    expect(DEFAULT).toEqual([0, 5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 10 * H]);
  });

  it('accepts ms and d units and spaces around commas', () => {
    expect(parseSchedule(' 0s , 250ms,1d ')).toEqual([0, 250, 24 * H]);
  });

  it.each([
    ['', /empty/],
    ['0s,', /entry 2 "" is not a duration/],
    ['0s,5', /entry 2 "5" is not a duration/],
    ['0s,5x', /entry 2 "5x"/],
    ['0s,-5s', /entry 2 "-5s"/],
    ['0s,1.5h', /entry 2 "1.5h"/],
    ['5s,5m', /first entry .* must be 0s/],
    ['0s,8d', /longer than 7 days/],
    [Array(51).fill('0s').join(','), /at most 50/],
  ])('refuses %j with a clear message', (spec, message) => {
    expect(() => parseSchedule(spec)).toThrow(RetryScheduleError);
    expect(() => parseSchedule(spec)).toThrow(message);
  });
});

describe('nextDelay', () => {
  it('starts at once and follows the schedule, then stops', () => {
    const delays = [1, 2, 3, 8, 9].map((n) => nextDelay(n, DEFAULT, { random: middle }));
    expect(delays).toEqual([0, 5 * S, 5 * M, 10 * H, null]);
  });

  it('spreads delays by +/-20 % and never goes negative', () => {
    expect(nextDelay(3, DEFAULT, { random: () => 0 })).toBe(4 * M);
    expect(nextDelay(3, DEFAULT, { random: () => 0.999999 })).toBeCloseTo(6 * M, -1);
    expect(nextDelay(3, DEFAULT, { random: () => 0, jitter: 5 })).toBe(0); // jitter clamped to 100 %
    expect(nextDelay(1, DEFAULT, { random: () => 0.999 })).toBe(0);
    for (let i = 0; i < 200; i++) {
      const delay = nextDelay(4, DEFAULT)!;
      expect(delay).toBeGreaterThanOrEqual(24 * M);
      expect(delay).toBeLessThanOrEqual(36 * M);
    }
  });

  it('honours a longer Retry-After, capped at 12 h, and ignores a shorter one', () => {
    expect(nextDelay(2, DEFAULT, { random: middle, retryAfterMs: 60 * S })).toBe(60 * S);
    expect(nextDelay(2, DEFAULT, { random: middle, retryAfterMs: 1 * S })).toBe(5 * S);
    expect(nextDelay(2, DEFAULT, { random: middle, retryAfterMs: 3 * 24 * H })).toBe(12 * H);
    expect(nextDelay(2, DEFAULT, { random: middle, retryAfterMs: 3 * H, maxRetryAfterMs: H })).toBe(H);
    // The cap limits Retry-After, never the schedule itself.
    expect(nextDelay(7, DEFAULT, { random: middle, retryAfterMs: 3 * 24 * H })).toBe(12 * H);
    expect(nextDelay(9, DEFAULT, { retryAfterMs: 60 * S })).toBeNull();
  });

  it('rejects attempt numbers below 1', () => {
    expect(() => nextDelay(0, DEFAULT)).toThrow(RangeError);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2024-05-02T08:00:00Z');

  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfter('120', now)).toBe(120 * S);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Thu, 02 May 2024 08:01:30 GMT', now)).toBe(90 * S);
    expect(parseRetryAfter('Thursday, 02-May-24 08:01:30 GMT', now)).toBe(90 * S);
    expect(parseRetryAfter(['30', '60'], now)).toBe(30 * S);
  });

  it('treats a past date as now and garbage as absent', () => {
    expect(parseRetryAfter('Wed, 01 May 2024 08:00:00 GMT', now)).toBe(0);
    for (const bad of [undefined, null, '', 'soon', '-5', '1.5', '2024-05-03', 'Thu, 99 Foo 2024 xx GMT']) {
      expect(parseRetryAfter(bad, now)).toBeNull();
    }
  });

  it('keeps absurd values finite', () => {
    expect(parseRetryAfter('99999999999999999999', now)).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('decideNextStep', () => {
  const failed = { ok: false, gone: false, retryAfterMs: null };

  it('maps results to delivered, retry, gone and exhausted', () => {
    expect(decideNextStep({ ...failed, ok: true }, 3, DEFAULT)).toEqual({ outcome: 'delivered' });
    expect(decideNextStep({ ...failed, gone: true }, 1, DEFAULT)).toEqual({ outcome: 'gone' });
    expect(decideNextStep(failed, 2, DEFAULT, { random: middle })).toEqual({
      outcome: 'retry',
      nextAttempt: 3,
      delayMs: 5 * M,
    });
    expect(decideNextStep(failed, 7, DEFAULT, { jitter: 0 })).toEqual({
      outcome: 'retry',
      nextAttempt: 8,
      delayMs: 10 * H,
    });
    expect(decideNextStep(failed, 8, DEFAULT)).toEqual({ outcome: 'exhausted' });
    expect(decideNextStep({ ...failed, retryAfterMs: 2 * H }, 1, DEFAULT, { jitter: 0 })).toEqual({
      outcome: 'retry',
      nextAttempt: 2,
      delayMs: 2 * H,
    });
  });
});
