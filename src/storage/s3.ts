// Blobs as objects in an S3 bucket (AWS or an S3-compatible server), through the SDK v3 modular client.
// Every call has three limits: a connect timeout and a request timeout per attempt (the SDK's request handler)
// and a total deadline per operation across the SDK's retries (an AbortSignal). Credentials live only inside
// the SDK client, held in a private field: describe(), toJSON() and util.inspect never show them.
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type _Error as S3ObjectError,
} from '@aws-sdk/client-s3';
import {
  invalidCutoffReason,
  invalidMetaReason,
  type BlobMeta,
  type BlobStore,
  type DeleteOlderThanOptions,
} from './blob-store.js';
import { BlobStoreError } from './errors.js';
import { assertValidKey, isValidKey } from './keys.js';
import { s3Error } from './s3-errors.js';
import { resolveS3Options, type ResolvedS3Options, type S3BlobStoreOptions } from './s3-options.js';

export type { S3BlobStoreOptions } from './s3-options.js';

export class S3BlobStore implements BlobStore {
  readonly #client: S3Client;
  readonly #options: Omit<ResolvedS3Options, 'credentials'>;

  constructor(options: S3BlobStoreOptions) {
    const { credentials, ...rest } = resolveS3Options(options);
    this.#options = rest;
    this.#client = new S3Client({
      region: rest.region,
      ...(rest.endpoint ? { endpoint: rest.endpoint.href } : {}),
      forcePathStyle: rest.forcePathStyle,
      ...(credentials ? { credentials } : {}),
      maxAttempts: rest.maxAttempts,
      requestHandler: {
        connectionTimeout: rest.connectTimeoutMs,
        requestTimeout: rest.requestTimeoutMs,
        // Without this the SDK only logs a warning when requestTimeout passes and keeps waiting.
        throwOnRequestTimeout: true,
      },
      ...(rest.checksums === 'when_required'
        ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
        : {}),
    });
  }

  describe(): string {
    const { bucket, prefix, region, endpoint } = this.#options;
    return `s3://${bucket}/${prefix} (region ${region}${endpoint ? `, endpoint ${endpoint.origin}` : ''})`;
  }

  toJSON(): string {
    return this.describe();
  }

  async close(): Promise<void> {
    this.#client.destroy();
  }

  async put(key: string, bytes: Buffer, meta: BlobMeta): Promise<void> {
    assertValidKey(key);
    if (!Buffer.isBuffer(bytes)) throw new BlobStoreError('invalid_argument', 'The object bytes must be a Buffer.');
    const metaProblem = invalidMetaReason(meta);
    if (metaProblem) throw new BlobStoreError('invalid_argument', `Invalid blob metadata: ${metaProblem}.`, { key });
    if (bytes.length > this.#options.maxObjectBytes) throw this.tooLarge(key, bytes.length);
    // A single PutObject is atomic in S3: the object appears whole or not at all.
    const command = new PutObjectCommand({
      Bucket: this.#options.bucket,
      Key: this.objectName(key),
      Body: bytes,
      ContentLength: bytes.length,
      ContentType: meta.contentType,
      Metadata: { 'job-id': meta.jobId },
    });
    try {
      await this.#client.send(command, { abortSignal: this.deadline() });
    } catch (err) {
      throw s3Error('PutObject', key, err);
    }
  }

  async get(key: string): Promise<Buffer | null> {
    assertValidKey(key);
    const signal = this.deadline();
    const command = new GetObjectCommand({ Bucket: this.#options.bucket, Key: this.objectName(key) });
    let response;
    try {
      response = await this.#client.send(command, { abortSignal: signal });
    } catch (err) {
      if (isNoSuchKey(err)) return null;
      throw s3Error('GetObject', key, err);
    }
    try {
      return await this.readBody(key, response.Body as Readable | undefined, response.ContentLength, signal);
    } catch (err) {
      throw s3Error('GetObject', key, err);
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    const command = new DeleteObjectCommand({ Bucket: this.#options.bucket, Key: this.objectName(key) });
    try {
      // S3 answers 204 whether or not the object existed.
      await this.#client.send(command, { abortSignal: this.deadline() });
    } catch (err) {
      throw s3Error('DeleteObject', key, err);
    }
  }

  /**
   * Lists the prefix page by page (ListObjectsV2) and deletes objects whose LastModified is before `cutoff` in
   * DeleteObjects batches. Objects whose names are not valid keys under the prefix are never touched, so a shared
   * bucket's other contents are safe even without a prefix.
   */
  async deleteOlderThan(cutoff: Date, opts?: DeleteOlderThanOptions): Promise<number> {
    const problem = invalidCutoffReason(cutoff, opts);
    if (problem) throw new BlobStoreError('invalid_argument', `deleteOlderThan: ${problem}.`);
    const limit = opts?.limit ?? Number.POSITIVE_INFINITY;
    const { bucket, prefix, listPageSize, deleteBatchSize } = this.#options;
    const listPrefix = prefix === '' ? '' : `${prefix}/`;
    const batch: string[] = [];
    const failures: S3ObjectError[] = [];
    let deleted = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const result = await this.deleteBatch(batch.splice(0));
      deleted += result.deleted;
      failures.push(...result.errors);
    };
    let token: string | undefined;
    let selected = 0;
    do {
      const command = new ListObjectsV2Command({
        Bucket: bucket,
        Prefix: listPrefix,
        MaxKeys: listPageSize,
        ...(token ? { ContinuationToken: token } : {}),
      });
      let page;
      try {
        page = await this.#client.send(command, { abortSignal: this.deadline() });
      } catch (err) {
        throw s3Error('ListObjectsV2', undefined, err);
      }
      for (const object of page.Contents ?? []) {
        if (selected >= limit) break;
        if (!object.Key || !object.LastModified || object.LastModified.getTime() >= cutoff.getTime()) continue;
        if (!object.Key.startsWith(listPrefix) || !isValidKey(object.Key.slice(listPrefix.length))) continue;
        batch.push(object.Key);
        selected++;
        // Deleting already-listed keys does not disturb the continuation token (it encodes a position).
        if (batch.length >= deleteBatchSize) await flush();
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token && selected < limit);
    await flush();
    if (failures.length > 0) {
      const codes = [...new Set(failures.map((f) => f.Code ?? 'Unknown'))].slice(0, 5);
      throw new BlobStoreError(
        'delete_failed',
        `S3 DeleteObjects failed for ${failures.length} objects (${codes.join(', ')}).`,
        { deleted, failed: failures.length, codes },
        !codes.every((c) => c === 'AccessDenied'),
      );
    }
    return deleted;
  }

  private async deleteBatch(objectNames: string[]): Promise<{ deleted: number; errors: S3ObjectError[] }> {
    const command = new DeleteObjectsCommand({
      Bucket: this.#options.bucket,
      // Quiet: the answer lists only failures, not up to 1000 successes.
      Delete: { Objects: objectNames.map((Key) => ({ Key })), Quiet: true },
    });
    try {
      const result = await this.#client.send(command, { abortSignal: this.deadline() });
      const errors = result.Errors ?? [];
      return { deleted: objectNames.length - errors.length, errors };
    } catch (err) {
      throw s3Error('DeleteObjects', undefined, err);
    }
  }

  private async readBody(key: string, body: Readable | undefined, declared: number | undefined, signal: AbortSignal) {
    const max = this.#options.maxObjectBytes;
    if (!body) return Buffer.alloc(0);
    if (declared !== undefined && declared > max) {
      body.destroy();
      throw this.tooLarge(key, declared);
    }
    // The deadline also covers the body: a server that stalls mid-object is cut off.
    const onAbort = () => body.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of body as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > max) {
          body.destroy();
          throw this.tooLarge(key, total);
        }
        chunks.push(chunk);
      }
      return Buffer.concat(chunks, total);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  private objectName(key: string): string {
    return this.#options.prefix === '' ? key : `${this.#options.prefix}/${key}`;
  }

  private deadline(): AbortSignal {
    return AbortSignal.timeout(this.#options.operationTimeoutMs);
  }

  private tooLarge(key: string, size: number): BlobStoreError {
    const maxObjectBytes = this.#options.maxObjectBytes;
    return new BlobStoreError('object_too_large', `The object is larger than the limit of ${maxObjectBytes} bytes.`, {
      key,
      size,
      maxObjectBytes,
    });
  }
}

function isNoSuchKey(err: unknown): boolean {
  const e = err as { name?: unknown; $metadata?: { httpStatusCode?: unknown } } | null;
  return e?.name === 'NoSuchKey' || (e?.$metadata?.httpStatusCode === 404 && e?.name !== 'NoSuchBucket');
}
