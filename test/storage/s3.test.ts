import { createServer, type Server, type Socket } from 'node:net';
import { utimes } from 'node:fs/promises';
import { inspect } from 'node:util';
import { HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveKey } from '../../src/storage/keys.js';
import { sweepArchive } from '../../src/storage/retention.js';
import { S3BlobStore, type S3BlobStoreOptions } from '../../src/storage/s3.js';
import { S3RVER_CREDENTIALS, startLocalS3, TEST_BUCKET, type LocalS3 } from './support/s3-server.js';

const META = { contentType: 'application/pdf', jobId: '0f8fad5b-d9cb-469f-a165-70867728950e' };
const TWO_DAYS_AGO = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
const ONE_DAY_AGO = new Date(Date.now() - 24 * 60 * 60 * 1000);

let s3: LocalS3;
let raw: S3Client;
const stores: S3BlobStore[] = [];

beforeAll(async () => {
  s3 = await startLocalS3();
  raw = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
});

afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  raw?.destroy();
  await s3?.stop();
});

function makeStore(options: Partial<S3BlobStoreOptions> = {}): S3BlobStore {
  const store = new S3BlobStore({
    bucket: TEST_BUCKET,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    ...S3RVER_CREDENTIALS,
    ...options,
  });
  stores.push(store);
  return store;
}

let counter = 0;
function newKey(createdAt = new Date()): string {
  counter++;
  return archiveKey(`00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`, 'pdf', createdAt);
}

async function objectNames(prefix: string): Promise<string[]> {
  const page = await raw.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key!).sort();
}

/** s3rver reports a file's mtime as LastModified: age an object by ageing its file. */
async function age(objectName: string, when = TWO_DAYS_AGO): Promise<void> {
  await utimes(s3.objectFile(objectName), when, when);
}

