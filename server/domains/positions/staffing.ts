import type { AppContext } from '@server/context';
import { seesIndividualPay, withheldRows } from '@server/lib/pay-groups';
import { authorize, type Actor } from '@server/policies/index';
import { deseCodes } from '@server/domains/massachusetts';
import type { StaffingGroup } from '@shared/schemas/positions';
import { STAGE_LABELS, type BudgetStage } from '@shared/schemas/budget-stages';
import type { StaffingCompared } from '@shared/schemas/staffing';
import { homeOfFiscalYear } from '@server/domains/budgets';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { rosterBudgetYear } from './guards';
import { presentTotals } from './positions';
import { staffingRows, type StaffingRow } from './queries/staffing';
import {
  emptyStaffingRow,
  lastYearStaffing,
  noLastYearNote,
  previousStageStaffing,
  withComparisons,
  withOtherSidesGroups,
} from './staffing-compare';

const EMPTY = emptyStaffingRow('total');

const UNNAMED = { building: 'District Wide', function: 'No function code', workGroup: 'No work group' };

/** One breakdown's rows; pay summed over too few people is withheld from a reader who may not see it. */
function breakdown(rows: StaffingRow[], dimension: keyof typeof UNNAMED, showsPay: boolean): StaffingGroup[] {
  const withheld = showsPay ? new Set<number>() : withheldRows(rows.map((r) => Number(r.paid_people)));
  return rows.map((r, i) => {
    const key = r.key === null ? null : dimension === 'function' ? r.key : Number(r.key);
    const name =
      r.key === null
        ? UNNAMED[dimension]
        : dimension === 'function'
          ? `${r.key} ${deseCodes().get(String(r.key))?.name ?? ''}`.trim()
          : (r.name ?? String(r.key));
    return {
      key,
      name,
      positions: Number(r.positions),
      fte: Number(r.fte),
      filledFte: Number(r.filled_fte),
      vacantFte: Number(r.vacant_fte),
      frozenFte: Number(r.frozen_fte),
      budgetedCost: withheld.has(i) ? null : Number(r.budgeted_cost),
      averageSalary:
        dimension === 'workGroup' && !withheld.has(i) && r.average_salary !== null
          ? Number(r.average_salary)
          : null,
    };
  });
}

/**
 * What a year with no positions says. A roster pays the year after it, so the year being planned is
 * paid by the roster before it, when there is one; a new district's first year has neither.
 */
function noPositionsNote(fiscalYear: number, yearBeforeHasRoster: boolean): string {
  const none = `${fiscalYearLabel(fiscalYear)} has no positions yet`;
  return yearBeforeHasRoster
    ? `${none}: its budgeted salaries come from the ${fiscalYearLabel(fiscalYear - 1)} roster.`
    : `${none}, nor has ${fiscalYearLabel(fiscalYear - 1)}: a payroll import or Positions' Add Position makes them.`;
}

/**
 * GET /positions/staffing: a roster as its year holds it (queries/staffing.ts heldByItsYear, the
 * resident page's rule), FTE by building, function code and work group, filled, vacant (and
 * posted) and frozen, with their budgeted cost and the average filled salary by work group, each
 * beside the same group's FTE last year and when the year entered its current stage. Anyone
 * signed in reads it; names never appear, and pay summed over fewer than the reports' minimum
 * group reaches only those who may read lines (server/lib/pay-groups.ts).
 */
export async function staffingSummary(
  app: AppContext,
  actor: Actor,
  query: { fiscalYear: number; budgetYearId?: number },
): Promise<StaffingCompared> {
  authorize(actor, 'staffing.read');
  // A year no budget year plans yet (the dashboard's later years) has no positions: an empty roster.
  const planned =
    query.budgetYearId !== undefined || (await homeOfFiscalYear(app.db, query.fiscalYear)) !== null;
  const budgetYearId = planned ? await rosterBudgetYear(app.db, query.fiscalYear, query.budgetYearId) : null;
  const [rows, lastYear, stage] = await Promise.all([
    // As the year holds its roster (the resident page's rule): a cut adopted for next year reads there.
    budgetYearId === null ? [] : staffingRows(app.db, budgetYearId, query.fiscalYear, true),
    lastYearStaffing(app.db, query.fiscalYear),
    budgetYearId === null ? null : previousStageStaffing(app.db, budgetYearId, query.fiscalYear),
  ]);
  const total = rows.find((r) => r.dimension === 'total') ?? EMPTY;
  // A roster with no positions yet claims no change against another: every group would read as
  // cut (the screens leave the column out, as for a side that has no positions).
  const compared = Number(total.positions) > 0;
  const lastYearSide = compared ? lastYear : null;
  const stageSide = compared ? (stage?.staffing ?? null) : null;
  const all = await withOtherSidesGroups(app.db, rows, [lastYearSide, stageSide]);
  const of = (d: StaffingRow['dimension']) => all.filter((r) => r.dimension === d);
  const showsPay = seesIndividualPay(actor);
  const groups = withComparisons(
    {
      building: breakdown(of('building'), 'building', showsPay),
      function: breakdown(of('function'), 'function', showsPay),
      workGroup: breakdown(of('workGroup'), 'workGroup', showsPay),
    },
    lastYearSide,
    stageSide,
  );
  const notCompared = `No change is shown: ${fiscalYearLabel(query.fiscalYear)} has no positions yet.`;
  const stageLabel = stage ? STAGE_LABELS[stage.stage as BudgetStage] : null;
  return {
    budgetYearId,
    fiscalYear: query.fiscalYear,
    totals: presentTotals(total),
    byBuilding: groups.building,
    byFunction: groups.function,
    byWorkGroup: groups.workGroup,
    note: compared ? null : noPositionsNote(query.fiscalYear, lastYear !== null),
    lastYear: {
      fiscalYear: query.fiscalYear - 1,
      totals: lastYearSide?.totals ?? null,
      note: lastYearSide ? null : lastYear ? notCompared : noLastYearNote(query.fiscalYear),
    },
    previousStage: {
      stageLabel,
      frozenAt: stage?.frozenAt ?? null,
      totals: stageSide?.totals ?? null,
      note: !stage
        ? 'The year is still in Draft: there is no earlier stage to compare with.'
        : !stage.staffing
          ? `No staffing was frozen when the year became ${stageLabel}.`
          : stageSide
            ? null
            : notCompared,
    },
  };
}
