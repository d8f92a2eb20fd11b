import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { authorize, type Actor } from '@server/policies/index';
import * as bva from './queries/budget-vs-actual';
import * as acc from './queries/budget-vs-actual-accounts';
import { setAsidePage } from './queries/budget-vs-actual-chunks';
import * as src from './queries/budget-vs-actual-sources';
import { ledgerImportsQueries as q } from '@server/domains/imports';
import {
  LEDGER_PAGE,
  accountsListed,
  SET_ASIDE_LISTED,
  NO_KEY,
  type LedgerAccount,
  type LedgerAccountList,
  type LedgerFigures,
  type LedgerGroup,
  type LedgerGrouping,
  type LedgerReport,
} from '@shared/schemas/ledger';
import type { LedgerSummary } from '@shared/schemas/ledger-summary';
import { ledgerPeriodText, PERIODS_PER_YEAR } from '@shared/schemas/ledger-import';
import { deseCodes } from '@server/domains/massachusetts';
import type { LedgerFundChoice } from '@shared/schemas/ledger-fund';
import { fundParts } from './budget-vs-actual-funds';
import { peopleByFunction } from './queries/budget-vs-actual-people';
import { reportSource, type ReportSource } from './budget-vs-actual-source';
import {
  PAY_WITHHELD_NOTE,
  withheldGroupKeys,
  shownAccount,
  shownGroup,
  linesWithoutAccountShown,
  reportFundWithheld,
  shownTotals,
} from './budget-vs-actual-pay';

/**
 * How budget lines and ledger accounts are matched, in words a committee member reads under the
 * report (the rule itself: queries/budget-vs-actual.ts; account numbers compare trimmed, in any case).
 */
export const MATCH_RULE =
  "Each budget line is matched to the ledger account with the same account number (spaces and capital letters aside). An account is reported under its lines' category, or, with no lines, the category of its DESE function code; and under the building its location code names, or else its lines' building. A line with no DESE function code takes its account's. Every line and account is counted once, so every view adds up to the same totals.";

/** The projection rule in words, for the period the ledger is at. */
export function projectionRule(period: number | null): string {
  const base =
    'Projected year-end = an account’s expended to date ÷ periods elapsed × 12, to the cent; a group’s and the total are the sums of their accounts’ (the periods are the ledger’s monthly periods';
  if (period === null) {
    return `${base}). No ledger is imported for this year yet.`;
  }
  const elapsed = Math.min(period, PERIODS_PER_YEAR);
  return period >= PERIODS_PER_YEAR
    ? `${base}; the ledger is at ${ledgerPeriodText(period)}, so the year is complete and the projection is what was expended).`
    : `${base}; the ledger is at ${ledgerPeriodText(period)}: expended ÷ ${elapsed} × 12).`;
}

export function figuresOf(r: bva.FiguresRow): LedgerFigures {
  return {
    budget: r.budget,
    revisedBudget: r.revised_budget,
    originalBudget: r.original_budget,
    expended: r.expended,
    encumbered: r.encumbered,
    available: r.available,
    percentUsed: r.percent_used,
    projectedYearEnd: r.projected_year_end,
    projectedVariance: r.projected_variance,
    overBudget: r.over_budget,
    projectedOver: r.projected_over,
  };
}

type Names = Awaited<ReturnType<typeof src.groupNames>>;

function labelOf(by: LedgerGrouping, row: bva.GroupRow, names: Names): string {
  const key = row.key ?? NO_KEY;
  if (key === NO_KEY) {
    return {
      category: 'No category',
      function: 'No DESE function code',
      building: 'District Wide',
      account: 'Budget lines with no ledger account',
    }[by];
  }
  if (by === 'category') {
    return names.categories.find((c) => String(c.id) === key)?.name ?? `Category ${key}`;
  }
  if (by === 'function') {
    const name = deseCodes().get(key)?.name;
    return name ? `${key} ${name}` : `${key} (not a DESE function code)`;
  }
  if (by === 'building') {
    return names.buildings.find((b) => String(b.id) === key)?.name ?? `Building ${key}`;
  }
  return row.first_description ? `${key} ${row.first_description}` : key;
}

