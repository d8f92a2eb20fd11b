import { appendFileSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import type { AnyRoute } from '@server/routes/define';
import { errorSchema } from '@shared/schemas/common';

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
 * handler, so it sees the final status and body. `onChecked` hears the key (routeKey) of each route
 * whose success (2xx) body was checked and matched, for the run's response sweep (sweepReport).
 */
export function responseCheck(routes: readonly AnyRoute[], onChecked?: (key: string) => void): Middleware {
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
    } else if (success && route) {
      onChecked?.(routeKey(route));
    }
  };
}

/*
 * The response sweep: proof that every route's SUCCESSFUL response is held to its schema somewhere
 * in the suite, not only its errors. Each test server records the routes whose 2xx body it checked
 * (sweepRecorder, appending to one file per worker process in a directory the run's global setup
 * provides); at the end of a full run the global setup's teardown reads them all (readSweep) and
 * fails the run when a route was never checked with a 2xx (sweepReport; test/global-setup.ts says
 * when a run counts as full).
 */

/** How a route is named in the sweep: 'GET /cola/schedules/:id' (its path under /api). */
export function routeKey(route: Pick<AnyRoute, 'method' | 'path'>): string {
  return `${route.method.toUpperCase()} ${route.path}`;
}

/**
 * Routes the sweep does not require a checked 2xx for, as 'METHOD /path' (routeKey) and the reason.
 * A route belongs here only when its success has no JSON body to check (it streams a file) or it
 * cannot succeed in a test (say, it needs a remote service). An entry that names no route, or a
 * route the suite checks after all, fails the sweep, so the list cannot go stale.
 *
 * Every other route answers JSON (the staff screens' Excel and CSV exports are built in the browser
 * from JSON reads) and can succeed against a test database.
 */
export const SWEEP_EXEMPT: Readonly<Record<string, string>> = {
  'GET /public-dashboard/view/:urlPath/data.csv':
    'answers a CSV file (server/routes/public-dashboard-csv.test.ts checks its rows)',
  'GET /public-dashboard/logos/:file':
    'answers image bytes (server/routes/public-dashboard-logo.test.ts checks them and their headers)',
  'GET /admin/database/backup':
    'answers a backup file (server/routes/database.test.ts checks it and restores the embedded one)',
  'GET /budget-stages/compare.xlsx':
    'answers a workbook (server/routes/budget-stages-compare.test.ts opens it and evaluates its formulas)',
  'GET /dese-report.xlsx':
    'answers a workbook (server/routes/dese-report.test.ts opens it and checks its totals and formulas)',
  'GET /ledger/report.xlsx':
    'streams a workbook (server/routes/ledger-report.test.ts opens it and checks its sheets and formulas)',
  'GET /actuals/report.xlsx':
    'streams a workbook: the old path of GET /ledger/report.xlsx (server/routes/ledger-aliases.test.ts reads it)',
};

/** A recorder for responseCheck: appends each newly checked route to dir/<pid>.txt (no dir: none). */
export function sweepRecorder(dir: string | undefined): (key: string) => void {
  const seen = new Set<string>();
  return (key) => {
    if (!dir || seen.has(key)) {
      return;
    }
    seen.add(key);
    appendFileSync(path.join(dir, `${process.pid}.txt`), `${key}\n`);
  };
}

/** Every route key any worker recorded in dir. */
export function readSweep(dir: string): Set<string> {
  const keys = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.txt'))) {
    for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      if (line) {
        keys.add(line);
      }
    }
  }
  return keys;
}

/**
 * What the sweep fails on: routes never checked with a 2xx that are not exempt, and exemptions that
 * are stale (no such route, or the route was checked after all). Empty lists: the sweep passes.
 */
export function sweepReport(
  routes: readonly Pick<AnyRoute, 'method' | 'path'>[],
  checked: ReadonlySet<string>,
  exempt: Readonly<Record<string, string>> = SWEEP_EXEMPT,
): { unchecked: string[]; staleExemptions: string[] } {
  const keys = routes.map(routeKey);
  return {
    unchecked: keys.filter((k) => !checked.has(k) && !(k in exempt)),
    staleExemptions: Object.keys(exempt).filter((k) => !keys.includes(k) || checked.has(k)),
  };
}
