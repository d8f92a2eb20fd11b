import { centsOf, centsText } from '@shared/money';
import type { Actor } from '@server/policies/index';
import type { SalaryLineChange, UpdateSalaryBudgetResult } from '@shared/schemas/reconciliation';
import type { Db } from '@server/db/index';
import * as q from './queries/reconciliation';
import { changeLines, createLine, deleteLines } from './change-lines';
import type { LineCause } from './audit';
import { distributeCents } from './distribute-cents';

/** A stored amount (whole cents, from numeric(14,2)) as integer cents, exactly (shared/money.ts). */
const wholeCents = (dollars: number | null) => Number(centsOf(dollars ?? 0));

/** A salary line's place: category, building and function code (null parts kept apart). */
const placeOf = (categoryId: number | null, buildingId: number | null, code: string | null) =>
  JSON.stringify([categoryId, buildingId, code]);

/** What setting the salary lines did (a dry run says it wrote nothing: updateSalaryBudget). */
export type Applied = Omit<UpdateSalaryBudgetResult, 'dryRun' | 'locked' | 'source'>;

/** One write of a plan, in the order the update makes them. */
type Write =
  { kind: 'create'; group: q.PayrollGroup; cents: number } | { kind: 'update'; id: number; cents: number };

/**
 * What setting a fiscal year's salary lines to `payroll` would do, written nowhere: the lines to
 * add, change and remove, and the summary the update answers with. The one rule of where payroll
 * lands (planSalaryGroups), read both by the update (writeSalaryPlan) and by the drift of a year
 * whose lines are locked (salaryDrift), which may not write.
 */
export interface SalaryPlan {
  writes: Write[];
  stale: q.PersonnelLine[];
  summary: Applied;
}

/**
 * The plan of updateSalaryBudget over the groups given. For each place with payroll, its lines get
 * the payroll (split over several lines in proportion to their amounts) or one line is added; each
 * salary line at a place with no payroll is removed. With `places`, only the lines there count.
 */
export async function planSalaryGroups(
  db: Db,
  input: { budgetYearId: number; fiscalYear: number },
  payroll: { groups: q.PayrollGroup[]; total: number },
  places?: readonly q.Place[],
): Promise<SalaryPlan> {
  const only = places && new Set(places.map((p) => placeOf(...p)));
  const lines = (await q.personnelLines(db, input.budgetYearId, input.fiscalYear)).filter(
    (l) => !only || only.has(placeOf(l.category_id, l.building_id, l.code)),
  );
  // A place's salary lines are kept apart by the fund that pays them: the positions' fund shares,
  // or the payroll lines' funds.
  const keyOf = (
    category: number | null,
    building: number | null,
    code: string | null,
    fund?: number | null,
  ) => `${placeOf(category, building, code)}|${fund ?? ''}`;
  const changes: SalaryLineChange[] = [];
  const writes: Write[] = [];
  const byPlace = new Map<string, q.PersonnelLine[]>();
  for (const line of lines) {
    const place = keyOf(line.category_id, line.building_id, line.code, line.fund_id);
    byPlace.set(place, [...(byPlace.get(place) ?? []), line]);
  }
  let distributed = 0;
  for (const group of payroll.groups) {
    const cents = wholeCents(group.total);
    // A place whose people all have blank (or zero) salaries has no payroll: no line is kept there.
    // Without a personnel category (isPersonnel: server/sql/salary-line.ts) it is undistributed.
    if (!group.isPersonnel || group.categoryId === null || cents === 0) {
      continue;
    }
    distributed += cents;
    const place = keyOf(group.categoryId, group.buildingId, group.code, group.fundId);
    const own = byPlace.get(place) ?? [];
    byPlace.delete(place);
    const fund = group.fundId ? { fundName: group.fundName ?? null } : {};
    const at = {
      categoryName: group.categoryName,
      buildingName: group.buildingName,
      code: group.code,
      ...fund,
    };
    if (!own.length) {
      changes.push({ action: 'create', ...at, from: null, to: cents / 100 });
      writes.push({ kind: 'create', group, cents });
      continue;
    }
    const parts = distributeCents(
      cents,
      own.map((l) => wholeCents(l.amount)),
    );
    for (const [i, line] of own.entries()) {
      if (wholeCents(line.amount) !== parts[i]) {
        changes.push({ action: 'update', ...at, from: wholeCents(line.amount) / 100, to: parts[i] / 100 });
        writes.push({ kind: 'update', id: line.id, cents: parts[i] });
      }
    }
  }
  // What is left are salary lines where no one is paid: stale, so removed.
  const stale = [...byPlace.values()].flat();
  for (const l of stale) {
    const where = { categoryName: l.category_name, buildingName: l.building_name, code: l.code };
    changes.push({ action: 'remove', ...where, from: wholeCents(l.amount) / 100, to: null });
  }
  const total = wholeCents(payroll.total);
  const count = (kind: Write['kind']) => writes.filter((w) => w.kind === kind).length;
  return {
    writes,
    stale,
    summary: {
      updatedItems: count('update'),
      createdItems: count('create'),
      removedItems: stale.length,
      totalOperatingSalary: total / 100,
      distributedAmount: distributed / 100,
      undistributedAmount: (total - distributed) / 100,
      changes,
    },
  };
}

/**
 * Writes a plan, in the caller's transaction, every change through the line writer and audited with
 * its cause (a removed line's audit entry keeps what it held). `why`: what moved the positions (an
 * adoption, say), kept as each changed line's change reason, which the stage comparison shows.
 */
export async function writeSalaryPlan(
  trx: Db,
  actor: Actor,
  input: { budgetYearId: number; fiscalYear: number },
  plan: SalaryPlan,
  why?: string,
): Promise<Applied> {
  const scenarioId = plan.writes.some((w) => w.kind === 'create')
    ? await q.activeProposedScenarioId(trx, input.budgetYearId)
    : null;
  const reason = 'Salary budget reconciliation';
  const changeReason = why ? { changeReason: why } : {};
  const cause: LineCause = { action: 'update', reason, ...changeReason };
  for (const w of plan.writes) {
    if (w.kind === 'update') {
      await changeLines(trx, actor, cause, [w.id], { columns: { amount: centsText(w.cents) } });
      continue;
    }
    const { group } = w;
    const name = `${group.categoryName} Salaries${group.fundId ? ` (${group.fundName})` : ''}`;
    const where = group.buildingName ?? 'District Wide';
    await createLine(
      trx,
      actor,
      { action: 'create', reason, ...changeReason },
      {
        budget_year_id: input.budgetYearId,
        scenario_id: scenarioId,
        fiscal_year: input.fiscalYear,
        is_operating: false,
        current_fte: null,
        employee_status: null,
        name,
        account_description: group.code ? `${name} - ${where} - ${group.code}` : `${name} - ${where}`,
        amount: centsText(w.cents),
        dese_code: group.code,
        category_id: group.categoryId,
        building_id: group.buildingId,
        fund_id: group.fundId ?? null,
        notes: 'Added by salary budget reconciliation',
      },
    );
  }
  // The audit entry keeps what the line held (before) and, as a merge's dropped line does, why
  // it went (after: the cause and the reason), so History says who removed it and why.
  const removed = await deleteLines(
    trx,
    actor,
    { action: 'delete', reason, ...changeReason },
    plan.stale.map((l) => l.id),
    () => ({ removedBecause: 'No payroll at its category, building and function code' }),
  );
  return { ...plan.summary, removedItems: removed.length };
}
