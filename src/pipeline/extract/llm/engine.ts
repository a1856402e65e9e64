// The LLM extraction engine: document -> prompt -> chat completion -> JSON -> the published data shape.
// One repair request is allowed when the answer is not JSON or has the wrong structure; leaf values that cannot be
// read become null (reported in `issues`), never guessed. docex itself computes fields, validation and extraction.
import { Value } from '@sinclair/typebox/value';
import type { Dispatcher } from 'undici';
import type { ReadDocument } from '../../model.js';
import { createChatCompletion, type ChatClientOptions, type ChatCompletionResult } from './client.js';
import { computeModelCost } from './cost.js';
import { llmFailure } from './failure.js';
import { Issues, normalizeObject, signTransactions, structureProblem } from './normalize.js';
import { resolvePoNumbers } from './po-numbers.js';
import { buildMessages, type BuiltPrompt, type PageImageSource } from './prompt.js';
import {
  dataSchema,
  ensureDateFormat,
  llmTypeSpec,
  modelJsonSchema,
  type LlmData,
  type LlmTypeSpec,
} from './schema.js';
import type { LlmSettings } from './settings.js';
import type { ChatMessage, ChatRequest, ChatUsage, ResponseFormat } from './wire.js';

export interface ExtractWithLlmOptions {
  typeId: number;
  requireLineItems: boolean;
  settings: LlmSettings;
  signal?: AbortSignal;
  /** Page images for scanned pages, used when settings.vision is on. */
  pageImages?: PageImageSource;
  /** A long-lived dispatcher (createLlmDispatcher) to reuse connections; one per call otherwise. */
  dispatcher?: Dispatcher;
  backoff?: ChatClientOptions['backoff'];
  onRetry?: ChatClientOptions['onRetry'];
}

export interface LlmExtraction<D = LlmData> {
  data: D;
  /** Summed over the extraction and its repair request, as the server reported them. */
  usage: ChatUsage;
  /** Six decimal places; null without a price table or when the server reported no usage. */
  modelCost: string | null;
  /** The model that answered, as the server named it (settings.model when it named none). */
  model: string;
  /** Chat requests made (1, or 2 with a repair) and HTTP attempts (retries included). */
  requests: number;
  attempts: number;
  /** Values the engine could not read and set to null, keys it dropped: for logs, not for the result. */
  issues: string[];
  prompt: Pick<BuiltPrompt, 'textPages' | 'imagePages' | 'omittedPages' | 'truncated' | 'textChars' | 'imageFallbacks'>;
}

const MAX_ECHOED_OUTPUT_CHARS = 16_000;

/** Reads a model's reply into JSON, tolerating code fences and prose around one object (small local models). */
export function parseModelJson(content: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  const text = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    const start = text.indexOf('{');
    const end = text.lastIndexOf('}');
    if (start >= 0 && end > start) {
      try {
        return { ok: true, value: JSON.parse(text.slice(start, end + 1)) };
      } catch {
        // Fall through with the first error, which describes the whole reply.
      }
    }
    return { ok: false, problem: `not valid JSON (${(err as Error).message.slice(0, 120)})` };
  }
}

type Reading =
  | { ok: true; raw: Record<string, unknown> }
  | { ok: false; problem: string; kind: 'malformed_output' | 'schema_mismatch' };

function readReply(
  reply: ChatCompletionResult,
  spec: LlmTypeSpec,
  listWanted: boolean,
  settings: LlmSettings,
): Reading {
  if (reply.refusal !== null || reply.finishReason === 'content_filter') {
    throw llmFailure(
      `The model declined to extract the document${reply.refusal ? `: ${reply.refusal.slice(0, 200)}` : ' (content filter)'}.`,
      { reason: 'refused', finishReason: reply.finishReason },
      false,
    );
  }
  if (reply.finishReason === 'length') {
    // A repair would hit the same limit: the operator has to raise it.
    throw llmFailure(
      `The model's answer was cut off at ${settings.maxOutputTokens} output tokens; raise maxOutputTokens.`,
      { reason: 'output_truncated', maxOutputTokens: settings.maxOutputTokens },
      false,
    );
  }
  if (reply.content === null || reply.content.trim() === '')
    return { ok: false, problem: 'the reply is empty', kind: 'malformed_output' };
  const parsed = parseModelJson(reply.content);
  if (!parsed.ok) return { ok: false, problem: parsed.problem, kind: 'malformed_output' };
  const problem = structureProblem(parsed.value, spec, listWanted);
  if (problem !== null) return { ok: false, problem, kind: 'schema_mismatch' };
  return { ok: true, raw: parsed.value as Record<string, unknown> };
}

function repairMessages(messages: ChatMessage[], reply: string | null, problem: string): ChatMessage[] {
  return [
    ...messages,
    { role: 'assistant', content: (reply ?? '').slice(0, MAX_ECHOED_OUTPUT_CHARS) },
    {
      role: 'user',
      content: `That reply cannot be used: ${problem}. Reply again with only the JSON object that follows the schema, every key present, null for values not printed.`,
    },
  ];
}

