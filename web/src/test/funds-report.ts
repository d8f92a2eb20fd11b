import { centsOf, fromCents } from '@shared/money';
import type { FundsReport, FundsReportRow } from '@web/api/funds-report';

/**
 * One fund of the report; its change is worked out from the two budgets, in cents. Its budget by
 * function and by category is given as [code or name, budget, lines] and must add up to `budget`.
 */
function fund(
  fundId: number,
  code: string,
  name: string,
  kind: FundsReportRow['kind'],
  budget: number,
  previousBudget: number,
  lineCount: number,
  awardAmount: number | null = null,
  previousActual: number | null = null,
  detail: { functions: [string | null, number, number][]; categories: [string, number, number][] } = {
    functions: [],
    categories: [],
  },
): FundsReportRow {
  return {
    fundId,
    code,
    name,
    kind,
    countsTowardNss: kind === 'general',
    awardAmount,
    overAward: awardAmount !== null && budget > awardAmount,
    budget,
    previousBudget,
    change: fromCents(centsOf(budget) - centsOf(previousBudget)),
    lineCount,
    previousActual,
    byFunction: detail.functions.map(([c, b, n]) => ({
      code: c,
      name: c === null ? null : (FUNCTION_NAMES[c] ?? null),
      budget: b,
      lineCount: n,
    })),
    byCategory: detail.categories.map(([categoryName, b, n], i) => ({
      categoryId: categoryName === 'No category' ? null : i + 1,
      name: categoryName,
      budget: b,
      lineCount: n,
    })),
    // The general fund pays most positions, a grant a few by share.
    positions:
      kind === 'general'
        ? { fte: 412.5, count: 420 }
        : { fte: lineCount > 1 ? 3 : 0, count: lineCount > 1 ? 6 : 0 },
    // A year that follows a roster has no payroll of its own (PAYROLL_REPORT has one).
    payroll: { fte: 0, people: 0 },
  };
}

const FUNCTION_NAMES: Record<string, string> = {
  '2305': 'Teachers, Classroom',
  '2410': 'Textbooks',
  '4220': 'Maintenance of Buildings',
};

/**
 * The demo's funds for FY27 with cents that round differently in whole dollars, and Title I over
 * its award; All funds is their sum. Shared by the screen's and the workbook's tests.
 */
export const REPORT: FundsReport = {
  budgetYearId: 2,
  fiscalYear: 2027,
  positionsRoster: { budgetYearId: 2, fiscalYear: 2026 },
  payroll: null,
  funds: [
    fund(1, '0100', 'General Fund', 'general', 24_500_000.4, 23_900_000.25, 1200, null, 23_412_345.67, {
      functions: [
        ['2305', 20_000_000.2, 1000],
        ['4220', 4_000_000.2, 150],
        [null, 500_000, 50],
      ],
      categories: [
        ['Teachers', 20_000_000.2, 1000],
        ['Operations', 4_500_000.2, 200],
      ],
    }),
    fund(9, '2401', 'Title I, Part A', 'federal_grant', 415_000.35, 398_000, 3, 412_380, 380_000.5, {
      functions: [['2305', 415_000.35, 3]],
      categories: [['No category', 415_000.35, 3]],
    }),
    fund(
      10,
      '2402',
      'IDEA Special Education Entitlement',
      'federal_grant',
      640_000,
      655_500.5,
      2,
      1_260_000,
      0,
      {
        functions: [['2410', 640_000, 2]],
        categories: [['Textbooks', 640_000, 2]],
      },
    ),
    fund(11, '2801', 'School Choice Revolving', 'revolving', 0, 0, 0, null, 1_000),
  ],
  allFunds: {
    budget: 25_555_000.75,
    previousBudget: 24_953_500.75,
    change: 601_500,
    lineCount: 1205,
    previousActual: 23_793_346.17,
  },
  generalFund: {
    budget: 24_500_000.4,
    previousBudget: 23_900_000.25,
    change: 600_000.15,
    lineCount: 1200,
    previousActual: 23_412_345.67,
  },
  previousLedger: {
    fiscalYear: 2026,
    period: 13,
    fileName: 'ytd-fy2026-p13.csv',
    unmatchedExpended: 1_234.56,
    unmatchedAccountCount: 2,
  },
  notes: [],
};

/** The note the server adds when it withheld a sum of pay (server/lib/pay-groups.ts, PAY_WITHHELD_NOTE). */
export const PAY_NOTE =
  'Salaries summed over fewer than 5 people (and enough other rows that they cannot be worked out from the total) are shown only to administrators and finance staff.';

/**
 * REPORT as a reader who may not see individual pay gets it: the general fund's 2305 and 4220 and
 * both its categories withheld (null), with the note.
 */
export const WITHHELD_REPORT: FundsReport = {
  ...REPORT,
  funds: REPORT.funds.map((f) =>
    f.kind === 'general'
      ? {
          ...f,
          byFunction: f.byFunction.map((r) => (r.code === null ? r : { ...r, budget: null })),
          byCategory: f.byCategory.map((r) => ({ ...r, budget: null })),
        }
      : f,
  ),
  notes: [PAY_NOTE],
};

/** The funds whose own figures FUNDS_WITHHELD_REPORT withholds: Title I and IDEA. */
export const WITHHELD_FUND_IDS = [9, 10];

/**
 * REPORT as a reader who may not see individual pay gets it when Title I pays 1 to 4 people in all:
 * Title I's figures withheld (null), and IDEA's so that All funds less the general fund and School
 * Choice cannot give Title I's back; their rows with people withheld too. All funds stays.
 */
export const FUNDS_WITHHELD_REPORT: FundsReport = {
  ...REPORT,
  funds: REPORT.funds.map((f) =>
    WITHHELD_FUND_IDS.includes(f.fundId)
      ? {
          ...f,
          budget: null,
          previousBudget: null,
          change: null,
          previousActual: null,
          overAward: null,
          byFunction: f.byFunction.map((r) => ({ ...r, budget: null })),
          byCategory: f.byCategory.map((r) => ({ ...r, budget: null })),
        }
      : f,
  ),
  notes: [PAY_NOTE],
};

/** Each fund's people on a payroll year's employee lines, by fund id: [FTE, people]. */
const PAYROLL_PEOPLE: Record<number, [number, number]> = { 1: [483.1, 495], 9: [2.5, 3], 10: [1, 1] };

/**
 * REPORT as for a year with a payroll of its own (the demo's FY26 in its own budget year): its
 * salary lines follow its employee lines, so each fund pays people of that payroll, and no roster's
 * positions. IDEA pays one person; School Choice none.
 */
export const PAYROLL_REPORT: FundsReport = {
  ...REPORT,
  positionsRoster: null,
  payroll: { budgetYearId: 2, fiscalYear: 2027 },
  funds: REPORT.funds.map((f) => {
    const [fte, people] = PAYROLL_PEOPLE[f.fundId] ?? [0, 0];
    return { ...f, positions: { fte: 0, count: 0 }, payroll: { fte, people } };
  }),
};
