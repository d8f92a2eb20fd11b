import type { AppContext } from '@server/context';
import { sumDollars } from '@shared/money';
import { badRequest, conflict } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import * as q from './queries/projections';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import {
  type BaseYearDiagnostic,
  type BaseYears,
  type DiagnosticRow,
  type FixBaseYearBody,
  type ProjectionStatus,
} from '@shared/schemas/projections';
import { requireBudgetYear, setBaseYear } from '@server/domains/budgets';
import * as lines from '@server/domains/line-items';
import { moveRosterYears } from '@server/domains/positions';

/** Years before and after the current fiscal year that the dashboard offers. */
export const YEARS_BEFORE = 1;
export const YEARS_AFTER = 5;

const kindName = (isOperating: boolean) => (isOperating ? 'operating' : 'proposed');
const label = fiscalYearLabel;

function diagnosticRow(fiscalYear: number, rows: q.YearKindRow[]): DiagnosticRow {
  const of = (isOperating: boolean) =>
    rows.filter((r) => r.fiscalYear === fiscalYear && r.isOperating === isOperating);
  const sum = (list: q.YearKindRow[]) => {
    const projected = list.filter((r) => r.isProjected).reduce((n, r) => n + r.count, 0);
    const imported = list.filter((r) => !r.isProjected).reduce((n, r) => n + r.count, 0);
    return {
      count: imported + projected,
      // Two SQL totals at most (imported, projected); added in cents to stay exact.
      total: sumDollars(list.map((r) => r.total)),
      projected,
      // A year with imported lines is an imported year, whatever projections are left beside them.
      source: imported > 0 ? ('imported' as const) : projected > 0 ? ('projected' as const) : null,
      superseded: imported > 0 ? projected : 0,
    };
  };
  const operating = sum(of(true));
  const proposed = sum(of(false));
  const hasOperating = operating.count > 0;
  const hasProposed = proposed.count > 0;
  return {
    fiscalYear,
    hasOperating,
    operatingCount: operating.count,
    operatingTotal: operating.total,
    operatingProjected: operating.projected,
    operatingSource: operating.source,
    operatingSuperseded: operating.superseded,
    hasProposed,
    proposedCount: proposed.count,
    proposedTotal: proposed.total,
    proposedProjected: proposed.projected,
    proposedSource: proposed.source,
    proposedSuperseded: proposed.superseded,
    status: hasOperating && hasProposed ? 'Complete' : hasOperating || hasProposed ? 'Partial' : 'No Data',
  };
}

/**
 * The data diagnostics table: for the dashboard's fiscal years (current - 1 to current + 5) and any
 * other year holding lines, how many lines of each kind and their totals, and whether the year has
 * No Data, Partial (one kind) or Complete (both kinds) data.
 */
export async function projectionStatus(
  app: AppContext,
  actor: Actor,
  budgetYearId: number,
): Promise<ProjectionStatus> {
  authorize(actor, 'dashboard.read');
  const year = await requireBudgetYear(app.db, budgetYearId);
  const rows = await q.yearKindCounts(app.db, budgetYearId);
  const years = new Set(rows.map((r) => r.fiscalYear));
  for (let fy = year.current_fiscal_year - YEARS_BEFORE; fy <= year.current_fiscal_year + YEARS_AFTER; fy++) {
    years.add(fy);
  }
  return {
    budgetYearId,
    currentFiscalYear: year.current_fiscal_year,
    years: [...years].sort((a, b) => a - b).map((fy) => diagnosticRow(fy, rows)),
  };
}

function importedYearOf(rows: q.YearKindRow[], isOperating: boolean): number | null {
  const years = rows.filter((r) => r.isOperating === isOperating && !r.isProjected).map((r) => r.fiscalYear);
  return years.length ? Math.max(...years) : null;
}

/** The latest fiscal year with imported lines of each kind: in one budget year, or across all of them. */
export async function baseYears(app: AppContext, actor: Actor, budgetYearId?: number): Promise<BaseYears> {
  authorize(actor, 'dashboard.read');
  if (budgetYearId === undefined) {
    const latest = await q.latestImportedYears(app.db);
    return { operatingBase: latest.operating, proposedBase: latest.proposed };
  }
  await requireBudgetYear(app.db, budgetYearId);
  const rows = await q.yearKindCounts(app.db, budgetYearId);
  return { operatingBase: importedYearOf(rows, true), proposedBase: importedYearOf(rows, false) };
}

/** An imported year after a base year that holds imported lines too: actuals, not a misfiled import. */
const laterActuals = (importedYear: number, importedYears: number[], expected: number) =>
  importedYear > expected && importedYears.includes(expected);

/**
 * Where each kind's imported data sits against the budget year's base year (its recorded base year,
 * else its current fiscal year). Imported data only outside the base year usually means a file was
 * imported under the wrong year: 'Fix Base Year' is offered for that kind. Imported years after a
 * base year that holds imported data are actuals (a later year's payroll), never a mistake.
 */
