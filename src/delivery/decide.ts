// What to do after an attempt. Every failure is retried on the schedule (a receiver that is down, misconfigured or
// answering 4xx today may be fixed tomorrow, as with Svix and Stripe) except 410 Gone, which the Standard Webhooks
// spec reserves for "stop sending to this endpoint", and a URL docex itself refuses (the address policy, a scheme
// that is not http(s)): that is docex's configuration, no later attempt can differ until an operator changes it,
// so it stops at once instead of being retried for 33 hours. The schedule's length bounds the attempts.
import { nextDelay, type DelayOptions, type RetrySchedule } from './schedule.js';
import type { AttemptResult } from './send.js';

export type DeliveryDecision =
  | { outcome: 'delivered' }
  | { outcome: 'retry'; nextAttempt: number; delayMs: number }
  | { outcome: 'gone' }
  | { outcome: 'refused'; code: 'url_not_allowed' | 'url_invalid' }
  | { outcome: 'exhausted' };

/**
 * @param attemptNumber the attempt that produced `result`, 1-based
 * @param options jitter and Retry-After cap (the Retry-After itself comes from the result)
 */
export function decideNextStep(
  result: Pick<AttemptResult, 'ok' | 'gone' | 'retryAfterMs'> & { error?: AttemptResult['error'] },
  attemptNumber: number,
  schedule: RetrySchedule,
  options: Omit<DelayOptions, 'retryAfterMs'> = {},
): DeliveryDecision {
  if (result.ok) return { outcome: 'delivered' };
  if (result.gone) return { outcome: 'gone' };
  const code = result.error?.code;
  if (code === 'url_not_allowed' || code === 'url_invalid') return { outcome: 'refused', code };
  const nextAttempt = attemptNumber + 1;
  const delayMs = nextDelay(nextAttempt, schedule, { ...options, retryAfterMs: result.retryAfterMs });
  return delayMs === null ? { outcome: 'exhausted' } : { outcome: 'retry', nextAttempt, delayMs };
}
