// The chat-completions wire format (OpenAI's, also spoken by Azure OpenAI, Ollama, vLLM and llama.cpp's server):
// the request body docex sends and a checked reading of the answer.

export type ContentPart =
  { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string; detail?: 'auto' | 'low' | 'high' } };

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  /** A plain string whenever there are no images: some local servers accept only strings. */
  content: string | ContentPart[];
}

export type ResponseFormat =
  | { type: 'json_schema'; json_schema: { name: string; strict: true; schema: Record<string, unknown> } }
  | { type: 'json_object' };

export interface ChatRequest {
  messages: ChatMessage[];
  responseFormat: ResponseFormat;
  maxTokens: number;
}

export interface ChatRequestBody {
  model: string;
  messages: ChatMessage[];
  temperature: 0;
  max_tokens: number;
  response_format: ResponseFormat;
  stream: false;
}

export function requestBody(model: string, request: ChatRequest): ChatRequestBody {
  return {
    model,
    messages: request.messages,
    // Extraction wants the single most likely reading, the same on every run.
    temperature: 0,
    max_tokens: request.maxTokens,
    response_format: request.responseFormat,
    stream: false,
  };
}

export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatCompletion {
  id: string | null;
  /** The model the server says answered (e.g. a dated snapshot of the requested one). */
  model: string | null;
  /** The assistant's text; null when it refused. */
  content: string | null;
  refusal: string | null;
  /** stop, length, content_filter, tool_calls ...; null when the server sent none. */
  finishReason: string | null;
  /** null when the server reported no usage. */
  usage: ChatUsage | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const tokenCount = (v: unknown): number | null =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null;
const stringOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Reads a chat.completion answer; returns a sentence saying what is wrong when it is not one. */
export function readCompletion(body: unknown): ChatCompletion | string {
  if (!isRecord(body)) return 'the answer is not a JSON object';
  const choices = body.choices;
  if (!Array.isArray(choices) || choices.length === 0) return 'the answer has no choices';
  const choice: unknown = choices[0];
  if (!isRecord(choice) || !isRecord(choice.message)) return 'the first choice has no message';
  const message = choice.message;
  let content: string | null;
  if (typeof message.content === 'string') content = message.content;
  else if (Array.isArray(message.content)) {
    // A few servers answer with content parts even for text.
    content = message.content
      .map((part: unknown) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
      .join('');
  } else if (message.content === null || message.content === undefined) content = null;
  else return 'the message content is neither text nor null';
  let usage: ChatUsage | null = null;
  if (isRecord(body.usage)) {
    const prompt = tokenCount(body.usage.prompt_tokens);
    const completion = tokenCount(body.usage.completion_tokens);
    if (prompt !== null && completion !== null) usage = { promptTokens: prompt, completionTokens: completion };
  }
  return {
    id: stringOrNull(body.id),
    model: stringOrNull(body.model),
    content,
    refusal: stringOrNull(message.refusal),
    finishReason: stringOrNull(choice.finish_reason),
    usage,
  };
}

/** The `error.message` of an OpenAI-style error body, or the body's start when it is something else. */
export function errorText(raw: string): string {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isRecord(parsed)) {
      const error = parsed.error;
      if (isRecord(error) && typeof error.message === 'string') return error.message;
      if (typeof error === 'string') return error;
      if (typeof parsed.message === 'string') return parsed.message;
    }
  } catch {
    // Not JSON: an HTML error page from a proxy, or plain text.
  }
  return raw;
}
