// Every way an LLM extraction can fail becomes a PipelineError (stage extraction, code extraction_failed) whose
// detail.reason says which of a closed set of reasons applied. The API key must never reach a message, a detail or
// a log line: server error texts are redacted before they are kept, because some servers echo the key back
// ("Incorrect API key provided: sk-...").
import { PipelineError } from '../../errors.js';

export const LLM_FAILURE_REASONS = [
  'rate_limited', // 429 after the retries, or a Retry-After longer than we wait
  'server_error', // 5xx
  'timeout', // an attempt exceeded timeoutMs
  'network', // refused, reset, DNS, TLS
  'address_not_allowed', // the base URL resolves to a private address and allowPrivateNetworks is off
  'auth', // 401 / 403
  'bad_request', // 400, 404, 422 ... (the request will not succeed as is)
  'response_too_large', // the answer exceeded the byte cap
  'invalid_response', // not a chat.completion
  'refused', // the model declined (message.refusal) or the content filter stopped it
  'output_truncated', // finish_reason length: maxOutputTokens too small for the document
  'malformed_output', // not JSON, even after one repair request
  'schema_mismatch', // JSON of the wrong structure, even after one repair request
  'no_content', // the document has no text and no page images to send
  'unsupported_type', // no LLM schema for the typeId
] as const;
export type LlmFailureReason = (typeof LLM_FAILURE_REASONS)[number];

export interface LlmFailureDetail extends Record<string, unknown> {
  reason: LlmFailureReason;
}

export function llmFailure(
  message: string,
  detail: LlmFailureDetail,
  transient: boolean,
  cause?: unknown,
): PipelineError {
  return new PipelineError(
    'extraction',
    'extraction_failed',
    message,
    detail,
    transient,
    cause === undefined ? undefined : { cause },
  );
}

const MIN_SECRET_FRAGMENT = 8;
const TOKEN = /[A-Za-z0-9_\-*.+/=]{8,}/g;
const KEY_LIKE = /\b(?:sk|pk|rk|key)-[A-Za-z0-9_\-*.]{6,}/gi;

/**
 * Removes the secret from a text a server sent: the exact key, any token sharing 8 or more consecutive characters
 * with it (masked echoes like "sk-proj-abcd****wxyz"), and anything shaped like an API key.
 */
export function redactSecret(text: string, secret: string | undefined): string {
  let out = text;
  if (secret !== undefined && secret.length > 0) {
    out = out.split(secret).join('[redacted]');
    if (secret.length >= MIN_SECRET_FRAGMENT) {
      out = out.replace(TOKEN, (token) => (sharesFragment(token, secret) ? '[redacted]' : token));
    }
  }
  return out.replace(KEY_LIKE, '[redacted]');
}

function sharesFragment(token: string, secret: string): boolean {
  for (const part of token.split('*')) {
    for (let i = 0; i + MIN_SECRET_FRAGMENT <= part.length; i += 1) {
      if (secret.includes(part.slice(i, i + MIN_SECRET_FRAGMENT))) return true;
    }
  }
  return false;
}

/** A server's error text, safe to keep: redacted, one line, bounded. */
export function serverMessage(text: string, secret: string | undefined, maxChars = 300): string {
  const oneLine = redactSecret(text, secret).replace(/\s+/g, ' ').trim();
  return oneLine.length > maxChars ? `${oneLine.slice(0, maxChars)}…` : oneLine;
}