export async function baseYearDiagnostic(
  app: AppContext,
  actor: Actor,
  budgetYearId: number,
): Promise<BaseYearDiagnostic> {
  authorize(actor, 'dashboard.read');
  const year = await requireBudgetYear(app.db, budgetYearId);
  const rows = await q.yearKindCounts(app.db, budgetYearId);
  const expected = year.base_year ?? year.current_fiscal_year;
  const kind = (isOperating: boolean) => {
    const own = rows.filter((r) => r.isOperating === isOperating);
    const importedYear = importedYearOf(rows, isOperating);
    const importedYears = own.filter((r) => !r.isProjected).map((r) => r.fiscalYear);
    return {
      importedYear,
      importedCount: own
        .filter((r) => !r.isProjected && r.fiscalYear === importedYear)
        .reduce((n, r) => n + r.count, 0),
      importedYears,
      projectedYears: own.filter((r) => r.isProjected).map((r) => r.fiscalYear),
      needsFix: importedYear !== null && importedYear !== expected && !importedYears.includes(expected),
      canFix: importedYear !== null && !laterActuals(importedYear, importedYears, expected),
    };
  };
  const operating = kind(true);
  const proposed = kind(false);
  const wrong = [
    operating.needsFix ? `operating data is in ${label(operating.importedYear!)}` : null,
    proposed.needsFix ? `proposed data is in ${label(proposed.importedYear!)}` : null,
  ].filter((m): m is string => m !== null);
  const later = [
    operating.importedYear !== null && operating.importedYear > expected && !operating.needsFix
      ? `operating through ${label(operating.importedYear)}`
      : null,
    proposed.importedYear !== null && proposed.importedYear > expected && !proposed.needsFix
      ? `proposed through ${label(proposed.importedYear)}`
      : null,
  ].filter((m): m is string => m !== null);
  return {
    budgetYearId,
    fiscalYear: year.fiscal_year,
    baseYear: year.base_year,
    currentFiscalYear: year.current_fiscal_year,
    operating,
    proposed,
    needsFix: wrong.length > 0,
    message: wrong.length
      ? `The base year is ${label(expected)}, but the ${wrong.join(' and the ')}.`
      : operating.importedYear === null && proposed.importedYear === null
        ? 'No imported data yet.'
        : `Imported data is in the base year ${label(expected)}.${
            later.length
              ? ` Later years are imported too (${later.join(', ')}): actuals, which projections never replace; they start after the latest imported year.`
              : ''
          }`,
  };
}

/**
 * Moves one kind's imported lines from the year they were imported under to the correct base year,
 * and shifts that kind's later (projected) years by as many years, so the projections keep their
 * distance from the base. Refused (409) when the move would mix them with lines already there.
 * Records the corrected base year on the budget year. One transaction.
 */
export async function fixBaseYear(app: AppContext, actor: Actor, input: FixBaseYearBody) {
  authorize(actor, 'projections.write');
  return app.db.transaction(async (trx) => {
    const year = await requireBudgetYear(trx, input.budgetYearId);
    const scope = { budgetYearId: input.budgetYearId, isOperating: input.isOperating };
    const rows = await q.yearKindCounts(trx, input.budgetYearId);
    const importedYear = importedYearOf(rows, input.isOperating);
    if (importedYear === null) {
      throw badRequest(`There are no imported ${kindName(input.isOperating)} lines to move`);
    }
    const delta = input.correctBaseYear - importedYear;
    const expected = year.base_year ?? year.current_fiscal_year;
    const importedYears = rows
      .filter((r) => r.isOperating === input.isOperating && !r.isProjected)
      .map((r) => r.fiscalYear);
    if (delta !== 0 && laterActuals(importedYear, importedYears, expected)) {
      throw conflict(
        `${label(importedYear)} holds imported ${kindName(input.isOperating)} lines beside the imported base year ${label(expected)}: they are ${label(importedYear)}'s actuals, not data filed under the wrong year`,
      );
    }
    let baseYearUpdated = 0;
    let futureYearsUpdated = 0;
    let positionsMoved = 0;
    if (delta !== 0) {
      // The roster moves with its holders' lines (refused, before any line moves, if it cannot).
      positionsMoved = input.isOperating
        ? await moveRosterYears(trx, actor, {
            budgetYearId: input.budgetYearId,
            fromYear: importedYear,
            delta,
            reason: `Fix Base Year: ${label(importedYear)} to ${label(input.correctBaseYear)}`,
          })
        : 0;
      const conflicts = await q.countMoveConflicts(trx, scope, importedYear, delta);
      if (conflicts.length) {
        const where = conflicts.map((c) => `${c.count} in ${label(c.fiscalYear)}`).join(', ');
        throw conflict(
          `Cannot move ${kindName(input.isOperating)} lines to ${label(input.correctBaseYear)}: other lines are already there (${where})`,
        );
      }
      futureYearsUpdated = await lines.shiftLineYears(trx, scope, importedYear, delta, 'later');
      baseYearUpdated = await lines.shiftLineYears(trx, scope, importedYear, delta, 'imported');
    }
    await setBaseYear(trx, input.budgetYearId, input.correctBaseYear);
    await lines.auditBulkChange(
      trx,
      actor,
      {
        action: 'fix-base-year',
        reason: `Fix Base Year: ${label(importedYear)} to ${label(input.correctBaseYear)}`,
      },
      {
        entity: 'budget-year',
        entityId: input.budgetYearId,
        before: { baseYear: year.base_year, importedYear, kind: kindName(input.isOperating) },
        after: { baseYear: input.correctBaseYear, baseYearUpdated, futureYearsUpdated, positionsMoved },
      },
    );
    return {
      baseYearUpdated,
      futureYearsUpdated,
      positionsMoved,
      fromYear: importedYear,
      toYear: input.correctBaseYear,
    };
  });
}
