import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletion, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Prompt } from './prompts.js';

/**
 * The one door to a language model: any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama,
 * vLLM, llama.cpp server) through the `openai` package.
 *
 * - Retries are the SDK's own (`maxRetries`): 408, 409, 429, 5xx and refused connections, with its
 *   exponential backoff, honouring the server's `retry-after-ms` / `retry-after`.
 * - AI_TIMEOUT_MS bounds each call, retries and their waits included (the SDK's `timeout` per attempt
 *   and a deadline signal for the whole call). A call that runs out of time is not repeated: the
 *   learner has waited long enough, and the caller falls back.
 * - The answer must be JSON matching the prompt's zod schema. A malformed answer is retried once,
 *   telling the model what was wrong; a second malformed answer is reported as an AiError.
 * - Token usage is logged at info with the prompt's name and version; each failed attempt at warn
 *   with its status. Prompts and answers (which can hold a learner's words) are never logged.
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
  /** The SDK's retries of one request on 408/409/429/5xx/connection failure (default 2). */
  maxRetries?: number;
  /** Called with each completion's usage, after it is logged (tests, metering). */
  onUsage?: (usage: AiUsage) => void;
}

const disabledProvider: AiProvider = {
  enabled: false,
  model: null,
  run: () => Promise.reject(new AiError('not_configured', 'The AI tutor is not configured (AI_BASE_URL)')),
};

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

// Long only as a whole: short closures sharing one client, its log and its deadline.
export function createAiProvider(
  config: Config['ai'],
  log: AiLogger,
  options: ProviderOptions = {},
): AiProvider {
  if (!config.baseUrl) return disabledProvider;
  const model = config.model;
  const timeoutMs = config.timeoutMs;
  const client = new OpenAI({
    baseURL: config.baseUrl,
    // Local servers (Ollama, llama.cpp) need no key; the SDK insists on one.
    apiKey: config.apiKey ?? 'no-key',
    timeout: timeoutMs,
    maxRetries: options.maxRetries ?? 2,
  });

  /** The SDK's fetch, telling the log about each attempt that failed (the SDK retries it or gives up). */
  function observedFetch(prompt: string): typeof fetch {
    let attempt = 0;
    return async (input, init) => {
      attempt++;
      try {
        const response = await fetch(input, init);
        if (!response.ok)
          log.warn({ ai: { prompt, status: response.status, attempt } }, 'ai request attempt failed');
        return response;
      } catch (error) {
        if (!init?.signal?.aborted)
          log.warn({ ai: { prompt, status: 'no connection', attempt } }, 'ai request attempt failed');
        throw error;
      }
    };
  }

  function failure(prompt: Prompt<unknown, unknown>, error: unknown, deadline: AbortSignal): unknown {
    if (
      error instanceof APIConnectionTimeoutError ||
      (error instanceof APIUserAbortError && deadline.aborted)
    ) {
      log.warn({ ai: { prompt: prompt.name, timeoutMs } }, 'ai request timed out');
      return new AiError('timeout', `The AI provider did not answer within ${timeoutMs} ms`);
    }
    if (!(error instanceof APIError) || error instanceof APIUserAbortError) return error;
    const status = error.status;
    log.warn({ ai: { prompt: prompt.name, status } }, 'ai request failed');
    if (error instanceof APIConnectionError)
      return new AiError('connection', 'The AI provider cannot be reached');
    if (status === 429) return new AiError('rate_limited', 'The AI provider is busy (429)', 429);
    return new AiError('http', `The AI provider answered ${status ?? 'an error'}`, status);
  }

  /** One completion, the SDK retrying it within AI_TIMEOUT_MS. */
  async function complete(
    prompt: Prompt<unknown, unknown>,
    messages: ChatCompletionMessageParam[],
  ): Promise<ChatCompletion> {
    const started = Date.now();
    const deadline = AbortSignal.timeout(timeoutMs);
    // The SDK notices the deadline only between its steps, not while it sleeps before a retry (a
    // Retry-After can be long): the call ends at the deadline all the same.
    const timedOut = new Promise<never>((_, reject) =>
      deadline.addEventListener('abort', () => reject(new APIUserAbortError()), { once: true }),
    );
    let completion: ChatCompletion;
    try {
      completion = await Promise.race([
        client.withOptions({ fetch: observedFetch(prompt.name) }).chat.completions.create(
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
          { signal: deadline },
        ),
        timedOut,
      ]);
    } catch (error) {
      throw failure(prompt, error, deadline);
    }
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
