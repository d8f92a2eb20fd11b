import type { Knex } from 'knex';
import type { Db } from '@server/db/index';

/**
 * A cheap fingerprint of everything a budget grid's JSON is built from: the matching lines
 * (line_items_all: row_version is xmin, or for a projected line its own and its source's), the buildings and budget categories joined into them, and the scenarios that decide
 * which lines are in the active scope. Every INSERT or UPDATE gives a
 * row a new xmin (the id of the writing transaction, larger than any before it) and a DELETE
 * lowers the count, so (count, sum of xmin) changes whenever any of those rows changes.
 */
export async function gridSignature(db: Db, where: string, bindings: readonly Knex.Value[]): Promise<string> {
  const part = (from: string, xmin: string) =>
    `(SELECT count(*) || ':' || coalesce(sum(${xmin}::text::bigint), 0) FROM ${from})`;
  const result = await db.raw<{ rows: { sig: string }[] }>(
    `SELECT ${part(`line_items_all li WHERE ${where}`, 'li.row_version')} || '|' || ${part('buildings', 'xmin')}
       || '|' || ${part('budget_categories', 'xmin')} || '|' || ${part('scenarios', 'xmin')} AS sig`,
    bindings,
  );
  return result.rows[0].sig;
}

/** Whether two fingerprints agree on everything but the lines themselves (the joined tables). */
export function sameReferences(a: string, b: string): boolean {
  return a.slice(a.indexOf('|')) === b.slice(b.indexOf('|'));
}