/** The scope of a year's figures: its budget year's lines, its current ledger's periods, the fund read. */
function scopeOf(
  fiscalYear: number,
  source: { id: number } | null,
  period: number | undefined,
  fundId: number | null = null,
): bva.LedgerScope {
  return {
    fiscalYear,
    budgetYearId: source?.id ?? null,
    periodsElapsed: Math.min(period ?? PERIODS_PER_YEAR, PERIODS_PER_YEAR),
    fundId,
  };
}

/** What a report is asked for: GET /ledger/report's query (accounts: DEFAULT_ACCOUNT_LIST when absent). */
export interface BudgetVsActualQuery {
  fiscalYear: number;
  by: LedgerGrouping;
  budgetYearId?: number;
  /** Every fund (the default), the general fund, a fund's id, or (the CLI) its code. */
  fund?: LedgerFundChoice;
  accounts?: LedgerAccountList;
  /** Only this group's accounts (a row's key under `by`). */
  group?: string;
  /** Pages of the groups and of the listed accounts (LEDGER_PAGE's sizes when absent). */
  rowsOffset?: number;
  rowsLimit?: number;
  offset?: number;
  limit?: number;
}

/**
 * Budget vs actual for a fiscal year (GET /ledger/report, `budget-cli ledger report`): a page of
 * the groups of the chosen view with the totals, a page of the accounts asked for (none by default;
 * every one, those no line names, or one group's for a drill-down), how many accounts no line names,
 * the lines that name no account, and the first rows set aside at import, read in one snapshot.
 * Every sum is SQL's; no read holds more than a page of the ledger, whatever its size.
 */
export async function budgetVsActual(
  app: AppContext,
  actor: Actor,
  query: BudgetVsActualQuery,
): Promise<LedgerReport> {
  const source = await reportSource(app, actor, query);
  const read = await app.db.transaction(
    async (trx) => {
      await bva.planForLedger(trx);
      return readReport(trx, query, source);
    },
    {
      isolationLevel: 'repeatable read',
    },
  );
  return read.report;
}

/** A group row as the API gives it. */
export const groupOf = (by: LedgerGrouping, g: bva.GroupRow, names: Names): LedgerGroup => ({
  key: g.key ?? NO_KEY,
  label: labelOf(by, g, names),
  accountCount: g.account_count,
  lineCount: g.line_count,
  ...figuresOf(g),
});

/** An account row as the API gives it. */
export function accountOf(a: acc.AccountRow): LedgerAccount {
  return {
    id: a.id,
    row: a.row_number,
    account: a.account,
    description: a.description,
    functionCode: a.function_code,
    functionName: a.function_code ? (deseCodes().get(a.function_code)?.name ?? null) : null,
    objectCode: a.object_code,
    locationCode: a.location_code,
    categoryId: a.category_id,
    categoryName: a.category_name,
    buildingId: a.building_id,
    buildingName: a.building_name,
    matchedLineCount: a.line_count,
    warnings: a.warnings,
    ...figuresOf(a),
  };
}

/**
 * The report read through `trx` (one snapshot when it is a repeatable-read transaction), with what
 * a writer of every row needs besides: the scope of its statements, the names groups are labelled
 * with and how many accounts are in the figures.
 */
