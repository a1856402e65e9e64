// A local HTTP server that speaks the chat-completions wire protocol the way OpenAI and Azure OpenAI do: it checks
// the request (path, method, auth, model, messages, response_format incl. strict-schema rules, max_tokens) and
// answers 400/401/404 like they do, and otherwise plays the replies a test scripted, in order.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseLlmSettings, type LlmSettings } from '../../../../../src/pipeline/extract/llm/settings.js';

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. /v1/chat/completions */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, any>;
  at: number;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  text?: string;
  /** Never answer (the client's timeout must end the attempt). */
  hang?: boolean;
  /** Streams this many bytes of body, to test the response cap. */
  hugeBytes?: number;
}

export interface FakeLlmServerOptions {
  /** Expected key: checked as Bearer (openai) or api-key header (azure); absent = no auth. */
  apiKey?: string;
  flavour?: 'openai' | 'azure';
}

export interface FakeLlmServer {
  /** openai: http://127.0.0.1:PORT/v1; azure: the endpoint http://127.0.0.1:PORT */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Queues replies for the next requests, in order. */
  script(...replies: Reply[]): void;
  close(): Promise<void>;
}

const openAiError = (status: number, message: string, type: string, code: string | null = null): Reply => ({
  status,
  json: { error: { message, type, param: null, code } },
});

export function apiError(status: number, message: string, headers?: Record<string, string>): Reply {
  return { ...openAiError(status, message, status === 429 ? 'rate_limit_exceeded' : 'server_error'), headers };
}

