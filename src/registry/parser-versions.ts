// The parser registry: numbered versions per document type, each naming an engine (builtin or llm) and its
// settings. Lifecycle: draft -> active -> retired; activating one retires the type's previous active version in the
// same transaction, so a type has at most one active version at any moment (enforced by a unique partial index).
import type { Queryable } from '../db/pool.js';

export type ParserEngine = 'builtin' | 'llm';
export type ParserState = 'draft' | 'active' | 'retired';

export interface ParserVersion {
  id: string;
  typeId: number;
  version: number;
  engine: ParserEngine;
  config: Record<string, unknown>;
  state: ParserState;
  description: string | null;
  createdAt: string;
  activatedAt: string | null;
  retiredAt: string | null;
}

interface Row {
  id: string;
  type_id: number;
  version: number;
  engine: ParserEngine;
  config: Record<string, unknown>;
  state: ParserState;
  description: string | null;
  created_at: Date;
  activated_at: Date | null;
  retired_at: Date | null;
}

const toVersion = (r: Row): ParserVersion => ({
  id: r.id,
  typeId: r.type_id,
  version: r.version,
  engine: r.engine,
  config: r.config,
  state: r.state,
  description: r.description,
  createdAt: r.created_at.toISOString(),
  activatedAt: r.activated_at?.toISOString() ?? null,
  retiredAt: r.retired_at?.toISOString() ?? null,
});

export async function listParserVersions(db: Queryable, typeId?: number): Promise<ParserVersion[]> {
  const { rows } = await db.query<Row>(
    'SELECT * FROM parser_versions WHERE ($1::int IS NULL OR type_id = $1) ORDER BY type_id, version',
    [typeId ?? null],
  );
  return rows.map(toVersion);
}

/** Creates the next version number of the type (a per-type advisory lock keeps numbers gap-free under concurrency). */
export async function createParserVersion(
  db: Queryable,
  input: { typeId: number; engine: ParserEngine; config: Record<string, unknown>; description?: string },
): Promise<ParserVersion> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`parser_versions:${input.typeId}`]);
  const { rows } = await db.query<Row>(
    `INSERT INTO parser_versions (type_id, version, engine, config, description)
     SELECT $1, coalesce(max(version), 0) + 1, $2, $3, $4 FROM parser_versions WHERE type_id = $1
     RETURNING *`,
    [input.typeId, input.engine, JSON.stringify(input.config), input.description ?? null],
  );
  return toVersion(rows[0]!);
}

export async function findParserVersion(db: Queryable, id: string): Promise<ParserVersion | null> {
  const { rows } = await db.query<Row>('SELECT * FROM parser_versions WHERE id = $1', [id]);
  return rows[0] ? toVersion(rows[0]) : null;
}

/** Activates a draft or retired version; the type's current active version (if another) is retired. Run in a transaction. */
export async function activateParserVersion(db: Queryable, id: string): Promise<ParserVersion> {
  const target = await findParserVersion(db, id);
  if (!target) throw new Error(`parser version ${id} not found`);
  await db.query(
    "UPDATE parser_versions SET state = 'retired', retired_at = now() WHERE type_id = $1 AND state = 'active' AND id <> $2",
    [target.typeId, id],
  );
  const { rows } = await db.query<Row>(
    "UPDATE parser_versions SET state = 'active', activated_at = now(), retired_at = NULL WHERE id = $1 RETURNING *",
    [id],
  );
  return toVersion(rows[0]!);
}

export async function retireParserVersion(db: Queryable, id: string): Promise<ParserVersion | null> {
  const { rows } = await db.query<Row>(
    "UPDATE parser_versions SET state = 'retired', retired_at = now() WHERE id = $1 RETURNING *",
    [id],
  );
  return rows[0] ? toVersion(rows[0]) : null;
}

/** The version that processes new jobs of this type, or null for the code default. */
export async function activeParserVersion(db: Queryable, typeId: number): Promise<ParserVersion | null> {
  const { rows } = await db.query<Row>({
    name: 'docex_active_parser_version',
    text: "SELECT * FROM parser_versions WHERE type_id = $1 AND state = 'active'",
    values: [typeId],
  });
  return rows[0] ? toVersion(rows[0]) : null;
}
