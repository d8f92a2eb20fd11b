import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { badRequest } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { newestBudgetYearWithEmployees } from '@server/queries/line-items-progression';
import * as q from '@server/queries/rif-calculations';
import { salaryWalk, walkBaseYear, type WalkGroupRow } from '@server/queries/salary-walk';
import { fromCents, toCents } from '@server/schemas/common';
import type { ColaCalculateInput, ColaCalculation, ColaSource } from '@server/schemas/cola-calc';
import { fiscalYearLabel as label, MAX_FISCAL_YEAR } from '@server/schemas/fiscal-year';
import { requireBudgetYear } from './fiscal-years';

/**
 * The COLA calculations total the salary walk (server/queries/salary-walk.ts); this file resolves
 * what every calculation starts from (scenario, budget year, base year) and holds the COLA
 * calculation itself. The RIF gap and the multi-year projection are in ./cola-rif.ts and
 * ./cola-multi-year.ts. Money is BigInt cents from the walk's decimal strings, numbers only at the end.
 */

/** Exact cents of a decimal string the database returned; a figure with more decimals is a bug. */
export function cents(text: string | number): bigint {
  const value = toCents(text);
  if (value === null) {
    throw new Error(`not an amount in cents: ${text}`);
  }
  return value;
}

export const sumCents = (rows: WalkGroupRow[], pick: (r: WalkGroupRow) => string) =>
  rows.reduce((n, r) => n + cents(pick(r)), 0n);

export interface CalcScope {
  /** The scenario the walk uses (resolved to an id when one exists), null when there is none. */
  scenarioId: number | null;
  budgetYearId: number;
  baseYear: number;
}

/**
 * What a calculation starting in `firstYear` walks from: the COLA scenario (named, else the default;
 * an id of nothing is a 400 naming scenarioId), the budget year (named, else the newest with
 * employees) and its base year (the latest fiscal year before firstYear with imported employee
 * lines; none is a 400 naming `yearField`).
 */
export async function resolveScope(
  db: Db,
  input: { scenarioId?: number | null; budgetYearId?: number },
  firstYear: number,
  yearField: string,
): Promise<CalcScope> {
  let scenarioId: number | null;
  if (input.scenarioId !== undefined && input.scenarioId !== null) {
    if (!(await q.colaScenarioExists(db, input.scenarioId))) {
      throw badRequest('Invalid scenario selected', [
        { path: 'scenarioId', message: `No COLA scenario has id ${input.scenarioId}` },
      ]);
    }
    scenarioId = input.scenarioId;
  } else {
    scenarioId = await q.defaultColaScenarioId(db);
  }
  let budgetYearId = input.budgetYearId;
  if (budgetYearId === undefined) {
    const newest = await newestBudgetYearWithEmployees(db);
    if (newest === null) {
      throw badRequest('No budget year has employee lines yet: import a payroll first', [
        { path: 'budgetYearId', message: 'No budget year has employees' },
      ]);
    }
    budgetYearId = newest;
  } else {
    await requireBudgetYear(db, budgetYearId);
  }
  const baseYear = await walkBaseYear(db, budgetYearId, firstYear - 1);
  if (baseYear === null) {
    const latest = await walkBaseYear(db, budgetYearId, MAX_FISCAL_YEAR);
    const hint = latest === null ? 'it has none' : `its latest are ${label(latest)}'s`;
    throw badRequest(
      `No employees to start ${label(firstYear)} from: the budget year has no imported employee lines before ${label(firstYear)} (${hint})`,
      [{ path: yearField, message: `Must be after a fiscal year with imported employee lines` }],
    );
  }
  return { scenarioId, budgetYearId, baseYear };
}

