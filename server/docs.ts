import { createRequire } from 'node:module';
import path from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';

const require = createRequire(import.meta.url);
const swaggerDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>API reference · District Budget Workbench</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script><script src="/api/docs/init.js"></script></body></html>`;

const init = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;

/** The browsable API reference at /api/docs, rendered by Swagger UI from /api/openapi.json. */
export function docsMiddleware(): Middleware {
  const assets = serve(swaggerDir, { index: false });
  return async (ctx, next) => {
    if (ctx.path === '/api/docs' || ctx.path === '/api/docs/') {
      ctx.type = 'html';
      ctx.body = page;
      return;
    }
    if (ctx.path === '/api/docs/init.js') {
      ctx.type = 'application/javascript';
      ctx.body = init;
      return;
    }
    if (ctx.path.startsWith('/api/docs/')) {
      const original = ctx.path;
      ctx.path = original.slice('/api/docs'.length);
      await assets(ctx, async () => {});
      ctx.path = original;
      if (ctx.body !== undefined) {
        return;
      }
    }
    await next();
  };
}
