// The key scheme and the one key validator every store runs before touching a path or an object name.
// Keys are built only from a server-generated job UUID, a closed format set and a date, and anything else is
// refused, so neither a caller nor a stored value can steer a write outside the store's root (no "..", no
// absolute paths, no backslashes, no NUL, no upper case that could collide on case-insensitive filesystems).
import type { SourceFormat } from '../pipeline/model.js';
import { BlobStoreError } from './errors.js';
import { isUuid } from '../ids.js';

export const ARCHIVE_PREFIX = 'sources';
export const MAX_KEY_LENGTH = 256;
export const MAX_KEY_DEPTH = 8;

/** One path segment: lowercase ASCII letters, digits, '.', '_' and '-', starting and ending with a letter or digit. */
const SEGMENT = /^[a-z0-9](?:[a-z0-9._-]{0,126}[a-z0-9])?$/;

const EXTENSIONS: Record<SourceFormat, string> = {
  pdf: 'pdf',
  jpeg: 'jpg',
  png: 'png',
  tiff: 'tiff',
  webp: 'webp',
  xml: 'xml',
};

const CONTENT_TYPES: Record<SourceFormat, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  tiff: 'image/tiff',
  webp: 'image/webp',
  xml: 'application/xml',
};

export function isValidKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  const segments = key.split('/');
  return segments.length <= MAX_KEY_DEPTH && segments.every((s) => SEGMENT.test(s));
}

export function assertValidKey(key: unknown): asserts key is string {
  if (!isValidKey(key)) {
    const shown = typeof key === 'string' ? JSON.stringify(key.slice(0, 80)) : typeof key;
    throw new BlobStoreError('invalid_key', `Invalid blob key ${shown}.`, { key: shown });
  }
}

/** `sources/YYYY/MM/DD/<jobId>.<ext>` with the job's creation date in UTC: retention sweeps drop whole days. */
export function archiveKey(jobId: string, format: SourceFormat, createdAt: Date): string {
  if (typeof jobId !== 'string' || !isUuid(jobId)) {
    throw new BlobStoreError('invalid_key', 'The job id is not a UUID.', {});
  }
  const extension = Object.hasOwn(EXTENSIONS, format) ? EXTENSIONS[format] : undefined;
  if (extension === undefined) {
    throw new BlobStoreError('invalid_key', 'Unknown source format.', { format: String(format).slice(0, 20) });
  }
  if (!(createdAt instanceof Date) || Number.isNaN(createdAt.getTime())) {
    throw new BlobStoreError('invalid_key', 'The creation date is not a valid date.', {});
  }
  const year = createdAt.getUTCFullYear();
  if (year < 1970 || year > 9999) {
    throw new BlobStoreError('invalid_key', 'The creation date is out of range.', { year });
  }
  const mm = String(createdAt.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(createdAt.getUTCDate()).padStart(2, '0');
  const key = `${ARCHIVE_PREFIX}/${year}/${mm}/${dd}/${jobId.toLowerCase()}.${extension}`;
  assertValidKey(key);
  return key;
}

export function contentTypeFor(format: SourceFormat): string {
  return CONTENT_TYPES[format] ?? 'application/octet-stream';
}

/**
 * The UTC time range covered by a date-partition folder, recognised from the trailing segments of its path:
 * [..., YYYY], [..., YYYY, MM] or [..., YYYY, MM, DD]. Null for any other folder.
 */
export function partitionRange(segments: readonly string[]): { start: Date; end: Date } | null {
  const n = segments.length;
  const isYear = (s: string | undefined) => s !== undefined && /^\d{4}$/.test(s);
  const isMonth = (s: string | undefined) => s !== undefined && /^(0[1-9]|1[0-2])$/.test(s);
  const isDay = (s: string | undefined) => s !== undefined && /^(0[1-9]|[12]\d|3[01])$/.test(s);
  const [a, b, c] = [segments[n - 3], segments[n - 2], segments[n - 1]];
  if (isYear(a) && isMonth(b) && isDay(c)) {
    const start = Date.UTC(Number(a), Number(b) - 1, Number(c));
    // Reject dates like 02/31 that Date.UTC would roll over into the next month.
    if (new Date(start).getUTCDate() !== Number(c)) return null;
    return { start: new Date(start), end: new Date(Date.UTC(Number(a), Number(b) - 1, Number(c) + 1)) };
  }
  if (isYear(b) && isMonth(c)) {
    return { start: new Date(Date.UTC(Number(b), Number(c) - 1, 1)), end: new Date(Date.UTC(Number(b), Number(c), 1)) };
  }
  if (isYear(c)) {
    return { start: new Date(Date.UTC(Number(c), 0, 1)), end: new Date(Date.UTC(Number(c) + 1, 0, 1)) };
  }
  return null;
}
