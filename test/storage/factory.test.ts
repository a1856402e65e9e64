import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBlobStore, defaultArchiveDir, type BlobStoreConfig } from '../../src/storage/factory.js';
import { FilesystemBlobStore } from '../../src/storage/filesystem.js';
import { S3BlobStore } from '../../src/storage/s3.js';

const S3_BASE = { kind: 's3', bucket: 'docex-archive', region: 'eu-central-1' } as const;

describe('createBlobStore', () => {
  it('builds a working filesystem store under <dataDir>/blobs', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'docex-factory-'));
    try {
      expect(defaultArchiveDir(dataDir)).toBe(path.join(dataDir, 'blobs'));
      const store = createBlobStore({ kind: 'filesystem', dir: defaultArchiveDir(dataDir) });
      expect(store).toBeInstanceOf(FilesystemBlobStore);
      expect(store.describe()).toBe(`filesystem:${path.join(dataDir, 'blobs')}`);
      await store.put('misc/x.bin', Buffer.from('x'), { contentType: 'application/octet-stream', jobId: 'j' });
      expect((await store.get('misc/x.bin'))?.toString()).toBe('x');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('builds an S3 store without any I/O and describes it without credentials', async () => {
    const store = createBlobStore({
      ...S3_BASE,
      prefix: '/docex/prod/',
      endpoint: 'https://minio.internal:9000',
      forcePathStyle: true,
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'super-secret',
    });
    expect(store).toBeInstanceOf(S3BlobStore);
    expect(store.describe()).toBe(
      's3://docex-archive/docex/prod (region eu-central-1, endpoint https://minio.internal:9000)',
    );
    expect(createBlobStore(S3_BASE).describe()).toBe('s3://docex-archive/ (region eu-central-1)');
    await store.close();
  });

  it('refuses unusable options with invalid_config', () => {
    const bad: unknown[] = [
      { kind: 'gcs' },
      undefined,
      { kind: 'filesystem', dir: '' },
      { kind: 'filesystem', dir: '/tmp/x', maxObjectBytes: 0 },
      { ...S3_BASE, bucket: 'Bad_Bucket' },
      { ...S3_BASE, bucket: 'ab' },
      { ...S3_BASE, region: '' },
      { ...S3_BASE, region: 'eu central' },
      { ...S3_BASE, endpoint: 'ftp://files.example' },
      { ...S3_BASE, endpoint: 'not a url' },
      { ...S3_BASE, endpoint: 'https://user:pass@s3.example' },
      { ...S3_BASE, endpoint: 'https://s3.example/?x=1' },
      { ...S3_BASE, accessKeyId: 'only-the-id' },
      { ...S3_BASE, secretAccessKey: 'only-the-secret' },
      { ...S3_BASE, prefix: '../escape' },
      { ...S3_BASE, prefix: 'Upper' },
      { ...S3_BASE, prefix: 'a/b/c/d/e' },
      { ...S3_BASE, listPageSize: 0 },
      { ...S3_BASE, listPageSize: 1001 },
      { ...S3_BASE, deleteBatchSize: 1001 },
      { ...S3_BASE, maxAttempts: 0 },
      { ...S3_BASE, requestTimeoutMs: 1.5 },
      { ...S3_BASE, checksums: 'always' },
    ];
    for (const config of bad) {
      expect(() => createBlobStore(config as BlobStoreConfig), JSON.stringify(config)).toThrow(
        expect.objectContaining({ name: 'BlobStoreError', code: 'invalid_config' }),
      );
    }
  });

  it('never puts credentials into the invalid_config message', () => {
    try {
      createBlobStore({ ...S3_BASE, secretAccessKey: 'half-pair-secret' });
      expect.unreachable();
    } catch (err) {
      expect(JSON.stringify(err)).not.toContain('half-pair-secret');
      expect(String(err)).not.toContain('half-pair-secret');
    }
  });
});
