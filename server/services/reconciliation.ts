import type { AppContext } from '@server/context';
import { badRequest } from '@server/errors';
import { centsOf, centsText } from '@server/lib/money';
import { authorize, type Actor } from '@server/policies/index';
import * as q from '@server/queries/reconciliation';
import { fiscalYearLabel } from '@server/schemas/fiscal-year';
import type { UpdateSalaryBudgetBody, UpdateSalaryBudgetResult } from '@server/schemas/reconciliation';
import { requireBudgetYear } from './fiscal-years';
import { changeLines, createLine, type LineCause } from './line-items/index';

/** A stored amount (whole cents, from numeric(14,2)) as integer cents, exactly (server/lib/money.ts). */
const wholeCents = (dollars: number | null) => Number(centsOf(dollars ?? 0));

/**
 * Splits `total` cents over lines in proportion to their current amounts (equally when none is
 * positive), by largest remainder, so the parts add up to the total exactly.
 */
export function distributeCents(total: number, weights: number[]): number[] {
  const positive = weights.map((w) => Math.max(w, 0));
  const sum = positive.reduce((a, b) => a + b, 0);
  const shares = sum > 0 ? positive.map((w) => (total * w) / sum) : weights.map(() => total / weights.length);
  const parts = shares.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = shares
    .map((s, i) => ({ i, rest: s - Math.floor(s) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) {
      break;
    }
    parts[i] += 1;
    left -= 1;
  }
  return parts;
}

const sameGroup = (line: q.PersonnelLine, group: q.PayrollGroup) =>
  line.category_id === group.categoryId && line.building_id === group.buildingId;

/**
 * Sets the proposed salary budget to the operating payroll: for every personnel category and
 * building with employees, the proposed personnel lines of that category and building get the
 * payroll (split over several lines in proportion to their amounts), and a line is added where
 * none exists. Employees without a personnel category have no line to land on and are reported as
 * undistributed. Lines of categories and buildings with no employees are left alone (they may
 * budget vacancies). One transaction; every changed line audited.
 */
export async function updateSalaryBudget(
  app: AppContext,
  actor: Actor,
  input: UpdateSalaryBudgetBody,
): Promise<UpdateSalaryBudgetResult> {
  authorize(actor, 'reconciliation.write');
  return app.db.transaction(async (trx) => {
    await requireBudgetYear(trx, input.budgetYearId);
    const payroll = await q.payrollGroups(trx, input.budgetYearId, input.fiscalYear);
    if (!payroll.groups.length) {
      throw badRequest(
        `There are no ${fiscalYearLabel(input.fiscalYear)} employee lines to take the payroll from`,
      );
    }
    const lines = await q.personnelLines(trx, input.budgetYearId, input.fiscalYear);
    const scenarioId = await q.activeProposedScenarioId(trx, input.budgetYearId);
    const cause: LineCause = { action: 'update', reason: 'Salary budget reconciliation' };
    let updatedItems = 0;
    let createdItems = 0;
    let distributed = 0;
    for (const group of payroll.groups.filter((g) => g.isPersonnel && g.categoryId !== null)) {
      const cents = wholeCents(group.total);
      distributed += cents;
      const own = lines.filter((l) => sameGroup(l, group));
      if (!own.length) {
        const building = group.buildingName ?? 'District Wide';
        const name = `${group.categoryName} Salaries`;
        await createLine(
          trx,
          actor,
          { ...cause, action: 'create' },
          {
            budget_year_id: input.budgetYearId,
            scenario_id: scenarioId,
            fiscal_year: input.fiscalYear,
            is_operating: false,
            current_fte: null,
            employee_status: null,
            name,
            account_description: `${name} - ${building}`,
            amount: centsText(cents),
            dese_code: group.deseFunction,
            category_id: group.categoryId,
            building_id: group.buildingId,
            notes: 'Added by salary budget reconciliation',
          },
        );
        createdItems += 1;
        continue;
      }
      const parts = distributeCents(
        cents,
        own.map((l) => wholeCents(l.amount)),
      );
      for (const [i, line] of own.entries()) {
        if (wholeCents(line.amount) === parts[i]) {
          continue;
        }
        await changeLines(trx, actor, cause, [line.id], { columns: { amount: centsText(parts[i]) } });
        updatedItems += 1;
      }
    }
    const total = wholeCents(payroll.total);
    return {
      updatedItems,
      createdItems,
      totalOperatingSalary: total / 100,
      distributedAmount: distributed / 100,
      undistributedAmount: (total - distributed) / 100,
    };
  });
}
