import { describe, expect, it } from 'vitest';
import {
  LLM_ENV_VARIABLES,
  LlmSettingsError,
  llmSettingsFromEnv,
  parseLlmSettings,
  redactLlmSettings,
} from '../../../../src/pipeline/extract/llm/settings.js';
import { computeModelCost } from '../../../../src/pipeline/extract/llm/cost.js';

function problems(fn: () => unknown): string[] {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(LlmSettingsError);
    return (err as LlmSettingsError).problems;
  }
  throw new Error('expected LlmSettingsError');
}

describe('LLM settings from the environment', () => {
  it('is off when neither base URL nor model is set', () => {
    expect(llmSettingsFromEnv({ PATH: '/usr/bin', DOCEX_LLM_BASE_URL: '' })).toBeNull();
  });

  it('reads every DOCEX_LLM_* variable, with defaults for the rest', () => {
    const settings = llmSettingsFromEnv({
      DOCEX_LLM_BASE_URL: 'https://api.openai.com/v1/',
      DOCEX_LLM_API_KEY: 'sk-env',
      DOCEX_LLM_MODEL: 'gpt-4o-mini',
      DOCEX_LLM_VISION: 'true',
      DOCEX_LLM_TIMEOUT_MS: '30000',
      DOCEX_LLM_MAX_RETRIES: '3',
      DOCEX_LLM_PRICE_INPUT_PER_MTOK: '0.15',
      DOCEX_LLM_PRICE_OUTPUT_PER_MTOK: '0.60',
      HOME: '/root',
    });
    expect(settings).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-env',
      model: 'gpt-4o-mini',
      flavour: 'openai',
      azureApiVersion: '2024-10-21',
      vision: true,
      responseFormat: 'json_schema',
      timeoutMs: 30_000,
      maxRetries: 3,
      maxOutputTokens: 4096,
      maxInputChars: 60_000,
      prices: { inputPerMillion: '0.15', outputPerMillion: '0.6' },
      allowPrivateNetworks: false,
    });
  });

  it('names every bad variable', () => {
    const found = problems(() =>
      llmSettingsFromEnv({
        DOCEX_LLM_BASE_URL: 'ftp://models.local',
        DOCEX_LLM_MODEL: 'm',
        DOCEX_LLM_FLAVOUR: 'anthropic',
        DOCEX_LLM_TIMEOUT_MS: 'soon',
        DOCEX_LLM_MAX_RETRIES: '99',
        DOCEX_LLM_PRICE_INPUT_PER_MTOK: '-1',
        DOCEX_LLM_PRICE_OUTPUT_PER_MTOK: '2',
        DOCEX_LLM_VISION: 'maybe',
      }),
    );
    expect(found).toEqual(
      expect.arrayContaining([
        'DOCEX_LLM_BASE_URL: must be an http or https URL',
        'DOCEX_LLM_FLAVOUR: must be openai or azure',
        'DOCEX_LLM_TIMEOUT_MS: must be a whole number',
        'DOCEX_LLM_MAX_RETRIES: must be at most 10',
        'DOCEX_LLM_PRICE_INPUT_PER_MTOK: must be a non-negative decimal such as "2.50"',
        'DOCEX_LLM_VISION: must be true or false',
      ]),
    );
    expect(found).toHaveLength(6);
  });

  it('asks for both prices, and for a base URL and model when other variables are set', () => {
    expect(
      problems(() =>
        llmSettingsFromEnv({
          DOCEX_LLM_BASE_URL: 'http://localhost:11434/v1',
          DOCEX_LLM_MODEL: 'llama3.1',
          DOCEX_LLM_PRICE_INPUT_PER_MTOK: '1',
        }),
      ),
    ).toEqual(['DOCEX_LLM_PRICE_*: give both the input and the output price per million tokens, or neither']);
    expect(problems(() => llmSettingsFromEnv({ DOCEX_LLM_API_KEY: 'sk-x' }))).toEqual([
      'DOCEX_LLM_API_KEY: set DOCEX_LLM_BASE_URL and DOCEX_LLM_MODEL to enable the LLM engine',
    ]);
    expect(problems(() => llmSettingsFromEnv({ DOCEX_LLM_BASE_URL: 'http://localhost:11434/v1' }))).toEqual([
      'DOCEX_LLM_MODEL: is required',
    ]);
  });

  it('lists its variable names for the configuration table', () => {
    expect(Object.keys(LLM_ENV_VARIABLES)).toEqual(
      expect.arrayContaining([
        'DOCEX_LLM_BASE_URL',
        'DOCEX_LLM_API_KEY',
        'DOCEX_LLM_MODEL',
        'DOCEX_LLM_FLAVOUR',
        'DOCEX_LLM_AZURE_API_VERSION',
        'DOCEX_LLM_VISION',
        'DOCEX_LLM_TIMEOUT_MS',
        'DOCEX_LLM_MAX_RETRIES',
        'DOCEX_LLM_PRICE_INPUT_PER_MTOK',
        'DOCEX_LLM_PRICE_OUTPUT_PER_MTOK',
      ]),
    );
  });
});

