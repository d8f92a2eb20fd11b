import type { Db } from '@server/db/index';
import { dashboardQueries as dash } from '@server/domains/budgets';
import { findStateFigures } from '@server/domains/massachusetts';
import {
  enrolledStudentsOfYear,
  findTownGoalByYear,
  staffHeadcount,
  staffSalaryRanges,
} from '@server/domains/budgets';
import { divideRounded, fromCents, toCents, unitsOf } from '@shared/schemas/common';
import type { ComponentKey, PublicYearData } from '@shared/schemas/public-dashboard';
import { guidanceGapCents } from '@shared/budget-math';
import { residentStageCaption, STAGE_LABELS } from '@shared/schemas/budget-stages';
import { stageStateOf } from '@server/domains/stages';
import { withoutHidden, type YearReleases } from './public-dashboard-release';
import { locationData, salaryBuckets } from './public-dashboard-staff';
import { deseBreakdown } from './public-dashboard-dese';
import { buildingRows, categoryRows } from './public-dashboard-groups';
import { publicStaffing } from '@server/domains/positions';
import { echoFunds, type FundChoice } from '@shared/schemas/fund-choice';

/**
 * The public figures of one fiscal year, worked out at Publish and stored as the snapshot. Every
 * total comes from the staff dashboard's own queries (server/domains/budgets/queries/dashboard.ts),
 * and its staff from the same choice of source (staffHeadcount, staffSalaryRanges: a planned year's
 * roster of positions), so the public totals equal the dashboard's to the cent; this file only
 * chooses what may be shown, and
 * public-dashboard-staff.ts, public-dashboard-dese.ts and public-dashboard-groups.ts suppress what
 * could single a person out.
 */

// The staff figures after the small-cell rule live beside this file; suppressCells stays importable here.
export { suppressCells } from './public-dashboard-staff';

const cents = (dollars: number) => toCents(dollars) ?? 0n;
const fromCentsOrNull = (value: bigint | null) => (value === null ? null : fromCents(value));

/**
 * The budget, and each DESE spending category of it, over the year's foundation enrollment
 * (hundredths of a pupil), or null without state figures: the staff dashboard's per-pupil card
 * (nss-per-pupil.ts) divides the same cents the same way.
 */
async function perPupilDese(
  db: Db,
  fiscalYear: number,
  totalCents: bigint,
  groups: readonly { name: string; cents: bigint }[],
): Promise<PublicYearData['perPupilDese']> {
  const state = await findStateFigures(db, fiscalYear);
  const pupils = state ? (unitsOf(state.foundation_enrollment, 2) ?? 0n) : 0n;
  const over = (amount: bigint) => fromCents(divideRounded(amount * 100n, pupils));
  return state && pupils > 0n
    ? {
        foundationEnrollment: Number(state.foundation_enrollment),
        total: over(totalCents),
        byCategory: groups.map((g) => ({ name: g.name, perPupil: over(g.cents) })),
      }
    : null;
}

/**
 * The public figures of a fiscal year from a budget year, or null when the year has no proposed
 * budget and no staff there; with the staff releases after publishing them, and the stage the
 * year is in ('School Committee Adopted', null in Draft). `publishedAt` is the
 * Publish this is for; the sections not `shown` are left out; `released` are the year's earlier
 * exact staff totals (public-dashboard-release.ts). `funds` chooses whose lines every figure sums
 * (the admin's setting), and the figures carry it, so the page says which of them it shows.
 */
