import type { Db } from '@server/db/index';
import { NO_KEY, type LedgerGrouping } from '@shared/schemas/ledger';
import { activeScope } from '@server/sql/line-items-scope';
import { lineCode } from '@server/sql/line-code';
import { LINE_FUND } from '@server/domains/funds';
import { groupKey, groupSums, int, type LedgerScope } from './budget-vs-actual';

/**
 * The people behind budget vs actual's figures, for the pay rule (server/lib/pay-groups.ts): the
 * year's employee lines, counted as the DESE report counts its employeeCount (the lines that
 * count, activeScope; a line's function code is its own, else its category's). A group of the
 * function, category or building view holds the employees of its key; a group of the account view
 * (employees carry no ledger account) holds the employees of its function code (its actuals may be
 * their salaries) and of the function codes of its salary lines (proposed lines of a personnel
 * category), as the group of lines with no ledger account holds those of its salary lines.
 */

const EMPLOYEE_KEYS: Record<Exclude<LedgerGrouping, 'account'>, string> = {
  function: lineCode('e.dese_code', 'ec'),
  category: 'e.category_id::text',
  building: 'e.building_id::text',
};

/** The year's employee lines counted by `key` (an expression over e, its category ec). */
function employees(s: LedgerScope, key: string): string {
  const fund =
    s.fundId === undefined || s.fundId === null ? '' : `AND ${LINE_FUND('e.fund_id')} = ${int(s.fundId)}`;
  return `SELECT ${key} AS key, count(*)::int AS people
            FROM line_items_all e LEFT JOIN budget_categories ec ON ec.id = e.category_id
           WHERE e.budget_year_id = ${int(s.budgetYearId ?? 0)} AND e.fiscal_year = ${int(s.fiscalYear)}
             AND e.is_operating AND ${activeScope('e')} ${fund}
           GROUP BY 1`;
}

/** The people of each group of the account view: those of its function code and its salary lines'. */
const accountPeople = (s: LedgerScope) => `
  emp AS (${employees(s, EMPLOYEE_KEYS.function)}),
  line_codes AS (
    SELECT DISTINCT ${groupKey('la.account')} AS key, ${lineCode('l.dese_code', 'lc')} AS code
      FROM line_match l LEFT JOIN acc la ON la.id = l.account_id
      JOIN budget_categories lc ON lc.id = l.category_id
     WHERE lc.is_personnel
    UNION
    SELECT ${groupKey('a.account')}, a.function_code FROM acc_full a WHERE a.function_code IS NOT NULL
  ), people AS (
    SELECT c.key, sum(emp.people)::int AS people FROM line_codes c JOIN emp ON emp.key = c.code GROUP BY c.key
  )`;

/** Every group of a view (not the total) that holds people, with how many: for withheldRows. */
export async function peopleByGroup(
  db: Db,
  s: LedgerScope,
  by: LedgerGrouping,
): Promise<{ key: string; people: number }[]> {
  if (s.budgetYearId === null) {
    return [];
  }
  const people =
    by === 'account' ? accountPeople(s) : `people AS (${employees(s, groupKey(EMPLOYEE_KEYS[by]))})`;
  const { rows } = await db.raw(
    `${groupSums(s, by)}, ${people}
     SELECT g.key, p.people FROM sums g JOIN people p ON p.key = g.key WHERE NOT g.is_total ORDER BY g.key`,
  );
  return (rows as { key: string; people: number }[]).map((r) => ({ key: r.key, people: Number(r.people) }));
}

/** The people of each DESE function code (the DESE rule's), for the lines listed without an account. */
export async function peopleByFunction(db: Db, s: LedgerScope): Promise<Map<string, number>> {
  if (s.budgetYearId === null) {
    return new Map();
  }
  const { rows } = await db.raw(employees(s, EMPLOYEE_KEYS.function));
  return new Map(
    (rows as { key: string | null; people: number }[]).map((r) => [r.key ?? NO_KEY, Number(r.people)]),
  );
}

/**
 * The people each fund pays (a line's fund, LINE_FUND), whatever fund the report reads: the head
 * counts of the totals by fund, counted as the groups' people are.
 */
export async function peopleByFund(db: Db, s: LedgerScope): Promise<Map<number, number>> {
  if (s.budgetYearId === null) {
    return new Map();
  }
  const { rows } = await db.raw(employees({ ...s, fundId: null }, LINE_FUND('e.fund_id')));
  return new Map((rows as { key: number; people: number }[]).map((r) => [Number(r.key), Number(r.people)]));
}