describe('S3BlobStore against s3rver', () => {
  it('puts, gets and deletes objects under its prefix, with content type and job id metadata', async () => {
    const store = makeStore({ prefix: 'crud' });
    const key = newKey();
    expect(await store.get(key)).toBeNull();
    await store.put(key, Buffer.from('%PDF-1.7 hello'), META);
    expect((await store.get(key))?.toString()).toBe('%PDF-1.7 hello');
    const head = await raw.send(new HeadObjectCommand({ Bucket: TEST_BUCKET, Key: `crud/${key}` }));
    expect(head.ContentType).toBe('application/pdf');
    expect(head.Metadata).toEqual({ 'job-id': META.jobId });
    await store.put(key, Buffer.from('second'), META);
    expect((await store.get(key))?.toString()).toBe('second');
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key); // missing: not an error
    expect(await objectNames('crud/')).toEqual([]);
  });

  it('also works with the SDK default checksums (CRC32 on uploads)', async () => {
    const store = makeStore({ prefix: 'crc', checksums: 'when_supported' });
    const key = newKey();
    await store.put(key, Buffer.from('checksummed'), META);
    expect((await store.get(key))?.toString()).toBe('checksummed');
    await age(`crc/${key}`);
    expect(await store.deleteOlderThan(ONE_DAY_AGO)).toBe(1);
  });

  it('streams a multi-megabyte object into one buffer and enforces the byte cap on get and put', async () => {
    const store = makeStore({ prefix: 'big' });
    const key = newKey();
    const bytes = Buffer.alloc(3 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = i % 251;
    await store.put(key, bytes, META);
    expect((await store.get(key))?.equals(bytes)).toBe(true);
    const capped = makeStore({ prefix: 'big', maxObjectBytes: 1024 * 1024 });
    await expect(capped.get(key)).rejects.toMatchObject({ code: 'object_too_large', transient: false });
    await expect(capped.put(key, bytes, META)).rejects.toMatchObject({ code: 'object_too_large' });
  });

  it('rejects unsafe keys and metadata before any request', async () => {
    const store = makeStore({ prefix: 'keys' });
    for (const key of ['../x', '/abs', 'a\\b', 'a\0b', '']) {
      await expect(store.put(key, Buffer.from('x'), META)).rejects.toMatchObject({ code: 'invalid_key' });
      await expect(store.get(key)).rejects.toMatchObject({ code: 'invalid_key' });
      await expect(store.delete(key)).rejects.toMatchObject({ code: 'invalid_key' });
    }
    await expect(
      store.put(newKey(), Buffer.from('x'), { ...META, contentType: 'text/html\r\nX: y' }),
    ).rejects.toMatchObject({ code: 'invalid_argument' });
    expect(await objectNames('keys/')).toEqual([]);
  });

  it('deletes objects older than the cutoff across several list pages and delete batches', async () => {
    // Page size 2 and batches of 3: 9 objects under the prefix need 5 list pages and 2 DeleteObjects calls.
    const store = makeStore({ prefix: 'ret', listPageSize: 2, deleteBatchSize: 3 });
    const keys = [];
    for (let i = 0; i < 7; i++) keys.push(newKey(new Date(`2026-0${1 + (i % 3)}-1${i}T00:00:00Z`)));
    for (const key of keys) await store.put(key, Buffer.from(key), META);
    const aged = [keys[0]!, keys[1]!, keys[3]!, keys[4]!, keys[6]!];
    for (const key of aged) await age(`ret/${key}`);
    // Not ours: an invalid name under the prefix and an object outside it, both old.
    for (const name of ['ret/Foreign-File.TXT', 'other/sources/2026/01/01/x.pdf']) {
      await raw.send(new PutObjectCommand({ Bucket: TEST_BUCKET, Key: name, Body: 'x' }));
      await age(name);
    }

    expect(await store.deleteOlderThan(ONE_DAY_AGO)).toBe(5);

    const kept = [keys[2]!, keys[5]!].map((k) => `ret/${k}`);
    expect(await objectNames('ret/')).toEqual([...kept, 'ret/Foreign-File.TXT'].sort());
    expect(await objectNames('other/')).toEqual(['other/sources/2026/01/01/x.pdf']);
    expect(await store.deleteOlderThan(ONE_DAY_AGO)).toBe(0);
  });

  it('stops at the limit and sweeps the rest on the next run', async () => {
    const store = makeStore({ prefix: 'lim', listPageSize: 2, deleteBatchSize: 2 });
    const keys = [newKey(), newKey(), newKey(), newKey(), newKey()];
    for (const key of keys) {
      await store.put(key, Buffer.from('x'), META);
      await age(`lim/${key}`);
    }
    expect(await store.deleteOlderThan(ONE_DAY_AGO, { limit: 3 })).toBe(3);
    expect(await objectNames('lim/')).toHaveLength(2);
    expect(await sweepArchive(store, 1, new Date(), { limit: 10 })).toMatchObject({ deleted: 2, limitReached: false });
    expect(await objectNames('lim/')).toEqual([]);
  });

  it('maps unknown credentials to access_denied and a missing bucket to bucket_not_found, leaking neither key', async () => {
    // s3rver checks the access key id but not SigV4 signatures: an unknown key id stands in for bad credentials.
    // Its InvalidAccessKeyId answer echoes the key id, which must not reach the error either.
    const keyId = 'AKIAUNKNOWNKEYID0001';
    const secret = 'very-secret-value-123';
    const wrong = makeStore({ prefix: 'err', accessKeyId: keyId, secretAccessKey: secret, maxAttempts: 1 });
    const denied = await wrong.put(newKey(), Buffer.from('x'), META).catch((err: unknown) => err);
    expect(denied).toMatchObject({ name: 'BlobStoreError', code: 'access_denied', transient: false });
    const noBucket = makeStore({ bucket: 'no-such-bucket', maxAttempts: 1 });
    await expect(noBucket.put(newKey(), Buffer.from('x'), META)).rejects.toMatchObject({ code: 'bucket_not_found' });
    await expect(noBucket.deleteOlderThan(new Date())).rejects.toMatchObject({ code: 'bucket_not_found' });
    for (const shown of [
      wrong.describe(),
      JSON.stringify(wrong),
      inspect(wrong, { depth: 10, showHidden: true }),
      JSON.stringify(denied),
      inspect(denied, { depth: 10 }),
    ]) {
      expect(shown).not.toContain(secret);
      expect(shown).not.toContain(keyId);
    }
    expect(denied).toMatchObject({ detail: { awsError: 'InvalidAccessKeyId', status: 403 } });
    expect(wrong.describe()).toBe(`s3://${TEST_BUCKET}/err (region us-east-1, endpoint ${s3.endpoint})`);
  });
});

describe('S3BlobStore time limits and connection failures', () => {
  let silent: Server;
  let silentPort: number;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    // Accepts connections and never answers: only the client's limits end a request.
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as { port: number }).port;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('gives up after the per-attempt request timeout', async () => {
    const store = makeStore({ endpoint: `http://127.0.0.1:${silentPort}`, requestTimeoutMs: 300, maxAttempts: 1 });
    const started = Date.now();
    await expect(store.get(newKey())).rejects.toMatchObject({ code: 'timeout', transient: true });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('gives up after the operation deadline across retries', async () => {
    const store = makeStore({
      endpoint: `http://127.0.0.1:${silentPort}`,
      requestTimeoutMs: 60_000,
      operationTimeoutMs: 400,
      maxAttempts: 3,
    });
    const started = Date.now();
    await expect(store.put(newKey(), Buffer.from('x'), META)).rejects.toMatchObject({ code: 'timeout' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('reports a refused connection as a transient unavailability', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const store = makeStore({ endpoint: `http://127.0.0.1:${port}`, maxAttempts: 1 });
    await expect(store.put(newKey(), Buffer.from('x'), META)).rejects.toMatchObject({
      code: 'unavailable',
      transient: true,
      detail: expect.objectContaining({ errno: 'ECONNREFUSED' }),
    });
  });
});
