import type { z } from 'zod';
import type { AnyRoute } from '@server/routes/define';

/**
 * Requests that put an id no row can have into every place a route takes one: its path, its query
 * string and its JSON body. The places are found by walking the route's own zod schemas, so a route
 * or field added later is probed without anyone listing it here. A field is an id by its name: `id`,
 * `ids`, `id1`, or a name ending in `Id` / `Ids` (`budgetYearId`, `itemIds`, `linkId`).
 */

export const isIdKey = (key: string): boolean => /^(id|ids|id\d)$/.test(key) || /[a-z]Ids?$/.test(key);

/** One request of the sweep: where the id went (the field paths a refusal must name) and what was sent. */
export interface IdProbe {
  where: 'path' | 'query' | 'body';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** The fields holding the id, as the refusal's details name them ('merges.0.keepId'). */
  fields: string[];
}

type Schema = z.core.$ZodType;
const defOf = (s: Schema) => s._zod.def as unknown as Record<string, any>;

/** The schema under optional, nullable, default, pipes and preprocessing: what the value must be. */
function unwrap(s: Schema, depth = 0): Schema {
  const d = defOf(s);
  if (depth > 16) {
    return s;
  }
  if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(d.type)) {
    return unwrap(d.innerType, depth + 1);
  }
  if (d.type === 'pipe') {
    // A preprocess is a pipe from a transform: the shape is on the way out.
    return unwrap(defOf(d.in).type === 'transform' ? d.out : d.in, depth + 1);
  }
  if (d.type === 'lazy') {
    return unwrap(d.getter(), depth + 1);
  }
  return s;
}

interface Variant {
  value: unknown;
  fields: string[];
}

/**
 * Values of `s` with `id` in every id field, one per member of a union (a discriminated body: one
 * per kind, its discriminator filled in). Fields that are not ids are left out: the refusal must
 * name the id field whatever else is missing.
 */
function variants(s: Schema, id: (key: string) => unknown, at: string[], depth = 0): Variant[] {
  const inner = unwrap(s);
  const d = defOf(inner);
  if (depth > 12) {
    return [];
  }
  if (d.type === 'union') {
    return (d.options as Schema[]).flatMap((o) => variants(o, id, at, depth + 1));
  }
  if (d.type === 'intersection') {
    return [...variants(d.left, id, at, depth + 1), ...variants(d.right, id, at, depth + 1)];
  }
  if (d.type === 'array') {
    return variants(d.element, id, [...at, '0'], depth + 1).map((v) => ({
      value: [v.value],
      fields: v.fields,
    }));
  }
  if (d.type !== 'object') {
    return [];
  }
  const perKey: [string, Variant[]][] = Object.entries(d.shape as Record<string, Schema>).map(
    ([key, child]) => {
      if (isIdKey(key)) {
        const many = defOf(unwrap(child)).type === 'array';
        const here = [...at, key];
        return [
          key,
          [{ value: many ? [id(key)] : id(key), fields: [(many ? [...here, '0'] : here).join('.')] }],
        ];
      }
      return [key, variants(child, id, [...at, key], depth + 1)];
    },
  );
  const count = Math.max(0, ...perKey.map(([, v]) => v.length));
  const literals = Object.entries(d.shape as Record<string, Schema>).flatMap(([key, child]) => {
    const cd = defOf(unwrap(child));
    return cd.type === 'literal' ? [[key, cd.values[0]] as const] : [];
  });
  return Array.from({ length: count }, (_, i) => {
    const value: Record<string, unknown> = Object.fromEntries(literals);
    const fields: string[] = [];
    for (const [key, vs] of perKey) {
      const v = vs[Math.min(i, vs.length - 1)];
      if (v) {
        value[key] = v.value;
        fields.push(...v.fields);
      }
    }
    return { value, fields };
  });
}

/** Path parameters that are not ids, given values the route accepts, so the id is what is judged. */
const OTHER_PARAMS: Record<string, string> = {
  entity: 'line-item',
  fiscalYear: '2027',
  year: '2027',
  urlPath: 'no-such-page',
  file: 'no-such-logo.png',
};

const pathWith = (route: AnyRoute, id: string | null) =>
  route.path.replace(/:(\w+)/g, (_, name: string) =>
    isIdKey(name) ? (id ?? '1') : (OTHER_PARAMS[name] ?? '1'),
  );

/**
 * Fields holding an audit log id, a bigint column: the API reads those up to 2^53 - 1 (what JSON
 * holds exactly), so their probe is the next whole number.
 */
export const AUDIT_ID_FIELDS = ['beforeId'];
const PAST_AUDIT_IDS = 2 ** 53;

/** Every probe of one route with the id `big` (as JSON and as text). */
export function probesOf(route: AnyRoute, big: number): IdProbe[] {
  const idFor = (key: string) => (AUDIT_ID_FIELDS.includes(key) ? PAST_AUDIT_IDS : big);
  const probes: IdProbe[] = [];
  const pathIds = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]).filter(isIdKey);
  if (pathIds.length) {
    probes.push({ where: 'path', path: pathWith(route, String(big)), fields: pathIds });
  }
  const base = pathWith(route, null);
  const plain = (x: unknown) => x === null || typeof x !== 'object';
  for (const v of route.query ? variants(route.query as Schema, (key) => String(idFor(key)), []) : []) {
    const entries = Object.entries(v.value as Record<string, unknown>);
    // A query string holds text and comma lists; a list of objects has its own text form (probed by hand).
    if (!entries.every(([, x]) => plain(x) || (Array.isArray(x) && x.every(plain)))) {
      continue;
    }
    const query = Object.fromEntries(
      entries.map(([k, x]) => [k, Array.isArray(x) ? x.join(',') : String(x)]),
    );
    probes.push({ where: 'query', path: base, query, fields: v.fields.map((f) => f.replace(/\.0$/, '')) });
  }
  if (!route.multipart) {
    for (const v of route.body ? variants(route.body as Schema, idFor, []) : []) {
      probes.push({ where: 'body', path: base, body: v.value, fields: v.fields });
    }
  }
  return probes;
}

/** Whether a refusal's details name `field` (or the list or object it sits in, or a part of it). */
export const names = (details: { path: string }[], field: string): boolean =>
  details.some(
    (d) =>
      d.path !== '' && (d.path === field || field.startsWith(`${d.path}.`) || d.path.startsWith(`${field}.`)),
  );