export async function extractWithLlm(doc: ReadDocument, options: ExtractWithLlmOptions): Promise<LlmExtraction> {
  const { settings } = options;
  const spec = llmTypeSpec(options.typeId);
  if (spec === null) {
    throw llmFailure(
      `The LLM engine has no schema for typeId ${options.typeId}.`,
      { reason: 'unsupported_type', typeId: options.typeId },
      false,
    );
  }
  const listWanted = spec.listKey !== 'lineItems' || options.requireLineItems;
  const schema = modelJsonSchema(spec, { requireLineItems: options.requireLineItems });
  const responseFormat: ResponseFormat =
    settings.responseFormat === 'json_schema'
      ? { type: 'json_schema', json_schema: { name: spec.schemaName, strict: true, schema } }
      : { type: 'json_object' };
  const prompt = await buildMessages(doc, {
    spec,
    requireLineItems: options.requireLineItems,
    vision: settings.vision,
    responseFormat: settings.responseFormat,
    modelSchema: schema,
    maxInputChars: settings.maxInputChars,
    pageImages: options.pageImages,
  });
  const hasText = doc.pages.some((page) => page.lines.some((line) => line.text.trim() !== ''));
  if (!hasText && prompt.imagePages.length === 0) {
    throw llmFailure(
      'The document has no text and no page images to send to the model.',
      { reason: 'no_content', pages: doc.pages.length },
      false,
    );
  }

  const clientOptions: ChatClientOptions = {
    signal: options.signal,
    dispatcher: options.dispatcher,
    backoff: options.backoff,
    onRetry: options.onRetry,
  };
  const usage: ChatUsage = { promptTokens: 0, completionTokens: 0 };
  let usageComplete = true;
  let attempts = 0;
  let model: string | null = null;
  const call = async (messages: ChatMessage[]): Promise<ChatCompletionResult> => {
    const request: ChatRequest = { messages, responseFormat, maxTokens: settings.maxOutputTokens };
    const reply = await createChatCompletion(settings, request, clientOptions);
    attempts += reply.attempts;
    model ??= reply.model;
    if (reply.usage === null) usageComplete = false;
    else {
      usage.promptTokens += reply.usage.promptTokens;
      usage.completionTokens += reply.usage.completionTokens;
    }
    return reply;
  };

  let requests = 1;
  let reply = await call(prompt.messages);
  let reading = readReply(reply, spec, listWanted, settings);
  if (!reading.ok) {
    requests = 2;
    reply = await call(repairMessages(prompt.messages, reply.content, reading.problem));
    const second = readReply(reply, spec, listWanted, settings);
    if (!second.ok) {
      throw llmFailure(
        `The model's answer could not be used, even after a repair request: ${second.problem}.`,
        {
          reason: second.kind,
          problem: second.problem,
          firstProblem: reading.problem,
          outputStart: (reply.content ?? '').slice(0, 200),
        },
        false,
      );
    }
    reading = second;
  }

  const issues = new Issues();
  const data = normalizeData(spec, reading.raw, doc, prompt, options.requireLineItems, issues);
  ensureDateFormat();
  const published = dataSchema(spec);
  if (!Value.Check(published, data)) {
    const errors = [...Value.Errors(published, data)].slice(0, 5).map((e) => `${e.path || '/'}: ${e.message}`);
    throw llmFailure(
      `The normalized answer does not match the published schema: ${errors.join('; ')}.`,
      { reason: 'schema_mismatch', errors },
      false,
    );
  }
  return {
    data: data as unknown as LlmData,
    usage,
    modelCost: usageComplete ? computeModelCost(usage, settings.prices) : null,
    model: model ?? settings.model,
    requests,
    attempts,
    issues: issues.list,
    prompt: {
      textPages: prompt.textPages,
      imagePages: prompt.imagePages,
      omittedPages: prompt.omittedPages,
      truncated: prompt.truncated,
      textChars: prompt.textChars,
      imageFallbacks: prompt.imageFallbacks,
    },
  };
}

function normalizeData(
  spec: LlmTypeSpec,
  raw: Record<string, unknown>,
  doc: ReadDocument,
  prompt: BuiltPrompt,
  requireLineItems: boolean,
  issues: Issues,
): Record<string, unknown> {
  const properties = dataSchema(spec).properties;
  const summary = normalizeObject(
    properties.summary_data!,
    raw.summary_data as Record<string, unknown>,
    'summary_data',
    issues,
  );
  const data: Record<string, unknown> = { document_type: documentType(spec, raw.document_type), summary_data: summary };
  const listRaw = raw[spec.listKey];
  if (spec.listKey === 'po_numbers') {
    const found = resolvePoNumbers(Array.isArray(listRaw) ? listRaw : [], doc, new Set(prompt.imagePages), issues);
    data.po_numbers = found;
    summary.po_number = found[0]?.value ?? null;
  } else if (spec.listKey === 'lineItems' && !requireLineItems) {
    data.lineItems = [];
  } else {
    // Reuse the object walker on a one-key wrapper so the list gets the same leaf rules and issue paths.
    const wrapper = normalizeObject(
      { type: 'object', properties: { [spec.listKey]: properties[spec.listKey]! }, required: [spec.listKey] } as never,
      { [spec.listKey]: listRaw },
      '',
      issues,
    );
    data[spec.listKey] = wrapper[spec.listKey];
  }
  if (spec.listKey === 'transactions') signTransactions(data.transactions as Array<Record<string, unknown>>);
  if (spec.listKey === 'accounts') {
    for (const account of data.accounts as Array<Record<string, unknown>>)
      signTransactions(account.transactions as Array<Record<string, unknown>>);
  }
  return data;
}

const INVOICE_KINDS = new Set(['invoice', 'credit_note', 'debit_note']);

/** Fixed by the type, except invoices: the model tells a credit note; a debit-note job stays one unless credited. */
function documentType(spec: LlmTypeSpec, said: unknown): string {
  if (spec.documentType !== null) return spec.documentType;
  const kind =
    typeof said === 'string' && INVOICE_KINDS.has(said.trim().toLowerCase()) ? said.trim().toLowerCase() : 'invoice';
  if (spec.typeId === 3 && kind === 'invoice') return 'debit_note';
  return kind;
}
