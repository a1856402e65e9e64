// Webhook delivery: the payload, Standard Webhooks signing, one bounded attempt over the safe dispatcher, the retry
// schedule and the decision after each attempt. Stateless: the caller stores messages and attempts.
export {
  buildWebhookPayload,
  exampleWebhookPayload,
  serializeWebhookPayload,
  WEBHOOK_EVENT_TYPES,
  WebhookErrorSchema,
  WebhookPayloadSchema,
  type BuildPayloadOptions,
  type WebhookError,
  type WebhookEventType,
  type WebhookPayload,
} from './payload.js';
export {
  decodeSigningSecret,
  generateSigningSecret,
  newMessageId,
  sign,
  SigningSecretError,
  type SignInput,
} from './signing.js';
export { createDeliveryDispatcher, type DeliveryDispatcherOptions } from './dispatcher.js';
export {
  ATTEMPT_ERROR_CODES,
  DEFAULT_ATTEMPT_TIMEOUT_MS,
  DELIVERY_USER_AGENT,
  sendWebhook,
  type AttemptErrorCode,
  type AttemptResult,
  type SendWebhookOptions,
} from './send.js';
export { DEFAULT_RESPONSE_BODY_LIMIT, truncateResponseBody, type BodyExtent } from './truncate.js';
export {
  DEFAULT_JITTER,
  DEFAULT_MAX_RETRY_AFTER_MS,
  DEFAULT_RETRY_SCHEDULE,
  nextDelay,
  parseRetryAfter,
  parseSchedule,
  RetryScheduleError,
  type DelayOptions,
  type RetrySchedule,
} from './schedule.js';
export { decideNextStep, type DeliveryDecision } from './decide.js';
export { webhookOpenApiPathItems } from './openapi.js';
