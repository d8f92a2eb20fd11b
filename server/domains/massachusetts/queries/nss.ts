import type { Db } from '@server/db/index';
import { centsText } from '@shared/money';
import { LINE_FUND } from '@server/domains/funds';
import {
  ADJUSTED,
  adjustmentRows,
  inScope,
  type Adjustments,
  type LineScope,
} from '@server/domains/planning';
import { lineCode } from '@server/sql/line-code';
import { chartCodeOrNull } from './function-codes';

/**
 * Chapter 70 net school spending: the state figures of a fiscal year and the town's spending on
 * the schools' behalf (nss_state_figures, nss_municipal_spending), the inclusion rules and the
 * carry-forward limit in force for a year (nss_inclusion_rules, nss_parameters), and the budget's
 * lines summed by function code and by what the rules make of them. Amounts are exact decimal text.
 */

export interface StateFiguresRow {
  fiscal_year: number;
  foundation_enrollment: string;
  foundation_budget: string;
  required_local_contribution: string;
  chapter70_aid: string;
  required_nss: string;
  carry_forward: string;
  foundation_enrollment_source: string | null;
  foundation_budget_source: string | null;
  required_local_contribution_source: string | null;
  chapter70_aid_source: string | null;
  required_nss_source: string | null;
  carry_forward_source: string | null;
  updated_at: Date;
  updated_by: string | null;
}

export interface MunicipalRow {
  fiscal_year: number;
  eoyr_code: string;
  amount: string;
  source: string | null;
}

const FIGURE_COLUMNS = [
  'foundation_enrollment',
  'foundation_budget',
  'required_local_contribution',
  'chapter70_aid',
  'required_nss',
  'carry_forward',
];

function figures(db: Db) {
  return db('nss_state_figures as f')
    .leftJoin('users as u', 'u.id', 'f.updated_by')
    .select(
      'f.fiscal_year',
      ...FIGURE_COLUMNS.map((c) => db.raw(`f.${c}::text AS ${c}`)),
      ...FIGURE_COLUMNS.map((c) => `f.${c}_source`),
      'f.updated_at',
      'u.name as updated_by',
    );
}

/** Every year's figures, oldest first. */
export async function listStateFigures(db: Db): Promise<StateFiguresRow[]> {
  return figures(db).orderBy('f.fiscal_year');
}

/** One year's figures (locked for an update when `lock`), or null. */
export async function findStateFigures(
  db: Db,
  fiscalYear: number,
  lock = false,
): Promise<StateFiguresRow | null> {
  const q = figures(db).where('f.fiscal_year', fiscalYear).first();
  return (await (lock ? q.forUpdate('f') : q)) ?? null;
}

/** The municipal lines of some years, by year and line. */
export async function listMunicipal(db: Db, fiscalYears?: number[]): Promise<MunicipalRow[]> {
  const q = db('nss_municipal_spending')
    .select('fiscal_year', 'eoyr_code', db.raw('amount::text AS amount'), 'source')
    .orderBy(['fiscal_year', 'eoyr_code']);
  return fiscalYears ? q.whereIn('fiscal_year', fiscalYears) : q;
}

export interface FiguresWrite {
  fiscal_year: number;
  values: Record<string, string>;
  sources: Record<string, string | null>;
  municipal: { eoyr_code: string; amount: string; source: string | null }[];
  updated_by: number | null;
}

/** Inserts or replaces a year's figures and its municipal lines; true when the year was new. */
export async function saveStateFigures(db: Db, w: FiguresWrite): Promise<boolean> {
  const row = {
    fiscal_year: w.fiscal_year,
    ...w.values,
    ...Object.fromEntries(Object.entries(w.sources).map(([k, v]) => [`${k}_source`, v])),
    updated_by: w.updated_by,
    updated_at: db.fn.now(),
  };
  const existed = await db('nss_state_figures').where({ fiscal_year: w.fiscal_year }).first('id');
  if (existed) {
    await db('nss_state_figures').where({ fiscal_year: w.fiscal_year }).update(row);
  } else {
    await db('nss_state_figures').insert(row);
  }
  await db('nss_municipal_spending').where({ fiscal_year: w.fiscal_year }).del();
  if (w.municipal.length) {
    await db('nss_municipal_spending').insert(w.municipal.map((m) => ({ fiscal_year: w.fiscal_year, ...m })));
  }
  return !existed;
}

