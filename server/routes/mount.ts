import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppContext } from '@server/context';
import { unauthorized } from '@server/errors';
import { parseOrThrow } from '@server/middleware/validate';
import { authorize, type Actor } from '@server/policies/index';
import { actorFromToken } from '@server/services/tokens';
import type { AnyRoute } from './define';

const ANONYMOUS: Actor = { kind: 'system', id: null, role: 'ADMIN', name: 'anonymous', email: null };

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
      let actor = ANONYMOUS;
      if (route.action !== 'public') {
        const token = bearer(ctx);
        if (!token) {
          throw unauthorized();
        }
        actor = await actorFromToken(app, token);
        authorize(actor, route.action);
      }
      for (const middleware of route.before ?? []) {
        await middleware(ctx, async () => {});
      }
      const params = parseOrThrow(route.params, ctx.params, 'params');
      const query = parseOrThrow(route.query, { ...ctx.query }, 'query');
      const rawBody = (ctx.request as { body?: unknown }).body;
      const body = route.multipart ? rawBody : parseOrThrow(route.body, rawBody, 'body');
      const result = await route.handler({ params, query, body, actor, app, ctx });
      if (result !== undefined && ctx.body === undefined) {
        ctx.status = route.status ?? 200;
        ctx.body = result;
      }
    });
  }
  return router;
}
