// One place turns every failure into {statusCode, error, code, message[, details]}. Validation errors list each
// invalid field; Fastify's own client errors (bad JSON, 413, 415) get codes from our closed set; anything unexpected
// is logged with its stack and answered with a generic 500 that never leaks a driver message.
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode, type ErrorDetail } from '../../errors.js';
import { databaseUnavailable, isDatabaseUnavailable } from '../../jobs/database-errors.js';

/**
 * The router's limit on one decoded path parameter. A consumer reference may hold 256 characters (up to 512 UTF-16
 * units); the route's own schema enforces the exact limit, this only bounds what reaches it.
 */
export const MAX_PARAM_LENGTH = 1024;

interface Rendered {
  statusCode: number;
  error: string;
  code: string;
  message: string;
  details?: ErrorDetail[];
}

function render(statusCode: number, code: ErrorCode | string, message: string, details?: ErrorDetail[]): Rendered {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', code, message, ...(details ? { details } : {}) };
}

type Validation = NonNullable<FastifyError['validation']>;

function validationDetails(validation: Validation, context: string | undefined): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const v of validation) {
    // if/then/else adds a summary error ("must match then schema") beside the real one: skip it.
    if (v.keyword === 'if') continue;
    const params = v.params as Record<string, unknown>;
    const missing = typeof params.missingProperty === 'string' ? `/${params.missingProperty}` : '';
    const field = `${v.instancePath}${missing}` || '/';
    const message = v.keyword === 'required' ? 'is required' : (v.message ?? 'is invalid');
    details.push({ field, message: context && context !== 'body' ? `${context}: ${message}` : message });
  }
  return details;
}

function fromFastifyError(err: FastifyError): Rendered | undefined {
  if (err.validation) {
    const details = validationDetails(err.validation, err.validationContext);
    const summary = details.map((d) => `${d.field} ${d.message}`).join('; ');
    return render(400, 'validation_error', `Invalid request: ${summary || err.message}`, details);
  }
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return render(413, 'payload_too_large', 'Request body is larger than the limit');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return render(415, 'unsupported_media_type', 'Content-Type must be application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return render(400, 'validation_error', 'Request body is empty; a JSON object is required');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return render(400, 'validation_error', 'Request body is not valid JSON');
    default:
      break;
  }
  // Other 4xx raised by Fastify itself (e.g. malformed JSON from secure-json-parse) are safe to describe.
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    const code = err.statusCode === 400 ? 'validation_error' : 'bad_request';
    return render(err.statusCode, code, err.statusCode === 400 ? 'Request body is not valid JSON' : err.message);
  }
  return undefined;
}

/**
 * Errors the router raises before any route or hook runs: a path that is not valid percent-encoded UTF-8 (`%ff`,
 * `%ED%A0%80`) and a path parameter over the router's limit. Rendered like every other client error.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const rendered =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? render(400, 'validation_error', `A path parameter is longer than ${MAX_PARAM_LENGTH} characters`, [
          { field: '/', message: `params: must NOT have more than ${MAX_PARAM_LENGTH} characters` },
        ])
      : err.code === 'FST_ERR_BAD_URL'
        ? render(400, 'validation_error', 'The URL path is not valid percent-encoded UTF-8', [
            { field: '/', message: 'params: must be valid percent-encoded UTF-8' },
          ])
        : render(400, 'validation_error', 'Invalid request');
  void reply.code(rendered.statusCode).send(rendered);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // A database outage is expected operations, not a bug: a short warning, a 503 and a Retry-After.
    const appError = err instanceof AppError ? err : isDatabaseUnavailable(err) ? databaseUnavailable(err) : undefined;
    if (appError) {
      if (appError.code === 'service_unavailable')
        request.log.warn({ cause: String(appError.cause) }, appError.message);
      else if (appError.statusCode >= 500)
        request.log.error({ err: appError, cause: appError.cause }, appError.message);
      if (appError.retryAfterSeconds !== undefined) reply.header('retry-after', String(appError.retryAfterSeconds));
      return reply
        .code(appError.statusCode)
        .send(render(appError.statusCode, appError.code, appError.message, appError.details));
    }
    const known = fromFastifyError(err);
    if (known) return reply.code(known.statusCode).send(known);
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(render(500, 'internal_error', 'Internal server error'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send(render(404, 'route_not_found', `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
}
