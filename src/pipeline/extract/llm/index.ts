// The optional LLM extraction engine's public surface: settings (env or parser-version config), the engine, and
// the OpenAI-compatible client for callers that want one long-lived dispatcher per process.
export {
  DEFAULT_AZURE_API_VERSION,
  LLM_ENV_VARIABLES,
  LLM_SETTING_DEFAULTS,
  LlmSettingsError,
  llmSettingsFromEnv,
  parseLlmSettings,
  redactLlmSettings,
  type LlmEnvVariable,
  type LlmFlavour,
  type LlmPrices,
  type LlmResponseFormat,
  type LlmSettings,
  type ParseLlmSettingsOptions,
} from './settings.js';
export { extractWithLlm, parseModelJson, type ExtractWithLlmOptions, type LlmExtraction } from './engine.js';
export {
  chatCompletionsUrl,
  createChatCompletion,
  createLlmDispatcher,
  DEFAULT_MAX_RESPONSE_BYTES,
  type ChatClientOptions,
  type ChatCompletionResult,
} from './client.js';
export { computeModelCost } from './cost.js';
export { LLM_FAILURE_REASONS, redactSecret, type LlmFailureReason } from './failure.js';
export { buildMessages, MAX_IMAGE_PAGES, type PageImageSource } from './prompt.js';
export { renderPageLayout } from './layout-text.js';
export {
  dataSchema,
  LLM_TYPE_IDS,
  llmTypeSpec,
  modelJsonSchema,
  type CreditCardStatementData,
  type GoodsReceivedNoteData,
  type InvoiceData,
  type LlmData,
  type LlmTypeId,
  type MultiAccountStatementData,
  type PoNumbersData,
  type PurchaseOrderData,
} from './schema.js';
export type { ChatMessage, ChatUsage, ContentPart } from './wire.js';
