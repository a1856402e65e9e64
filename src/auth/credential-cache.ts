// Skips bcrypt (~50 ms of CPU) for a (client id, secret) pair this process has already verified.
// Only an HMAC of the secret under a per-process random key is kept, never the plaintext, and an entry is valid only
// for the exact bcrypt hash it was verified against. The key row itself (revoked? organization deleted?) is re-read
// from PostgreSQL on every request by the caller, so revocation takes effect on the next request in every process.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

interface Entry {
  secretHash: string;
  digest: Buffer;
}

export class CredentialCache {
  private readonly entries = new Map<string, Entry>();
  private readonly hmacKey = randomBytes(32);

  constructor(private readonly maxEntries: number) {}

  private digest(secret: string): Buffer {
    return createHmac('sha256', this.hmacKey).update(secret).digest();
  }

  has(clientId: string, secretHash: string, secret: string): boolean {
    const entry = this.entries.get(clientId);
    if (!entry || entry.secretHash !== secretHash) return false;
    if (!timingSafeEqual(entry.digest, this.digest(secret))) return false;
    // Map keeps insertion order: re-inserting marks the entry as most recently used.
    this.entries.delete(clientId);
    this.entries.set(clientId, entry);
    return true;
  }

  /**
   * Whether this (client id, secret) pair was verified before, whatever the key's current hash: lets a caller with
   * cached credentials skip the failed-authentication limits before the key is even read. has() still decides.
   */
  knows(clientId: string, secret: string): boolean {
    const entry = this.entries.get(clientId);
    return entry !== undefined && timingSafeEqual(entry.digest, this.digest(secret));
  }

  /** Drops the pair of a client id whose key no longer verifies (revoked, deleted, secret changed). */
  forget(clientId: string): void {
    this.entries.delete(clientId);
  }

  remember(clientId: string, secretHash: string, secret: string): void {
    if (this.maxEntries === 0) return;
    this.entries.delete(clientId);
    this.entries.set(clientId, { secretHash, digest: this.digest(secret) });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
