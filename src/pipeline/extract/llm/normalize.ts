// Turns a model's JSON answer into the published data shape, walking the published schema: amounts become JSON
// numbers exact to the cent via decimal arithmetic (never binary float maths), dates ISO 8601, currencies ISO 4217.
// A leaf that is missing or cannot be read becomes null and is reported as an issue; it is never guessed. Only the
// container structure (an object with summary_data, the list an array) is required of the model: the engine asks
// for a repair when that is wrong (see structureProblem).
import type { TSchema } from '@sinclair/typebox';
import { Decimal } from 'decimal.js';
import {
  isDecimalString,
  parseAmount,
  parseDate,
  resolveCurrencySymbol,
  roundMoney,
  toJsonNumber,
} from '../parse/index.js';
import { IsoDate, Money } from '../schemas/common.js';
import type { LlmTypeSpec } from './schema.js';

const MAX_TEXT_CHARS = 2_000;
const MAX_LIST_ENTRIES = 5_000;
const MAX_ISSUES = 50;
/** Unit prices are quoted in fractions of a cent (0.0125 per screw); every other amount is exact to the cent. */
const MONEY_PLACES: Record<string, number> = { unit_price: 4 };
const QUANTITY_PLACES = 6;
const NULL_WORDS = new Set(['', 'null', 'none', 'n/a', 'na', '-', '--', '—', 'unknown', 'not found', 'not available']);

