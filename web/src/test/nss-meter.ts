import type { NssMeter } from '@web/api/nss';

/** Spending on funds that do not count toward NSS, as the meter lists it (school.byFund). */
export const TITLE_I = { fundId: 9, code: '2401', name: 'Title I, Part A', lineCount: 3, amount: 412380 };
export const CIRCUIT_BREAKER = {
  fundId: 12,
  code: '2850',
  name: 'Circuit Breaker',
  lineCount: 1,
  amount: 50000.5,
};

/**
 * A meter of a year without state figures (no percent, no columns): what counts and what does not
 * still shows. `byFund` is the spending left out by fund.
 */
export const noFiguresMeter = (byFund: NssMeter['school']['byFund']): NssMeter => ({
  budgetYearId: 2,
  fiscalYear: 2026,
  scenarioId: null,
  status: 'NO_FIGURES',
  message: 'Enter FY26 state figures to see the meter.',
  columns: null,
  headroom: null,
  consequence: null,
  school: {
    lineCount: 20,
    budgetTotal: 1_000_000,
    counted: 500_000,
    notCounted: 500_000,
    unmapped: { lineCount: 0, amount: 0 },
    excluded: [{ code: '3300', name: 'Transportation', amount: 37_619.5, note: 'not counted' }],
    byFund,
  },
  municipal: { counted: 0, notCounted: 0, lines: [] },
  rulesYear: 2026,
  warnings: [],
});
