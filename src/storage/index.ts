// The storage module's public surface.
export type { BlobMeta, BlobStore, DeleteOlderThanOptions } from './blob-store.js';
export { DEFAULT_MAX_OBJECT_BYTES } from './blob-store.js';
export { BLOB_STORE_ERROR_CODES, BlobStoreError, type BlobStoreErrorCode } from './errors.js';
export { createBlobStore, defaultArchiveDir, type BlobStoreConfig } from './factory.js';
export { FilesystemBlobStore, type FilesystemBlobStoreOptions } from './filesystem.js';
export { ARCHIVE_PREFIX, archiveKey, assertValidKey, contentTypeFor, isValidKey } from './keys.js';
export { DEFAULT_SWEEP_LIMIT, MAX_RETENTION_DAYS, sweepArchive, type SweepResult } from './retention.js';
export { S3BlobStore, type S3BlobStoreOptions } from './s3.js';