/** The walk from the scope's base year to `toYear`; a base year without Active employees is a 400. */
export async function walkScope(db: Db, scope: CalcScope, toYear: number, yearField: string) {
  const rows = await salaryWalk(db, {
    budgetYearId: scope.budgetYearId,
    baseYear: scope.baseYear,
    toYear,
    scenario: scope.scenarioId ?? 'default',
  });
  const base = rows.filter((r) => r.fiscalYear === scope.baseYear);
  const employees = base.reduce((n, r) => n + r.employees, 0);
  if (employees === 0) {
    throw badRequest(`${label(scope.baseYear)} has no Active employees with a salary to calculate from`, [
      { path: yearField, message: `No Active employees in the base year ${label(scope.baseYear)}` },
    ]);
  }
  return { rows, employees, yearRows: (fy: number) => rows.filter((r) => r.fiscalYear === fy) };
}

export const colaSourceOf = (r: WalkGroupRow): ColaSource => (r.colaSource ?? 'NONE') as ColaSource;

/**
 * POST /cola/calculate: the payroll of the base year moved year by year to endYear with the
 * scenario's COLA where no contract covers a year; each year's amount, increase (COLA plus steps
 * and lanes), and the same per work group.
 */
export async function calculateCola(
  app: AppContext,
  actor: Actor,
  input: ColaCalculateInput,
): Promise<ColaCalculation> {
  authorize(actor, 'cola.read');
  // One snapshot for every read, and room for the walk (see allowLargeWalk).
  return app.db.transaction(async (trx) => {
    await q.allowLargeWalk(trx);
    return colaFigures(trx, input);
  });
}

async function colaFigures(db: Db, input: ColaCalculateInput): Promise<ColaCalculation> {
  const scope = await resolveScope(db, input, input.startYear, 'startYear');
  const walk = await walkScope(db, scope, input.endYear, 'startYear');
  const years = Array.from({ length: input.endYear - input.startYear + 1 }, (_, i) => input.startYear + i);
  const payroll = (fy: number) => sumCents(walk.yearRows(fy), (r) => r.payroll);

  const yearFigures = years.map((fy) => {
    const rows = walk.yearRows(fy);
    const amount = payroll(fy);
    return {
      fiscalYear: fy,
      amount,
      increase: amount - payroll(fy - 1),
      colaIncrease: sumCents(rows, (r) => r.colaAmount),
      stepsLanesIncrease: sumCents(rows, (r) => r.stepsLanesAmount),
    };
  });
  const totalIncrease = yearFigures.reduce((n, y) => n + y.increase, 0n);

  // Per work group: the base year's rows name the groups (every employee starts there).
  const groupKey = (r: WalkGroupRow) => r.workGroupId ?? -1;
  const groups = walk.yearRows(scope.baseYear);
  const byWorkGroup = groups.map((g) => {
    const mine = walk.rows.filter((r) => groupKey(r) === groupKey(g));
    const groupPayroll = (fy: number) =>
      sumCents(
        mine.filter((r) => r.fiscalYear === fy),
        (r) => r.payroll,
      );
    return {
      workGroupId: g.workGroupId,
      workGroup: g.workGroup,
      category: g.category,
      employees: g.employees,
      baseline: fromCents(groupPayroll(scope.baseYear)),
      years: years.map((fy) => {
        const first = mine.find((r) => r.fiscalYear === fy);
        return {
          fiscalYear: fy,
          colaPercentage: first?.colaPercentage ? Number(first.colaPercentage) : 0,
          colaSource: first ? colaSourceOf(first) : 'NONE',
          amount: fromCents(groupPayroll(fy)),
          increase: fromCents(groupPayroll(fy) - groupPayroll(fy - 1)),
        };
      }),
    };
  });

  return {
    scenarioId: scope.scenarioId,
    baseYear: scope.baseYear,
    employees: walk.employees,
    grandTotal: fromCents(payroll(scope.baseYear)),
    years: yearFigures.map((y) => ({
      fiscalYear: y.fiscalYear,
      amount: fromCents(y.amount),
      increase: fromCents(y.increase),
      colaIncrease: fromCents(y.colaIncrease),
      stepsLanesIncrease: fromCents(y.stepsLanesIncrease),
    })),
    totalIncrease: fromCents(totalIncrease),
    byWorkGroup,
  };
}
