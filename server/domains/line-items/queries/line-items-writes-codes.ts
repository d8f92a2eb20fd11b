import type { Knex } from 'knex';
import type { Db } from '@server/db/index';
import { inOpenYear } from '@server/domains/stages';
import { ruleMatchSql } from '@server/domains/massachusetts';
import { GENERAL_FUND } from '@server/sql/general-fund';
import { arrayLiteral } from '@server/sql/array-literal';

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

/**
 * Lines the rules of `m` (one row per line and rule) give more than one `value` (a code, a fund),
 * grouped by the rules and values involved, most lines first.
 */
async function disagreements(
  db: Db,
  m: { sql: string; bindings: Knex.RawBinding[] },
  value: 'function_code' | 'fund_id',
): Promise<{ rule_ids: number[]; values: unknown[]; line_count: number; example_id: number }[]> {
  const { rows } = await db.raw(
    `WITH m AS (${m.sql}),
     per_line AS (
       SELECT id, array_agg(DISTINCT rule_id ORDER BY rule_id) AS rule_ids,
              array_agg(DISTINCT ${value} ORDER BY ${value}) AS vals
         FROM m GROUP BY id HAVING count(DISTINCT ${value}) > 1)
     SELECT rule_ids, vals, count(*)::int AS line_count, min(id) AS example_id
       FROM per_line GROUP BY rule_ids, vals ORDER BY count(*) DESC`,
    m.bindings,
  );
  return rows.map((r: { rule_ids: number[]; vals: unknown[]; line_count: number; example_id: number }) => ({
    rule_ids: r.rule_ids.map(Number),
    values: r.vals,
    line_count: Number(r.line_count),
    example_id: Number(r.example_id),
  }));
}

