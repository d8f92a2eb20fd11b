import type { Db } from '@server/db/index';
import { centsText, formatDecimalMoney, MAX_MONEY_CENTS } from '@shared/money';
import { inOpenYear } from '@server/domains/stages';
import { followsSalaryRuleSql } from '@server/sql/salary-rule-lines';

/**
 * Reading what the automatic next-year salary (the rule itself, as SQL, is in ./salary-rule.ts)
 * may move, and the money limits every salary write checks. The write is in
 * ./line-items-writes-next-year.ts, private to the line writer.
 */

/** The largest amount a numeric(14,2) money column holds (shared/money.ts), as SQL and as people read it. */
export const MAX_MONEY_SQL = centsText(MAX_MONEY_CENTS);
export const MAX_MONEY_LABEL = formatDecimalMoney(MAX_MONEY_SQL);
export { formatDecimalMoney as moneyLabel };

/**
 * Employee lines whose next-year salary follows the rule (not manual, Active, a current salary
 * above 0) in the given work groups, or in every work group ('all'), of one budget year when
 * given, with their stored value as text: what a contract, COLA-scenario or step/lane settings
 * change may move.
 */
export async function ruleLinesOfWorkGroups(
  db: Db,
  workGroupIds: readonly number[] | 'all',
  budgetYearId?: number,
): Promise<{ id: number; next_year_salary: string | null }[]> {
  if (workGroupIds !== 'all' && !workGroupIds.length) {
    return [];
  }
  const q = db('line_items_all as li')
    .whereRaw(followsSalaryRuleSql('li'))
    .whereRaw(inOpenYear('li'))
    .select('id', db.raw('next_year_salary::text AS next_year_salary'))
    .orderBy('id');
  if (budgetYearId !== undefined) {
    q.where({ budget_year_id: budgetYearId });
  }
  if (workGroupIds === 'all') {
    q.whereNotNull('work_group_id');
  } else {
    q.whereIn('work_group_id', [...workGroupIds]);
  }
  return q;
}

/** The stored next-year salary of these lines as text, by id. */
export async function nextYearSalaries(db: Db, ids: readonly number[]): Promise<Map<number, string | null>> {
  // One array parameter: a contract may move 100,000 lines, past a statement's 65,535 parameters.
  const rows: { id: number; v: string | null }[] = ids.length
    ? await db('line_items_all')
        .whereRaw('id = ANY(?::int[])', [[...ids]])
        .select('id', db.raw('next_year_salary::text AS v'))
    : [];
  return new Map(rows.map((r) => [r.id, r.v]));
}