/** Deletes a year's figures (and with them its municipal lines); false when there were none. */
export async function deleteStateFigures(db: Db, fiscalYear: number): Promise<boolean> {
  return (await db('nss_state_figures').where({ fiscal_year: fiscalYear }).del()) > 0;
}

/* ------------------------------------------------------------------------------------- rules */

export interface RuleRow {
  fund: string;
  code_from: number;
  code_to: number;
  counts: boolean;
  note: string;
  source: string;
}

/** The fiscal year whose rule set is in force in `fiscalYear` (the latest at or before it), or null. */
export async function rulesYearFor(db: Db, fiscalYear: number): Promise<number | null> {
  const row = await db('nss_inclusion_rules')
    .where('fiscal_year', '<=', fiscalYear)
    .max('fiscal_year as year')
    .first();
  return row?.year ?? null;
}

/** The rules of one set, by fund and range. */
export async function listRules(db: Db, rulesYear: number): Promise<RuleRow[]> {
  return db('nss_inclusion_rules')
    .where({ fiscal_year: rulesYear })
    .select('fund', 'code_from', 'code_to', 'counts', 'note', 'source')
    .orderBy(['fund', 'code_from', { column: 'code_to', order: 'desc' }]);
}

/** The carry-forward limit in force in a fiscal year (percent as text), or null. */
export async function parametersFor(
  db: Db,
  fiscalYear: number,
): Promise<{ carry_forward_limit_percent: string; source: string } | null> {
  const row = await db('nss_parameters')
    .where('fiscal_year', '<=', fiscalYear)
    .orderBy('fiscal_year', 'desc')
    .first(db.raw('carry_forward_limit_percent::text AS carry_forward_limit_percent'), 'source');
  return row ?? null;
}

/**
 * The rule that decides a code (SQL over `code`, an integer expression or NULL) in a fund: the
 * narrowest range of the set holding it. Used by the line sums here and by the tests' own check.
 */
export function ruleFor(code: string, fund: string): string {
  return `(SELECT r FROM nss_inclusion_rules r
            WHERE r.fiscal_year = ? AND r.fund = ${fund} AND ${code} BETWEEN r.code_from AND r.code_to
            ORDER BY r.code_to - r.code_from, r.code_from DESC LIMIT 1)`;
}

/** A line's function code (server/sql/line-code.ts), with its category joined as c. */
export const LINE_CODE = lineCode();

/**
 * The code the meter reads: LINE_CODE when it is in DESE's chart, else NULL (chartCodeOrNull, the one
 * rule), so the lines the DESE report lists without a code are the ones the meter leaves uncounted.
 */
const CHART_CODE = chartCodeOrNull(LINE_CODE);

export interface CodeSumRow {
  /** The function code, or null for lines with none in the chart. */
  code: string | null;
  /** The fund that pays the lines (the general fund for lines naming none), and whether it counts. */
  fund_id: number;
  fund_code: string;
  fund_name: string;
  fund_counts: boolean;
  /** What the rule in force makes of the code: true, false, or null (no rule: not counted). */
  counts: boolean | null;
  note: string | null;
  line_count: number;
  original: string;
  adjusted: string;
}

/**
 * The budget's lines (the Scenario Builder's scope, so the total is the dashboard's) under a cut
 * scenario's adjustments, summed per function code and fund, with the rule that decides the code
 * and whether the fund counts (a line naming no fund is the general fund's).
 */
