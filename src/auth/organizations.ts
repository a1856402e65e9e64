import type { Queryable } from '../db/pool.js';

export interface Organization {
  id: string;
  name: string;
  createdAt: string;
}

interface Row {
  id: string;
  name: string;
  created_at: Date;
}

const toOrganization = (r: Row): Organization => ({ id: r.id, name: r.name, createdAt: r.created_at.toISOString() });

export async function createOrganization(db: Queryable, name: string): Promise<Organization> {
  const { rows } = await db.query<Row>('INSERT INTO organizations (name) VALUES ($1) RETURNING id, name, created_at', [
    name,
  ]);
  return toOrganization(rows[0]!);
}

export async function listOrganizations(db: Queryable): Promise<Organization[]> {
  const { rows } = await db.query<Row>(
    'SELECT id, name, created_at FROM organizations WHERE deleted_at IS NULL ORDER BY created_at, id',
  );
  return rows.map(toOrganization);
}

/** Soft delete: keys stop authenticating on the next request (auth joins on deleted_at IS NULL); jobs stay. */
export async function deleteOrganization(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE organizations SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL',
    [id],
  );
  return rowCount === 1;
}

export async function organizationExists(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM organizations WHERE id = $1 AND deleted_at IS NULL', [id]);
  return rowCount === 1;
}
