import type { AppContext } from '@server/context';
import { badRequest } from '@server/errors';
import { centsOf, centsText } from '@shared/money';
import { authorize, type Actor } from '@server/policies/index';
import * as q from './queries/reconciliation';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import type {
  SalaryLineChange,
  UpdateSalaryBudgetBody,
  UpdateSalaryBudgetResult,
} from '@shared/schemas/reconciliation';
import type { Db } from '@server/db/index';
import { homeOfFiscalYear, requireBudgetYear } from '@server/domains/budgets';
import { stageStateOf } from '@server/domains/stages';
import { changeLines, createLine, deleteLines } from './change-lines';
import type { LineCause } from './audit';
import { distributeCents } from './distribute-cents';

/** A stored amount (whole cents, from numeric(14,2)) as integer cents, exactly (shared/money.ts). */
const wholeCents = (dollars: number | null) => Number(centsOf(dollars ?? 0));

/** A salary line's place: category, building and function code (null parts kept apart). */
const placeOf = (categoryId: number | null, buildingId: number | null, code: string | null) =>
  JSON.stringify([categoryId, buildingId, code]);

/**
 * Sets the proposed salary budget of a fiscal year to its operating payroll, exactly, whatever was
 * there before.
 *
 * Which lines the update owns: every proposed line of a personnel category in the fiscal year (in
 * the active scope). A personnel category is the product's word for "salaries": Budget
 * Comparison's personnel subtotal sets exactly these lines against the payroll and the DESE report
 * counts them as salaries, so a line typed into one is part of the salary budget too. Nothing marks
 * who made a line (the demo's, a projection's, an import's and a person's look alike), and a marker
 * would have left the imported and projected lines, the ones that go stale, outside the update.
 * Costs that are not payroll (stipends, substitutes, vacancies to fill) belong in a non-personnel
 * category, which the update never touches; the confirmation says so.
 *
 * A salary line's place is (category, building, function code): the code each person carries (their
 * own, else their category's, as every report reads it), so the DESE report, the per-pupil table
 * and the resident page show the people's codes. For each place with payroll, its lines get the
 * payroll (split over several lines in proportion to their amounts) or one line is added; each
 * salary line at a place with no payroll (no one, or only blank salaries) is removed. Employees
 * without a personnel category have no line to land on and are reported as undistributed. One
 * transaction, every change through the line writer and audited with its cause (a removed line's
 * audit entry keeps what it held). Run twice, the second run changes nothing.
 */
export async function updateSalaryBudget(
  app: AppContext,
  actor: Actor,
  input: UpdateSalaryBudgetBody,
): Promise<UpdateSalaryBudgetResult> {
  authorize(actor, 'reconciliation.write');
  // A dry run is the same update, rolled back: what it would change is exactly what it changes.
  let preview: Applied | undefined;
  const result = await app.db
    .transaction(async (trx) => {
      await requireBudgetYear(trx, input.budgetYearId);
      const payroll = await salarySource(trx, input.budgetYearId, input.fiscalYear);
      if (!payroll.groups.length) {
        throw badRequest(
          `There are no ${fiscalYearLabel(input.fiscalYear)} employee lines to take the payroll from`,
        );
      }
      const applied = await applySalaryGroups(trx, actor, input, payroll);
      if (input.dryRun) {
        preview = applied;
        throw DRY_RUN;
      }
      return applied;
    })
    .catch((err: unknown) => {
      if (err === DRY_RUN && preview) {
        return preview;
      }
      throw err;
    });
  return { ...result, dryRun: Boolean(input.dryRun) };
}

/** What setting the salary lines did (a dry run says it wrote nothing: updateSalaryBudget). */
type Applied = Omit<UpdateSalaryBudgetResult, 'dryRun'>;

/** Thrown to roll a dry run back. */
const DRY_RUN = new Error('dry run');

/**
 * Where a fiscal year's salary budget comes from: its own payroll (its employee lines, not projected
 * ones) when it has one; else, for the year being planned, the positions of the roster before it
 * (their cost is budgeted for this year: server/sql/position-cost.ts), from that roster's home
 * budget year; else, with no roster either, its projected employees. Projected employees are a
 * guess at the roster, so positions, where a district keeps them, come first.
 */
export async function salarySource(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
  places?: readonly q.Place[],
): Promise<{ groups: q.PayrollGroup[]; total: number }> {
  if (!(await q.hasPayroll(db, budgetYearId, fiscalYear))) {
    const roster = (await homeOfFiscalYear(db, fiscalYear - 1))?.id ?? budgetYearId;
    if (places || (await q.hasPositions(db, roster, fiscalYear - 1))) {
      return q.positionGroups(db, roster, fiscalYear - 1, places);
    }
  }
  return q.payrollGroups(db, budgetYearId, fiscalYear);
}

/**
 * Sets a fiscal year's proposed salary lines to the positions' cost, in the caller's transaction:
 * what a position write does after it writes, for the year its roster's cost is budgeted for. Only
 * for a year with no payroll of its own (that payroll is the source: salarySource) and whose lines
 * are not locked (a voted budget keeps its lines; Update Salary Budget after a reopen brings them in
 * line). Returns null when it did nothing.
 */