export async function sumsByCode(
  db: Db,
  scope: LineScope,
  adj: Adjustments,
  rulesYear: number | null,
  positions: readonly PositionTake[] = [],
): Promise<CodeSumRow[]> {
  const a = adjustmentRows(adj);
  const where = inScope(scope);
  const taken = JSON.stringify(
    positions.map((p) => ({ code: p.code, fund_id: p.fund, amount: centsText(p.cents) })),
  );
  const { rows } = await db.raw(
    `WITH adj AS (${a.sql}),
     lines AS MATERIALIZED (
       SELECT ${CHART_CODE} AS code, li.fund_id, li.amount, ${ADJUSTED} AS adjusted, true AS is_line
         FROM line_items li
         LEFT JOIN budget_categories c ON c.id = li.category_id
         LEFT JOIN adj ON adj.line_item_id = li.id
        WHERE ${where.sql}
       UNION ALL
       -- What the scenario's changes by position take off each code and fund (no line of their own).
       SELECT ${chartCodeOrNull("nullif(btrim(p.code), '')")}, p.fund_id, 0, -p.amount, false
         FROM jsonb_to_recordset(?::jsonb) AS p(code text, fund_id int, amount numeric)),
     codes AS (
       SELECT code, fund_id, count(*) FILTER (WHERE is_line)::int AS line_count, sum(amount) AS original,
              sum(adjusted) AS adjusted
         FROM lines GROUP BY code, fund_id)
     SELECT codes.code, (rule.r).counts AS counts, (rule.r).note AS note, codes.line_count,
            codes.original::text AS original, codes.adjusted::text AS adjusted,
            f.id AS fund_id, f.code AS fund_code, f.name AS fund_name, f.counts_toward_nss AS fund_counts
       FROM codes
       JOIN funds f ON f.id = ${LINE_FUND('codes.fund_id')}
       LEFT JOIN LATERAL (SELECT ${ruleFor(`CASE WHEN codes.code ~ '^[0-9]{4}$' THEN codes.code::int END`, `'general'`)} AS r) rule
         ON true
      ORDER BY codes.code NULLS LAST, f.id`,
    [a.binding, ...where.bindings, taken, rulesYear ?? -1],
  );
  return rows;
}

/** What a scenario's changes by position take off a function code and fund (null: the general fund), in cents. */
export interface PositionTake {
  code: string | null;
  fund: number | null;
  cents: bigint;
}

/** The municipal lines of a year with the rule that decides each (null: no rule, not counted). */
export async function municipalWithRules(
  db: Db,
  fiscalYear: number,
  rulesYear: number | null,
): Promise<(MunicipalRow & { counts: boolean | null; note: string | null })[]> {
  const { rows } = await db.raw(
    `SELECT m.fiscal_year, m.eoyr_code, m.amount::text AS amount, m.source,
            (rule.r).counts AS counts, (rule.r).note AS note
       FROM nss_municipal_spending m
       LEFT JOIN LATERAL (SELECT ${ruleFor('m.eoyr_code::int', `'municipal'`)} AS r) rule ON true
      WHERE m.fiscal_year = ?
      ORDER BY m.eoyr_code`,
    [rulesYear ?? -1, fiscalYear],
  );
  return rows;
}

/** Ids among `ids` of lines in the scope whose fund and function code count toward NSS. */
export async function countedLineIds(
  db: Db,
  scope: LineScope,
  ids: number[],
  rulesYear: number,
): Promise<Set<number>> {
  const where = inScope(scope);
  const { rows } = await db.raw(
    `SELECT li.id FROM line_items li LEFT JOIN budget_categories c ON c.id = li.category_id
       JOIN funds f ON f.id = ${LINE_FUND('li.fund_id')} AND f.counts_toward_nss
      WHERE li.id = ANY(?::int[]) AND ${where.sql}
        AND (${ruleFor(`(${CHART_CODE})::int`, `'general'`)}).counts`,
    [ids, ...where.bindings, rulesYear],
  );
  return new Set(rows.map((r: { id: number }) => r.id));
}
