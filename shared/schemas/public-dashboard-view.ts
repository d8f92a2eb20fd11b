import { z } from 'zod';
import { moneyOut } from './common';
import { BUDGET_STAGES } from './budget-stages';
import { COMPONENT_KEYS, linkTypeSchema } from './public-dashboard-fields';
import { publicStaffingSchema } from './staffing';
import { FUND_CHOICES } from './fund-choice';
import { STAFF_SOURCES } from './dashboard';

/**
 * The PUBLIC VIEW residents read with no sign-in (re-exported by public-dashboard.ts).
 *
 * `publicViewResponse` is the privacy contract: every object in it is a z.strictObject, so a field
 * nobody meant to publish (a name, an id, a single salary) makes the response fail its own schema.
 * Money is dollars with at most 2 decimals, summed in SQL, as on the staff dashboard.
 */

/* ------------------------------------------------------------------------------------------------
 * The public view: the privacy contract. Aggregates only; every object strict.
 * ---------------------------------------------------------------------------------------------- */

export const urlPathParams = z.strictObject({ urlPath: z.string().max(200) });

/** A salary range with at least MIN_CELL_COUNT employees, or the 'Other' row of the rest. */
export const publicSalaryBucketSchema = z.strictObject({
  /** '$60k-$70k' (the staff dashboard's label), or 'Other' for the suppressed ranges together. */
  range: z.string(),
  /** Lower bound in dollars; null on the 'Other' row. */
  rangeStart: z.number().nullable(),
  count: z.number().int(),
  isOther: z.boolean(),
});

export const publicLocationSchema = z.strictObject({
  /** A building's name, 'District Wide', or 'Other' for the suppressed locations together. */
  location: z.string(),
  count: z.number().int(),
  /** Exact, or rounded to SALARY_ROUNDING_DOLLARS when salaryRounded (docs/PRIVACY.md). */
  totalSalary: moneyOut,
  isOther: z.boolean(),
  /**
   * The head count moved by fewer than MIN_CELL_COUNT since an exact Publish of this year, so the
   * total is rounded: subtracting the two would give one person's salary. Absent in older snapshots.
   */
  salaryRounded: z.boolean().optional(),
});

export const publicDeseFunctionSchema = z.strictObject({
  /** A DESE function code such as '2305'. */
  code: z.string(),
  name: z.string(),
  amount: moneyOut,
});

/**
 * A DESE spending category of the End-of-Year Report (Teachers, Administration, ...), or the row of
 * the functions whose employees are 1 to 4 (with the fewest others needed to make at least
 * MIN_CELL_COUNT), which are never shown one by one.
 */
export const publicDeseCategorySchema = z.strictObject({
  /**
   * 'Teachers', 'Administration', ...; 'Other functions (fewer than 5 staff each)' for the functions
   * of too few staff; 'No DESE function code' for lines without a known code.
   */
  name: z.string(),
  amount: moneyOut,
  functions: z.array(publicDeseFunctionSchema),
});

