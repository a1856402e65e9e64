import { CliError } from '../output.js';
import { isUuid } from '../../ids.js';

export function requireUuid(value: string, what: string): string {
  if (!isUuid(value)) throw new CliError(`${what} must be a UUID, got ${JSON.stringify(value)}`);
  return value.toLowerCase();
}
