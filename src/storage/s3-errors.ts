// Maps AWS SDK / network failures to BlobStoreError. The SDK's error objects carry the raw response and, for
// some errors, request details (e.g. the access key id of a failed signature): only the error name, the HTTP
// status and the message are kept, in a fresh cause, so logging the error can never leak credentials.
import { BlobStoreError } from './errors.js';

interface SdkErrorShape {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  $metadata?: { httpStatusCode?: unknown };
}

const ACCESS_ERRORS = new Set([
  'AccessDenied',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'ExpiredToken',
  'InvalidToken',
  'CredentialsProviderError',
  'AllAccessDisabled',
]);
const THROTTLING_ERRORS = new Set([
  'SlowDown',
  'Throttling',
  'ThrottlingException',
  'RequestTimeout',
  'ServiceUnavailable',
]);
const TIMEOUT_ERRORS = new Set(['AbortError', 'TimeoutError', 'RequestTimeout']);

export function s3Error(operation: string, key: string | undefined, err: unknown): BlobStoreError {
  if (err instanceof BlobStoreError) return err;
  const shape = (typeof err === 'object' && err !== null ? err : {}) as SdkErrorShape;
  const name = typeof shape.name === 'string' ? shape.name : 'Error';
  const errno = typeof shape.code === 'string' ? shape.code : undefined;
  const status = typeof shape.$metadata?.httpStatusCode === 'number' ? shape.$metadata.httpStatusCode : undefined;
  const message = typeof shape.message === 'string' ? shape.message.slice(0, 300) : '';
  const detail = {
    operation,
    ...(key === undefined ? {} : { key }),
    awsError: name,
    ...(status === undefined ? {} : { status }),
    ...(errno === undefined ? {} : { errno }),
  };
  const cause = new Error(`${name}${status === undefined ? '' : ` (${status})`}: ${message}`);
  const make = (code: BlobStoreError['code'], text: string, transient: boolean) =>
    new BlobStoreError(code, `S3 ${operation} failed: ${text}.`, detail, transient, { cause });

  if (TIMEOUT_ERRORS.has(name) || errno === 'ETIMEDOUT' || status === 408) return make('timeout', 'timed out', true);
  if (name === 'NoSuchBucket') return make('bucket_not_found', 'the bucket does not exist', false);
  if (ACCESS_ERRORS.has(name) || status === 403 || status === 401) return make('access_denied', name, false);
  if (THROTTLING_ERRORS.has(name) || status === 429 || (status !== undefined && status >= 500)) {
    return make('unavailable', `${name}${status === undefined ? '' : ` (${status})`}`, true);
  }
  if (status !== undefined && status >= 400) return make('request_rejected', `${name} (${status})`, false);
  // No HTTP answer at all (connection refused or reset, DNS failure, socket hang up) or something unknown.
  return make('unavailable', errno ?? name, true);
}
