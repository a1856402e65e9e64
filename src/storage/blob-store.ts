// The contract the pipeline archives source documents through. Implementations: FilesystemBlobStore (default,
// under DOCEX_DATA_DIR) and S3BlobStore. Every method validates its key (see keys.ts) before any I/O and throws
// BlobStoreError, never a driver error.

export interface BlobMeta {
  /** e.g. application/pdf (see contentTypeFor). */
  contentType: string;
  /** Stored as object metadata (S3) so an operator can trace an object to its job. */
  jobId: string;
}

export interface DeleteOlderThanOptions {
  /** Stop after deleting this many objects (bounded work per sweep); unlimited when absent. */
  limit?: number;
}

export interface BlobStore {
  /** Writes the whole object or nothing: readers never see a partial object under `key`. Overwrites. */
  put(key: string, bytes: Buffer, meta: BlobMeta): Promise<void>;
  /** The object's bytes, or null when there is no object under `key`. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes objects last written before `cutoff`; returns how many were deleted. */
  deleteOlderThan(cutoff: Date, opts?: DeleteOlderThanOptions): Promise<number>;
  /** A one-line description for logs, e.g. `filesystem:/var/lib/docex/blobs`; never contains credentials. */
  describe(): string;
  /** Releases connections (S3 keep-alive sockets); a no-op for the filesystem. */
  close(): Promise<void>;
}

/** Objects above this size are refused on put and on get (memory bound: objects are buffered whole). */
export const DEFAULT_MAX_OBJECT_BYTES = 64 * 1024 * 1024;

const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;
const JOB_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Metadata ends up in HTTP headers (S3): only plain tokens, so no header injection and no surprises. */
export function invalidMetaReason(meta: BlobMeta | undefined): string | null {
  if (meta === null || typeof meta !== 'object') return 'meta is required';
  if (typeof meta.contentType !== 'string' || !CONTENT_TYPE.test(meta.contentType)) return 'bad contentType';
  if (typeof meta.jobId !== 'string' || !JOB_ID.test(meta.jobId)) return 'bad jobId';
  return null;
}

export function invalidCutoffReason(cutoff: Date, opts: DeleteOlderThanOptions | undefined): string | null {
  if (!(cutoff instanceof Date) || Number.isNaN(cutoff.getTime())) return 'cutoff is not a valid date';
  const limit = opts?.limit;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 0)) return 'limit must be a whole number >= 0';
  return null;
}
