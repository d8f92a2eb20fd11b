import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { badRequest } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { newestBudgetYearWithEmployees } from '@server/domains/line-items';
import * as q from './queries/rif-calculations';
import { salaryWalk, type WalkGroupRow } from './queries/salary-walk';
import { actualYears, employeesWithoutSalary } from './queries/salary-walk-base';
import { centsOf, fromCents } from '@shared/money';
import type { ColaCalculateInput, ColaCalculation, ColaSource } from '@shared/schemas/cola-calc';
import { fiscalYearLabel as label } from '@shared/schemas/fiscal-year';
import { requireBudgetYear } from '@server/domains/budgets';
import type { FundChoice } from '@shared/schemas/fund-words';

/**
 * The COLA calculations total the salary walk (server/domains/planning/queries/salary-walk.ts); this file resolves
 * what every calculation starts from (scenario, budget year, base year) and holds the COLA
 * calculation itself. The RIF gap and the multi-year projection are in ./cola-rif.ts and
 * ./cola-multi-year.ts. Money is BigInt cents from the walk's decimal strings, numbers only at the end.
 */

/** Exact cents of a decimal string the database returned; a figure with more decimals is a bug. */
export const cents = centsOf;

export const sumCents = (rows: WalkGroupRow[], pick: (r: WalkGroupRow) => string) =>
  rows.reduce((n, r) => n + cents(pick(r)), 0n);

export interface CalcScope {
  /** The scenario the walk uses (resolved to an id when one exists), null when there is none. */
  scenarioId: number | null;
  budgetYearId: number;
  /** The base year of the first year calculated (see baseYearOf). */
  baseYear: number;
  /** The budget year's fiscal years with actual (imported or entered) employee lines, oldest first. */
  actualYears: number[];
}

/**
 * Where a projection of `fiscalYear` starts (docs/ARCHITECTURE.md 'Salary rules'): the latest fiscal
 * year before it with actual employee lines, so once a year's payroll is imported every later year
 * grows from it, in every tool alike; null when there is none.
 */
export function baseYearOf(scope: Pick<CalcScope, 'actualYears'>, fiscalYear: number): number | null {
  return scope.actualYears.filter((y) => y < fiscalYear).pop() ?? null;
}

/**
 * What a calculation starting in `firstYear` walks from: the COLA scenario (named, else the default;
 * an id of nothing is a 400 naming scenarioId), the budget year (named, else the newest with
 * employees) and its actual years, of which one must come before firstYear (else a 400 naming
 * `yearField`).
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
  const years = await actualYears(db, budgetYearId);
  const baseYear = baseYearOf({ actualYears: years }, firstYear);
  if (baseYear === null) {
    const latest = years.at(-1);
    const hint = latest === undefined ? 'it has none' : `its latest are ${label(latest)}'s`;
    throw badRequest(
      `No employees to start ${label(firstYear)} from: the budget year has no imported employee lines before ${label(firstYear)} (${hint})`,
      [{ path: yearField, message: `Must be after a fiscal year with imported employee lines` }],
    );
  }
  return { scenarioId, budgetYearId, baseYear, actualYears: years };
}

/**
 * Every fiscal year from..to, each walked from its own base year (baseYearOf): one walk per base
 * year, through the last year that starts from it. A base year without Active employees is a 400.
 */
export async function walkScope(
  db: Db,
  scope: CalcScope,
  from: number,
  to: number,
  yearField: string,
  options: { onePercentYear?: number; funds?: FundChoice } = {},
) {
  const byYear = new Map<number, WalkGroupRow[]>();
  const bases = new Map<number, { rows: WalkGroupRow[]; employees: number; withoutSalary: number }>();
  for (let fy = from; fy <= to;) {
    const base = baseYearOf(scope, fy)!;
    let last = fy;
    while (last < to && baseYearOf(scope, last + 1) === base) {
      last += 1;
    }
    const rows = await salaryWalk(db, {
      budgetYearId: scope.budgetYearId,
      baseYear: base,
      toYear: last,
      scenario: scope.scenarioId ?? 'default',
      onePercentYear: options.onePercentYear,
      funds: options.funds,
    });
    const baseRows = rows.filter((r) => r.fiscalYear === base);
    const walked = baseRows.reduce((n, r) => n + r.employees, 0);
    if (walked === 0) {
      const paid = options.funds === 'general' ? ' paid by the general fund' : '';
      throw badRequest(`${label(base)} has no Active employees${paid} to calculate from`, [
        { path: yearField, message: `No Active employees${paid} in the base year ${label(base)}` },
      ]);
    }
    // People without a salary are counted, at $0 (the walk leaves them out).
    const withoutSalary = await employeesWithoutSalary(db, scope.budgetYearId, base, options.funds);
    bases.set(base, { rows: baseRows, employees: walked + withoutSalary, withoutSalary });
    for (let y = fy; y <= last; y += 1) {
      byYear.set(
        y,
        rows.filter((r) => r.fiscalYear === y),
      );
    }
    fy = last + 1;
  }
  const first = bases.get(scope.baseYear)!;
  return {
    /** Employees of the first year's base year, those without a salary ($0) included. */
    employees: first.employees,
    /** Of them, how many have no current salary: counted as $0, flagged for review at import. */
    employeesWithoutSalary: first.withoutSalary,
    baseRows: first.rows,
    yearRows: (fy: number) => byYear.get(fy) ?? [],
    /** The base year a year was walked from, and its employees. */
    baseOf: (fy: number) => {
      const base = baseYearOf(scope, fy)!;
      return { baseYear: base, employees: bases.get(base)!.employees };
    },
  };
}

