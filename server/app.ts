import path from 'node:path';
import bodyParser from '@koa/bodyparser';
import Koa from 'koa';
import type { AppContext } from './context';
import { queueFor, queueMiddleware } from './db/queue';
import { docsMiddleware } from './docs';
import { AppError, notFound, payloadTooLarge, unsupportedMediaType } from './errors';
import { errorHandler, onAppError } from './middleware/errors';
import { openApiDocument } from './openapi';
import { allRoutes } from './routes/index';
import { mountRoutes } from './routes/mount';
import { isPublicViewCached, publicViewForPath } from '@server/domains/public-dashboard';
import { webApp } from './static';

// WEB_DIST lets browser tests serve a build of their own; normally the app serves web/dist.
const PUBLIC_VIEW = /^\/api\/public-dashboard\/view\/([^/]+)$/;

/** A resident's GET of a public dashboard whose answer is already in memory. */
function cachedPublicView(app: AppContext, ctx: Koa.Context): boolean {
  const match = ctx.method === 'GET' ? PUBLIC_VIEW.exec(ctx.path) : null;
  if (!match) {
    return false;
  }
  try {
    return isPublicViewCached(app, decodeURIComponent(match[1]));
  } catch {
    return false; // a malformed escape: the route answers it, in line with the rest
  }
}

const WEB_DIST = path.resolve(process.env.WEB_DIST ?? path.join(import.meta.dirname, '../web/dist'));

/**
 * Every response's Content-Security-Policy: scripts, styles, fonts and connections from this origin
 * only, no inline script, no plugins, no <base> elsewhere, never framed. Inline styles are allowed
 * because AG Grid and Plotly size their elements with them; images may come from https (a logo by
 * URL); YouTube may be framed (videos linked from the public dashboard).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  'frame-src https://www.youtube-nocookie.com https://www.youtube.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Builds the Koa app around a database, configuration and logger; index.ts listens, tests use it
 * directly. `webDist` is the built web app it serves (default WEB_DIST).
 */
export function createApp(app: AppContext, options: { webDist?: string } = {}): Koa {
  // TRUST_PROXY=n: ctx.ip is the n-th X-Forwarded-For entry from the right, the address the
  // outermost trusted proxy saw; entries further left are whatever the client sent.
  const hops = app.config.trustProxy;
  const koa = new Koa({ proxy: hops > 0, maxIpsCount: hops });
  const router = mountRoutes(app, allRoutes);

  koa.on('error', onAppError(app.log));
  koa.use(errorHandler(app.log));
  koa.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'same-origin');
    // The session token sits in localStorage, readable by any script the page runs: only the
    // app's own files may run. A route may set a stricter policy of its own (uploaded logos).
    ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    await next();
    // Salary data must not stay in a browser's or a proxy's cache once the user signs out.
    if (ctx.path.startsWith('/api/') && ctx.get('Authorization') && !ctx.response.get('Cache-Control')) {
      ctx.set('Cache-Control', 'no-store');
    }
  });
  // A body the API would not read (text/plain, a form) is refused, rather than taken as an empty
  // object that a route with optional fields would accept.
  koa.use(async (ctx, next) => {
    const hasBody = Number(ctx.get('Content-Length') || 0) > 0 || ctx.get('Transfer-Encoding') !== '';
    if (
      hasBody &&
      ctx.path.startsWith('/api/') &&
      !ctx.is('application/json', '+json', 'multipart/form-data')
    ) {
      throw unsupportedMediaType('Send the request body as application/json');
    }
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
  // Database work waits its turn here (server/db/queue.ts); health and static files never do.
  koa.use(queueMiddleware(queueFor(app.db), (ctx) => cachedPublicView(app, ctx)));
  koa.use(async (ctx, next) => {
    if (ctx.path === '/api/openapi.json') {
      ctx.body = openApiDocument(allRoutes);
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
  // /public/{urlPath} pages carry the published snapshot's figures in their HTML.
  koa.use(webApp(options.webDist ?? WEB_DIST, { publicView: (urlPath) => publicViewForPath(app, urlPath) }));
  return koa;
}
