import { z } from 'zod';
import { rolesFor } from '@server/policies/index';
import { errorSchema } from '@shared/schemas/common';
import type { AnyRoute } from '@server/routes/define';

type JsonSchema = Record<string, unknown>;

/**
 * Schemas registered with an id (`moneyOut` in shared/schemas/common.ts is `Money`), gathered into
 * components.schemas, where every operation's `$ref` points: the encoding of money is stated once.
 */
type Named = Record<string, JsonSchema>;

function toSchema(schema: z.ZodType, io: 'input' | 'output', named: Named): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  const defs = json.$defs as Named | undefined;
  if (!defs) {
    return json;
  }
  delete json.$defs;
  Object.assign(named, defs);
  return JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
}

/** '/auth/users/:id' -> '/auth/users/{id}' */
export const openApiPath = (path: string) => `/api${path.replace(/:(\w+)/g, '{$1}')}`;

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query', named: Named) {
  if (!schema) {
    return [];
  }
  const json = toSchema(schema, 'input', named);
  const props = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: s,
  }));
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function operationId(route: AnyRoute): string {
  const words = route.path
    .split('/')
    .filter(Boolean)
    .map((w) => (w.startsWith(':') ? `by-${w.slice(1)}` : w))
    .join('-')
    .split(/[^a-zA-Z0-9]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return route.method + words.join('');
}

/**
 * Builds the OpenAPI 3.1 document from the route definitions and the zod schemas they validate
 * with: nothing here is written by hand, so the document cannot drift from what the server does.
 * Each operation names the roles allowed in its description and in `x-roles`.
 */
export function buildOpenApi(routes: AnyRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const named: Named = {};
  for (const route of routes) {
    const isPublic = route.action === 'public';
    const roles = isPublic ? [] : [...rolesFor(route.action as Exclude<AnyRoute['action'], 'public'>)];
    const success = {
      description: 'Success',
      content: route.response
        ? { 'application/json': { schema: toSchema(route.response, 'output', named) } }
        : undefined,
    };
    // A route whose status varies (statusOf) answers 200 or its `status`.
    const responses: Record<string, unknown> = {
      ...(route.statusOf ? { '200': success } : {}),
      [String(route.status ?? 200)]: success,
    };
    if (route.params || route.query || route.body || route.multipart) {
      responses['400'] = errorResponse('Invalid input: every problem with its path in details');
    }
    if (!isPublic) {
      responses['401'] = errorResponse('No token, or a token that is invalid, expired or revoked');
      responses['403'] = errorResponse(`The signed-in role is not one of: ${roles.join(', ')}`);
    }
    if (route.path.includes(':')) {
      responses['404'] = errorResponse('Not found');
    }
    if (route.method !== 'get' && !isPublic) {
      responses['409'] = errorResponse('Conflict with existing data');
    }
    if (route.path === '/auth/login') {
      responses['429'] = errorResponse('Too many failed attempts');
    }
    const requestBody = route.multipart
      ? {
          required: true,
          content: {
            'multipart/form-data': { schema: route.body ? toSchema(route.body, 'input', named) : {} },
          },
        }
      : route.body
        ? {
            required: true,
            content: { 'application/json': { schema: toSchema(route.body, 'input', named) } },
          }
        : undefined;
    const key = openApiPath(route.path);
    paths[key] ??= {};
    paths[key][route.method] = {
      operationId: operationId(route),
      summary: route.summary,
      description: isPublic ? 'No sign-in needed.' : `Roles allowed: ${roles.join(', ')}.`,
      tags: [route.tag],
      'x-roles': roles,
      security: isPublic ? [] : [{ bearerAuth: [] }],
      parameters: [...parameters(route.params, 'path', named), ...parameters(route.query, 'query', named)],
      requestBody,
      responses,
    };
  }
  const tags = [...new Set(routes.map((r) => r.tag))].map((name) => ({
    name,
    description: `${name} operations`,
  }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'District Budget Workbench API',
      version: '1.0.0',
      description:
        'Budgets, guidance and the public dashboard of a Massachusetts school district. Every amount ' +
        'of money in a response is a `Money` (components.schemas.Money): US dollars as a JSON number ' +
        'with at most 2 decimals, exact to the cent.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/' }],
    tags,
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: toSchema(errorSchema, 'output', named), ...named },
    },
  };
}

/**
 * The document of a list of routes, built the first time it is asked for and kept: building it
 * converts every route's zod schemas (about half a second of CPU), which each app start paid
 * whether or not anyone read /api/openapi.json (every test file's server did, hundreds a run).
 */
const documents = new WeakMap<AnyRoute[], ReturnType<typeof buildOpenApi>>();
export function openApiDocument(routes: AnyRoute[]): ReturnType<typeof buildOpenApi> {
  let doc = documents.get(routes);
  if (!doc) {
    doc = buildOpenApi(routes);
    documents.set(routes, doc);
  }
  return doc;
}