export class Issues {
  readonly list: string[] = [];
  add(path: string, problem: string): void {
    if (this.list.length < MAX_ISSUES) this.list.push(`${path}: ${problem}`);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const INVALID = Symbol('invalid');
type Leaf = unknown | typeof INVALID;

/**
 * Why the answer's structure cannot be used (so a repair is worth asking for), or null when it can: the root must be
 * an object whose summary_data is an object and whose list (when asked for) is an array.
 */
export function structureProblem(raw: unknown, spec: LlmTypeSpec, listWanted: boolean): string | null {
  if (!isRecord(raw)) return 'the answer is not a JSON object';
  if (!isRecord(raw.summary_data)) return 'summary_data is missing or not an object';
  if (listWanted && !Array.isArray(raw[spec.listKey])) return `${spec.listKey} is missing or not an array`;
  return null;
}

export function normalizeMoney(value: unknown, places = 2): number | null | typeof INVALID {
  if (value === null || value === undefined) return null;
  let decimal: string | null = null;
  if (typeof value === 'number') decimal = Number.isFinite(value) ? new Decimal(value).toFixed() : null;
  else if (typeof value === 'string') {
    const text = value.trim();
    if (NULL_WORDS.has(text.toLowerCase())) return null;
    const plain = text.replace(/^\+/, '');
    decimal = isDecimalString(plain) ? plain : (parseAmount(text)?.value ?? null);
  }
  if (decimal === null) return INVALID;
  return toJsonNumber(roundMoney(decimal, places), places) ?? INVALID;
}

function normalizeNumber(value: unknown, integer: boolean): Leaf {
  if (!integer) return normalizeMoney(value, QUANTITY_PLACES);
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : INVALID;
  return typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : INVALID;
}

export function normalizeDate(value: unknown): string | null | typeof INVALID {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return INVALID;
  const text = value.trim();
  if (NULL_WORDS.has(text.toLowerCase())) return null;
  return parseDate(text)?.iso ?? INVALID;
}

function normalizeText(value: unknown, key: string): Leaf {
  let text: string;
  if (typeof value === 'string') text = value.replace(/\s+/g, ' ').trim();
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else return INVALID;
  if (NULL_WORDS.has(text.toLowerCase())) return null;
  if (key === 'currency') return resolveCurrencySymbol(text) ?? INVALID;
  if (key === 'account_number_last4') {
    // Keep only the last four digits even when the model copied a full card number.
    const digits = text.replace(/\D/g, '');
    return digits.length >= 4 ? digits.slice(-4) : INVALID;
  }
  return text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text;
}

function normalizeNode(schema: TSchema, value: unknown, path: string, key: string, issues: Issues): Leaf {
  if (schema === Money) return normalizeMoney(value, MONEY_PLACES[key] ?? 2);
  if (schema === IsoDate) return normalizeDate(value);
  if (Array.isArray(schema.anyOf)) {
    const members = schema.anyOf as TSchema[];
    const nonNull = members.filter((m) => m.type !== 'null');
    if (value === null || value === undefined) return nonNull.length < members.length ? null : INVALID;
    if (nonNull.every((m) => m.const !== undefined)) {
      const wanted = typeof value === 'string' ? value.trim().toLowerCase() : value;
      return nonNull.find((m) => m.const === wanted)?.const ?? INVALID;
    }
    if (nonNull.length !== 1) return INVALID;
    return normalizeNode(nonNull[0] as TSchema, value, path, key, issues);
  }
  if (schema.const !== undefined) return schema.const;
  switch (schema.type) {
    case 'object':
      return isRecord(value) ? normalizeObject(schema, value, path, issues) : INVALID;
    case 'array':
      return Array.isArray(value) ? normalizeArray(schema.items as TSchema, value, path, issues) : INVALID;
    case 'string':
      return normalizeText(value, key);
    case 'number':
      return normalizeNumber(value, false);
    case 'integer':
      return normalizeNumber(value, true);
    case 'boolean':
      return typeof value === 'boolean' ? value : INVALID;
    default:
      return INVALID;
  }
}

/** Every property of the schema, in its order; unknown keys are dropped; missing required ones become null. */
export function normalizeObject(
  schema: TSchema,
  raw: Record<string, unknown>,
  path: string,
  issues: Issues,
): Record<string, unknown> {
  const properties = schema.properties as Record<string, TSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(properties)) {
    const where = path === '' ? key : `${path}.${key}`;
    if (!(key in raw) || raw[key] === undefined) {
      if (!required.has(key)) continue;
      issues.add(where, 'missing in the answer, set to null');
    }
    const value = normalizeNode(child, raw[key], where, key, issues);
    if (value !== INVALID) {
      out[key] = value;
      continue;
    }
    issues.add(where, `could not read ${JSON.stringify(raw[key])?.slice(0, 60) ?? 'undefined'}, set to null`);
    out[key] = emptyValue(child);
  }
  for (const key of Object.keys(raw)) {
    if (!(key in properties)) issues.add(path === '' ? key : `${path}.${key}`, 'not in the schema, dropped');
  }
  return out;
}

function emptyValue(schema: TSchema): unknown {
  if (schema.type === 'array') return [];
  return null;
}

function normalizeArray(items: TSchema, raw: unknown[], path: string, issues: Issues): unknown[] {
  if (raw.length > MAX_LIST_ENTRIES) issues.add(path, `${raw.length} entries, only the first ${MAX_LIST_ENTRIES} kept`);
  const out: unknown[] = [];
  raw.slice(0, MAX_LIST_ENTRIES).forEach((entry, index) => {
    const where = `${path}[${index}]`;
    const value = normalizeNode(items, entry, where, '', issues);
    if (value === INVALID) issues.add(where, 'could not be read, dropped');
    else if (isRecord(value) && isEmptyRow(value)) issues.add(where, 'every value is null, dropped');
    else out.push(value);
  });
  return out;
}

function isEmptyRow(row: Record<string, unknown>): boolean {
  return Object.values(row).every((v) => v === null || (Array.isArray(v) && v.length === 0));
}

/**
 * Statements: amounts are positive and `direction` carries the sign. A model that printed a payment as "-50.00"
 * without a direction meant a credit.
 */
export function signTransactions(transactions: Array<Record<string, unknown>>): void {
  for (const t of transactions) {
    if (typeof t.amount === 'number' && t.amount < 0) {
      t.amount = -t.amount;
      if (t.direction === null) t.direction = 'credit';
    }
  }
}