export const publicYearDataSchema = z.strictObject({
  fiscalYear: z.number().int(),
  /** When this year's figures were taken (the Publish that stored them). */
  publishedAt: z.string(),
  /** The proposed budget, exactly as the staff dashboard totals it. */
  totalBudget: moneyOut,
  /** The town's dollar goal for the year; 0 when it has none. */
  townGoal: moneyOut,
  hasTownGoal: z.boolean(),
  /**
   * The general fund's part of the budget, what the goal is compared with whichever funds
   * totalBudget sums (GOAL_FUNDS). Absent from figures published before it was kept: there the
   * gap was of totalBudget (goalBudget below reads either).
   */
  guidanceBudget: moneyOut.optional(),
  /**
   * townGoal - guidanceBudget (budget-math's guidance gap): below zero the budget is over the goal;
   * null when the year has no town goal (hasTownGoal false). Figures published before read a gap
   * against 0 there, which hasTownGoal false already hides.
   */
  guidanceGap: moneyOut.nullable(),
  /**
   * The budget by category, and by building (no building: 'District Wide'). A category or building
   * whose lines include the pay of 1 to 4 employees is not shown alone: such rows are one row,
   * OTHER_CATEGORIES_LABEL / OTHER_BUILDINGS_LABEL, with the smallest others until it counts at
   * least MIN_CELL_COUNT staff (server/lib/pay-groups.ts foldSmallGroups).
   */
  categoryBreakdown: z.array(
    z.strictObject({ name: z.string(), amount: moneyOut, itemCount: z.number().int(), color: z.string() }),
  ),
  buildingBreakdown: z.array(z.strictObject({ name: z.string(), amount: moneyOut })),
  /**
   * Categories (buildings) whose staff are fewer than MIN_CELL_COUNT even all together: no row of
   * theirs, their amount is in totalBudget only, so the breakdown adds up to less. Absent otherwise.
   */
  categoryWithheld: z.literal(true).optional(),
  buildingWithheld: z.literal(true).optional(),
  /** Null when the salary charts are switched off: what is not shown is not sent (docs/PRIVACY.md). */
  salaryData: z
    .strictObject({
      teachers: z.array(publicSalaryBucketSchema),
      paras: z.array(publicSalaryBucketSchema),
    })
    .nullable(),
  /** Null when the head count chart is switched off. */
  locationData: z
    .strictObject({
      locations: z.array(publicLocationSchema),
      /** Null when the year has fewer than MIN_CELL_COUNT employees in all (withheld). */
      totalEmployees: z.number().int().nullable(),
      totalSalaries: moneyOut.nullable(),
      /** totalSalaries is rounded, as a location's salaryRounded. Absent in older snapshots. */
      totalSalariesRounded: z.boolean().optional(),
    })
    .nullable(),
  /** Spending per enrolled pupil; null when the district has entered no enrollment. */
  perPupil: z
    .strictObject({
      enrollment: z.number().int(),
      total: moneyOut,
      /** The rows of categoryBreakdown, each over the enrollment. */
      byCategory: z.array(z.strictObject({ name: z.string(), amount: moneyOut })),
    })
    .nullable(),
  /**
   * Spending per pupil by DESE's method: the budget over the year's foundation enrollment (a state
   * figure); null without the year's state figures, absent in snapshots from before.
   */
  perPupilDese: z
    .strictObject({
      foundationEnrollment: z.number(),
      total: moneyOut,
      /**
       * Each DESE spending category of deseBreakdown over the foundation enrollment,
       * as the staff dashboard's per-pupil card; empty when the category chart is off.
       */
      byCategory: z.array(z.strictObject({ name: z.string(), perPupil: moneyOut })).optional(),
    })
    .nullable()
    .optional(),
  /** The budget by DESE function code, grouped as the End-of-Year Report groups it. */
  deseBreakdown: z.array(publicDeseCategorySchema),
  /**
   * Functions whose employees are too few to show even all together (fewer than MIN_CELL_COUNT):
   * their amount is in totalBudget only, so deseBreakdown adds up to less. Absent otherwise.
   */
  deseWithheld: z.literal(true).optional(),
  /** Projected (not yet adopted) staff are counted in the staffing figures. */
  includesProjectedEmployees: z.boolean(),
  /**
   * Whose staff the staff figures count, as the staff dashboard's (staffFigures): 'lines', the
   * year's employees; 'roster', a planned year's budgeted positions, filled or vacant (locationData
   * counts positions, their salaries the holders' budgeted pay and the vacancies' schedule cost),
   * which the page calls positions; 'none'. Stored only when not 'lines', so a snapshot from before
   * it was kept reads as 'lines' (what it meant) and compares equal; the view always sends it.
   */
  staffSource: z.enum(STAFF_SOURCES).optional(),
  /**
   * Whose lines the figures sum, as the admin chose at this Publish: every fund's, or the general
   * fund's alone; with its words ('All funds', 'General fund only'), which the page's heading says.
   * Absent in snapshots from before the choice (they summed all funds); the view always sends it.
   */
  funds: z.enum(FUND_CHOICES).optional(),
  fundsLabel: z.string().optional(),
  /**
   * The budget stage the year's figures were in at Publish ('School Committee Adopted'), shown as
   * 'School Committee Adopted budget'; null for a year still in Draft. Snapshots stored before
   * stages existed lack it; the view always sends it (null for those).
   */
  stageLabel: z.string().nullable().optional(),
  /** The stage's key ('REVISED'), which names the headline ('Revised school budget'); null in Draft. */
  stage: z.enum(BUDGET_STAGES).nullable().optional(),
  /** 'School Committee Adopted, voted March 12, 2026': the stage with its date; null in Draft. */
  stageCaption: z.string().nullable().optional(),
  /**
   * The year's positions, FTE by building and by function against last year (no names, no pay);
   * null when it has none or staff are not shown, absent in snapshots from before.
   */
  staffing: publicStaffingSchema.nullable().optional(),
});

export const publicViewLinkSchema = z.strictObject({
  title: z.string(),
  description: z.string().nullable(),
  url: z.string(),
  linkType: linkTypeSchema,
  videoId: z.string().nullable(),
});

/** GET /public-dashboard/view/{urlPath} (no sign-in). */
export const publicViewResponse = z.strictObject({
  urlPath: z.string(),
  schoolName: z.string().nullable(),
  schoolLogoUrl: z.string().nullable(),
  townWebsiteUrl: z.string().nullable(),
  schoolWebsiteUrl: z.string().nullable(),
  /** Every component key in the configured order. */
  componentOrder: z.array(z.enum(COMPONENT_KEYS)),
  /** The components to show, in the configured order (componentOrder filtered by the show flags). */
  visibleComponents: z.array(z.enum(COMPONENT_KEYS)),
  /** Published fiscal years, ascending. */
  years: z.array(z.number().int()),
  /** Per-year figures keyed by the year ('2026'); a year without data is null. */
  data: z.record(z.string(), publicYearDataSchema.nullable()),
  /** Active custom links, in display order. */
  links: z.array(publicViewLinkSchema),
  publishedAt: z.string(),
});

/** GET /public-dashboard/view/{urlPath}/data.csv */
export const publicCsvQuery = z.strictObject({
  year: z.coerce
    .number({ error: 'year must be a fiscal year such as 2026' })
    .int('year must be a fiscal year such as 2026')
    .min(1950, 'year must be a fiscal year such as 2026')
    .max(2149, 'year must be a fiscal year such as 2026')
    .optional(),
});

/* ------------------------------------------------------------------------------------------------
 * Types
 * ---------------------------------------------------------------------------------------------- */

export type PublicSalaryBucket = z.infer<typeof publicSalaryBucketSchema>;
export type PublicLocation = z.infer<typeof publicLocationSchema>;
export type PublicDeseCategory = z.infer<typeof publicDeseCategorySchema>;
export type PublicYearData = z.infer<typeof publicYearDataSchema>;
export type PublicViewLink = z.infer<typeof publicViewLinkSchema>;
export type PublicView = z.infer<typeof publicViewResponse>;