export async function followPositions(
  db: Db,
  actor: Actor,
  target: { budgetYearId: number; fiscalYear: number },
  places?: readonly q.Place[],
  why?: string,
): Promise<Applied | null> {
  if (await q.hasPayroll(db, target.budgetYearId, target.fiscalYear)) {
    return null;
  }
  if ((await stageStateOf(db, target.budgetYearId, target.fiscalYear)).locked) {
    return null;
  }
  // A place named by a position's own columns may leave its code blank: the lines there read
  // their category's code, and so do the positions' cost groups.
  const at = places && (await q.resolvePlaces(db, places));
  const source = await salarySource(db, target.budgetYearId, target.fiscalYear, at);
  return applySalaryGroups(db, actor, target, source, at, why);
}

/**
 * followPositions for a roster (budget year, fiscal year): its cost is budgeted for the fiscal year
 * after, in that year's home budget year, else the roster's. With `places`, only the salary lines
 * at those places (category, building, function code) are set: the positions elsewhere did not
 * change, and at 50,000 positions costing them all again is what an edit must not wait for.
 */
export async function followRoster(
  db: Db,
  actor: Actor,
  roster: { budgetYearId: number; fiscalYear: number },
  places?: readonly q.Place[],
  why?: string,
): Promise<Applied | null> {
  const fiscalYear = roster.fiscalYear + 1;
  const budgetYearId = (await homeOfFiscalYear(db, fiscalYear))?.id ?? roster.budgetYearId;
  return followPositions(db, actor, { budgetYearId, fiscalYear }, places, why);
}

/**
 * The distribution of updateSalaryBudget below, over the groups given. `why`: what moved the
 * positions (an adoption, say), kept as each changed line's change reason, which the stage
 * comparison shows beside it.
 */
async function applySalaryGroups(
  trx: Db,
  actor: Actor,
  input: { budgetYearId: number; fiscalYear: number },
  payroll: { groups: q.PayrollGroup[]; total: number },
  places?: readonly q.Place[],
  why?: string,
): Promise<Applied> {
  {
    const only = places && new Set(places.map((p) => placeOf(...p)));
    const lines = (await q.personnelLines(trx, input.budgetYearId, input.fiscalYear)).filter(
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
    const scenarioId = await q.activeProposedScenarioId(trx, input.budgetYearId);
    const reason = 'Salary budget reconciliation';
    const changeReason = why ? { changeReason: why } : {};
    const cause: LineCause = { action: 'update', reason, ...changeReason };
    const byPlace = new Map<string, q.PersonnelLine[]>();
    for (const line of lines) {
      const place = keyOf(line.category_id, line.building_id, line.code, line.fund_id);
      byPlace.set(place, [...(byPlace.get(place) ?? []), line]);
    }
    let updatedItems = 0;
    let createdItems = 0;
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
            amount: centsText(cents),
            dese_code: group.code,
            category_id: group.categoryId,
            building_id: group.buildingId,
            fund_id: group.fundId ?? null,
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
        changes.push({ action: 'update', ...at, from: wholeCents(line.amount) / 100, to: parts[i] / 100 });
        await changeLines(trx, actor, cause, [line.id], { columns: { amount: centsText(parts[i]) } });
        updatedItems += 1;
      }
    }
    // What is left are salary lines where no one is paid: stale, so removed (each audited).
    const staleLines = [...byPlace.values()].flat();
    const stale = staleLines.map((l) => l.id);
    for (const l of staleLines) {
      const where = { categoryName: l.category_name, buildingName: l.building_name, code: l.code };
      changes.push({ action: 'remove', ...where, from: wholeCents(l.amount) / 100, to: null });
    }
    // The audit entry keeps what the line held (before) and, as a merge's dropped line does, why
    // it went (after: the cause and the reason), so History says who removed it and why.
    const removed = await deleteLines(
      trx,
      actor,
      { action: 'delete', reason, ...changeReason },
      stale,
      () => ({
        removedBecause: 'No payroll at its category, building and function code',
      }),
    );
    const total = wholeCents(payroll.total);
    return {
      updatedItems,
      createdItems,
      removedItems: removed.length,
      totalOperatingSalary: total / 100,
      distributedAmount: distributed / 100,
      undistributedAmount: (total - distributed) / 100,
      changes,
    };
  }
}

/**
 * The roster whose positions set a fiscal year's salary lines (salarySource's choice, for the
 * Scenario Builder's cuts by position): the roster of the year before, in its home budget year
 * (else `budgetYearId`). `follows` is false when the year has a payroll of its own, whose salaries
 * are its salary lines' source instead, or when that roster has no positions.
 */
export async function positionsRoster(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
): Promise<{ follows: boolean; roster: { budgetYearId: number; fiscalYear: number } }> {
  const home = (await homeOfFiscalYear(db, fiscalYear - 1))?.id ?? budgetYearId;
  const follows =
    !(await q.hasPayroll(db, budgetYearId, fiscalYear)) && (await q.hasPositions(db, home, fiscalYear - 1));
  return { follows, roster: { budgetYearId: home, fiscalYear: fiscalYear - 1 } };
}
