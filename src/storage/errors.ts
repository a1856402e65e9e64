// Blob-store failures carry a code from a closed set. The archiving caller treats every one of them the same way
// (the job succeeds with archivedStorageKey null) but logs the code, and a retention sweep can tell a transient
// outage from a misconfiguration by `transient`.

export const BLOB_STORE_ERROR_CODES = [
  'invalid_key', // the key does not match the safe key pattern
  'invalid_argument', // bad bytes, metadata, cutoff or retention value
  'invalid_config', // the store's options are unusable (bucket name, endpoint, half a credential pair, ...)
  'object_too_large', // over the store's byte cap (put or get)
  'access_denied', // credentials missing, wrong or not allowed (403)
  'bucket_not_found', // the configured bucket does not exist
  'request_rejected', // any other 4xx from the object store
  'timeout', // connect, request or total operation time limit
  'unavailable', // connection refused or reset, 5xx, throttling
  'io_error', // a filesystem call failed (permissions, disk full, ...)
  'delete_failed', // a batch delete reported per-object errors
] as const;

export type BlobStoreErrorCode = (typeof BLOB_STORE_ERROR_CODES)[number];

export class BlobStoreError extends Error {
  constructor(
    readonly code: BlobStoreErrorCode,
    message: string,
    readonly detail: Record<string, unknown> = {},
    /** True when the same call may succeed later (timeouts, 5xx, disk full); false for bad input or config. */
    readonly transient = false,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BlobStoreError';
  }
}

// Filesystem errno codes after which a later attempt can succeed.
const TRANSIENT_ERRNO = new Set(['ENOSPC', 'EDQUOT', 'EMFILE', 'ENFILE', 'EBUSY', 'EAGAIN', 'EIO', 'ETIMEDOUT']);

export function errnoOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function fsError(operation: string, key: string | undefined, err: unknown): BlobStoreError {
  if (err instanceof BlobStoreError) return err;
  const errno = errnoOf(err) ?? 'unknown';
  return new BlobStoreError(
    'io_error',
    `Blob store ${operation} failed (${errno}).`,
    { operation, errno, ...(key === undefined ? {} : { key }) },
    TRANSIENT_ERRNO.has(errno),
    { cause: err },
  );
}
