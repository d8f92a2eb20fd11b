import type { Knex } from 'knex';
import type { Db } from '@server/db/index';
import type { CopyWriter } from '@server/lib/import/copy';
import { StagedParts } from './import-parts';
import * as projected from './queries/line-items-writes-projected';
import { insertStagedLines } from './queries/line-items-writes-next-year';
import { followProjectedLines, nextYearOverflow } from './next-year';
import { markLinesChanged } from './follow';
import { LOCKED_STATUSES } from './status-rule';

/**
 * How an import's lines reach line_items: the COPY fills a temporary table with line_items' columns
 * (no indexes, no triggers, dropped with the transaction), the status rule and the automatic
 * next-year salary are worked out there in SQL, and one INSERT per part writes each line once with
 * its final values. Copying straight into line_items and then updating the employee lines wrote
 * every row twice, each with its nine index entries: most of a 100,000-row import's time.
 */

/** The temporary table an import's lines wait in (ids from line_items' own sequence). */
const STAGED = 'import_staged_lines';

/**
 * The lines staged so far go into line_items: the status rule applied (an Inactive or Retiring
 * employee has no next-year salary, whatever the file says) and the employees without a next-year
 * salary from the file given the automatic one, in the INSERT itself; then the staging table is
 * emptied for the next part. When an automatic value would not fit, the import stops (a 400).
 */
async function moveStaged(trx: Knex.Transaction): Promise<void> {
  // A temporary table has no statistics until analyzed: the planner took a part of 20,000 rows
  // for a few hundred and chose merge joins over sorts that spilled to disk.
  await trx.raw(
    `ANALYZE ${STAGED} (id, budget_year_id, fiscal_year, work_group_id, salary_lane, salary_step)`,
  );
  await trx.raw(
    `UPDATE ${STAGED} SET next_year_salary = NULL, next_year_salary_manual = false
      WHERE is_operating AND employee_status = ANY(?)
        AND (next_year_salary IS NOT NULL OR next_year_salary_manual)`,
    [[...LOCKED_STATUSES]],
  );
  // The employee lines' review flags are judged in the INSERT itself, as after any write (the judge
  // reads each line alone, so judging a part as it lands decides as judging all of them afterwards).
  const { overflow } = await insertStagedLines(trx, STAGED);
  if (overflow.length) {
    throw nextYearOverflow(overflow);
  }
  await trx.raw(`TRUNCATE ${STAGED}`);
}

/**
 * Streams an import's lines through the staging table into line_items, part by part (StagedParts:
 * PostgreSQL writes one part while the next is read); `fill` writes the CSV lines. A failure
 * abandons the COPY before the transaction rolls back.
 */
export async function copyImportedLines(
  trx: Knex.Transaction,
  fill: (copy: CopyWriter) => Promise<void>,
): Promise<void> {
  // The part's joins and sorts in memory (about 20 MB a part), for this transaction only.
  await trx.raw(`SET LOCAL work_mem = '64MB'`);
  // The CHECK constraints come along, so a bad value fails at the COPY as it did into line_items.
  await trx.raw(`DROP TABLE IF EXISTS pg_temp.${STAGED}`);
  await trx.raw(
    `CREATE TEMP TABLE ${STAGED}
       (LIKE line_items INCLUDING DEFAULTS INCLUDING GENERATED INCLUDING CONSTRAINTS) ON COMMIT DROP`,
  );
  const parts = new StagedParts(trx, STAGED, () => moveStaged(trx));
  try {
    await fill(parts);
  } catch (err) {
    await parts.abort(err as Error);
    throw err;
  }
}

/**
 * After an import's lines are in line_items (their review flags judged as each part landed):
 * actuals supersede projections (the projected lines of the kind imported in `years`, the fiscal
 * years of the lines the import wrote, are deleted), and employees imported into a year that
 * projections grow from join the projected years (followProjectedLines). Returns how many
 * projected lines were replaced.
 */
export async function settleImportedLines(
  trx: Db,
  run: { id: number; budgetYearId: number; type: 'operating' | 'proposed' },
  years: readonly number[],
): Promise<number> {
  await trx.raw(`DROP TABLE IF EXISTS pg_temp.${STAGED}`);
  // The imported payroll moves its positions' cost (and fills or makes positions): follow.ts sets
  // the salary lines of every year that follows a roster before the import commits.
  await markLinesChanged(trx, null, { rosters: ['*'] });
  const replaced = await projected.deleteSuperseded(
    trx,
    { budgetYearId: run.budgetYearId, isOperating: run.type === 'operating' },
    years,
  );
  if (run.type === 'operating' && (await projected.hasProjectedEmployees(trx, run.budgetYearId))) {
    await followProjectedLines(trx, { importRunId: run.id }, 'currentSalary');
  }
  return replaced;
}

/**
 * The lines of an import's open positions (metadata.vacancy), once their vacant positions are made
 * (positions/from-import.ts, vacanciesForImport): an open position is not a person, so its line,
 * which carried it through the crosswalk and the building's match, leaves in the import's own
 * transaction, before anything reads the year's people (the projected years, the positions of
 * newcomers, the run's totals). No one saw them outside that transaction: the import's audit
 * entry counts them, with no entry each.
 */
export async function dropImportedVacancyLines(trx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length) {
    await trx.raw(`DELETE FROM line_items WHERE id = ANY(?::int[])`, [[...ids]]);
  }
}