export const colaSourceOf = (r: WalkGroupRow): ColaSource => (r.colaSource ?? 'NONE') as ColaSource;

/**
 * POST /cola/calculate: the payroll of the base year moved year by year to endYear with the
 * scenario's COLA where no contract covers a year (each year from its own base year: baseYearOf);
 * each year's amount, increase (COLA, steps and lanes, new hires and typed next-year salaries), and
 * the same per work group.
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
  const walk = await walkScope(db, scope, input.startYear, input.endYear, 'startYear');
  const years = Array.from({ length: input.endYear - input.startYear + 1 }, (_, i) => input.startYear + i);

  // A year's increase is over the salaries it was walked from (the year before's, actual or walked).
  const yearFigures = years.map((fy) => {
    const rows = walk.yearRows(fy);
    const amount = sumCents(rows, (r) => r.payroll);
    return {
      fiscalYear: fy,
      baseYear: walk.baseOf(fy).baseYear,
      amount,
      increase: amount - sumCents(rows, (r) => r.previousPayroll),
      colaIncrease: sumCents(rows, (r) => r.colaAmount),
      stepsLanesIncrease: sumCents(rows, (r) => r.stepsLanesAmount),
      newHiresIncrease: sumCents(rows, (r) => r.newHiresAmount),
      adjustmentsIncrease: sumCents(rows, (r) => r.adjustmentsAmount),
    };
  });
  const totalIncrease = yearFigures.reduce((n, y) => n + y.increase, 0n);

  // Per work group: the base year's groups, then any a later actual year adds.
  const groupKey = (r: WalkGroupRow) => r.workGroupId ?? -1;
  const groups = new Map<number, WalkGroupRow>();
  for (const r of [...walk.baseRows, ...years.flatMap((fy) => walk.yearRows(fy))]) {
    if (!groups.has(groupKey(r))) {
      groups.set(groupKey(r), r);
    }
  }
  const byWorkGroup = [...groups.values()].map((g) => {
    const mine = (rows: WalkGroupRow[]) => rows.filter((r) => groupKey(r) === groupKey(g));
    const base = mine(walk.baseRows);
    return {
      workGroupId: g.workGroupId,
      workGroup: g.workGroup,
      category: g.category,
      employees: base.reduce((n, r) => n + r.employees, 0),
      baseline: fromCents(sumCents(base, (r) => r.payroll)),
      years: years.map((fy) => {
        const rows = mine(walk.yearRows(fy));
        const amount = sumCents(rows, (r) => r.payroll);
        return {
          fiscalYear: fy,
          colaPercentage: rows[0]?.colaPercentage ? Number(rows[0].colaPercentage) : 0,
          colaSource: rows[0] ? colaSourceOf(rows[0]) : ('NONE' as const),
          amount: fromCents(amount),
          increase: fromCents(amount - sumCents(rows, (r) => r.previousPayroll)),
        };
      }),
    };
  });

  return {
    scenarioId: scope.scenarioId,
    baseYear: scope.baseYear,
    employees: walk.employees,
    employeesWithoutSalary: walk.employeesWithoutSalary,
    grandTotal: fromCents(sumCents(walk.baseRows, (r) => r.payroll)),
    years: yearFigures.map((y) => ({
      fiscalYear: y.fiscalYear,
      baseYear: y.baseYear,
      amount: fromCents(y.amount),
      increase: fromCents(y.increase),
      colaIncrease: fromCents(y.colaIncrease),
      stepsLanesIncrease: fromCents(y.stepsLanesIncrease),
      newHiresIncrease: fromCents(y.newHiresIncrease),
      adjustmentsIncrease: fromCents(y.adjustmentsIncrease),
    })),
    totalIncrease: fromCents(totalIncrease),
    byWorkGroup,
  };
}
