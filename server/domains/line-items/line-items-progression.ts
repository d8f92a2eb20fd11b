import type { AppContext } from '@server/context';
import { centsOf, fromCents } from '@shared/money';
import { authorize, type Actor } from '@server/policies/index';
import * as q from './queries/line-items-progression';
import { requireBudgetYear } from '@server/domains/budgets';

// Percentages for display (not money): two decimals.
const round2 = (n: number) => Math.round(n * 100) / 100;
/** A stored salary in cents, a safe integer, exactly (shared/money.ts). */
const cents = (n: number | null) => Number(centsOf(n ?? 0));

/**
 * What moved a salary into its fiscal year, in percent of the year before:
 * - imported: payroll says so; the COLA and steps shown are what the rule would have applied,
 *   so an unexpected jump or freeze stands out against them;
 * - manual: a projected year whose salary is a typed next-year salary (that year only): no COLA or
 *   step was applied, the whole change is the typed value's;
 * - rule: a projected year grown by the next-year salary rule, exactly as Generate Projections
 *   grew it (the same SQL gives the COLA and step/lane figures).
 */
function applied(
  line: q.ProgressionRow,
  previousLine: q.ProgressionRow | null,
  previousCents: number | null,
  yoyIncrease: number | null,
) {
  const manual = line.is_projected && previousLine?.next_year_salary_manual === true;
  if (manual) {
    const total = yoyIncrease ?? 0;
    return { basis: 'manual' as const, colaApplied: 0, stepsLanesApplied: 0, totalIncreaseApplied: total };
  }
  if (line.on_schedule && Number(line.previous_salary) > 0) {
    // On a step-and-lane schedule: the dollars of each part, in percent of last year's salary.
    const base = Number(line.previous_salary);
    const cola = (Number(line.schedule_cola_amount) / base) * 100;
    const steps = (Number(line.schedule_steps_amount) / base) * 100;
    return {
      basis: line.is_projected ? ('rule' as const) : ('imported' as const),
      colaApplied: round2(cola),
      stepsLanesApplied: round2(steps),
      totalIncreaseApplied: round2(cola + steps),
    };
  }
  const colaApplied = Number(line.rule_cola);
  let stepsLanesApplied = 0;
  if (line.rule_step_type === 'DOLLAR') {
    stepsLanesApplied = previousCents ? (Number(line.rule_step_value) * 100 * 100) / previousCents : 0;
  } else if (line.rule_step_type !== null) {
    stepsLanesApplied = Number(line.rule_step_value);
  }
  return {
    basis: line.is_projected ? ('rule' as const) : ('imported' as const),
    colaApplied: round2(colaApplied),
    stepsLanesApplied: round2(stepsLanesApplied),
    totalIncreaseApplied: round2(colaApplied + stepsLanesApplied),
  };
}

/**
 * Salary Progression Analysis: for up to `limit` people in a position, their salary in each fiscal
 * year they have lines for, the change over the year before, and what was applied to reach it.
 */
export async function salaryProgression(
  app: AppContext,
  actor: Actor,
  input: { limit: number; position: string; budgetYearId?: number },
) {
  authorize(actor, 'lineItems.read');
  let budgetYearId = input.budgetYearId ?? null;
  if (budgetYearId !== null) {
    await requireBudgetYear(app.db, budgetYearId);
  }
  budgetYearId ??= await q.newestBudgetYearWithEmployees(app.db);
  if (budgetYearId === null) {
    return { progressions: [] };
  }
  const rows = await q.progressionRows(app.db, budgetYearId, input.position, input.limit);
  const people = new Map<string, q.ProgressionRow[]>();
  for (const r of rows) {
    people.set(r.person_key, [...(people.get(r.person_key) ?? []), r]);
  }
  const progressions = [...people.values()].map((lines) => {
    // Several lines in one fiscal year (a split assignment) add up to that year's salary (in cents).
    const years = new Map<number, { cents: number; line: q.ProgressionRow }>();
    for (const l of lines) {
      years.set(l.fiscal_year, {
        cents: (years.get(l.fiscal_year)?.cents ?? 0) + cents(l.current_salary),
        line: l,
      });
    }
    let previous: { fiscalYear: number; cents: number; line: q.ProgressionRow } | null = null;
    const yearData = [...years.entries()]
      .sort(([a], [b]) => a - b)
      .map(([fiscalYear, year]) => {
        const before = previous && previous.fiscalYear === fiscalYear - 1 ? previous : null;
        const yoyIncrease =
          previous && previous.cents > 0
            ? round2(((year.cents - previous.cents) / previous.cents) * 100)
            : null;
        const increase = applied(year.line, before?.line ?? null, previous?.cents ?? null, yoyIncrease);
        previous = { fiscalYear, ...year };
        // A typed salary had no COLA; a line with no work group gets none from anything.
        const colaSource =
          increase.basis === 'manual'
            ? null
            : year.line.work_group_id === null
              ? 'NONE'
              : year.line.rule_cola_source;
        return { fiscalYear, currentSalary: fromCents(year.cents), yoyIncrease, ...increase, colaSource };
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
