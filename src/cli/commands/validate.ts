import { CliError } from '../output.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function requireUuid(value: string, what: string): string {
  if (!UUID.test(value)) throw new CliError(`${what} must be a UUID, got ${JSON.stringify(value)}`);
  return value.toLowerCase();
}
