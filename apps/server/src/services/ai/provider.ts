import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletion, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Prompt } from './prompts.js';

/**
 * The one door to a language model: any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama,
 * vLLM, llama.cpp server) through the `openai` package.
 *
 * - Each request has a timeout (AI_TIMEOUT_MS). A timed-out request is not repeated: the learner has
 *   waited long enough, and the caller falls back.
 * - 429 and 5xx answers (and a refused connection) are retried with exponential backoff, honouring
 *   the server's `retry-after-ms` / `retry-after` within a cap.
 * - The answer must be JSON matching the prompt's zod schema. A malformed answer is retried once,
 *   telling the model what was wrong; a second malformed answer is reported as an AiError.
 * - Token usage is logged at info with the prompt's name and version; prompts and answers (which can
 *   hold a learner's words) are never logged.
 */

export type AiErrorKind = 'not_configured' | 'timeout' | 'rate_limited' | 'http' | 'connection' | 'malformed';

export class AiError extends Error {
  override name = 'AiError';
  constructor(
    readonly kind: AiErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The part of pino / Fastify's logger the provider uses. */
export interface AiLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface AiUsage {
  prompt: string;
  version: string;
  model: string;
  promptTokens: number | null;
  completionTokens: number | null;
  totalTokens: number | null;
  durationMs: number;
}

export interface AiProvider {
  /** False when no AI_BASE_URL is set: every caller uses its deterministic fallback. */
  readonly enabled: boolean;
  readonly model: string | null;
  /** Runs a prompt; resolves to the validated answer or rejects with an AiError. */
  run<I, T>(prompt: Prompt<I, T>, input: I): Promise<T>;
}

export interface ProviderOptions {
  /** Retries of one request on 429/5xx/connection failure (default 2). */
  maxRetries?: number;
  /** First backoff delay; doubles each retry, with jitter (default 500 ms). */
  retryBaseMs?: number;
  /** No wait is longer than this, whatever the server's Retry-After says (default 10 s). */
  maxRetryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Called with each completion's usage, after it is logged (tests, metering). */
  onUsage?: (usage: AiUsage) => void;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const disabledProvider: AiProvider = {
  enabled: false,
  model: null,
  run: () => Promise.reject(new AiError('not_configured', 'The AI tutor is not configured (AI_BASE_URL)')),
};

/** Reads the delay a 429/503 asks for: `retry-after-ms`, or `retry-after` in seconds or as a date. */
function retryAfterMs(headers: Headers | undefined): number | null {
  const ms = Number(headers?.get('retry-after-ms'));
  if (headers?.get('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers?.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/** The JSON object in a reply, tolerating the code fences some local models put around it. */
export function extractJson(content: string): unknown {
  const trimmed = content.trim();
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(trimmed);
  return JSON.parse(fenced ? fenced[1]! : trimmed);
}

function describeProblem(error: unknown): string {
  if (error instanceof z.ZodError) {
    return error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || 'reply'}: ${i.message}`)
      .join('; ');
  }
  return 'the reply is not a JSON object';
}

export function createAiProvider(
  config: Config['ai'],
  log: AiLogger,
  options: ProviderOptions = {},
): AiProvider {
  if (!config.baseUrl) return disabledProvider;
  const maxRetries = options.maxRetries ?? 2;
  const retryBaseMs = options.retryBaseMs ?? 500;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 10_000;
  const sleep = options.sleep ?? wait;
  const model = config.model;
  const client = new OpenAI({
    baseURL: config.baseUrl,
    // Local servers (Ollama, llama.cpp) need no key; the SDK insists on one.
    apiKey: config.apiKey ?? 'no-key',
    timeout: config.timeoutMs,
    maxRetries: 0,
  });

  /** One completion, retried on 429/5xx and refused connections; timeouts are final. */
  async function complete(
    prompt: Prompt<unknown, unknown>,
    messages: ChatCompletionMessageParam[],
  ): Promise<ChatCompletion> {
    for (let attempt = 0; ; attempt++) {
      const started = Date.now();
      try {
        const completion = await client.chat.completions.create(
          {
            model,
            messages,
            temperature: prompt.temperature,
            max_tokens: prompt.maxTokens,
            response_format: {
              type: 'json_schema',
              json_schema: { name: prompt.name, schema: prompt.jsonSchema, strict: false },
            },
          },
          { timeout: config.timeoutMs, maxRetries: 0 },
        );
        const usage: AiUsage = {
          prompt: prompt.name,
          version: prompt.version,
          model: completion.model || model,
          promptTokens: completion.usage?.prompt_tokens ?? null,
          completionTokens: completion.usage?.completion_tokens ?? null,
          totalTokens: completion.usage?.total_tokens ?? null,
          durationMs: Date.now() - started,
        };
        log.info({ ai: usage }, 'ai usage');
        options.onUsage?.(usage);
        return completion;
      } catch (error) {
        if (error instanceof APIConnectionTimeoutError) {
          log.warn({ ai: { prompt: prompt.name, timeoutMs: config.timeoutMs } }, 'ai request timed out');
          throw new AiError('timeout', `The AI provider did not answer within ${config.timeoutMs} ms`);
        }
        if (error instanceof APIUserAbortError || !(error instanceof APIError)) throw error;
        const status = error.status;
        const connection = error instanceof APIConnectionError;
        const retryable = connection || status === 429 || (status !== undefined && status >= 500);
        if (!retryable || attempt >= maxRetries) {
          log.warn({ ai: { prompt: prompt.name, status, attempts: attempt + 1 } }, 'ai request failed');
          if (connection) throw new AiError('connection', 'The AI provider cannot be reached');
          if (status === 429) throw new AiError('rate_limited', 'The AI provider is busy (429)', 429);
          throw new AiError('http', `The AI provider answered ${status ?? 'an error'}`, status);
        }
        const backoff = retryBaseMs * 2 ** attempt * (0.75 + Math.random() * 0.25);
        const asked = connection ? null : retryAfterMs(error.headers);
        const delay = Math.min(maxRetryDelayMs, asked ?? backoff);
        log.warn(
          { ai: { prompt: prompt.name, status, attempt: attempt + 1, delayMs: Math.round(delay) } },
          'ai request retry',
        );
        await sleep(delay);
      }
    }
  }

  return {
    enabled: true,
    model,
    async run<I, T>(prompt: Prompt<I, T>, input: I): Promise<T> {
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: prompt.system },
        { role: 'user', content: prompt.user(input) },
      ];
      for (let round = 1; ; round++) {
        const completion = await complete(prompt as Prompt<unknown, unknown>, messages);
        const content = completion.choices[0]?.message?.content ?? '';
        let problem: string;
        try {
          const parsed = prompt.schema.safeParse(extractJson(content));
          if (parsed.success) return parsed.data;
          problem = describeProblem(parsed.error);
        } catch (error) {
          problem = describeProblem(error);
        }
        log.warn(
          { ai: { prompt: prompt.name, version: prompt.version, round, problem } },
          'ai answer malformed',
        );
        if (round >= 2) {
          throw new AiError(
            'malformed',
            `The AI provider's answer did not match the expected form: ${problem}`,
          );
        }
        messages.push(
          { role: 'assistant', content },
          {
            role: 'user',
            content: `Your reply could not be used (${problem}). Reply again with only the JSON object described in the instructions.`,
          },
        );
      }
    },
  };
}
