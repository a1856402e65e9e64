// One error type with a closed set of codes; the HTTP error handler maps each code to its status and renders
// {statusCode, error, code, message[, details]}. Anything else is logged and answered with a generic 500.

export const errorStatus = {
  validation_error: 400,
  invalid_webhook_url: 400,
  unknown_type: 400,
  type_not_allowed: 400,
  missing_credentials: 401,
  invalid_credentials: 401,
  ip_not_allowed: 403,
  not_found: 404,
  route_not_found: 404,
  job_not_finished: 409,
  idempotency_key_reused: 422,
  rate_limited: 429,
  payload_too_large: 413,
  unsupported_media_type: 415,
  job_create_failed: 500,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** One invalid field of a 400, e.g. `{ field: "/documentUrl", message: "must match format \"uri\"" }`. */
export interface ErrorDetail {
  field: string;
  message: string;
}

export class AppError extends Error {
  readonly statusCode: number;
  /** Sent as Retry-After (429 rate_limited, 503 service_unavailable). */
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.statusCode = errorStatus[code];
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}

// The two 401 messages are part of the public contract (SPEC 5): keep them verbatim.
export const MISSING_CREDENTIALS = 'Missing x-client-id or x-client-secret headers';
export const INVALID_CREDENTIALS = 'Invalid client_id or client_secret';
export const JOB_NOT_FOUND = 'Document job not found';
export const JOB_CREATE_FAILED = 'Failed to create document job.';
export const DATABASE_UNAVAILABLE = 'The database is unavailable; retry after the delay in Retry-After';
