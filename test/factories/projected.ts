import type { Knex } from 'knex';
import { grow, toCents } from './money';

/** A person's projected employee lines of a budget year: [fiscal year, current, next] in cents. */
export async function projectedYears(db: Knex, budgetYearId: number, lastName: string) {
  const rows = await db('line_items_all')
    .where({ budget_year_id: budgetYearId, is_projected: true, is_operating: true, last_name: lastName })
    .orderBy('fiscal_year');
  return rows.map((r) => [r.fiscal_year, toCents(r.current_salary), toCents(r.next_year_salary)]);
}

/**
 * Year by year from a base salary, as the projected years should read: [fiscal year, current,
 * next], with each fiscal year's growth in basis points (the first year's salary is the base's
 * next-year salary). Worked out here in BigInt cents, apart from the code under test.
 */
export function projectedChain(base: bigint, bp: Record<number, bigint>, years = [2027, 2028, 2029]) {
  const rows: [number, bigint, bigint][] = [];
  let salary = grow(base, bp[2027]);
  for (const fy of years) {
    const next = grow(salary, bp[fy + 1] ?? 0n);
    rows.push([fy, salary, next]);
    salary = next;
  }
  return rows;
}
