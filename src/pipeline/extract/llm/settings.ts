// Settings of the optional LLM engine, from either of two sources: the environment (DOCEX_LLM_* names, string
// values, read by src/config.ts and handed over here) or a parser version's config JSON (camelCase names, JSON
// values). A parser version may override only some settings and inherit the rest from the environment.
import { Decimal } from 'decimal.js';
import { z } from 'zod';

export type LlmFlavour = 'openai' | 'azure';
/** json_schema: strict structured output; json_object: the older JSON mode, for servers that lack json_schema. */
export type LlmResponseFormat = 'json_schema' | 'json_object';

export interface LlmPrices {
  /** Decimal strings, currency-neutral (usually USD) per million tokens, e.g. "2.50". */
  inputPerMillion: string;
  outputPerMillion: string;
}

export interface LlmSettings {
  /** openai: e.g. https://api.openai.com/v1 or http://localhost:11434/v1; azure: https://NAME.openai.azure.com */
  baseUrl: string;
  /** Sent as `Authorization: Bearer` (openai) or `api-key` (azure); absent for servers without auth (Ollama). */
  apiKey?: string;
  /** The model name; for azure the deployment name. */
  model: string;
  flavour: LlmFlavour;
  azureApiVersion: string;
  /** The model reads images: scanned (OCR) pages are sent as page images instead of recognised text. */
  vision: boolean;
  responseFormat: LlmResponseFormat;
  /** One HTTP attempt, connect to last byte. */
  timeoutMs: number;
  /** Retries after the first attempt, on 429/500/502/503/504, timeouts and network errors. */
  maxRetries: number;
  maxOutputTokens: number;
  /** Budget of document text put into the prompt; longer documents are cut with a note saying so. */
  maxInputChars: number;
  /** null: no price table, modelCost stays null. */
  prices: LlmPrices | null;
  /** Allows a base URL on loopback or private networks (Ollama, vLLM, llama.cpp on the same host or LAN). */
  allowPrivateNetworks: boolean;
}

export const DEFAULT_AZURE_API_VERSION = '2024-10-21';

export const LLM_SETTING_DEFAULTS = {
  flavour: 'openai',
  azureApiVersion: DEFAULT_AZURE_API_VERSION,
  vision: false,
  responseFormat: 'json_schema',
  timeoutMs: 120_000,
  maxRetries: 2,
  maxOutputTokens: 4096,
  maxInputChars: 60_000,
  prices: null,
  allowPrivateNetworks: false,
} as const satisfies Partial<LlmSettings>;

/** Environment variable -> setting. src/config.ts reads these and passes them to {@link llmSettingsFromEnv}. */
export const LLM_ENV_VARIABLES = {
  DOCEX_LLM_BASE_URL: 'baseUrl',
  DOCEX_LLM_API_KEY: 'apiKey',
  DOCEX_LLM_MODEL: 'model',
  DOCEX_LLM_FLAVOUR: 'flavour',
  DOCEX_LLM_AZURE_API_VERSION: 'azureApiVersion',
  DOCEX_LLM_VISION: 'vision',
  DOCEX_LLM_RESPONSE_FORMAT: 'responseFormat',
  DOCEX_LLM_TIMEOUT_MS: 'timeoutMs',
  DOCEX_LLM_MAX_RETRIES: 'maxRetries',
  DOCEX_LLM_MAX_OUTPUT_TOKENS: 'maxOutputTokens',
  DOCEX_LLM_MAX_INPUT_CHARS: 'maxInputChars',
  DOCEX_LLM_PRICE_INPUT_PER_MTOK: 'prices.inputPerMillion',
  DOCEX_LLM_PRICE_OUTPUT_PER_MTOK: 'prices.outputPerMillion',
  DOCEX_LLM_ALLOW_PRIVATE_NETWORKS: 'allowPrivateNetworks',
} as const;
export type LlmEnvVariable = keyof typeof LLM_ENV_VARIABLES;

export class LlmSettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid LLM settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'LlmSettingsError';
  }
}

const FLAG_WORDS: Record<string, boolean> = { true: true, '1': true, yes: true, false: false, '0': false, no: false };

/** JSON booleans from a parser-version config, or the words an environment variable holds. */
const flag = z.unknown().transform((v, ctx): boolean => {
  if (typeof v === 'boolean') return v;
  const word = typeof v === 'string' ? FLAG_WORDS[v.trim().toLowerCase()] : undefined;
  if (word !== undefined) return word;
  ctx.addIssue({ code: 'custom', message: 'must be true or false' });
  return z.NEVER;
});

