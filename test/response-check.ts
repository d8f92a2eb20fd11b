import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import type { AnyRoute } from '@server/routes/define';
import { errorSchema } from '@server/schemas/common';

/** The code of the 500 a test server answers when a response does not match its declared schema. */
export const RESPONSE_MISMATCH = 'RESPONSE_SCHEMA_MISMATCH';

export interface ResponseIssue {
  path: string;
  message: string;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Keys the body has and the parsed output lost: zod objects strip keys they do not declare, so a
 * DTO built in SQL with a field the schema (and so the OpenAPI document and the web types) lacks
 * would otherwise pass. Keys a schema keeps (catchall, records, passthrough) are not reported.
 */
function undeclaredKeys(input: unknown, output: unknown, path: string[], found: ResponseIssue[]): void {
  if (Array.isArray(input) && Array.isArray(output)) {
    input.forEach((v, i) => undeclaredKeys(v, output[i], [...path, String(i)], found));
  } else if (isPlainObject(input) && isPlainObject(output)) {
    for (const [key, value] of Object.entries(input)) {
      if (key in output) {
        undeclaredKeys(value, output[key], [...path, key], found);
      } else {
        found.push({ path: [...path, key].join('.'), message: 'not declared in the response schema' });
      }
    }
  }
}

/** zod's issues with paths; a union that matched no member reports the member it came closest to. */
function flatten(issues: readonly z.core.$ZodIssue[], base: PropertyKey[] = []): ResponseIssue[] {
  return issues.flatMap((issue) => {
    const path = [...base, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length) {
      const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0];
      return flatten(closest, path);
    }
    return [{ path: path.map(String).join('.'), message: issue.message }];
  });
}

/** Every way a JSON body differs from a schema: zod's issues, then keys the schema does not declare. */
export function responseIssues(schema: z.ZodType, body: unknown): ResponseIssue[] {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    return flatten(parsed.error.issues);
  }
  const found: ResponseIssue[] = [];
  undeclaredKeys(body, parsed.data, [], found);
  return found;
}

/**
 * The body as the client receives it, or undefined when it is not JSON (a file, a stream, HTML).
 * Objects go through JSON as Koa would send them (dates become strings, undefined keys vanish);
 * prebuilt JSON text (the grid reads) is parsed.
 */
function sentJson(ctx: Context): unknown {
  const body: unknown = ctx.body;
  if (body === null || body === undefined || !ctx.response.is('json')) {
    return undefined;
  }
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    return JSON.parse(body.toString('utf8'));
  }
  if (typeof (body as { pipe?: unknown }).pipe === 'function') {
    return undefined;
  }
  return JSON.parse(JSON.stringify(body)) as unknown;
}

/**
 * Test servers only (test/app.ts): checks every API response against what the route declares, the
 * route's `response` schema for a success and the one error shape otherwise, and replaces a
 * mismatch with a 500 RESPONSE_SCHEMA_MISMATCH listing the issues. It runs outside the error
 * handler, so it sees the final status and body.
 */
export function responseCheck(routes: readonly AnyRoute[]): Middleware {
  const byKey = new Map(routes.map((r) => [`${r.method.toUpperCase()} /api${r.path}`, r]));
  return async (ctx, next) => {
    await next();
    if (!ctx.path.startsWith('/api/')) {
      return;
    }
    const route = ctx.routerPath ? byKey.get(`${ctx.method} ${ctx.routerPath}`) : undefined;
    const success = ctx.status >= 200 && ctx.status < 300;
    const schema = success ? route?.response : errorSchema;
    const body = schema ? sentJson(ctx) : undefined;
    if (!schema || body === undefined) {
      return;
    }
    const issues = responseIssues(schema, body);
    if (issues.length) {
      const what = `${ctx.method} ${ctx.path} (${ctx.status})`;
      ctx.status = 500;
      ctx.type = 'application/json';
      ctx.body = {
        error: `Response of ${what} does not match its schema: ${issues.map((i) => `${i.path || '(root)'} ${i.message}`).join('; ')}`,
        code: RESPONSE_MISMATCH,
        details: issues,
      };
    }
  };
}
