import { describe, expect, it } from 'vitest';
import { FUND_MESSAGES } from './funds';
import { PUBLIC_DASHBOARD_MESSAGES as M } from './public-dashboard-fields';

/**
 * The publish refusals and the fund messages name a year as every screen names it, FY27
 * (fiscalYearLabel). They wrote FY2027 beside screens, toasts and other refusals saying FY27, so
 * the same year read two ways on one page.
 */
describe('the publish refusals and fund messages name a year FY27', () => {
  it('words every publish refusal with the short year', () => {
    expect(M.yearHasNoData(2027)).toBe('FY27 has no budget data to publish');
    expect(M.noDataForYear(2027)).toBe('No data available for FY27');
    expect(M.zeroBudget(2028, 'FY27')).toBe(
      'FY28 from budget year FY27 has a $0 budget: residents would read a $0 school budget',
    );
    expect(M.earlierStage(2027, 'Town Appropriated', 'Draft')).toBe(
      'FY27 is published as Town Appropriated; publishing Draft would replace it with an earlier stage',
    );
    expect(M.notHeldById(2027, 4)).toBe('Budget year 4 holds no FY27 budget lines');
    expect(M.notPublishedYear(2026)).toBe('FY26 is not among the years to publish');
  });

  it('words every fund message with the short year', () => {
    expect(FUND_MESSAGES.nssLocked('Circuit Breaker', 2027)).toBe(
      "Circuit Breaker pays lines of FY27, which is adopted or closed: whether it counts toward net school spending changes that year's figures. Reopen FY27 first (Budget Stages)",
    );
    expect(FUND_MESSAGES.outsidePeriod('Title I', '2024-07-01', '2026-06-30', 2028)).toBe(
      "Title I's grant period (2024-07-01 to 2026-06-30) does not reach FY28",
    );
    expect(FUND_MESSAGES.stillPays('Title IV', 2027, '1 line')).toBe(
      'Title IV still pays FY27 (1 line), which this grant period does not reach: move them to another fund first, or keep a period that reaches FY27',
    );
  });
});
