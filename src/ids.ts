// Identifiers shared across modules.
import { readFileSync } from 'node:fs';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A canonical (8-4-4-4-12 hex) UUID, any version. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** docex's version, from package.json (one level above src/ and dist/). */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