/** Lines two or more rules give different codes, grouped by the rules involved. */
export async function codeConflicts(db: Db, target: CodeTarget, overwrite: boolean): Promise<CodeConflict[]> {
  const found = await disagreements(db, matches(target, overwrite), 'function_code');
  return found.map(({ values, ...c }) => ({ ...c, codes: values.map(String) }));
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

/** An import's lines without a code get the code the rules agree on, in one statement; their ids. */
export async function codeImportedLines(db: Db, importRunId: number): Promise<number[]> {
  const m = matches({ importRunId }, false);
  const { rows } = await db.raw(
    `WITH m AS (${m.sql}),
     d AS (SELECT id, min(function_code) AS code FROM m GROUP BY id HAVING count(DISTINCT function_code) = 1),
     done AS (UPDATE line_items li SET dese_code = d.code, updated_at = now() FROM d WHERE li.id = d.id RETURNING li.id)
     SELECT id FROM done`,
    m.bindings,
  );
  return rows.map((r: { id: number }) => Number(r.id));
}

/**
 * The proposed lines a rule naming a fund may move, with every such rule reaching each: the lines
 * on the general fund with no fund named for them (`fundNamed`: their file named the general fund,
 * or a person set their fund), whatever their code. fundMatches keeps those the rules agree on one
 * fund for, that fund able to pay the line's year (`closed`: 'fiscal year:fund id' keys it
 * cannot). Employees are paid through their positions and are never touched here, nor is the
 * salary budget (proposed lines of personnel categories): its funds are the positions' fund shares
 * or the funds of the payroll it is set from, and a rule moving one onto a grant would be undone by
 * the next reconciliation, the meter counting it out meanwhile.
 */
function fundReach(target: CodeTarget) {
  const where = targetWhere(target);
  return {
    sql: `SELECT li.id, li.fiscal_year, r.id AS rule_id, r.fund_id
            FROM line_items li JOIN function_code_rules r ON ${ruleMatchSql()}
           WHERE ${where.sql} AND NOT li.is_operating AND li.fund_id IS NULL
             AND NOT coalesce((li.metadata ->> 'fundNamed')::boolean, false)
             AND NOT EXISTS (SELECT 1 FROM budget_categories pc WHERE pc.id = li.category_id AND pc.is_personnel)
             AND r.fund_id IS NOT NULL`,
    bindings: where.bindings,
  };
}

/** The lines of fundReach the rules agree on one fund for, that fund able to pay the line's year. */
function fundMatches(target: CodeTarget, closed: readonly string[]) {
  const m = fundReach(target);
  return {
    sql: `SELECT id, min(fund_id) AS fund_id, array_agg(DISTINCT rule_id ORDER BY rule_id) AS rule_ids
            FROM (${m.sql}) m
           GROUP BY id, fiscal_year
          -- A rule naming the general fund disagrees with one naming a grant: the line stays put.
          HAVING count(DISTINCT fund_id) = 1 AND min(fund_id) <> ${GENERAL_FUND}
             AND NOT (fiscal_year || ':' || min(fund_id) = ANY(?::text[]))`,
    bindings: [...m.bindings, arrayLiteral(closed)],
  };
}

export interface FundConflict {
  rule_ids: number[];
  fund_ids: number[];
  line_count: number;
  example_id: number;
}

/**
 * Lines of fundReach two or more rules give different funds (the general fund counting as one),
 * grouped by the rules involved. Saving a rule refuses a disagreement on the lines there are then;
 * lines that arrive later (a budget import, a line added) can still meet two such rules.
 */
export async function fundConflicts(db: Db, target: CodeTarget): Promise<FundConflict[]> {
  const found = await disagreements(db, fundReach(target), 'fund_id');
  return found.map(({ values, ...c }) => ({ ...c, fund_ids: values.map(Number) }));
}

export interface PlannedFund {
  id: number;
  fund_id: number;
  rule_ids: number[];
}

/** The lines the rules would give a fund, with the fund and the rules. */
export async function plannedFunds(
  db: Db,
  target: CodeTarget,
  closed: readonly string[],
): Promise<PlannedFund[]> {
  const m = fundMatches(target, closed);
  const { rows } = await db.raw(`${m.sql} ORDER BY id`, m.bindings);
  return rows.map((r: PlannedFund) => ({
    id: Number(r.id),
    fund_id: Number(r.fund_id),
    rule_ids: r.rule_ids.map(Number),
  }));
}

/** Writes planned funds to the lines among them still on the general fund (locked by the writer). */
export async function writeFunds(db: Db, planned: readonly PlannedFund[]): Promise<number[]> {
  if (!planned.length) {
    return [];
  }
  const { rows } = await db.raw(
    `UPDATE line_items li SET fund_id = p.fund_id, updated_at = now()
       FROM jsonb_to_recordset(?::jsonb) AS p(id int, fund_id int)
      WHERE li.id = p.id AND li.fund_id IS NULL
      RETURNING li.id`,
    [JSON.stringify(planned.map((p) => ({ id: p.id, fund_id: p.fund_id })))],
  );
  return rows.map((r: { id: number }) => Number(r.id));
}

/** An import's proposed lines get the fund the rules agree on, in one statement; how many. */
export async function fundImportedLines(
  db: Db,
  importRunId: number,
  closed: readonly string[],
): Promise<number> {
  const m = fundMatches({ importRunId }, closed);
  const { rows } = await db.raw(
    `WITH d AS (${m.sql}),
     done AS (UPDATE line_items li SET fund_id = d.fund_id, updated_at = now() FROM d WHERE li.id = d.id RETURNING 1)
     SELECT count(*)::int AS n FROM done`,
    m.bindings,
  );
  return Number(rows[0].n);
}

/** Whether any function-code rule names a fund: without one an import skips the pass. */
export async function anyFundRules(db: Db): Promise<boolean> {
  return Boolean(await db('function_code_rules').whereNotNull('fund_id').first('id'));
}

/** The fiscal years of the target's lines (a run's, or a budget year's), for the closed-grant keys. */
export async function targetYears(db: Db, target: CodeTarget): Promise<number[]> {
  const where = targetWhere(target);
  const { rows } = await db.raw(
    `SELECT DISTINCT li.fiscal_year FROM line_items li WHERE ${where.sql}`,
    where.bindings,
  );
  return rows.map((r: { fiscal_year: number }) => Number(r.fiscal_year));
}
