import type { QueryConfig } from 'pg';
import type { Queryable } from '../db/pool.js';
import { generateClientSecret, hashSecret } from './secrets.js';

/** What `docex keys list` shows: never the secret nor its hash. */
export interface ApiKeyInfo {
  id: string;
  clientId: string;
  organizationId: string;
  name: string;
  webhookBaseUrl: string;
  ipAllowlist: string[];
  createdAt: string;
  revokedAt: string | null;
}

export interface CreatedApiKey extends ApiKeyInfo {
  /** Shown once, here; only its bcrypt hash is stored. */
  clientSecret: string;
}

/** The key as authentication needs it, read fresh on every request. */
export interface ActiveKey {
  id: string;
  clientId: string;
  organizationId: string;
  name: string;
  secretHash: string;
  webhookBaseUrl: string;
  ipAllowlist: string[];
}

interface Row {
  id: string;
  client_id: string;
  organization_id: string;
  name: string;
  webhook_base_url: string;
  ip_allowlist: string[];
  created_at: Date;
  revoked_at: Date | null;
}

const COLUMNS = 'id, client_id, organization_id, name, webhook_base_url, ip_allowlist, created_at, revoked_at';

const toInfo = (r: Row): ApiKeyInfo => ({
  id: r.id,
  clientId: r.client_id,
  organizationId: r.organization_id,
  name: r.name,
  webhookBaseUrl: r.webhook_base_url,
  ipAllowlist: r.ip_allowlist,
  createdAt: r.created_at.toISOString(),
  revokedAt: r.revoked_at?.toISOString() ?? null,
});

export interface NewApiKey {
  organizationId: string;
  name: string;
  webhookBaseUrl: string;
  ipAllowlist: string[];
}

export async function createApiKey(db: Queryable, input: NewApiKey): Promise<CreatedApiKey> {
  const clientSecret = generateClientSecret();
  const secretHash = await hashSecret(clientSecret);
  const { rows } = await db.query<Row>(
    `INSERT INTO api_keys (organization_id, name, secret_hash, webhook_base_url, ip_allowlist)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [input.organizationId, input.name, secretHash, input.webhookBaseUrl, input.ipAllowlist],
  );
  return { ...toInfo(rows[0]!), clientSecret };
}

export async function listApiKeys(db: Queryable, organizationId?: string): Promise<ApiKeyInfo[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM api_keys WHERE ($1::uuid IS NULL OR organization_id = $1) ORDER BY created_at, id`,
    [organizationId ?? null],
  );
  return rows.map(toInfo);
}

export async function findApiKeyByClientId(db: Queryable, clientId: string): Promise<ApiKeyInfo | null> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM api_keys WHERE client_id = $1`, [clientId]);
  return rows[0] ? toInfo(rows[0]) : null;
}

/** Revocation is immediate: authentication re-reads revoked_at on every request, in every process. */
export async function revokeApiKey(
  db: Queryable,
  clientId: string,
): Promise<'revoked' | 'already_revoked' | 'not_found'> {
  const { rows } = await db.query<{ was_revoked: boolean }>(
    `UPDATE api_keys k SET revoked_at = coalesce(k.revoked_at, now())
     FROM (SELECT id, revoked_at IS NOT NULL AS was_revoked FROM api_keys WHERE client_id = $1 FOR UPDATE) old
     WHERE k.id = old.id RETURNING old.was_revoked`,
    [clientId],
  );
  if (rows.length === 0) return 'not_found';
  return rows[0]!.was_revoked ? 'already_revoked' : 'revoked';
}

/**
 * Bounds the lookup every authenticated request starts with. A database that hangs (stopped, partitioned) instead of
 * refusing connections would otherwise hold the request and its pooled connection forever; after this the query
 * fails ("Query read timeout", a 503 at the API) and the pool discards that connection.
 */
const FIND_KEY_TIMEOUT_MS = 10_000;

export async function findActiveKey(db: Queryable, clientId: string): Promise<ActiveKey | null> {
  // query_timeout is a node-postgres option its type declarations leave out.
  const query: QueryConfig & { query_timeout: number } = {
    // Named: planned once per connection, this runs on every authenticated request.
    name: 'docex_find_active_key',
    query_timeout: FIND_KEY_TIMEOUT_MS,
    text: `SELECT k.id, k.client_id, k.organization_id, k.name, k.secret_hash, k.webhook_base_url, k.ip_allowlist
           FROM api_keys k JOIN organizations o ON o.id = k.organization_id
           WHERE k.client_id = $1 AND k.revoked_at IS NULL AND o.deleted_at IS NULL`,
    values: [clientId],
  };
  const { rows } = await db.query<Row & { secret_hash: string }>(query);
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    clientId: r.client_id,
    organizationId: r.organization_id,
    name: r.name,
    secretHash: r.secret_hash,
    webhookBaseUrl: r.webhook_base_url,
    ipAllowlist: r.ip_allowlist,
  };
}
