// Extraction: a read document -> extractedData for the job's typeId. The parser registry decides which engine
// runs: the type's active parser version (recorded on the job), or with none active the code default (the builtin
// engine, or the LLM engine when DOCEX_EXTRACTION_ENGINE=llm). Documents carrying e-invoice XML always go to the
// builtin engine, which maps the XML exactly. What a type is (schema, recipe, prompt) lives in document-types.ts.
// What extraction needs from the rest of the service (the parser version lookup and settings; each job's logger
// comes with the job) is handed to createExtractor by its caller: this module imports neither config, db nor the
// parser registry.
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import { z } from 'zod';
import { PipelineError } from '../errors.js';
import type { ReadDocument } from '../model.js';
import type { Extracted } from '../process.js';
import type { FieldRanker } from './builtin/ranking.js';
import { committedRanker } from './rank/index.js';
import { documentTypeOf } from './document-types.js';
import { completeLlmResult } from './llm-result.js';
import { createLlmDispatcher, extractWithLlm, parseLlmSettings, type LlmSettings } from './llm/index.js';

export interface ExtractContext {
  log: Logger;
  signal: AbortSignal;
}

/** The engines a parser version may name (the parser registry stores one of these). */
export type ParserEngine = 'builtin' | 'llm';

/** What extraction reads of a parser version: its id and number (recorded on the result), engine and settings. */
export interface ParserVersionRef {
  id: string;
  version: number;
  engine: ParserEngine;
  config: Record<string, unknown>;
}

export interface ExtractorDeps {
  /** The type's active parser version, or null when none is active (the code default runs). */
  activeParserVersion: (typeId: number) => Promise<ParserVersionRef | null>;
  /** The engine of types without an active version (DOCEX_EXTRACTION_ENGINE). */
  defaultEngine: ParserEngine;
  /** The LLM settings from the environment, inherited by llm parser versions; null when not configured. */
  llmSettings: LlmSettings | null;
}

export interface Extractor {
  extract(doc: ReadDocument, typeId: number, requireLineItems: boolean, ctx: ExtractContext): Promise<Extracted>;
  close(): Promise<void>;
}

/** Settings a builtin parser version may carry. */
const BuiltinConfig = z.object({ einvoice: z.boolean().default(true) }).strict();

/** Validates a parser version's config for its engine (used by `docex parsers create`); throws with the reason. */
export function validateParserConfig(
  engine: ParserEngine,
  config: Record<string, unknown>,
  defaults: LlmSettings | null = null,
): void {
  if (engine === 'builtin') {
    const parsed = BuiltinConfig.safeParse(config);
    if (!parsed.success)
      throw new Error(parsed.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`).join('; '));
    return;
  }
  parseLlmSettings(config, { inherit: defaults });
}

/**
 * The builtin engine, by type (the registry's recipe). Synchronous and CPU-bound: a document takes milliseconds.
 * `ranker` (invoices and debit notes) chooses among the rules' header-field candidates; bench:accuracy passes one
 * fitted per fold.
 */
export function extractBuiltin(
  doc: ReadDocument,
  typeId: number,
  requireLineItems: boolean,
  ranker?: FieldRanker,
): Record<string, unknown> {
  const type = documentTypeOf(typeId);
  if (!type)
    throw new PipelineError('extraction', 'extraction_failed', `No extractor for typeId ${typeId}.`, { typeId });
  return type.extract(doc, ranker ? { requireLineItems, ranker } : { requireLineItems });
}

function withVersion(
  data: Record<string, unknown>,
  version: ParserVersionRef | null,
  doc: ReadDocument,
): Record<string, unknown> {
  const extraction = (data.extraction ?? {}) as Record<string, unknown>;
  const ocrEngine = doc.pages.find((page) => page.source === 'ocr')?.ocrEngine ?? null;
  return {
    ...data,
    extraction: {
      ...extraction,
      ocr_engine: ocrEngine,
      parser_version: version?.version ?? null,
      parser_version_id: version?.id ?? null,
    },
  };
}

export function createExtractor(deps: ExtractorDeps): Extractor {
  const envLlm = deps.llmSettings;
  let dispatcher: Dispatcher | undefined;

  async function runLlm(
    doc: ReadDocument,
    typeId: number,
    requireLineItems: boolean,
    settings: LlmSettings,
    ctx: ExtractContext,
  ) {
    dispatcher ??= createLlmDispatcher(settings);
    const result = await extractWithLlm(doc, { typeId, requireLineItems, settings, signal: ctx.signal, dispatcher });
    if (result.issues.length > 0)
      ctx.log.info({ issues: result.issues.slice(0, 20) }, 'LLM output had unreadable values (set to null)');
    ctx.log.info({ model: result.model, usage: result.usage, modelCost: result.modelCost }, 'LLM extraction done');
    return { data: completeLlmResult(doc, typeId, result.data, { language: null }), modelCost: result.modelCost };
  }

  return {
    async extract(doc, typeId, requireLineItems, ctx) {
      const version = await deps.activeParserVersion(typeId);
      const engine: ParserEngine = version?.engine ?? deps.defaultEngine;
      let data: Record<string, unknown>;
      let modelCost: string | null = null;
      if (engine === 'llm' && !doc.einvoice) {
        const settings = version ? parseLlmSettings(version.config, { inherit: envLlm }) : envLlm;
        if (!settings) {
          throw new PipelineError(
            'extraction',
            'extraction_failed',
            'The LLM engine is selected but not configured (DOCEX_LLM_BASE_URL, DOCEX_LLM_MODEL).',
            { typeId },
          );
        }
        ({ data, modelCost } = await runLlm(doc, typeId, requireLineItems, settings, ctx));
      } else {
        const builtin = BuiltinConfig.parse(version?.engine === 'builtin' ? version.config : {});
        const source = builtin.einvoice ? doc : { ...doc, einvoice: null };
        // The learned ranker decides the header fields its committed weights enable (docs/ranker.md).
        data = extractBuiltin(source, typeId, requireLineItems, committedRanker());
      }
      return {
        data: withVersion(data, version, doc),
        parserVersionId: version?.id ?? null,
        parserVersion: version?.version ?? null,
        modelCost,
      };
    },
    async close() {
      await dispatcher?.close();
    },
  };
}