export async function readReport(
  trx: Db,
  query: BudgetVsActualQuery,
  { budget: source, fund, seesPay }: ReportSource,
) {
  const { fiscalYear, by } = query;
  const listed = accountsListed(query);
  const group = query.group ?? null;
  const rowsPage = { offset: query.rowsOffset ?? 0, limit: query.rowsLimit ?? LEDGER_PAGE.rows };
  const accountsPage = { offset: query.offset ?? 0, limit: query.limit ?? LEDGER_PAGE.accounts };
  const ledger = await q.findCurrentImportInfo(trx, fiscalYear);
  const scope = scopeOf(fiscalYear, source, ledger?.period, fund.fundId);
  const groups = await bva.ledgerGroups(trx, scope, by, rowsPage);
  const filter = {
    unmatchedOnly: listed === 'unmatched',
    group: group === null ? undefined : { by, key: group },
  };
  const accounts =
    listed === 'none' ? { rows: [], total: 0 } : await acc.ledgerAccounts(trx, scope, filter, accountsPage);
  const lines = await acc.linesWithoutAccount(trx, scope);
  const setAside = await setAsidePage(trx, fiscalYear, SET_ASIDE_LISTED);
  const lineCount = source ? await src.countBudgetLines(trx, source.id, fiscalYear, fund.fundId) : 0;
  const names = await src.groupNames(trx);
  const parts = await fundParts(trx, scope, seesPay ? null : await peopleByFunction(trx, scope));
  const { withheldFunds, ...byFund } = parts;
  const fundWithheld = reportFundWithheld(fund, withheldFunds);
  const totalRow = groups.total;
  const hidden = seesPay ? new Set<string>() : await withheldGroupKeys(trx, scope, by, fundWithheld);
  const shownLines = await linesWithoutAccountShown(trx, scope, lines, fund, seesPay, fundWithheld);
  const totals = shownTotals(seesPay, fundWithheld, figuresOf(totalRow));
  const report: LedgerReport = {
    fiscalYear,
    by,
    accountsListed: listed,
    group,
    fund,
    ...byFund,
    ledger: ledger
      ? {
          importId: ledger.id,
          period: ledger.period,
          periodsElapsed: scope.periodsElapsed,
          fileName: ledger.file_name,
          importedAt: new Date(ledger.created_at).toISOString(),
          importedBy: ledger.user_name,
          accountPattern: ledger.account_pattern,
        }
      : null,
    budgetSource: source ? { budgetYearId: source.id, budgetYear: source.label, lineCount } : null,
    projectionRule: projectionRule(ledger?.period ?? null),
    matchRule: MATCH_RULE,
    totals,
    // The page's rows come in the order shown (SQL sorts them); only their labels are made here.
    rows: groups.rows.map((g) => shownGroup(hidden, groupOf(by, g, names))),
    rowsPage: { ...rowsPage, total: groups.groupCount },
    accounts: accounts.rows.map((a) => shownAccount(hidden, by, accountOf(a))),
    accountsPage: { ...accountsPage, total: accounts.total },
    unmatchedAccountCount: totalRow.unmatched_account_count,
    linesWithoutAccount: shownLines.lines,
    payWithheld:
      hidden.size ||
      shownLines.any ||
      byFund.unmatchedFund.accounts.some((a) => a.expended === null) ||
      byFund.fundTotals.some((f) => f.budget === null) ||
      totals.expended === null
        ? PAY_WITHHELD_NOTE
        : null,
    setAside: setAside.rows,
    setAsideCount: setAside.total,
  };
  return { report, scope, names, accountCount: totalRow.account_count, hidden };
}

/**
 * Spent to date against budget for one fiscal year, for the dashboard's card: aggregates only (no
 * account or line), so it is read with the dashboard's permission.
 */
export async function ledgerSummary(
  app: AppContext,
  actor: Actor,
  query: { fiscalYear: number },
): Promise<LedgerSummary> {
  authorize(actor, 'dashboard.read');
  const { fiscalYear } = query;
  const ledger = await q.findCurrentImportInfo(app.db, fiscalYear);
  const source = await src.budgetYearForFiscalYear(app.db, fiscalYear);
  // One aggregate statement over the ledger: no group or account is read into the server.
  const total = await app.db.transaction(async (trx) => {
    await bva.planForLedger(trx);
    return bva.ledgerTotals(trx, scopeOf(fiscalYear, source, ledger?.period));
  });
  const x = figuresOf(total);
  return {
    fiscalYear,
    hasLedger: Boolean(ledger),
    period: ledger?.period ?? null,
    budget: x.budget,
    revisedBudget: x.revisedBudget,
    expended: x.expended,
    encumbered: x.encumbered,
    available: x.available,
    percentUsed: x.percentUsed,
    projectedYearEnd: x.projectedYearEnd,
    overBudget: x.overBudget,
    projectedOver: x.projectedOver,
    flaggedCategories: total.flagged,
  };
}
