import type { Knex } from 'knex';

/**
 * Actuals supersede projections, for the data written before they did: a database
 * may hold, for one budget year, kind (operating or proposed) and fiscal year, both imported lines
 * and the projected lines the import should have replaced, so every total counts those people and
 * amounts twice. This deletes those projected lines by the rule an import applies today
 * (server/domains/imports/queries/import.ts replaceProjectedLines, and Generate Projections' deleteSuperseded):
 * projected lines that count (activeScope, the one rule for which lines count) of a budget year,
 * kind and fiscal year that also holds counted imported (not projected) lines. Nothing else is
 * written: lines of other years and kinds, imported lines, and lines of an inactive alternative
 * budget (which never counted) stay as they are.
 *
 * The scope rule is written out here as activeScope (server/sql/line-items-scope.ts) stood when
 * this migration was written, on purpose: a migration must do tomorrow what it did the day it
 * shipped, whatever the application's rule becomes.
 */
const counted = (alias: string) => `(${alias}.scenario_id IS NULL
  OR ${alias}.scenario_id IN (SELECT s.id FROM scenarios s WHERE s.is_active)
  OR NOT EXISTS (SELECT 1 FROM scenarios s WHERE s.is_active AND s.budget_year_id = ${alias}.budget_year_id
                   AND (s.scenario_type = 'operating') = ${alias}.is_operating))`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `DELETE FROM line_items li
      WHERE li.is_projected AND ${counted('li')}
        AND EXISTS (
          SELECT 1 FROM line_items imp
           WHERE imp.budget_year_id = li.budget_year_id AND imp.is_operating = li.is_operating
             AND imp.fiscal_year = li.fiscal_year AND NOT imp.is_projected AND ${counted('imp')})`,
  );
}

export async function down(): Promise<void> {
  // Nothing to undo: the deleted lines were duplicates of imported ones, and Generate Projections
  // writes projected lines again for the years that have no imported lines.
}
