// SPEC 5: both headers present -> credentials valid (key active, organization alive, secret matches) -> IP allowed.
// Every credential failure is the same 401 with the same message and the same cost (one bcrypt compare), whichever
// check failed, so neither the body nor the timing tells an attacker which client ids exist or have allowlists.
import type { Queryable } from '../db/pool.js';
import { AppError, INVALID_CREDENTIALS, MISSING_CREDENTIALS } from '../errors.js';
import { findActiveKey } from './api-keys.js';
import type { CredentialCache } from './credential-cache.js';
import { isIpAllowed } from './ip-allowlist.js';
import { verifySecret } from './secrets.js';
import { isUuid } from '../ids.js';

export interface AuthContext {
  apiKeyId: string;
  organizationId: string;
  keyName: string;
  webhookBaseUrl: string;
}


export async function authenticate(
  db: Queryable,
  cache: CredentialCache,
  clientId: string | undefined,
  secret: string | undefined,
  ip: string,
): Promise<AuthContext> {
  if (!clientId || !secret) throw new AppError('missing_credentials', MISSING_CREDENTIALS);

  const key = isUuid(clientId) ? await findActiveKey(db, clientId.toLowerCase()) : null;
  if (!key) {
    await verifySecret(secret, null); // same cost as a wrong secret
    throw new AppError('invalid_credentials', INVALID_CREDENTIALS);
  }
  if (!cache.has(key.clientId, key.secretHash, secret)) {
    if (!(await verifySecret(secret, key.secretHash))) throw new AppError('invalid_credentials', INVALID_CREDENTIALS);
    cache.remember(key.clientId, key.secretHash, secret);
  }

  if (!isIpAllowed(ip, key.ipAllowlist)) {
    throw new AppError('ip_not_allowed', `IP address ${ip} is not allowed for API key "${key.name}"`);
  }
  return { apiKeyId: key.id, organizationId: key.organizationId, keyName: key.name, webhookBaseUrl: key.webhookBaseUrl };
}
