import type { Knex } from 'knex';
import type { Db } from '@server/db/index';
import { inOpenYear } from '@server/domains/stages';
import { ruleMatchSql } from '@server/domains/massachusetts';

/**
 * Function-code rules applied to lines. Private to the line writer
 * (server/domains/line-items/codes.ts), which audits what it changes.
 *
 * A line the rules reach gets the code they agree on; a line two rules give different codes is
 * left as it is and reported (conflicts), never guessed. Only lines without a code of their own
 * are touched unless `overwrite`; lines of a year the committee voted are never touched.
 */

/** Which lines: an import run's, or a budget year's (one fiscal year, or every one). */
export type CodeTarget = { importRunId: number } | { budgetYearId: number; fiscalYear: number | null };

function targetWhere(target: CodeTarget): { sql: string; bindings: Knex.RawBinding[] } {
  if ('importRunId' in target) {
    return { sql: 'li.import_run_id = ?', bindings: [target.importRunId] };
  }
  const year = target.fiscalYear === null ? '' : ' AND li.fiscal_year = ?';
  return {
    sql: `li.budget_year_id = ?${year} AND ${inOpenYear('li')}`,
    bindings: target.fiscalYear === null ? [target.budgetYearId] : [target.budgetYearId, target.fiscalYear],
  };
}

/** Each line the rules reach, with every rule reaching it (the CTE the statements below share). */
function matches(target: CodeTarget, overwrite: boolean) {
  const where = targetWhere(target);
  return {
    sql: `SELECT li.id, li.dese_code, r.id AS rule_id, r.function_code
            FROM line_items li JOIN function_code_rules r ON ${ruleMatchSql()}
           WHERE ${where.sql} ${overwrite ? '' : `AND coalesce(btrim(li.dese_code), '') = ''`}`,
    bindings: where.bindings,
  };
}

export interface PlannedCode {
  id: number;
  code: string;
  rule_ids: number[];
}

/** The lines the rules would change (one code agreed, different from the line's), with the rules. */
export async function plannedCodes(db: Db, target: CodeTarget, overwrite: boolean): Promise<PlannedCode[]> {
  const m = matches(target, overwrite);
  const { rows } = await db.raw(
    `WITH m AS (${m.sql})
     SELECT id, min(function_code) AS code, array_agg(DISTINCT rule_id ORDER BY rule_id) AS rule_ids
       FROM m GROUP BY id
     HAVING count(DISTINCT function_code) = 1 AND min(function_code) IS DISTINCT FROM min(dese_code)
     ORDER BY id`,
    m.bindings,
  );
  return rows.map((r: PlannedCode) => ({ ...r, id: Number(r.id), rule_ids: r.rule_ids.map(Number) }));
}

export interface CodeConflict {
  rule_ids: number[];
  codes: string[];
  line_count: number;
  example_id: number;
}

/** Lines two or more rules give different codes, grouped by the rules involved. */
export async function codeConflicts(db: Db, target: CodeTarget, overwrite: boolean): Promise<CodeConflict[]> {
  const m = matches(target, overwrite);
  const { rows } = await db.raw(
    `WITH m AS (${m.sql}),
     per_line AS (
       SELECT id, array_agg(DISTINCT rule_id ORDER BY rule_id) AS rule_ids,
              array_agg(DISTINCT function_code ORDER BY function_code) AS codes
         FROM m GROUP BY id HAVING count(DISTINCT function_code) > 1)
     SELECT rule_ids, codes, count(*)::int AS line_count, min(id) AS example_id
       FROM per_line GROUP BY rule_ids, codes ORDER BY count(*) DESC`,
    m.bindings,
  );
  return rows.map((r: CodeConflict) => ({
    ...r,
    rule_ids: r.rule_ids.map(Number),
    example_id: Number(r.example_id),
  }));
}

/** Writes the planned codes to the lines among `ids` (locked by the writer); the ids changed. */
export async function writeCodes(db: Db, planned: readonly PlannedCode[]): Promise<number[]> {
  if (!planned.length) {
    return [];
  }
  const { rows } = await db.raw(
    `UPDATE line_items li SET dese_code = p.code, updated_at = now()
       FROM jsonb_to_recordset(?::jsonb) AS p(id int, code text)
      WHERE li.id = p.id AND li.dese_code IS DISTINCT FROM p.code
      RETURNING li.id`,
    [JSON.stringify(planned.map((p) => ({ id: p.id, code: p.code })))],
  );
  return rows.map((r: { id: number }) => Number(r.id));
}

/** Whether any function-code rule is stored: without one an import skips two passes over its lines. */
export async function anyCodeRules(db: Db): Promise<boolean> {
  return Boolean(await db('function_code_rules').first('id'));
}

/** An import's lines without a code get the code the rules agree on, in one statement; how many. */
export async function codeImportedLines(db: Db, importRunId: number): Promise<number> {
  const m = matches({ importRunId }, false);
  const { rows } = await db.raw(
    `WITH m AS (${m.sql}),
     d AS (SELECT id, min(function_code) AS code FROM m GROUP BY id HAVING count(DISTINCT function_code) = 1),
     done AS (UPDATE line_items li SET dese_code = d.code, updated_at = now() FROM d WHERE li.id = d.id RETURNING 1)
     SELECT count(*)::int AS n FROM done`,
    m.bindings,
  );
  return Number(rows[0].n);
}