export async function yearFigures(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
  options: {
    includeProjectedEmployees: boolean;
    funds?: FundChoice;
    publishedAt: string;
    shown: ReadonlySet<ComponentKey>;
    released: YearReleases;
  },
): Promise<{ data: PublicYearData; released: YearReleases } | null> {
  const scope: dash.Scope = {
    budgetYearId,
    fiscalYear,
    adoptedStaffOnly: !options.includeProjectedEmployees,
    funds: options.funds,
  };
  const byCategory = await dash.proposedByCategory(db, scope);
  const byBuilding = await dash.proposedByBuilding(db, scope);
  // Staff as the staff dashboard counts them: a planned year's are its roster's (staffHeadcount).
  const headcount = await staffHeadcount(db, scope);
  if (!byCategory.categories.length && headcount.totalEmployees === 0) {
    return null;
  }
  const salaries = (await staffSalaryRanges(db, scope)).rows;
  const goal = (await findTownGoalByYear(db, fiscalYear))?.dollar_goal ?? null;
  // The year's own students, as the staff dashboard's per-pupil card counts them.
  const students = await enrolledStudentsOfYear(db, fiscalYear, budgetYearId);
  const totalCents = cents(byCategory.total);
  // The goal is compared with the general fund's lines whichever funds the page sums (GOAL_FUNDS).
  const guidanceCents = (await dash.proposedTotals(db, scope)).reduce(
    (sum, r) => sum + (toCents(r.goalTotal) ?? 0n),
    0n,
  );
  const dese = await deseBreakdown(db, scope, headcount);
  const categories = await categoryRows(db, scope, byCategory.categories, headcount);
  // Every breakdown folds its rows by the staff Staff by School counts (a roster's positions).
  const buildings = await buildingRows(db, scope, byBuilding.buildings, headcount);
  const stage = await stageStateOf(db, budgetYearId, fiscalYear);
  const staged = stage.stage !== 'DRAFT';
  // Released only when published: a hidden staff section tells nobody anything.
  const staff = options.shown.has('headcountChart') ? locationData(headcount, options.released) : null;
  const data: PublicYearData = {
    fiscalYear,
    publishedAt: options.publishedAt,
    totalBudget: fromCents(totalCents),
    townGoal: goal === null ? 0 : fromCents(cents(goal)),
    hasTownGoal: goal !== null,
    guidanceBudget: fromCents(guidanceCents),
    // No town goal, no guidance gap (guidanceGapCents: null), never one against a goal of 0.
    guidanceGap: fromCentsOrNull(guidanceGapCents(guidanceCents, goal === null ? null : cents(goal))),
    categoryBreakdown: categories.rows.map((c) => ({
      name: c.name,
      amount: fromCents(c.cents),
      itemCount: c.lines,
      color: c.color,
    })),
    buildingBreakdown: buildings.rows.map((b) => ({ name: b.name, amount: fromCents(b.cents) })),
    // Only when some rows' amount is in the total alone, so earlier snapshots compare equal.
    ...(categories.withheld ? { categoryWithheld: true } : {}),
    ...(buildings.withheld ? { buildingWithheld: true } : {}),
    salaryData: { teachers: salaryBuckets(salaries, 'teachers'), paras: salaryBuckets(salaries, 'paras') },
    locationData: staff?.data ?? null,
    perPupil:
      students > 0
        ? {
            enrollment: students,
            total: fromCents(divideRounded(totalCents, BigInt(students))),
            byCategory: categories.rows.map((c) => ({
              name: c.name,
              amount: fromCents(divideRounded(c.cents, BigInt(students))),
            })),
          }
        : null,
    perPupilDese: await perPupilDese(db, fiscalYear, totalCents, dese.cents),
    deseBreakdown: dese.groups,
    // Only when some functions' amount is in the total alone, so earlier snapshots compare equal.
    ...(dese.withheld ? { deseWithheld: true } : {}),
    includesProjectedEmployees: options.includeProjectedEmployees,
    // Only when not the employee lines, so earlier snapshots (which meant lines) compare equal.
    ...(headcount.source === 'lines' ? {} : { staffSource: headcount.source }),
    ...echoFunds(options.funds),
    stageLabel: staged ? STAGE_LABELS[stage.stage] : null,
    stage: staged ? stage.stage : null,
    stageCaption: staged ? residentStageCaption(stage) : null,
    // Frozen with the Publish like every figure here: residents read what was published.
    // Of the roster its staff figures count (a planned year's: the roster it is planned from).
    staffing: options.shown.has('headcountChart')
      ? await publicStaffing(db, fiscalYear, headcount.source === 'roster' ? headcount.roster : null)
      : null,
  };
  return { data: withoutHidden(data, options.shown), released: staff?.released ?? options.released };
}
