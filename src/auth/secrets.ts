// API-key secrets: random, prefixed (so secret scanners can recognise a leaked one), stored only as bcrypt cost 10.
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/bcrypt';

export const BCRYPT_COST = 10;
const SECRET_PREFIX = 'dxs_';
// bcrypt only reads the first 72 bytes: a longer presented secret must never verify against a prefix of itself.
const BCRYPT_MAX_BYTES = 72;

/** 32 random bytes (256 bits of entropy), base64url: `dxs_` + 43 characters. */
export function generateClientSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, { cost: BCRYPT_COST });
}

// A real cost-10 hash of a random value nobody knows: unknown client ids are compared against it so that they take
// as long as a wrong secret for a real key (no timing oracle for which client ids exist).
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hash(randomBytes(32).toString('base64url'), { cost: BCRYPT_COST });
  return dummyHash;
}

/** Compares on the libuv thread pool; constant-time inside bcrypt. `storedHash` null burns the same time. */
export async function verifySecret(secret: string, storedHash: string | null): Promise<boolean> {
  const tooLong = Buffer.byteLength(secret, 'utf8') > BCRYPT_MAX_BYTES;
  const target = storedHash ?? (await getDummyHash());
  const ok = await verify(secret, target).catch(() => false);
  return ok && storedHash !== null && !tooLong;
}

/** Warms the dummy hash at start so the first unknown-client request is not slower than later ones. */
export async function warmUpSecrets(): Promise<void> {
  await getDummyHash();
}
