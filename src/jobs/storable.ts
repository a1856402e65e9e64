// What PostgreSQL refuses to store, found before any SQL runs. A text or jsonb value cannot hold U+0000 (text:
// "invalid byte sequence", jsonb: "unsupported Unicode escape sequence"), and jsonb refuses a lone UTF-16 surrogate
// (JSON.stringify writes it as "\ud800", which jsonb rejects; in a text parameter the driver silently turns it into
// U+FFFD). Checked on every request field and again on every row before the group commit, so one bad value is a 400
// for its own request and never reaches (or fails) a statement shared with other callers.
import type { ErrorDetail } from '../errors.js';

/** PostgreSQL `integer` (int4) bounds: typeId and other integer columns. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

// NUL, or a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why this string cannot be stored, or undefined when it can. */
export function unstorableReason(value: string): string | undefined {
  const match = UNSTORABLE.exec(value);
  if (!match) return undefined;
  return match[0] === '\u0000'
    ? 'must not contain NUL (\\u0000) characters'
    : 'must not contain unpaired UTF-16 surrogates';
}

/** JSON pointer segment escaping (RFC 6901). */
const segment = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Every unstorable string in a JSON-like value (keys included), one detail per field, as JSON pointers under
 * `prefix` (e.g. "" for a body, "params" -> "params/consumerRefId"). Stops after `limit` findings: a hostile body
 * with a million bad strings must not produce a million-entry error.
 */
export function findUnstorable(value: unknown, prefix = '', limit = 20): ErrorDetail[] {
  const found: ErrorDetail[] = [];
  const walk = (v: unknown, pointer: string, depth: number): void => {
    if (found.length >= limit) return;
    if (typeof v === 'string') {
      const reason = unstorableReason(v);
      if (reason) found.push({ field: pointer || '/', message: reason });
      return;
    }
    // JSON bodies are at most DOCEX_BODY_LIMIT_BYTES; the depth bound only protects the stack.
    if (v === null || typeof v !== 'object' || depth > 64) return;
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
    for (const [k, x] of entries) {
      const keyReason = unstorableReason(k);
      if (keyReason) found.push({ field: `${pointer}/${segment(k)}`, message: `property name ${keyReason}` });
      walk(x, `${pointer}/${segment(k)}`, depth + 1);
    }
  };
  walk(value, prefix, 0);
  return found;
}
