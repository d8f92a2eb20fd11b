import path from 'node:path';
import bodyParser from '@koa/bodyparser';
import Koa from 'koa';
import type { AppContext } from './context';
import { docsMiddleware } from './docs';
import { AppError, notFound, payloadTooLarge, unsupportedMediaType } from './errors';
import { errorHandler, onAppError } from './middleware/errors';
import { buildOpenApi } from './openapi';
import { allRoutes } from './routes/index';
import { mountRoutes } from './routes/mount';
import { webApp } from './static';

// WEB_DIST lets browser tests serve a build of their own; normally the app serves web/dist.
const WEB_DIST = path.resolve(process.env.WEB_DIST ?? path.join(import.meta.dirname, '../web/dist'));

/**
 * Builds the Koa app around a database, configuration and logger; index.ts listens, tests use it
 * directly. `webDist` is the built web app it serves (default WEB_DIST).
 */
export function createApp(app: AppContext, options: { webDist?: string } = {}): Koa {
  const koa = new Koa({ proxy: process.env.TRUST_PROXY === '1' });
  const router = mountRoutes(app, allRoutes);
  const openapi = buildOpenApi(allRoutes);

  koa.on('error', onAppError(app.log));
  koa.use(errorHandler(app.log));
  koa.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'same-origin');
    await next();
  });
  koa.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: '2mb',
      encoding: 'utf-8',
      onError: (err) => {
        const status = (err as { status?: number }).status;
        if (status === 413) {
          throw payloadTooLarge('Request body too large (limit 2 MB)');
        }
        if (status === 415) {
          throw unsupportedMediaType('Send the request body as application/json');
        }
        throw new AppError(400, 'INVALID_JSON', 'Malformed JSON in request body');
      },
    }),
  );
  koa.use(async (ctx, next) => {
    if (ctx.path === '/api/openapi.json') {
      ctx.body = openapi;
      return;
    }
    await next();
  });
  koa.use(docsMiddleware());
  koa.use(router.routes());
  koa.use(router.allowedMethods());
  koa.use(async (ctx, next) => {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api') {
      if (ctx.status === 404 && ctx.body === undefined) {
        throw notFound('API route');
      }
      return;
    }
    await next();
  });
  // The built web app (server/static.ts), read per request, so a rebuild is served without a restart.
  koa.use(webApp(options.webDist ?? WEB_DIST));
  return koa;
}
