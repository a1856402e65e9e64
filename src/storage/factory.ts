// Builds the configured blob store from plain options (the config module maps environment variables to these;
// "archiving off" is decided there and never reaches this factory).
import path from 'node:path';
import type { BlobStore } from './blob-store.js';
import { BlobStoreError } from './errors.js';
import { FilesystemBlobStore } from './filesystem.js';
import { S3BlobStore, type S3BlobStoreOptions } from './s3.js';

export type BlobStoreConfig =
  { kind: 'filesystem'; dir: string; maxObjectBytes?: number } | ({ kind: 's3' } & S3BlobStoreOptions);

/** The default archive folder: `<dataDir>/blobs`. */
export function defaultArchiveDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'blobs');
}

/** Throws BlobStoreError('invalid_config') for unusable options; performs no I/O. */
export function createBlobStore(config: BlobStoreConfig): BlobStore {
  switch (config?.kind) {
    case 'filesystem':
      return new FilesystemBlobStore(config.dir, { maxObjectBytes: config.maxObjectBytes });
    case 's3': {
      const { kind: _kind, ...options } = config;
      return new S3BlobStore(options);
    }
    default:
      throw new BlobStoreError('invalid_config', 'Unknown blob store kind (expected filesystem or s3).', {
        kind: String((config as { kind?: unknown } | undefined)?.kind).slice(0, 20),
      });
  }
}
