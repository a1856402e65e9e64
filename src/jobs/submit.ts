// The submit use case, free of HTTP: join the webhook URL, normalize the payload, persist and enqueue.
import type { AuthContext } from '../auth/authenticate.js';
import { AppError } from '../errors.js';
import { createJob, type Accepted, type JobStore } from './create.js';
import { submissionProblems, toPayload, type SubmitBody } from './submission.js';
import { joinWebhookUrl, WebhookUrlError } from './webhook-url.js';

export async function submitDocument(
  store: JobStore,
  auth: AuthContext,
  body: SubmitBody,
  idempotencyKey: string | undefined,
): Promise<Accepted> {
  const payload = toPayload(body);
  const problems = submissionProblems(payload);
  if (problems.length > 0) {
    const summary = problems.map((d) => `${d.field} ${d.message}`).join('; ');
    throw new AppError('validation_error', `Invalid request: ${summary}`, problems);
  }
  let webhookUrl: string;
  try {
    webhookUrl = joinWebhookUrl(auth.webhookBaseUrl, payload.webhookUrl);
  } catch (err) {
    if (!(err instanceof WebhookUrlError)) throw err;
    throw new AppError('invalid_webhook_url', `webhookUrl ${err.message}`, [
      { field: '/webhookUrl', message: err.message },
    ]);
  }
  return createJob(
    store,
    { organizationId: auth.organizationId, apiKeyId: auth.apiKeyId, payload, webhookUrl },
    idempotencyKey,
  );
}
