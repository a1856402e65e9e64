// A receiver's response body is stored on the job (webhookResponseBody) and in the attempt log for the customer to
// debug their endpoint. It is attacker-sized and attacker-shaped, so what we store is bounded and always valid text:
//
// - The result never exceeds `limit` bytes in UTF-8 (so also never `limit` UTF-16 code units): every marker below is
//   counted WITHIN the limit.
// - Text (valid UTF-8 without NUL) is cut on a code point boundary, never inside a multi-byte sequence, and a cut is
//   marked by a trailing `…[truncated, N bytes total]` (the whole body was seen) or `…[truncated, at least N bytes]`
//   (reading stopped early: over the read cap, deadline, reset).
// - Anything else is binary and stored as `[binary, N bytes total] base64:<base64 of the first bytes>` (or
//   `[binary, at least N bytes] ...`), with a trailing `…` when the base64 does not cover every byte.
//   NUL counts as binary because PostgreSQL text cannot hold U+0000.

export const DEFAULT_RESPONSE_BODY_LIMIT = 4096;
/** Room for the longest marker plus a little content. */
export const MIN_RESPONSE_BODY_LIMIT = 64;

const ELLIPSIS = '…';
const ELLIPSIS_BYTES = Buffer.byteLength(ELLIPSIS);

/** What is known about the whole body when `buf` may be only its first bytes. */
export interface BodyExtent {
  /** Bytes received (or the exact total when `complete`); at least `buf.length`. */
  totalBytes: number;
  /** True when the body was read to its end, so `totalBytes` is exact. */
  complete: boolean;
}

export function truncateResponseBody(
  buf: Buffer,
  limit = DEFAULT_RESPONSE_BODY_LIMIT,
  extent: BodyExtent = { totalBytes: buf.length, complete: true },
): string {
  if (!Number.isSafeInteger(limit) || limit < MIN_RESPONSE_BODY_LIMIT) {
    throw new RangeError(`response body limit must be an integer >= ${MIN_RESPONSE_BODY_LIMIT}, got ${limit}`);
  }
  const totalBytes = Math.max(extent.totalBytes, buf.length);
  const whole = extent.complete && totalBytes === buf.length;
  const size = extent.complete ? `${totalBytes} bytes total` : `at least ${totalBytes} bytes`;

  // Only the bytes that could be kept are inspected: the check stays bounded whatever the caller passes.
  const inspected = buf.subarray(0, Math.min(buf.length, limit));
  const isPrefix = !whole || inspected.length < buf.length;
  const text = decodeText(isPrefix ? inspected.subarray(0, completeCharactersEnd(inspected)) : inspected);
  if (text === null) return binaryRepresentation(buf, limit, size, whole);

  if (!isPrefix) return text;
  const marker = `${ELLIPSIS}[truncated, ${size}]`;
  const budget = limit - Buffer.byteLength(marker);
  const kept = inspected.subarray(0, completeCharactersEnd(inspected.subarray(0, budget)));
  return kept.toString('utf8') + marker;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The bytes as text, or null when they are not valid UTF-8 or contain NUL. */
function decodeText(bytes: Buffer): string | null {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return null;
  }
  return text.includes('\u0000') ? null : text;
}

/**
 * The end of the last complete UTF-8 sequence in `bytes`: drops a trailing lead byte whose continuation bytes are
 * missing (the cut fell inside a character). Invalid sequences are left for the strict decoder to reject.
 */
export function completeCharactersEnd(bytes: Uint8Array): number {
  const end = bytes.length;
  for (let i = end - 1; i >= Math.max(0, end - 4); i--) {
    const byte = bytes[i]!;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: keep looking for its lead byte
    const length = sequenceLength(byte);
    // length 0: not a lead byte; the strict decoder rejects it, nothing to trim here.
    return length !== 0 && i + length > end ? i : end;
  }
  return end;
}

/** How many bytes a UTF-8 sequence starting with this lead byte has; 0 when it cannot start one. */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if ((lead & 0xe0) === 0xc0) return 2;
  if ((lead & 0xf0) === 0xe0) return 3;
  if ((lead & 0xf8) === 0xf0) return 4;
  return 0;
}

function binaryRepresentation(buf: Buffer, limit: number, size: string, whole: boolean): string {
  const prefix = `[binary, ${size}] base64:`;
  const room = limit - prefix.length; // the prefix is ASCII: one byte per character
  if (whole && Math.ceil(buf.length / 3) * 4 <= room) return prefix + buf.toString('base64');
  // A multiple of 3 bytes encodes without padding, so the shown part is a clean base64 prefix.
  const shownBytes = Math.min(buf.length - (buf.length % 3), Math.floor((room - ELLIPSIS_BYTES) / 4) * 3);
  return prefix + buf.subarray(0, shownBytes).toString('base64') + ELLIPSIS;
}
