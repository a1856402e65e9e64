// Extraction: a read document -> extractedData for the job's typeId. The parser registry decides which engine
// runs: the type's active parser version (recorded on the job), or with none active the code default (the builtin
// engine, or the LLM engine when DOCEX_EXTRACTION_ENGINE=llm). Documents carrying e-invoice XML always go to the
// builtin engine, which maps the XML exactly.
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Pool } from '../../db/pool.js';
import { activeParserVersion, type ParserEngine, type ParserVersion } from '../../registry/parser-versions.js';
import { PipelineError } from '../errors.js';
import type { ReadDocument } from '../model.js';
import type { Extracted } from '../process.js';
import { extractInvoice } from './builtin/index.js';
import type { FieldRanker } from './builtin/ranking.js';
import { committedRanker } from './rank/index.js';
import { completeLlmResult } from './llm-result.js';
import { createLlmDispatcher, extractWithLlm, parseLlmSettings, type LlmSettings } from './llm/index.js';
import { extractCreditCardStatement } from './types/credit-card-statement.js';
import { extractGoodsReceivedNote } from './types/goods-received-note.js';
import { extractMultiAccountStatement } from './types/multi-account-statement.js';
import { extractPoNumbers } from './types/po-numbers.js';
import { extractPurchaseOrder } from './types/purchase-order.js';

export interface ExtractContext {
  log: Logger;
  signal: AbortSignal;
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
 * The builtin engine, by type. Synchronous and CPU-bound: a document takes milliseconds. `ranker` (invoices and
 * debit notes) chooses among the rules' header-field candidates; bench:accuracy passes one fitted per fold.
 */
export function extractBuiltin(
  doc: ReadDocument,
  typeId: number,
  requireLineItems: boolean,
  ranker?: FieldRanker,
): Record<string, unknown> {
  const invoiceOptions = ranker ? { requireLineItems, ranker } : { requireLineItems };
  switch (typeId) {
    case 0:
      return extractInvoice(doc, { ...invoiceOptions, documentType: 'invoice' });
    case 3:
      return extractInvoice(doc, { ...invoiceOptions, documentType: 'debit_note' });
    case 1:
      return extractPurchaseOrder(doc, { requireLineItems });
    case 2:
      return extractGoodsReceivedNote(doc, { requireLineItems });
    case 4:
      return extractCreditCardStatement(doc);
    case 5:
      return extractMultiAccountStatement(doc);
    case 9:
      return extractPoNumbers(doc);
    default:
      throw new PipelineError('extraction', 'extraction_failed', `No extractor for typeId ${typeId}.`, { typeId });
  }
}

function withVersion(
  data: Record<string, unknown>,
  version: ParserVersion | null,
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

export function createExtractor(options: { pool: Pool; config: Config; logger: Logger }): Extractor {
  const { pool, config } = options;
  const envLlm = config.llm.settings;
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
      const version = await activeParserVersion(pool, typeId);
      const engine: ParserEngine = version?.engine ?? config.llm.defaultEngine;
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
