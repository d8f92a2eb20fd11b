import { z } from 'zod';
import { moneyOut } from './common';
import { budgetYearFiscalYearQuery } from './fiscal-years';
import { fundsEcho, fundsQuery } from './fund-choice';

/**
 * The Budget Dashboard's aggregates, each for one budget
 * year and fiscal year. Every total is summed in SQL; money is dollars with at most 2 decimals.
 */

const countTotal = z.object({ count: z.number().int(), total: moneyOut });

/**
 * Every aggregate's query: the budget year and fiscal year, and `funds` (all, the default, or
 * general: only the general fund's lines). Each answer echoes funds and its label.
 */
export const dashboardQuery = budgetYearFiscalYearQuery.extend({ funds: fundsQuery });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/**
 * What a year with no proposed lines has that lands in no salary line: its salary budget's source
 * (its own payroll's employee lines, else the positions of the roster before it: the line writer's
 * salarySource) has cost in no personnel category (server/sql/salary-line.ts), so Update Salary
 * Budget and the positions' follow put it nowhere. `cost` is null for a reader who may not see the
 * pay of so few (1 to 4). The cards say this rather than 'import the payroll' of a year that has one.
 */
export const noSalaryLineSchema = z.object({
  /**
   * Why: 'no-personnel-category' (the cost has no personnel category), or 'not-budgeted' (a year's
   * own payroll, every line in a personnel category, whose salary lines Update Salary Budget has not
   * made yet: a payroll year's lines come only from it, never from a follow).
   */
  reason: z.enum(['no-personnel-category', 'not-budgeted']),
  source: z.enum(['payroll', 'positions']),
  /** The roster whose positions set the year's salaries (source 'positions'), else null. */
  rosterFiscalYear: z.number().int().nullable(),
  /** Employee lines (payroll) or positions (positions) with no personnel category, or not budgeted. */
  count: z.number().int(),
  cost: moneyOut.nullable(),
});
export type NoSalaryLine = z.infer<typeof noSalaryLineSchema>;

/** GET /line-items/budget/summary */
export const budgetSummaryResponse = z.object({
  budgetYearId: z.number().int(),
  fiscalYear: z.number().int(),
  /** Sum of the proposed budget's lines (personnel and non-personnel). */
  proposedBudget: moneyOut,
  proposedCount: z.number().int(),
  breakdown: z.object({
    proposed: z.object({ imported: countTotal, projected: countTotal }),
  }),
  /** The fiscal year's town goal in dollars, 0 when it has none. */
  townGoal: moneyOut,
  hasTownGoal: z.boolean(),
  /**
   * The general fund's proposed budget, what the town's goal is compared with whichever funds
   * proposedBudget sums (GOAL_FUNDS, shared/schemas/fund-words.ts).
   */
  guidanceBudget: moneyOut,
  /**
   * townGoal - guidanceBudget (shared/budget-math.ts): below zero is over guidance; null when the
   * year has no town goal (hasTownGoal false): there is no guidance to be over.
   */
  guidanceGap: moneyOut.nullable(),
  /** Only for a year with no proposed lines: its salaries' cost with no personnel category, or null. */
  noSalaryLine: noSalaryLineSchema.nullable(),
  ...fundsEcho,
});

export const categoryTotalSchema = z.object({
  categoryId: z.number().int().nullable(),
  category: z.string(),
  total: moneyOut,
  count: z.number().int(),
  color: z.string(),
  isPersonnel: z.boolean(),
});

/** GET /line-items/summary/by-category: the proposed budget by budget category. */
export const byCategoryResponse = z.object({
  categories: z.array(categoryTotalSchema),
  total: moneyOut,
  ...fundsEcho,
});

export const buildingTotalSchema = z.object({
  buildingId: z.number().int().nullable(),
  building: z.string(),
  total: moneyOut,
  count: z.number().int(),
  color: z.string().nullable(),
});

/** GET /line-items/summary/by-building: the proposed budget by building (null = District Wide). */
export const byBuildingResponse = z.object({
  buildings: z.array(buildingTotalSchema),
  total: moneyOut,
  ...fundsEcho,
});

/**
 * Where a year's staff figures come from, as its salary budget does (salarySource): for a year with
 * no payroll of its own whose salaries are a roster of positions' budgeted cost (the year before's),
 * that roster ('roster'); else its employee lines ('lines'); else nothing ('none': a year with
 * neither lines nor a roster).
 */
export const STAFF_SOURCES = ['lines', 'roster', 'none'] as const;

