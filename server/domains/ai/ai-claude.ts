import Anthropic, { APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import type { AppContext } from '@server/context';
import { AppError } from '@server/errors';
import { API_KEY_PLACE as PROFILE } from '@shared/schemas/ai-analysis';
import { badAnswer } from './ai-analysis-check';
import { TOOL } from './ai-analysis-prompt';

/**
 * One call to the Messages API with the user's own key, forced to answer through the tool. The key
 * goes into the SDK's x-api-key header and nowhere else: never a log line, an error, a response or
 * a stored row. Our own loop retries 429 (rate limited) and 529/5xx (overloaded) a bounded number of
 * times with a pause (the SDK's own retries are off, since it would also retry timeouts, tripling
 * the wait); each failure becomes a message a finance officer can act on.
 */

export interface ToolCall {
  apiKey: string;
  system: string;
  user: string;
  signal?: AbortSignal;
}

export interface ToolAnswer {
  input: unknown;
  model: string;
  inputTokens: number;
  outputTokens: number;
}

const MAX_TOKENS = 8192;
/** Longest pause we honour from a Retry-After header, so a request never hangs for minutes. */
const MAX_PAUSE_MS = 30_000;

const aiError = (status: number, code: string, message: string) =>
  new AppError(status, code, `${message} Nothing was saved.`);

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * How long to wait before retry `attempt`: what Claude's Retry-After asks (seconds, or an HTTP
 * date), else the configured back-off doubling each time. A missing header is no header: Number(null)
 * is 0, which retried an overloaded Claude at once.
 */
export function pauseMs(retryAfter: string | null | undefined, attempt: number, basePauseMs: number): number {
  const text = retryAfter?.trim();
  let asked: number | null = null;
  if (text) {
    const seconds = Number(text);
    const date = Date.parse(text);
    asked =
      Number.isFinite(seconds) && seconds >= 0
        ? seconds * 1000
        : Number.isNaN(date)
          ? null
          : Math.max(0, date - Date.now());
  }
  return Math.min(asked ?? basePauseMs * 2 ** attempt, MAX_PAUSE_MS);
}

const retryable = (status: number | undefined) => status === 429 || status === 529 || (status ?? 0) >= 500;

/** The SDK's error as ours; `tries` is how many calls were made. */
function translate(err: unknown, app: AppContext, tries: number): AppError {
  if (err instanceof AppError) {
    return err;
  }
  const seconds = Math.round(app.config.aiTimeoutMs / 1000);
  if (err instanceof APIUserAbortError) {
    return aiError(400, 'AI_CANCELLED', 'The analysis was cancelled.');
  }
  if (err instanceof APIConnectionTimeoutError) {
    return aiError(
      504,
      'AI_TIMEOUT',
      `Claude did not answer within ${seconds} seconds. Please try again later.`,
    );
  }
  if (err instanceof APIError && err.status === undefined) {
    return aiError(
      502,
      'AI_UNREACHABLE',
      'The server could not reach Claude (a network failure). Check the server’s internet connection and try again.',
    );
  }
  if (err instanceof APIError) {
    const status = err.status as number;
    const after = tries > 1 ? ` (tried ${tries} times)` : '';
    if (status === 401) {
      return aiError(
        400,
        'AI_KEY_REFUSED',
        `Anthropic refused your Claude API key: it may be mistyped, revoked or expired. Enter a working key at ${PROFILE}.`,
      );
    }
    if (status === 403) {
      return aiError(
        400,
        'AI_KEY_REFUSED',
        `Anthropic says your Claude API key may not use the model ${app.config.anthropicModel}. Check the key at ${PROFILE}.`,
      );
    }
    if (status === 402) {
      return aiError(
        400,
        'AI_BILLING',
        'Your Anthropic account needs credit or billing details before it can be used.',
      );
    }
    if (status === 429) {
      return aiError(
        429,
        'AI_RATE_LIMITED',
        `Claude is receiving too many requests from your key right now${after}. Please wait a minute and try again.`,
      );
    }
    if (status === 529 || status >= 500) {
      return aiError(
        503,
        'AI_OVERLOADED',
        `Claude is overloaded right now${after}. Please try again in a few minutes.`,
      );
    }
    if (status === 404) {
      return aiError(
        502,
        'AI_UNAVAILABLE',
        `The Claude model ${app.config.anthropicModel} is not available (ANTHROPIC_MODEL).`,
      );
    }
    return aiError(502, 'AI_REQUEST_REFUSED', `Claude refused the request (status ${status}).`);
  }
  // A 200 whose body is not JSON, or anything else the SDK could not read.
  return badAnswer('the answer could not be read');
}

export async function callTool(app: AppContext, call: ToolCall): Promise<ToolAnswer> {
  const client = new Anthropic({
    apiKey: call.apiKey,
    authToken: null,
    baseURL: app.config.anthropicBaseUrl ?? null,
    timeout: app.config.aiTimeoutMs,
    maxRetries: 0,
    // The SDK's own logger and tracing could write request details; neither is wanted here.
    logLevel: 'off',
    openTelemetry: false,
  });
  let tries = 0;
  for (;;) {
    tries += 1;
    try {
      const message = await client.messages.create(
        {
          model: app.config.anthropicModel,
          max_tokens: MAX_TOKENS,
          system: call.system,
          tools: [TOOL],
          tool_choice: { type: 'tool', name: TOOL.name },
          messages: [{ role: 'user', content: call.user }],
        },
        { signal: call.signal },
      );
      const block = message.content?.find((b) => b.type === 'tool_use' && b.name === TOOL.name);
      if (!block || block.type !== 'tool_use') {
        throw badAnswer(message.stop_reason === 'max_tokens' ? 'it was cut off' : 'it did not use the tool');
      }
      return {
        input: block.input,
        model: typeof message.model === 'string' && message.model ? message.model : app.config.anthropicModel,
        inputTokens: Number.isInteger(message.usage?.input_tokens) ? message.usage.input_tokens : 0,
        outputTokens: Number.isInteger(message.usage?.output_tokens) ? message.usage.output_tokens : 0,
      };
    } catch (err) {
      if (err instanceof APIError && retryable(err.status) && tries <= app.config.aiMaxRetries) {
        await sleep(
          pauseMs(err.headers?.get('retry-after'), tries - 1, app.config.aiRetryPauseMs),
          call.signal,
        );
        if (!call.signal?.aborted) {
          continue;
        }
      }
      throw Object.assign(translate(err, app, tries), {
        upstreamStatus: err instanceof APIError ? (err.status ?? null) : null,
        tries,
      });
    }
  }
}
