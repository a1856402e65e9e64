// Options of S3BlobStore, validated once at construction so a misconfiguration fails at start, not at the
// first archived document.
import { DEFAULT_MAX_OBJECT_BYTES } from './blob-store.js';
import { BlobStoreError } from './errors.js';
import { isValidKey } from './keys.js';

export interface S3BlobStoreOptions {
  bucket: string;
  /** Key prefix inside the bucket, e.g. `docex`; objects live under `<prefix>/sources/...`. */
  prefix?: string;
  region: string;
  /** For S3-compatible servers (MinIO, Ceph, R2, ...), e.g. http://127.0.0.1:9000. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Both or neither; neither means the SDK's default chain (environment, shared config, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  maxObjectBytes?: number;
  /** TCP connect limit per attempt (default 5 s). */
  connectTimeoutMs?: number;
  /** Request-and-response limit per attempt (default 30 s). */
  requestTimeoutMs?: number;
  /** Limit for one operation including the SDK's retries (default 60 s). */
  operationTimeoutMs?: number;
  /** SDK attempts per request, retries included (default 3). */
  maxAttempts?: number;
  /** ListObjectsV2 MaxKeys (1..1000, default 1000). */
  listPageSize?: number;
  /** Keys per DeleteObjects call (1..1000, default 1000: the S3 maximum). */
  deleteBatchSize?: number;
  /**
   * 'when_required' sends checksums only where the API demands them (DeleteObjects): what most S3-compatible
   * servers accept. 'when_supported' is the SDK default (CRC32 on every upload). Default: 'when_required' with a
   * custom endpoint, 'when_supported' for AWS itself.
   */
  checksums?: 'when_required' | 'when_supported';
}

export interface ResolvedS3Options {
  bucket: string;
  /** '' or a valid key prefix without slashes at either end. */
  prefix: string;
  region: string;
  endpoint: URL | undefined;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  maxObjectBytes: number;
  connectTimeoutMs: number;
  requestTimeoutMs: number;
  operationTimeoutMs: number;
  maxAttempts: number;
  listPageSize: number;
  deleteBatchSize: number;
  checksums: 'when_required' | 'when_supported';
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9][a-z0-9-]{0,62}$/i;
const MAX_PREFIX_DEPTH = 4;

function invalid(message: string, detail: Record<string, unknown> = {}): BlobStoreError {
  return new BlobStoreError('invalid_config', message, detail);
}

function wholeNumber(name: string, value: number | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw invalid(`${name} must be a whole number between ${min} and ${max}.`, { option: name });
  }
  return value;
}

function parseEndpoint(endpoint: string | undefined): URL | undefined {
  if (endpoint === undefined || endpoint.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(endpoint.trim());
  } catch {
    throw invalid('The S3 endpoint is not a URL.', { option: 'endpoint' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid('The S3 endpoint must be an http or https URL.', { option: 'endpoint' });
  }
  // Credentials in the URL would end up in describe() and in logs: they belong in accessKeyId/secretAccessKey.
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw invalid('The S3 endpoint must not contain credentials, a query or a fragment.', { option: 'endpoint' });
  }
  return url;
}

export function resolveS3Options(options: S3BlobStoreOptions): ResolvedS3Options {
  if (!BUCKET.test(options.bucket ?? '')) throw invalid('The S3 bucket name is invalid.', { option: 'bucket' });
  if (!REGION.test(options.region ?? '')) throw invalid('The S3 region is invalid.', { option: 'region' });
  const prefix = (options.prefix ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix !== '' && (!isValidKey(prefix) || prefix.split('/').length > MAX_PREFIX_DEPTH)) {
    throw invalid('The S3 prefix must be lowercase path segments of letters, digits, ".", "_" and "-".', {
      option: 'prefix',
    });
  }
  const hasKeyId = typeof options.accessKeyId === 'string' && options.accessKeyId !== '';
  const hasSecret = typeof options.secretAccessKey === 'string' && options.secretAccessKey !== '';
  if (hasKeyId !== hasSecret) {
    throw invalid('Set both the S3 access key id and the secret access key, or neither.', { option: 'credentials' });
  }
  const endpoint = parseEndpoint(options.endpoint);
  const checksums = options.checksums ?? (endpoint ? 'when_required' : 'when_supported');
  if (checksums !== 'when_required' && checksums !== 'when_supported') {
    throw invalid('checksums must be when_required or when_supported.', { option: 'checksums' });
  }
  return {
    bucket: options.bucket,
    prefix,
    region: options.region,
    endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: hasKeyId
      ? { accessKeyId: options.accessKeyId!, secretAccessKey: options.secretAccessKey! }
      : undefined,
    maxObjectBytes: wholeNumber('maxObjectBytes', options.maxObjectBytes, DEFAULT_MAX_OBJECT_BYTES, 1, 5 * 1024 ** 3),
    connectTimeoutMs: wholeNumber('connectTimeoutMs', options.connectTimeoutMs, 5_000, 1, 600_000),
    requestTimeoutMs: wholeNumber('requestTimeoutMs', options.requestTimeoutMs, 30_000, 1, 600_000),
    operationTimeoutMs: wholeNumber('operationTimeoutMs', options.operationTimeoutMs, 60_000, 1, 3_600_000),
    maxAttempts: wholeNumber('maxAttempts', options.maxAttempts, 3, 1, 10),
    listPageSize: wholeNumber('listPageSize', options.listPageSize, 1000, 1, 1000),
    deleteBatchSize: wholeNumber('deleteBatchSize', options.deleteBatchSize, 1000, 1, 1000),
    checksums,
  };
}
