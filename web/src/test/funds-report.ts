import { centsOf, fromCents } from '@shared/money';
import type { FundsReport, FundsReportRow } from '@web/api/funds-report';

/** One fund of the report; its change is worked out from the two budgets, in cents. */
function fund(
  fundId: number,
  code: string,
  name: string,
  kind: FundsReportRow['kind'],
  budget: number,
  previousBudget: number,
  lineCount: number,
  awardAmount: number | null = null,
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
  };
}

/**
 * The demo's funds for FY27 with cents that round differently in whole dollars, and Title I over
 * its award; All funds is their sum. Shared by the screen's and the workbook's tests.
 */
export const REPORT: FundsReport = {
  budgetYearId: 2,
  fiscalYear: 2027,
  funds: [
    fund(1, '0100', 'General Fund', 'general', 24_500_000.4, 23_900_000.25, 1200),
    fund(9, '2401', 'Title I, Part A', 'federal_grant', 415_000.35, 398_000, 3, 412_380),
    fund(10, '2402', 'IDEA Special Education Entitlement', 'federal_grant', 640_000, 655_500.5, 2, 1_260_000),
    fund(11, '2801', 'School Choice Revolving', 'revolving', 0, 0, 0),
  ],
  allFunds: { budget: 25_555_000.75, previousBudget: 24_953_500.75, change: 601_500, lineCount: 1205 },
  generalFund: { budget: 24_500_000.4, previousBudget: 23_900_000.25, change: 600_000.15, lineCount: 1200 },
};
