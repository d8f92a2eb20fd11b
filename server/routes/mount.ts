import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppContext } from '@server/context';
import { unauthorized } from '@server/errors';
import { parseOrThrow } from '@server/middleware/validate';
import { anonymousActor, authorize } from '@server/policies/index';
import { recordSecurityEvent } from '@server/domains/admin';
import { authenticate } from '@server/domains/admin';
import type { AnyRoute } from './define';
import { logFileDownload } from './export-log';

function bearer(ctx: Context): string | null {
  const header = ctx.get('Authorization');
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match ? match[1].trim() : null;
}

/**
 * Mounts route definitions in a fixed order of checks: 401 without a valid token, 403 when the
 * role may not take the action, 400 when input is invalid, then the handler.
 */
export function mountRoutes(app: AppContext, routes: AnyRoute[]): Router {
  const router = new Router({ prefix: '/api' });
  for (const route of routes) {
    // No next(): once a route answers, no other route matching the same path may run.
    router[route.method](route.path, async (ctx: Context) => {
      // A public route runs as the anonymous actor, whom every permission check refuses.
      let actor = anonymousActor;
      if (route.action !== 'public') {
        const token = bearer(ctx);
        if (!token) {
          throw unauthorized();
        }
        const session = await authenticate(app, token);
        actor = session.actor;
        ctx.state.sessionId = session.sessionId;
        try {
          authorize(actor, route.action);
        } catch (err) {
          // A refused authorisation is a security event: who tried what, from where.
          await recordSecurityEvent(app, app.db, 'access-denied', {
            actor,
            subjectId: session.actor.id,
            client: { address: ctx.ip, device: ctx.get('User-Agent') },
            detail: { action: route.action, route: `${route.method.toUpperCase()} ${route.path}` },
          });
          throw err;
        }
      }
      for (const middleware of route.before ?? []) {
        await middleware(ctx, async () => {});
      }
      const params = parseOrThrow(route.params, ctx.params, 'params');
      const query = parseOrThrow(route.query, { ...ctx.query }, 'query');
      const rawBody = (ctx.request as { body?: unknown }).body;
      const body = route.multipart ? rawBody : parseOrThrow(route.body, rawBody, 'body');
      const input = { params, query, body, actor, app, ctx };
      const result = await route.handler(input);
      await logFileDownload(app, actor, ctx, route, query);
      if (result !== undefined && ctx.body === undefined) {
        ctx.status = route.statusOf?.(input) ?? route.status ?? 200;
        ctx.body = result;
      }
    });
  }
  return router;
}
