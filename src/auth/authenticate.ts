// SPEC 5: both headers present -> credentials valid (key active, organization alive, secret matches) -> IP allowed.
// Every credential failure is the same 401 with the same message and the same cost (one bcrypt compare), whichever
// check failed, so neither the body nor the timing tells an attacker which client ids exist or have allowlists.
//
// Abuse limits (issue 11): failed authentications are limited per client id and per source address with token
// buckets; once a bucket is empty the request is a 429 before any database read or bcrypt work. A request that
// needs bcrypt takes a token up front (so twenty concurrent wrong secrets cannot all slip past the check) and gets
// it back when the secret turns out right. Pairs this process has verified before skip the limits altogether, so a
// flood against a client id never locks out its legitimate, already-authenticated callers.
import type { Queryable } from '../db/pool.js';
import { AppError, INVALID_CREDENTIALS, MISSING_CREDENTIALS } from '../errors.js';
import { isUuid } from '../ids.js';
import { findActiveKey, type ActiveKey } from './api-keys.js';
import type { CredentialCache } from './credential-cache.js';
import { addressLimitKey, isIpAllowed } from './ip-allowlist.js';
import { verifySecret } from './secrets.js';
import { Semaphore, SemaphoreFullError } from './semaphore.js';
import { TokenBuckets } from './token-buckets.js';

export interface AuthContext {
  apiKeyId: string;
  organizationId: string;
  keyName: string;
  webhookBaseUrl: string;
}

export interface AuthLimits {
  /** Failed authentications one client id may accumulate per window (0: unlimited). */
  failuresPerClientId: number;
  /** Failed authentications one source address may accumulate per window (0: unlimited). */
  failuresPerAddress: number;
  failureWindowSeconds: number;
  /**
   * How long a refused (429) request is held before its answer. A 429 costs almost nothing, so a client that loops
   * on it would otherwise take most of the CPU by sheer request count; holding the answer (a timer, no work) paces
   * a flooding connection to about one request per delay.
   */
  limitedDelayMs: number;
  /** bcrypt comparisons at once, and how many more may wait before a 503. */
  bcryptConcurrency: number;
  bcryptQueue: number;
}

/** What the guard reports, for /metrics. */
export interface AuthObserver {
  failed(): void;
  limited(scope: 'auth_client_id' | 'auth_address'): void;
  bcryptOverflow(): void;
}

/** Per-process authentication state: the verified-credential cache, the failure buckets and the bcrypt gate. */
export class AuthGuard {
  readonly clientFailures?: TokenBuckets;
  readonly addressFailures?: TokenBuckets;
  readonly bcrypt: Semaphore;
  readonly limitedDelayMs: number;

  constructor(
    readonly cache: CredentialCache,
    limits: AuthLimits,
    readonly observer?: AuthObserver,
  ) {
    this.limitedDelayMs = limits.limitedDelayMs;
    const window = limits.failureWindowSeconds;
    if (limits.failuresPerClientId > 0) this.clientFailures = new TokenBuckets(limits.failuresPerClientId, window);
    if (limits.failuresPerAddress > 0) this.addressFailures = new TokenBuckets(limits.failuresPerAddress, window);
    this.bcrypt = new Semaphore(limits.bcryptConcurrency, limits.bcryptQueue);
  }
}

const tooManyFailures = (retryAfterSeconds: number) =>
  new AppError('rate_limited', `Too many failed authentications; retry after ${retryAfterSeconds} seconds`, undefined, {
    retryAfterSeconds,
  });

/**
 * Takes a failure token from the client id's and the address's buckets; throws 429 when either is empty. Returns
 * the refund to call when the attempt succeeds. A malformed client id has no bucket of its own (it cannot name a
 * key; counting it per value would let an attacker fill the map): the address bucket covers it.
 */
async function reserveFailure(guard: AuthGuard, clientKey: string | undefined, ip: string): Promise<() => void> {
  const byClient = clientKey !== undefined ? guard.clientFailures?.take(clientKey) : undefined;
  const byAddress = guard.addressFailures?.take(ip);
  if (byClient?.allowed === false || byAddress?.allowed === false) {
    if (byClient?.allowed) guard.clientFailures!.refund(clientKey!);
    if (byAddress?.allowed) guard.addressFailures!.refund(ip);
    guard.observer?.limited(byClient?.allowed === false ? 'auth_client_id' : 'auth_address');
    if (guard.limitedDelayMs > 0) await new Promise((r) => setTimeout(r, guard.limitedDelayMs));
    throw tooManyFailures(Math.max(byClient?.retryAfterSeconds ?? 0, byAddress?.retryAfterSeconds ?? 0));
  }
  return () => {
    if (byClient) guard.clientFailures!.refund(clientKey!);
    if (byAddress) guard.addressFailures!.refund(ip);
  };
}

async function gatedVerify(guard: AuthGuard, secret: string, storedHash: string | null): Promise<boolean> {
  try {
    return await guard.bcrypt.run(() => verifySecret(secret, storedHash));
  } catch (err) {
    if (!(err instanceof SemaphoreFullError)) throw err;
    guard.observer?.bcryptOverflow();
    throw new AppError('service_unavailable', 'Too many authentications in progress; retry shortly', undefined, {
      retryAfterSeconds: 1,
    });
  }
}

/** The active key whose secret matches, or a 401. */
async function verifyCredentials(
  db: Queryable,
  guard: AuthGuard,
  clientKey: string | undefined,
  secret: string,
): Promise<ActiveKey> {
  const key = clientKey !== undefined ? await findActiveKey(db, clientKey) : null;
  if (!key) {
    await gatedVerify(guard, secret, null); // same cost as a wrong secret
    guard.observer?.failed();
    throw new AppError('invalid_credentials', INVALID_CREDENTIALS);
  }
  if (!guard.cache.has(key.clientId, key.secretHash, secret)) {
    if (!(await gatedVerify(guard, secret, key.secretHash))) {
      guard.observer?.failed();
      throw new AppError('invalid_credentials', INVALID_CREDENTIALS);
    }
    guard.cache.remember(key.clientId, key.secretHash, secret);
  }
  return key;
}

export async function authenticate(
  db: Queryable,
  guard: AuthGuard,
  clientId: string | undefined,
  secret: string | undefined,
  ip: string,
): Promise<AuthContext> {
  if (!clientId || !secret) throw new AppError('missing_credentials', MISSING_CREDENTIALS);

  const clientKey = isUuid(clientId) ? clientId.toLowerCase() : undefined;
  const knownPair = clientKey !== undefined && guard.cache.knows(clientKey, secret);
  const refund = knownPair ? () => {} : await reserveFailure(guard, clientKey, addressLimitKey(ip));

  let key: ActiveKey;
  try {
    key = await verifyCredentials(db, guard, clientKey, secret);
  } catch (err) {
    const invalid = err instanceof AppError && err.code === 'invalid_credentials';
    // Only a wrong credential counts as a failure; a database outage or a full bcrypt queue is not the caller's.
    if (!invalid) refund();
    // A remembered pair that no longer verifies (key revoked or deleted) loses its pass: from now on it is limited
    // like any other failing pair, instead of buying an unlimited stream of bcrypt compares.
    else if (knownPair) guard.cache.forget(clientKey!);
    throw err;
  }
  refund();

  if (!isIpAllowed(ip, key.ipAllowlist)) {
    throw new AppError('ip_not_allowed', `IP address ${ip} is not allowed for API key "${key.name}"`);
  }
  return {
    apiKeyId: key.id,
    organizationId: key.organizationId,
    keyName: key.name,
    webhookBaseUrl: key.webhookBaseUrl,
  };
}
