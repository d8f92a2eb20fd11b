import { expect, type Locator, type Page } from '@playwright/test';
import { wholeDollarParts } from '@shared/whole-dollars';
import { cents as decimalCents } from '../test/real-files';
import { apiCall } from './helpers';

// What budget-vs-actual.spec.ts reads on the screen against the API's report, recomputed here in
// integer cents: the KPI cards (each total rounded once), the groups' and the funds' whole dollars
// (the project's largest-remainder rule, shared/whole-dollars.ts: a column's rows add up to the
// Total under them), and the ledger's figures of a year with no ledger, which read '—' (No ledger).

export interface Figures {
  budget: number;
  revisedBudget: number;
  expended: number;
  encumbered: number;
  available: number;
  percentUsed: number | null;
  projectedYearEnd: number;
}
export interface Group extends Figures {
  key: string;
  label: string;
  accountCount: number;
}
export type FundRow = Figures & { kind: string; name: string; code: string; fundId: number };

/** An API amount (at most 2 decimals) as integer cents: through its decimal text, not arithmetic. */
export const cents = (x: number) => decimalCents(x.toFixed(2));

/** Whole dollars as the screen writes them ('$1,235', '-$12'). */
function dollarText(whole: bigint): string {
  const abs = whole < 0n ? -whole : whole;
  return `${whole < 0n ? '-' : ''}$${abs.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/** Cents in whole dollars as the screen writes them, rounded once, half away from zero. */
function dollarsOfCents(c: bigint): string {
  const whole = ((c < 0n ? -c : c) + 50n) / 100n;
  return dollarText(c < 0n ? -whole : whole);
}

/** An API amount in whole dollars as the screen writes it, rounded on its own. */
export const dollars = (x: number) => dollarsOfCents(cents(x));

/**
 * A column's rows in whole dollars that add up to its total (in cents) rounded once: the project's
 * one rule (largest remainder), each row within $1 of its own rounding.
 */
const wholeColumn = (rowsCents: bigint[], totalCents: bigint) =>
  wholeDollarParts(rowsCents, totalCents).map(dollarText);

/** What a ledger figure reads in a year with no ledger (the Budget of All Funds' words). */
const NO_LEDGER = 'No ledger';

/** A ledger figure of a year with no ledger: a dash to the eye, 'No ledger' to a screen reader and on hover. */
async function expectNoLedger(figure: Locator, what: string) {
  await expect(figure, what).toHaveText(`—${NO_LEDGER}`);
  await expect(figure.locator('[aria-hidden="true"]'), what).toHaveText('—');
  await expect(figure.getByTitle(NO_LEDGER, { exact: true }), what).toBeVisible();
}

/** A ledger figure: the amount expected, or '—' (No ledger) when the year has no ledger. */
const ledgerFigure = (noLedger: boolean) => async (figure: Locator, amount: string, what: string) =>
  noLedger ? expectNoLedger(figure, what) : expect(figure, what).toHaveText(amount);

/** The KPI cards and every row of the table against the API's report (of one fund, when given). */
export async function expectScreenMatchesApi(page: Page, fiscalYear: number, by: string, fund = 'all') {
  // The screen's own read: the groups and totals, no account (each group's are read when opened).
  const report = await apiCall(
    page,
    'GET',
    `/ledger/report?fiscalYear=${fiscalYear}&by=${by}&fund=${fund}&accounts=none`,
  );
  const noLedger = report.ledger === null;
  const ledger = ledgerFigure(noLedger);
  const totals: Figures = report.totals;
  const kpi = (name: string) =>
    page
      .locator('.bva-kpi')
      .filter({ has: page.getByText(name, { exact: true }) })
      .locator('dd');
  await expect(kpi('Budget (proposed)')).toHaveText(dollars(totals.budget));
  await ledger(kpi('Revised budget'), dollars(totals.revisedBudget), 'revised budget card');
  await ledger(kpi('Expended'), dollars(totals.expended), 'expended card');
  await ledger(kpi('Encumbered'), dollars(totals.encumbered), 'encumbered card');
  await ledger(kpi('Available'), dollars(totals.available), 'available card');
  if (noLedger) {
    await expectNoLedger(kpi('Used'), 'used card');
  }
  await ledger(kpi('Projected year-end'), dollars(totals.projectedYearEnd), 'projected card');

  // The report's total is the sum of its rows, and available = revised − expended − encumbered.
  const rows: Group[] = report.rows;
  for (const field of ['budget', 'revisedBudget', 'expended', 'encumbered'] as const) {
    expect(
      rows.reduce((s, r) => s + cents(r[field]), 0n),
      field,
    ).toBe(cents(totals[field]));
  }
  expect(cents(totals.available)).toBe(
    cents(totals.revisedBudget) - cents(totals.expended) - cents(totals.encumbered),
  );

  // Each column's rows in whole dollars that add up to the Total under them.
  const whole = (field: 'budget' | 'revisedBudget' | 'expended') =>
    wholeColumn(
      rows.map((r) => cents(r[field])),
      cents(totals[field]),
    );
  const [budget, revised, expended] = [whole('budget'), whole('revisedBudget'), whole('expended')];
  const table = page.getByRole('table', { name: /^Budget vs actual by/ });
  const rowOf = (header: Locator) => table.getByRole('row').filter({ has: header }).first();
  for (const [i, g] of rows.entries()) {
    const cells = rowOf(page.getByRole('rowheader').filter({ hasText: g.label })).getByRole('cell');
    await expect(cells.nth(0), `${g.label}: budget`).toHaveText(budget[i]);
    await ledger(cells.nth(1), revised[i], `${g.label}: revised`);
    await ledger(cells.nth(2), expended[i], `${g.label}: expended`);
  }
  const total = rowOf(page.getByRole('rowheader', { name: 'Total', exact: true })).getByRole('cell');
  await expect(total.nth(0), 'Total: budget').toHaveText(dollars(totals.budget));
  await ledger(total.nth(1), dollars(totals.revisedBudget), 'Total: revised');
  await ledger(total.nth(2), dollars(totals.expended), 'Total: expended');

  await expectFundTableMatchesApi(page, report);
  return report;
}

const FUND_COLUMNS = ['budget', 'revisedBudget', 'expended', 'encumbered', 'available'] as const;

/**
 * By fund, every fund whatever fund the report reads, in whole dollars as the screen shows them:
 * each fund's row, the unmatched fund segment's (no budget line names it: its budget is none), and
 * 'Total, every fund' (the funds' and the segment's sum, rounded once), column by column.
 */
export function fundTableFigures(report: {
  fundTotals: FundRow[];
  unmatchedFund: Figures & { accountCount: number };
}) {
  const u = report.unmatchedFund;
  const parts: Omit<Figures, 'percentUsed' | 'projectedYearEnd'>[] = [
    ...report.fundTotals,
    ...(u.accountCount ? [{ ...u, budget: 0 }] : []),
  ];
  const byColumn = FUND_COLUMNS.map((field) => {
    const rowCents = parts.map((p) => cents(p[field]));
    const sum = rowCents.reduce((a, b) => a + b, 0n);
    return { field, sum, rows: wholeColumn(rowCents, sum) };
  });
  const rowAt = (i: number) => byColumn.map((c) => c.rows[i]);
  return {
    funds: report.fundTotals.map((_, i) => rowAt(i)),
    unmatched: u.accountCount ? rowAt(report.fundTotals.length) : null,
    sums: byColumn.map((c) => c.sum),
  };
}

/** The By fund table, its rows and its Total row, against the API's report. */
async function expectFundTableMatchesApi(
  page: Page,
  report: Parameters<typeof fundTableFigures>[0] & {
    ledger: unknown;
    fund: { scope: string };
    totals: Figures;
  },
) {
  const ledger = ledgerFigure(report.ledger === null);
  const shown = fundTableFigures(report);
  // Read for every fund, the funds and the accounts no fund claims are the report: they add up to
  // its totals, the KPI cards' and the groups' Total.
  if (report.fund.scope === 'all') {
    FUND_COLUMNS.forEach((field, col) =>
      expect(shown.sums[col], `every fund's ${field}`).toBe(cents(report.totals[field])),
    );
  }
  const byFund = page.getByTestId('bva-fund-totals');
  const expectRow = async (row: Locator, figures: string[], name: string, budget = true) => {
    const cells = row.getByRole('cell');
    await expect(cells.nth(0), `${name}: budget`).toHaveText(budget ? figures[0] : '—');
    for (let col = 1; col < FUND_COLUMNS.length; col++) {
      await ledger(cells.nth(col), figures[col], `${name}: ${FUND_COLUMNS[col]}`);
    }
  };
  const bodyRows = byFund.locator('tbody tr');
  await expect(bodyRows).toHaveCount(report.fundTotals.length + (shown.unmatched ? 1 : 0));
  for (const [i, f] of report.fundTotals.entries()) {
    await expect(bodyRows.nth(i).getByRole('rowheader')).toContainText(f.name);
    await expect(bodyRows.nth(i).getByRole('rowheader')).toContainText(`Fund ${f.code} ·`);
    await expectRow(bodyRows.nth(i), shown.funds[i], f.name);
  }
  if (shown.unmatched) {
    const row = bodyRows.nth(report.fundTotals.length);
    await expect(row.getByRole('rowheader')).toContainText('Unmatched fund segment');
    await expectRow(row, shown.unmatched, 'Unmatched fund segment', false);
  }
  const total = byFund.getByRole('row', { name: /^Total, every fund/ });
  await expectRow(total, shown.sums.map(dollarsOfCents), 'Total, every fund');
}