/** The roster a year's staff figures come from (source 'roster'), of the funds chosen. */
export const staffRosterSchema = z.object({
  budgetYearId: z.number().int(),
  /** The roster's fiscal year: the year before the one shown, whose positions its budget pays. */
  fiscalYear: z.number().int(),
  /** Positions by status (closed ones count nowhere). Frozen ones are kept but not funded: not in the figures. */
  filled: z.number().int(),
  vacant: z.number().int(),
  frozen: z.number().int(),
  /** People holding the filled positions. */
  holders: z.number().int(),
  /** Vacancies no schedule cell prices: counted, their cost is not in the salaries. */
  unpriced: z.number().int(),
});

/** The source fields of a staff answer (employee stats, headcount). */
const staffSource = {
  source: z.enum(STAFF_SOURCES),
  /** The roster the figures count, when source is 'roster'; null otherwise. */
  roster: staffRosterSchema.nullable(),
};

/**
 * GET /line-items/budget/stats: the operating budget's employees; for a year with none of its own,
 * the budgeted positions its salaries come from (source, roster): count is positions, salaries
 * their budgeted cost.
 */
export const employeeStatsResponse = z.object({
  totalEmployees: z.number().int(),
  /**
   * Payroll (the year's, a building's) is null for a reader other than ADMIN and FINANCE when it is
   * 1 to 4 people's, or a building's that would give such a one back from the total.
   */
  totalSalary: moneyOut.nullable(),
  totalFte: z.number(),
  /**
   * Employee lines of this fiscal year that were projected rather than imported (with source
   * 'roster', a guess at the staff the roster's positions replace: not in the figures).
   */
  projectedEmployees: z.number().int(),
  byBuilding: z.array(
    z.object({
      buildingId: z.number().int().nullable(),
      building: z.string(),
      count: z.number().int(),
      total: moneyOut.nullable(),
      fte: z.number(),
    }),
  ),
  ...staffSource,
  ...fundsEcho,
});

export const salaryRangeSchema = z.object({
  range: z.string(),
  /** Lower bound of the range in dollars (the range is [min, min + 10,000)). */
  rangeStart: z.number(),
  count: z.number().int(),
  avgSalary: moneyOut,
  minSalary: moneyOut,
  maxSalary: moneyOut,
});

/** Ranges with fewer than this many employees are left out, so no one's pay can be singled out. */
export const MIN_RANGE_COUNT = 5;
/** Width of a salary range in dollars. */
export const SALARY_RANGE_WIDTH = 10_000;

/**
 * GET /line-items/salary-distribution: the year's employee lines' salaries; for a year with none of
 * its own whose salaries a roster budgets (source 'roster', as the staff figures'), the people
 * holding that roster's filled positions at their budgeted salaries.
 */
export const salaryDistributionResponse = z.object({
  teachers: z.array(salaryRangeSchema),
  paras: z.array(salaryRangeSchema),
  /** Employees left out because their range had fewer than MIN_RANGE_COUNT people. */
  excluded: z.object({ teachers: z.number().int(), paras: z.number().int() }),
  minRangeCount: z.number().int(),
  source: z.enum(STAFF_SOURCES),
  /** The roster the ranges are of (its budget year and fiscal year) when source is 'roster'; else null. */
  roster: staffRosterSchema.pick({ budgetYearId: true, fiscalYear: true }).nullable(),
  ...fundsEcho,
});

/** GET /line-items/headcount-by-location (from a roster as employeeStatsResponse's, source) */
export const headcountResponse = z.object({
  locations: z.array(
    z.object({
      buildingId: z.number().int().nullable(),
      location: z.string(),
      count: z.number().int(),
      /** null when withheld from the reader, as employeeStatsResponse's. */
      totalSalary: moneyOut.nullable(),
      totalFte: z.number(),
    }),
  ),
  totalEmployees: z.number().int(),
  totalSalary: moneyOut.nullable(),
  ...staffSource,
  ...fundsEcho,
});

export type BudgetSummary = z.infer<typeof budgetSummaryResponse>;
export type CategoryTotal = z.infer<typeof categoryTotalSchema>;
export type ByCategory = z.infer<typeof byCategoryResponse>;
export type BuildingTotal = z.infer<typeof buildingTotalSchema>;
export type ByBuilding = z.infer<typeof byBuildingResponse>;
export type EmployeeStats = z.infer<typeof employeeStatsResponse>;
export type SalaryRange = z.infer<typeof salaryRangeSchema>;
export type SalaryDistribution = z.infer<typeof salaryDistributionResponse>;
export type Headcount = z.infer<typeof headcountResponse>;
export type StaffRoster = z.infer<typeof staffRosterSchema>;
export type StaffSource = (typeof STAFF_SOURCES)[number];
