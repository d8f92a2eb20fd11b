import type { Knex } from 'knex';
import { searchColumns, searchTerms, type LineSearchKind } from '@shared/schemas/line-search';

/** LIKE wildcards in user input are literal characters. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The grids' search rule (shared/schemas/line-search.ts) in SQL, for the totals: one condition per
 * term, each true when the term occurs (ILIKE) in the line's searchable columns joined by a line
 * break, exactly as the browser's matcher joins them. No terms: no condition.
 */
export function whereLineSearch<Q extends Knex.QueryBuilder>(
  query: Q,
  kind: LineSearchKind,
  text: string | null | undefined,
  alias = 'li',
): Q {
  const terms = searchTerms(text);
  if (!terms.length) {
    return query;
  }
  const columns = searchColumns(kind).map((c) => `${alias}.${c}`);
  const haystack = `concat_ws(E'\\n', ${columns.map(() => '??').join(', ')})`;
  for (const term of terms) {
    query.whereRaw(`${haystack} ILIKE ?`, [...columns, `%${escapeLike(term)}%`]);
  }
  return query;
}