const whole = (min: number, max: number) =>
  z.unknown().transform((v, ctx): number => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n)) ctx.addIssue({ code: 'custom', message: 'must be a whole number' });
    else if (n < min) ctx.addIssue({ code: 'custom', message: `must be at least ${min}` });
    else if (n > max) ctx.addIssue({ code: 'custom', message: `must be at most ${max}` });
    else return n;
    return z.NEVER;
  });

const price = z.unknown().transform((v, ctx): string => {
  const text = typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (/^\d{1,9}(\.\d{1,9})?$/.test(text)) return new Decimal(text).toFixed();
  ctx.addIssue({ code: 'custom', message: 'must be a non-negative decimal such as "2.50"' });
  return z.NEVER;
});

const baseUrl = z
  .string()
  .trim()
  .max(2048)
  .transform((v, ctx) => {
    let url: URL;
    try {
      url = new URL(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be an absolute http(s) URL' });
      return z.NEVER;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      ctx.addIssue({ code: 'custom', message: 'must be an http or https URL' });
      return z.NEVER;
    }
    // Credentials in a URL end up in logs and error details; the key has its own setting.
    if (url.username !== '' || url.password !== '') {
      ctx.addIssue({ code: 'custom', message: 'must not contain credentials (use the API key setting)' });
      return z.NEVER;
    }
    if (url.search !== '' || url.hash !== '') {
      ctx.addIssue({ code: 'custom', message: 'must not contain a query or fragment' });
      return z.NEVER;
    }
    return url.href.replace(/\/+$/, '');
  });

const settingsSchema = z
  .object({
    baseUrl,
    apiKey: z
      .string()
      .trim()
      .min(1)
      .max(4096)
      .refine((v) => !/[\r\n]/.test(v), 'must be one line')
      .optional(),
    model: z.string().trim().min(1, 'is required').max(256),
    flavour: z.enum(['openai', 'azure'], { message: 'must be openai or azure' }).default(LLM_SETTING_DEFAULTS.flavour),
    azureApiVersion: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}(-preview)?$/, 'must look like 2024-10-21 or 2025-01-01-preview')
      .default(LLM_SETTING_DEFAULTS.azureApiVersion),
    vision: flag.default(LLM_SETTING_DEFAULTS.vision),
    responseFormat: z
      .enum(['json_schema', 'json_object'], { message: 'must be json_schema or json_object' })
      .default(LLM_SETTING_DEFAULTS.responseFormat),
    timeoutMs: whole(1_000, 900_000).default(LLM_SETTING_DEFAULTS.timeoutMs),
    maxRetries: whole(0, 10).default(LLM_SETTING_DEFAULTS.maxRetries),
    maxOutputTokens: whole(256, 131_072).default(LLM_SETTING_DEFAULTS.maxOutputTokens),
    maxInputChars: whole(1_000, 2_000_000).default(LLM_SETTING_DEFAULTS.maxInputChars),
    prices: z.object({ inputPerMillion: price, outputPerMillion: price }).strict().nullable().default(null),
    allowPrivateNetworks: flag.default(LLM_SETTING_DEFAULTS.allowPrivateNetworks),
  })
  .strict();

const SETTING_NAMES = Object.keys(settingsSchema.shape) as Array<keyof LlmSettings>;
const ENV_NAME_OF = new Map<string, string>(Object.entries(LLM_ENV_VARIABLES).map(([env, setting]) => [setting, env]));

interface Collected {
  values: Record<string, unknown>;
  /** Setting path ("timeoutMs", "prices.inputPerMillion") -> the name the source used, for error messages. */
  names: Map<string, string>;
  problems: string[];
}

/** Reads either naming into camelCase settings; unknown names are problems (typos should not pass silently). */
function collect(source: Record<string, unknown>): Collected {
  const values: Record<string, unknown> = {};
  const names = new Map<string, string>();
  const problems: string[] = [];
  const put = (path: string, name: string, value: unknown): void => {
    // An empty environment variable means "not set".
    if (value === undefined || (typeof value === 'string' && value.trim() === '' && name.startsWith('DOCEX_'))) return;
    if (names.has(path)) {
      problems.push(`${name}: given twice (also as ${names.get(path)})`);
      return;
    }
    names.set(path, name);
    const [head, tail] = path.split('.') as [string, string | undefined];
    if (tail === undefined) values[head] = value;
    else values[head] = { ...((values[head] as Record<string, unknown> | undefined) ?? {}), [tail]: value };
  };
  for (const [name, value] of Object.entries(source)) {
    const fromEnv = (LLM_ENV_VARIABLES as Record<string, string>)[name];
    if (fromEnv !== undefined) put(fromEnv, name, value);
    else if (name === 'prices' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, price] of Object.entries(value)) put(`prices.${key}`, `prices.${key}`, price);
    } else if ((SETTING_NAMES as string[]).includes(name)) put(name, name, value);
    else problems.push(`${name}: unknown setting (known: ${SETTING_NAMES.join(', ')}, or the DOCEX_LLM_* names)`);
  }
  return { values, names, problems };
}

