// The OpenAPI 3.1 `webhooks` section: what a receiver gets, generated from the payload schema like the routes'
// documentation. Pass the result as `openapi.webhooks` to @fastify/swagger.
import { WEBHOOK_EVENT_TYPES, WebhookPayloadSchema } from './payload.js';

const SIGNATURE_HEADERS = [
  {
    name: 'webhook-id',
    description: 'Message id (msg_...). The same on every retry of one message: use it to ignore duplicates.',
    example: 'msg_01J9ZQ3V5E8Y7K2M4N6P8R0T1W',
  },
  {
    name: 'webhook-timestamp',
    description: 'Unix seconds when this attempt was sent. Reject messages older than a few minutes (replays).',
    example: '1709288102',
  },
  {
    name: 'webhook-signature',
    description:
      'Standard Webhooks v1: space-separated `v1,<base64 HMAC-SHA256>` of "<webhook-id>.<webhook-timestamp>.<raw ' +
      'body>", keyed with the base64-decoded part of your whsec_ secret; one entry per active secret while a ' +
      'secret is being rotated. Verify with any Standard Webhooks library before parsing the body.',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
].map(({ name, description, example }) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
}));

const DESCRIPTIONS: Record<(typeof WEBHOOK_EVENT_TYPES)[number], string> = {
  'document.processed': 'A job finished successfully; processed_data holds the extracted result.',
  'document.failed': 'A job ended in error; error holds its message, stage and code.',
};

/** One entry per event type, keyed by the event type. */
export function webhookOpenApiPathItems(): Record<string, unknown> {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          summary: type,
          description:
            `${DESCRIPTIONS[type]} Sent as a POST to the job's webhookUrl. Answer any 2xx within 15 seconds to ` +
            'acknowledge; anything else (including redirects, which are not followed) is retried, by default ' +
            '5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h after the previous attempt (with jitter). A 429 or 503 ' +
            'may carry Retry-After; 410 Gone stops the retries.',
          operationId: `webhook_${type.replace('.', '_')}`,
          tags: ['webhooks'],
          security: [],
          parameters: SIGNATURE_HEADERS,
          requestBody: { required: true, content: { 'application/json': { schema: WebhookPayloadSchema } } },
          responses: {
            '2XX': { description: 'Delivered. The response body is stored (truncated to 4 KiB) for debugging.' },
            '410': { description: 'Gone: no further attempts for this message.' },
          },
        },
      },
    ]),
  );
}
