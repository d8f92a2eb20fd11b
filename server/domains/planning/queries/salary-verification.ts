import type { Db } from '@server/db/index';
import { MANUAL_INCREASE_LIMIT_PERCENT, RANGE_MIN_GROUP_SIZE } from '@shared/schemas/salary-verification';
import { activeScope } from '@server/sql/line-items-scope';

export interface CheckedLine {
  id: number;
  first_name: string | null;
  last_name: string | null;
  position: string | null;
  work_group: string | null;
  building: string | null;
  employee_status: string | null;
  current_salary: number | null;
  next_year_salary: number | null;
  next_year_salary_manual: boolean;
  current_fte: number | null;
  /** Salary divided by FTE: what the job pays full time. */
  fte_salary: number | null;
  /** The work group's 5th, 50th and 95th percentiles of fte_salary (null for groups under 5). */
  p05: number | null;
  p50: number | null;
  p95: number | null;
  group_size: number | null;
}

/**
 * The employee lines of a fiscal year that fail at least one salary check, with their work
 * group's percentile band (percentile_cont over FTE-adjusted salaries, groups of 5 or more), and
 * how many lines were checked. The checks themselves are spelt out in the service.
 */
export async function findSalaryOutliers(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
): Promise<{ checked: number; lines: CheckedLine[] }> {
  const base = `
    with lines as (
      select li.id, li.first_name, li.last_name, li.position,
             coalesce(wg.name, li.work_group) as work_group,
             coalesce(li.work_group_id::text, 'label:' || lower(btrim(li.work_group))) as group_key,
             b.name as building, li.employee_status, li.current_salary, li.next_year_salary,
             li.next_year_salary_manual, li.current_fte,
             case when li.current_salary > 0 and li.current_fte > 0
                  then round(li.current_salary / li.current_fte, 2) end as fte_salary
        from line_items_all li
        left join work_groups wg on wg.id = li.work_group_id
        left join buildings b on b.id = li.building_id
       where li.budget_year_id = ? and li.fiscal_year = ? and li.is_operating and ${activeScope()}
    ),
    bands as (
      select group_key, count(*)::int as group_size,
             round(percentile_cont(0.05) within group (order by fte_salary::float8)::numeric, 2) as p05,
             round(percentile_cont(0.50) within group (order by fte_salary::float8)::numeric, 2) as p50,
             round(percentile_cont(0.95) within group (order by fte_salary::float8)::numeric, 2) as p95
        from lines
       where fte_salary is not null and group_key is not null
       group by group_key
      having count(*) >= ?
    )`;
  const bindings = [budgetYearId, fiscalYear, RANGE_MIN_GROUP_SIZE];
  const { rows } = await db.raw<{ rows: CheckedLine[] }>(
    `${base}
     select l.id, l.first_name, l.last_name, l.position, l.work_group, l.building, l.employee_status,
            l.current_salary, l.next_year_salary, l.next_year_salary_manual, l.current_fte, l.fte_salary,
            bd.p05, bd.p50, bd.p95, bd.group_size
       from lines l
       left join bands bd on bd.group_key = l.group_key
      where l.current_salary is null
         or l.current_salary = 0
         or (l.fte_salary < bd.p05 or l.fte_salary > bd.p95)
         or (l.employee_status = 'Active' and l.next_year_salary < l.current_salary)
         or (l.next_year_salary_manual and l.current_salary > 0
             and l.next_year_salary > round(l.current_salary * ?, 2))
         or (l.current_salary > 0 and (l.current_fte is null or l.current_fte = 0 or l.current_fte > 1))
      order by l.last_name nulls last, l.first_name nulls last, l.id`,
    [...bindings, 1 + MANUAL_INCREASE_LIMIT_PERCENT / 100],
  );
  const count = await db.raw<{ rows: { n: number }[] }>(
    `select count(*)::int as n from line_items_all li
      where li.budget_year_id = ? and li.fiscal_year = ? and li.is_operating and ${activeScope()}`,
    [budgetYearId, fiscalYear],
  );
  return {
    checked: Number(count.rows[0].n),
    lines: rows.map((r) => ({
      ...r,
      current_salary: num(r.current_salary),
      next_year_salary: num(r.next_year_salary),
      current_fte: num(r.current_fte),
      fte_salary: num(r.fte_salary),
      p05: num(r.p05),
      p50: num(r.p50),
      p95: num(r.p95),
    })),
  };
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
