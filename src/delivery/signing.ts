// Standard Webhooks v1 signatures (https://www.standardwebhooks.com, the scheme Svix uses): the receiver recomputes
// HMAC-SHA256 over "<webhook-id>.<webhook-timestamp>.<body>" with the shared secret and compares. The id lets it
// drop duplicates (one message keeps its id on every retry), the timestamp lets it refuse replays (the reference
// libraries allow 5 minutes), and signing with every active secret lets a secret be rotated without a window in
// which valid deliveries fail: during the grace period the header carries one signature per secret.
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
/** Standard Webhooks: secrets between 24 and 64 random bytes. */
export const MIN_SECRET_BYTES = 24;
export const MAX_SECRET_BYTES = 64;
export const DEFAULT_SECRET_BYTES = 32;
export const MESSAGE_ID_PREFIX = 'msg_';

export class SigningSecretError extends Error {
  override name = 'SigningSecretError';
}

/** A new secret to show to the customer once: `whsec_` + base64 of `bytes` random bytes. */
export function generateSigningSecret(bytes = DEFAULT_SECRET_BYTES): string {
  if (!Number.isSafeInteger(bytes) || bytes < MIN_SECRET_BYTES || bytes > MAX_SECRET_BYTES) {
    throw new RangeError(`signing secrets have ${MIN_SECRET_BYTES} to ${MAX_SECRET_BYTES} bytes, not ${bytes}`);
  }
  return SECRET_PREFIX + randomBytes(bytes).toString('base64');
}

const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The HMAC key inside a `whsec_` secret. Throws SigningSecretError (without echoing the secret) when malformed. */
export function decodeSigningSecret(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new SigningSecretError(`a signing secret starts with ${SECRET_PREFIX}`);
  const encoded = secret.slice(SECRET_PREFIX.length);
  // Node's decoder skips invalid characters silently: a typo would otherwise become a different, shorter key.
  if (!CANONICAL_BASE64.test(encoded)) throw new SigningSecretError('a signing secret is not valid base64');
  const key = Buffer.from(encoded, 'base64');
  if (key.length < MIN_SECRET_BYTES || key.length > MAX_SECRET_BYTES) {
    throw new SigningSecretError(`a signing secret must hold ${MIN_SECRET_BYTES} to ${MAX_SECRET_BYTES} bytes`);
  }
  return key;
}

export interface SignInput {
  /** The message id (webhook-id header): identical on every retry of one message. */
  id: string;
  /** Unix seconds (webhook-timestamp header) of this attempt. */
  timestamp: number;
  /** The exact bytes sent, as a string: re-serialising the payload would break the signature. */
  body: string;
  /** Every active secret, newest first; at least one. */
  secrets: readonly string[];
}

/** The webhook-signature header value: `v1,<base64 HMAC>` per secret, space-separated. */
export function sign({ id, timestamp, body, secrets }: SignInput): string {
  if (secrets.length === 0) throw new SigningSecretError('at least one signing secret is needed');
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) throw new RangeError(`bad webhook timestamp ${timestamp}`);
  // The id and timestamp are separated by '.': an id containing one would make the signed content ambiguous.
  if (!/^[\x21-\x7e]+$/.test(id) || id.includes('.')) {
    throw new RangeError('a message id is printable ASCII without dots');
  }
  const content = `${id}.${timestamp}.${body}`;
  return secrets
    .map((secret) => `v1,${createHmac('sha256', decodeSigningSecret(secret)).update(content, 'utf8').digest('base64')}`)
    .join(' ');
}

const CROCKFORD_BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new message id, `msg_` + a ULID (26 characters: 48-bit millisecond time, then 80 random bits, Crockford
 * base32). Ids sort by creation time, which keeps attempt logs and receivers' dedup tables in order.
 */
export function newMessageId(now = Date.now()): string {
  let time = '';
  let rest = now;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD_BASE32[rest % 32]! + time;
    rest = Math.floor(rest / 32);
  }
  let random = BigInt(`0x${randomBytes(10).toString('hex')}`);
  let tail = '';
  for (let i = 0; i < 16; i++) {
    tail = CROCKFORD_BASE32[Number(random & 31n)]! + tail;
    random >>= 5n;
  }
  return MESSAGE_ID_PREFIX + time + tail;
}
