/*
 * Finds the response fields of an OpenAPI document that are named like money but are not the
 * `Money` component (server/openapi-money.test.ts).
 */

export type Json = Record<string, any>;

/** The last word of a field's name says it is money: districtNeed, totalAmount, avgSalary, gap... */
const MONEY_NAME =
  /(^|[a-z])(amount|salary|salaries|total|budget|cost|need|goal|gap|funding|savings|payroll|baseline|impact|variance|cut|cuts|increase)$/i;
/** Named like money but not money: a percent, or the AI suggestion's impact, which is prose. */
const NOT_MONEY = (name: string, schema: Json) =>
  /percent|pct|yoy/i.test(name) || (name === 'impact' && schema.type === 'string');

export const MONEY_REF = '#/components/schemas/Money';
/** The one other encoding: an import's reconciliation quoting a file's amounts as written. */
const FILE_DECIMAL_REF = '#/components/schemas/FileDecimal';
const refOf = (path: string) => (/ \/api\/import\//.test(path) ? [MONEY_REF, FILE_DECIMAL_REF] : [MONEY_REF]);
const isMoney = (s: Json, refs: string[]) =>
  refs.includes(s.$ref) ||
  (Array.isArray(s.anyOf) &&
    s.anyOf.some((x: Json) => refs.includes(x.$ref)) &&
    s.anyOf.every((x: Json) => refs.includes(x.$ref) || x.type === 'null'));
/** Counts, flags, lists and objects are not amounts, whatever their names. */
const scalarTypes = (s: Json): string[] =>
  s.anyOf ? s.anyOf.flatMap(scalarTypes) : [s.type].flat().filter((t) => t !== undefined && t !== 'null');
const couldBeMoney = (s: Json) =>
  s.$ref !== undefined || scalarTypes(s).some((t) => t === 'number' || t === 'string');

/** Every money-named field of every response schema that is not the Money component. */
export function moneyFieldsOutsideMoney(doc: Json): string[] {
  const wrong: string[] = [];
  const walk = (s: Json | undefined, path: string) => {
    if (!s || typeof s !== 'object') {
      return;
    }
    for (const [name, child] of Object.entries<Json>(s.properties ?? {})) {
      if (
        MONEY_NAME.test(name) &&
        !NOT_MONEY(name, child) &&
        couldBeMoney(child) &&
        !isMoney(child, refOf(path))
      ) {
        wrong.push(`${path}.${name}: ${JSON.stringify(child)}`);
      }
      walk(child, `${path}.${name}`);
    }
    walk(s.items, `${path}[]`);
    for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
      (s[key] ?? []).forEach((x: Json) => walk(x, path));
    }
    if (typeof s.additionalProperties === 'object') {
      walk(s.additionalProperties, `${path}{}`);
    }
  };
  for (const [path, ops] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(ops)) {
      for (const [status, response] of Object.entries<Json>(op.responses)) {
        walk(response.content?.['application/json']?.schema, `${method.toUpperCase()} ${path} ${status}`);
      }
    }
  }
  return wrong;
}