describe('LLM settings from a parser version config', () => {
  const env = llmSettingsFromEnv({
    DOCEX_LLM_BASE_URL: 'https://api.openai.com/v1',
    DOCEX_LLM_API_KEY: 'sk-operator',
    DOCEX_LLM_MODEL: 'gpt-4o',
    DOCEX_LLM_PRICE_INPUT_PER_MTOK: '2.50',
    DOCEX_LLM_PRICE_OUTPUT_PER_MTOK: '10.00',
  })!;

  it('overrides some settings and inherits the rest, key included, on the same server', () => {
    const settings = parseLlmSettings(
      { model: 'gpt-4o-mini', prices: { inputPerMillion: '0.15', outputPerMillion: 0.6 }, maxOutputTokens: 8192 },
      { inherit: env },
    );
    expect(settings).toMatchObject({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-operator',
      model: 'gpt-4o-mini',
      maxOutputTokens: 8192,
      prices: { inputPerMillion: '0.15', outputPerMillion: '0.6' },
    });
  });

  it("never sends the operator's key to a different server", () => {
    const local = parseLlmSettings(
      { baseUrl: 'http://localhost:11434/v1', model: 'qwen2.5vl', allowPrivateNetworks: true, prices: null },
      { inherit: env },
    );
    expect(local.apiKey).toBeUndefined();
    expect(local.prices).toBeNull();
    const azure = parseLlmSettings(
      { flavour: 'azure', baseUrl: 'https://acme.openai.azure.com', model: 'gpt4o-prod', apiKey: 'azure-key' },
      { inherit: env },
    );
    expect(azure).toMatchObject({ flavour: 'azure', apiKey: 'azure-key', azureApiVersion: '2024-10-21' });
  });

  it('refuses unknown names, credentials in the URL and bad values, naming each', () => {
    expect(
      problems(() =>
        parseLlmSettings({
          baseUrl: 'https://user:pw@api.example.com/v1',
          model: 'x',
          temperature: 0.2,
          maxRetries: -1,
        }),
      ),
    ).toEqual([
      expect.stringMatching(/^temperature: unknown setting \(known: baseUrl, apiKey, model/),
      'baseUrl: must not contain credentials (use the API key setting)',
      'maxRetries: must be at least 0',
    ]);
    expect(
      problems(() => parseLlmSettings({ baseUrl: 'https://api.openai.com/v1', model: 'x', DOCEX_LLM_MODEL: 'y' })),
    ).toEqual(['DOCEX_LLM_MODEL: given twice (also as model)']);
  });

  it('redacts the key for logs', () => {
    expect(redactLlmSettings(env).apiKey).toBe('[redacted]');
    expect(JSON.stringify(redactLlmSettings(env))).not.toContain('sk-operator');
  });
});

describe('modelCost', () => {
  it('multiplies tokens by the price per million exactly, six places', () => {
    const prices = { inputPerMillion: '2.50', outputPerMillion: '10.00' };
    expect(computeModelCost({ promptTokens: 1234, completionTokens: 567 }, prices)).toBe('0.008755');
    expect(computeModelCost({ promptTokens: 0, completionTokens: 0 }, prices)).toBe('0.000000');
    expect(
      computeModelCost({ promptTokens: 1, completionTokens: 0 }, { inputPerMillion: '0.15', outputPerMillion: '0.6' }),
    ).toBe('0.000000');
    expect(
      computeModelCost({ promptTokens: 7, completionTokens: 0 }, { inputPerMillion: '0.15', outputPerMillion: '0.6' }),
    ).toBe('0.000001');
    expect(computeModelCost({ promptTokens: 123_456_789, completionTokens: 98_765_432 }, prices)).toBe('1296.296293');
    expect(computeModelCost({ promptTokens: 10, completionTokens: 10 }, null)).toBeNull();
  });
});

describe('LLM settings: names in messages follow the source', () => {
  it('says baseUrl for a config and DOCEX_LLM_BASE_URL for the environment', () => {
    expect(problems(() => parseLlmSettings({ model: 'x' }))).toEqual(['baseUrl: is required']);
    expect(problems(() => llmSettingsFromEnv({ DOCEX_LLM_MODEL: 'x' }))).toEqual(['DOCEX_LLM_BASE_URL: is required']);
  });
});
