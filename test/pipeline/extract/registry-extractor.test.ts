// createExtractor with its dependencies handed in (no config, db or parser registry imported): the active parser
// version decides the engine and is recorded on the result; without one the default engine runs.
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PipelineError } from '../../../src/pipeline/errors.js';
import { createExtractor, type ExtractorDeps, type ParserVersionRef } from '../../../src/pipeline/extract/index.js';
import type { LlmSettings } from '../../../src/pipeline/extract/llm/settings.js';
import { sampleInvoice, sampleInvoiceAnswer } from './llm/support/documents.js';
import { completion, settingsFor, startFakeLlmServer, type FakeLlmServer } from './llm/support/fake-llm-server.js';

const KEY = 'sk-extractor-test-key-ABCDEFGH12345678';
const ctx = { log: pino({ level: 'silent' }), signal: new AbortController().signal };

let server: FakeLlmServer;
let envLlm: LlmSettings;

beforeAll(async () => {
  server = await startFakeLlmServer({ apiKey: KEY });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  envLlm = settingsFor(server, KEY, {
    timeoutMs: 2000,
    maxRetries: 0,
    prices: { inputPerMillion: '2.50', outputPerMillion: '10.00' },
  });
});

/** Deps whose version lookup answers `version` for every type and remembers what it was asked. */
function depsWith(version: ParserVersionRef | null, overrides: Partial<ExtractorDeps> = {}) {
  const asked: number[] = [];
  const deps: ExtractorDeps = {
    activeParserVersion: async (typeId) => {
      asked.push(typeId);
      return version;
    },
    defaultEngine: 'builtin',
    llmSettings: envLlm,
    ...overrides,
  };
  return { deps, asked };
}

const extraction = (data: Record<string, unknown>) => data.extraction as Record<string, unknown>;

describe('createExtractor(deps)', () => {
  it('runs the default engine when the type has no active version, and records no version', async () => {
    const { deps, asked } = depsWith(null);
    const extractor = createExtractor(deps);
    const result = await extractor.extract(sampleInvoice(), 0, true, ctx);
    expect(asked).toEqual([0]);
    expect(result.parserVersionId).toBeNull();
    expect(extraction(result.data)).toMatchObject({ parser_version: null, parser_version_id: null });
    const printed = (sampleInvoiceAnswer().summary_data as Record<string, unknown>).invoice_number;
    expect((result.data.summary_data as Record<string, unknown>).invoice_number).toBe(printed);
    expect(server.requests).toHaveLength(0);
    await extractor.close();
  });

  it("runs the active version's engine with its settings, inheriting the environment's LLM settings", async () => {
    const version = { id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', version: 3, engine: 'llm' as const, config: {} };
    const { deps } = depsWith(version);
    const extractor = createExtractor(deps);
    server.script(completion(sampleInvoiceAnswer(), { promptTokens: 1000, completionTokens: 100 }));
    const result = await extractor.extract(sampleInvoice(), 3, true, ctx);
    expect(server.requests).toHaveLength(1);
    // The registry's prompt for typeId 3 (debit note).
    expect(server.requests[0]!.body.response_format.json_schema.name).toBe('docex_debit_note');
    expect(result).toMatchObject({ parserVersion: 3, parserVersionId: version.id, modelCost: '0.003500' });
    expect(extraction(result.data)).toMatchObject({ parser_version: 3, parser_version_id: version.id });
    await extractor.close();
  });

  it('refuses the LLM engine as the default when no LLM settings were handed in', async () => {
    const { deps } = depsWith(null, { defaultEngine: 'llm', llmSettings: null });
    const extractor = createExtractor(deps);
    const err = await extractor.extract(sampleInvoice(), 0, true, ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PipelineError);
    expect((err as Error).message).toContain('not configured');
    await extractor.close();
  });
});
