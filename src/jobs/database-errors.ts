// Tells "the database is unreachable right now" apart from "this statement is wrong". The first is a 503 with
// Retry-After at the API (and never a reason to retry rows one by one); the second is a bug or bad data.
// node-postgres reports lost connections without a SQLSTATE, as socket error codes or plain messages, so both are
// recognised. Causes are followed (AppError wraps driver errors with { cause }).

import { AppError, DATABASE_UNAVAILABLE } from '../errors.js';

/** SQLSTATEs of a server that is going away, starting up or full of connections. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '58030']);
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
// node-postgres' own messages for a connection it could not open or lost mid-query.
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /^Connection terminated/i,
  /connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /^Query read timeout/i,
];

function isUnavailableOne(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true; // class 08: connection exception
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(message));
}

/** True when err, or anything in its cause chain (or an AggregateError's errors), says the database is gone. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (depth > 8 || !err || typeof err !== 'object') return false;
  if (isUnavailableOne(err)) return true;
  if (err instanceof AggregateError && err.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable((err as { cause?: unknown }).cause, depth + 1);
}

/** Seconds a client is told to wait while the database is unreachable: a restart usually takes a few. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function databaseUnavailable(cause: unknown): AppError {
  return new AppError('service_unavailable', DATABASE_UNAVAILABLE, undefined, {
    cause,
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
  });
}
