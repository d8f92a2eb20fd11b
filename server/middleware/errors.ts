import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import { AppError, translateDbError } from '@server/errors';
import type { Logger } from '@server/lib/log';

/**
 * Writes every error in one shape, `{ error, code, details? }`. Known errors keep their status and
 * message; anything unexpected is logged with the request id and answered with a bare 500.
 */
export function errorHandler(log: Logger): Middleware {
  return async (ctx, next) => {
    const requestId = randomUUID();
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } catch (raw) {
      const err = translateDbError(raw);
      if (err instanceof AppError) {
        ctx.status = err.status;
        ctx.body = { error: err.message, code: err.code, details: err.details };
        return;
      }
      const httpErr = err as { status?: number; expose?: boolean; message?: string; type?: string };
      if (httpErr.status && httpErr.status < 500 && httpErr.expose) {
        // Koa and the body parser raise these: malformed JSON, body too large, wrong content type.
        const code =
          httpErr.status === 413
            ? 'PAYLOAD_TOO_LARGE'
            : httpErr.status === 415
              ? 'UNSUPPORTED_MEDIA_TYPE'
              : httpErr.type === 'entity.parse.failed' || /json/i.test(httpErr.message ?? '')
                ? 'INVALID_JSON'
                : 'BAD_REQUEST';
        ctx.status = httpErr.status;
        ctx.body = {
          error:
            code === 'INVALID_JSON' ? 'Malformed JSON in request body' : (httpErr.message ?? 'Bad request'),
          code,
          details: [],
        };
        return;
      }
      log.error('unhandled error', {
        requestId,
        method: ctx.method,
        path: ctx.path,
        error: (err as Error)?.stack ?? String(err),
      });
      ctx.status = 500;
      ctx.body = { error: 'Internal server error', code: 'INTERNAL_ERROR', details: [] };
    }
  };
}

/** A client that closed the connection mid-response: routine (a page left mid-download), not a fault. */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/**
 * Koa's 'error' event: errors raised while a response is streamed, after errorHandler has returned
 * (a static file whose reader fails, a client that goes away). Without a listener Koa prints stacks
 * to stderr outside our JSON log; here a departed client is a debug line and anything else an error.
 */
export function onAppError(log: Logger) {
  return (err: Error & { code?: string }, ctx?: { method?: string; path?: string }) => {
    const fields = { method: ctx?.method, path: ctx?.path, code: err?.code };
    if (err?.code && CLIENT_GONE.has(err.code)) {
      log.debug('client closed the connection', fields);
      return;
    }
    log.error('response error', { ...fields, error: err?.stack ?? String(err) });
  };
}