function describeIssue(issue: z.ZodIssue, names: Map<string, string>, envForm: boolean): string {
  const path = issue.path.join('.');
  const name = names.get(path) ?? (envForm ? ENV_NAME_OF.get(path) : undefined) ?? (path || 'settings');
  return `${name}: ${issue.message === 'Required' ? 'is required' : issue.message}`;
}

export interface ParseLlmSettingsOptions {
  /**
   * Settings to start from (usually the environment's), overridden by `source`. The inherited API key is kept only
   * when the effective base URL and flavour are unchanged: a parser version pointing at another server must never
   * receive the operator's key for the first one.
   */
  inherit?: LlmSettings | null;
}

/**
 * Validates LLM settings given as a parser version's config (`{ "baseUrl": ..., "model": ..., "prices":
 * { "inputPerMillion": "2.50", "outputPerMillion": "10.00" } }`) or as environment values (`DOCEX_LLM_*`, strings).
 * Throws {@link LlmSettingsError} listing every problem, each naming the setting as the source spelled it.
 */
export function parseLlmSettings(source: Record<string, unknown>, options: ParseLlmSettingsOptions = {}): LlmSettings {
  const { values, names, problems } = collect(source);
  const inherited = options.inherit ?? null;
  const merged: Record<string, unknown> = inherited ? { ...inherited, ...values } : values;
  if (inherited && values.prices !== undefined && values.prices !== null && inherited.prices) {
    merged.prices = { ...inherited.prices, ...(values.prices as object) };
  }
  if (inherited?.apiKey !== undefined && values.apiKey === undefined) {
    const sameServer =
      sameEndpoint(merged.baseUrl, inherited.baseUrl) && (merged.flavour ?? 'openai') === inherited.flavour;
    if (!sameServer) delete merged.apiKey;
  }
  const partialPrices = merged.prices as Record<string, unknown> | null | undefined;
  if (
    partialPrices &&
    (partialPrices.inputPerMillion === undefined) !== (partialPrices.outputPerMillion === undefined)
  ) {
    const given = names.get('prices.inputPerMillion') ?? names.get('prices.outputPerMillion') ?? 'prices';
    problems.push(
      `${given.startsWith('DOCEX_') ? 'DOCEX_LLM_PRICE_*' : 'prices'}: give both the input and the output price per million tokens, or neither`,
    );
    merged.prices = null;
  }
  const parsed = settingsSchema.safeParse(merged);
  const envForm = Object.keys(source).some((name) => name.startsWith('DOCEX_'));
  if (!parsed.success) problems.push(...parsed.error.issues.map((issue) => describeIssue(issue, names, envForm)));
  if (problems.length > 0 || !parsed.success) throw new LlmSettingsError(problems);
  const settings = parsed.data as LlmSettings;
  if (settings.apiKey === undefined) delete settings.apiKey;
  return settings;
}

function sameEndpoint(a: unknown, b: string): boolean {
  if (typeof a !== 'string') return false;
  try {
    return new URL(a).href.replace(/\/+$/, '') === new URL(b).href.replace(/\/+$/, '');
  } catch {
    return false;
  }
}

/**
 * The environment's LLM settings, or null when the engine is not configured (neither DOCEX_LLM_BASE_URL nor
 * DOCEX_LLM_MODEL set). Pass only the DOCEX_LLM_* variables or the whole environment: other names are ignored here.
 * Throws {@link LlmSettingsError} naming every bad variable.
 */
export function llmSettingsFromEnv(env: Record<string, string | undefined>): LlmSettings | null {
  const source: Record<string, unknown> = {};
  for (const name of Object.keys(LLM_ENV_VARIABLES)) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') source[name] = value;
  }
  if (source.DOCEX_LLM_BASE_URL === undefined && source.DOCEX_LLM_MODEL === undefined) {
    const stray = Object.keys(source);
    if (stray.length === 0) return null;
    throw new LlmSettingsError([
      `${stray.join(', ')}: set DOCEX_LLM_BASE_URL and DOCEX_LLM_MODEL to enable the LLM engine`,
    ]);
  }
  return parseLlmSettings(source);
}

/** For logs, the CLI and error details: the settings with the API key replaced. */
export function redactLlmSettings(settings: LlmSettings): Omit<LlmSettings, 'apiKey'> & { apiKey?: '[redacted]' } {
  const { apiKey, ...rest } = settings;
  return apiKey === undefined ? rest : { ...rest, apiKey: '[redacted]' };
}
