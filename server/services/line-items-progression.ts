import type { AppContext } from '@server/context';
import { notFound } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import * as q from '@server/queries/line-items-progression';
import { budgetYearKey } from '@server/queries/line-items-writes';
import { increaseApplied, loadColaRates, loadStepLaneSettings } from './salary-projection';

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Salary Progression Analysis: for up to `limit` people in a position, their salary in each fiscal
 * year they have lines for, the change over the year before, and the COLA and step/lane increase
 * the rules would apply, so an unexpected jump or freeze stands out.
 */
export async function salaryProgression(
  app: AppContext,
  actor: Actor,
  input: { limit: number; position: string; budgetYearId?: number },
) {
  authorize(actor, 'lineItems.read');
  let budgetYearId = input.budgetYearId ?? null;
  if (budgetYearId !== null && !(await budgetYearKey(app.db, budgetYearId))) {
    throw notFound('Budget year');
  }
  budgetYearId ??= await q.newestBudgetYearWithEmployees(app.db);
  if (budgetYearId === null) {
    return { progressions: [] };
  }
  const [rows, cola, settings] = await Promise.all([
    q.progressionRows(app.db, budgetYearId, input.position, input.limit),
    loadColaRates(app.db),
    loadStepLaneSettings(app.db, budgetYearId),
  ]);
  const people = new Map<string, q.ProgressionRow[]>();
  for (const r of rows) {
    people.set(r.person_key, [...(people.get(r.person_key) ?? []), r]);
  }
  const progressions = [...people.values()].map((lines) => {
    // Several lines in one fiscal year (a split assignment) add up to that year's salary.
    const years = new Map<number, { salary: number; line: q.ProgressionRow }>();
    for (const l of lines) {
      const y = years.get(l.fiscal_year);
      years.set(l.fiscal_year, { salary: round2((y?.salary ?? 0) + Number(l.current_salary ?? 0)), line: l });
    }
    let previous: number | null = null;
    const yearData = [...years.entries()]
      .sort(([a], [b]) => a - b)
      .map(([fiscalYear, { salary, line }]) => {
        const yoyIncrease: number | null =
          previous && previous > 0 ? round2(((salary - previous) / previous) * 100) : null;
        const applied = increaseApplied(line.work_group_id, fiscalYear, previous, cola, settings);
        previous = salary;
        return { fiscalYear, currentSalary: salary, yoyIncrease, ...applied };
      });
    const latest = lines[lines.length - 1];
    return {
      name: [latest.first_name, latest.last_name].filter(Boolean).join(' '),
      position: latest.position,
      building: latest.building,
      workGroup: latest.work_group,
      yearData,
    };
  });
  return { progressions };
}