export function completion(
  content: unknown,
  options: {
    promptTokens?: number;
    completionTokens?: number;
    finishReason?: string;
    model?: string;
    refusal?: string;
    usage?: false;
  } = {},
): Reply {
  const promptTokens = options.promptTokens ?? 1000;
  const completionTokens = options.completionTokens ?? 200;
  return {
    json: {
      id: `chatcmpl-${Math.random().toString(36).slice(2, 12)}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: options.model ?? 'gpt-4o-2024-08-06',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: options.refusal ? null : typeof content === 'string' ? content : JSON.stringify(content),
            refusal: options.refusal ?? null,
          },
          logprobs: null,
          finish_reason: options.finishReason ?? 'stop',
        },
      ],
      ...(options.usage === false
        ? {}
        : {
            usage: {
              prompt_tokens: promptTokens,
              completion_tokens: completionTokens,
              total_tokens: promptTokens + completionTokens,
            },
          }),
      system_fingerprint: 'fp_test',
    },
  };
}

/**
 * OpenAI refuses strict schemas whose objects are open or have optional keys; so does this server. It is stricter
 * than OpenAI on keywords (format, pattern ...) that local grammar engines handle unevenly and docex never sends.
 */
function strictSchemaProblem(schema: unknown, path = '#'): string | null {
  if (typeof schema !== 'object' || schema === null) return `${path} is not a schema`;
  const s = schema as Record<string, unknown>;
  for (const key of ['format', 'pattern', '$id', 'examples']) {
    if (key in s) return `${path} uses '${key}'`;
  }
  if (Array.isArray(s.anyOf)) {
    for (const [i, member] of s.anyOf.entries()) {
      const problem = strictSchemaProblem(member, `${path}/anyOf/${i}`);
      if (problem) return problem;
    }
    return null;
  }
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('object')) {
    if (s.additionalProperties !== false) return `${path}: additionalProperties must be false`;
    const properties = (s.properties ?? {}) as Record<string, unknown>;
    const required = (s.required ?? []) as string[];
    for (const key of Object.keys(properties)) {
      if (!required.includes(key)) return `${path}: '${key}' must be required`;
      const problem = strictSchemaProblem(properties[key], `${path}/properties/${key}`);
      if (problem) return problem;
    }
  }
  if (types.includes('array')) return strictSchemaProblem(s.items, `${path}/items`);
  return null;
}

function requestProblem(body: Record<string, any>): string | null {
  if (typeof body.model !== 'string' || body.model === '') return 'you must provide a model parameter';
  if (!Array.isArray(body.messages) || body.messages.length === 0) return "'messages' must be a non-empty array";
  for (const m of body.messages) {
    if (!['system', 'user', 'assistant'].includes(m?.role)) return `invalid role ${JSON.stringify(m?.role)}`;
    if (typeof m.content !== 'string' && !Array.isArray(m.content))
      return 'message content must be a string or an array';
    if (Array.isArray(m.content)) {
      for (const part of m.content) {
        if (part?.type === 'text' && typeof part.text === 'string') continue;
        if (part?.type === 'image_url' && /^data:image\/(png|jpeg|webp);base64,/.test(part.image_url?.url ?? ''))
          continue;
        return `invalid content part ${JSON.stringify(part).slice(0, 80)}`;
      }
    }
  }
  if (body.max_tokens !== undefined && !Number.isInteger(body.max_tokens)) return 'max_tokens must be an integer';
  const format = body.response_format;
  if (format !== undefined) {
    if (format.type === 'json_object') {
      if (!JSON.stringify(body.messages).toLowerCase().includes('json')) {
        return "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.";
      }
    } else if (format.type === 'json_schema') {
      const js = format.json_schema;
      if (typeof js?.name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(js.name))
        return 'response_format.json_schema.name is invalid';
      if (js.strict === true) {
        const problem = strictSchemaProblem(js.schema);
        if (problem) return `Invalid schema for response_format '${js.name}': ${problem}`;
      }
    } else return `Invalid value for response_format.type: ${JSON.stringify(format.type)}`;
  }
  return null;
}

export async function startFakeLlmServer(options: FakeLlmServerOptions = {}): Promise<FakeLlmServer> {
  const flavour = options.flavour ?? 'openai';
  const requests: RecordedRequest[] = [];
  const queue: Reply[] = [];

  const answer = (res: http.ServerResponse, reply: Reply): void => {
    if (reply.hang) return;
    const status = reply.status ?? 200;
    if (reply.hugeBytes !== undefined) {
      res.writeHead(status, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = (): void => {
        while (sent < reply.hugeBytes!) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('error', () => undefined);
      pump();
      return;
    }
    const body = reply.text ?? JSON.stringify(reply.json ?? {});
    res.writeHead(status, {
      'content-type': reply.text === undefined ? 'application/json' : 'text/plain',
      ...reply.headers,
    });
    res.end(body);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const expectedPath =
        flavour === 'azure' ? /^\/openai\/deployments\/[^/]+\/chat\/completions$/ : /^\/v1\/chat\/completions$/;
      if (req.method !== 'POST' || !expectedPath.test(url.pathname)) {
        return answer(res, openAiError(404, 'Resource not found', 'invalid_request_error'));
      }
      if (flavour === 'azure' && !url.searchParams.get('api-version')) {
        return answer(res, openAiError(404, 'Resource not found', 'invalid_request_error'));
      }
      let body: Record<string, any>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return answer(
          res,
          openAiError(400, 'We could not parse the JSON body of your request.', 'invalid_request_error'),
        );
      }
      requests.push({ method: req.method, url: req.url ?? '', headers: req.headers, body, at: Date.now() });
      if (options.apiKey !== undefined) {
        const given = flavour === 'azure' ? req.headers['api-key'] : req.headers.authorization?.replace(/^Bearer /, '');
        if (given !== options.apiKey) {
          // Like OpenAI: the message echoes a masked form of the key that was sent.
          const shown = typeof given === 'string' ? `${given.slice(0, 8)}${'*'.repeat(8)}${given.slice(-4)}` : '';
          return answer(
            res,
            openAiError(
              401,
              `Incorrect API key provided: ${shown}. You can find your API key at https://platform.openai.com/account/api-keys.`,
              'invalid_request_error',
              'invalid_api_key',
            ),
          );
        }
      }
      const problem = requestProblem(body);
      if (problem) return answer(res, openAiError(400, problem, 'invalid_request_error'));
      answer(res, queue.shift() ?? openAiError(500, 'no scripted reply left', 'server_error'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: flavour === 'azure' ? `http://127.0.0.1:${port}` : `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies) => void queue.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** LLM settings aimed at the fake server (loopback allowed, model gpt-4o); each test adds its timeout, retries, prices. */
export function settingsFor(
  server: FakeLlmServer,
  apiKey: string,
  overrides: Record<string, unknown> = {},
): LlmSettings {
  return parseLlmSettings({
    baseUrl: server.baseUrl,
    apiKey,
    model: 'gpt-4o',
    allowPrivateNetworks: true,
    ...overrides,
  });
}
