import type { AppContext } from '@server/context';
import { notFound } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import * as bva from '@server/queries/budget-vs-actual';
import { setAsideRows } from '@server/queries/ledger-accounts';
import * as q from '@server/queries/ledger-imports';
import {
  DEFAULT_ACCOUNT_LIST,
  NO_KEY,
  type ActualsAccountList,
  type ActualsFigures,
  type ActualsGroup,
  type ActualsGrouping,
  type ActualsReport,
  type ActualsSummary,
} from '@server/schemas/actuals';
import { ledgerPeriodText, PERIODS_PER_YEAR } from '@server/schemas/actuals-import';
import { fiscalYearLabel } from '@server/schemas/fiscal-year';
import { deseCodes } from './dese-codes';
import { requireBudgetYear } from './fiscal-years';

export const MATCH_RULE =
  "A proposed line belongs to the ledger account whose account string equals its Account Number (trimmed, any case). An account's category is its lines' category, else the budget category whose DESE function is the account's function code; its building is the one its LOC segment names, else its lines'. A line's DESE function is its own code, else its account's. Each line and account is counted once, so every view has the same totals.";

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

export function figuresOf(r: bva.FiguresRow): ActualsFigures {
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

type Names = Awaited<ReturnType<typeof bva.groupNames>>;

function labelOf(by: ActualsGrouping, row: bva.GroupRow, names: Names): { label: string; order: string } {
  const key = row.key ?? NO_KEY;
  if (key === NO_KEY) {
    const none = {
      category: 'No category',
      function: 'No DESE function code',
      building: 'District Wide',
      account: 'Budget lines with no ledger account',
    }[by];
    return { label: none, order: '\uffff' };
  }
  if (by === 'category') {
    const i = names.categories.findIndex((c) => String(c.id) === key);
    return { label: names.categories[i]?.name ?? `Category ${key}`, order: String(i).padStart(6, '0') };
  }
  if (by === 'function') {
    const name = deseCodes().get(key)?.name;
    return { label: name ? `${key} ${name}` : `${key} (not a DESE function code)`, order: key };
  }
  if (by === 'building') {
    const name = names.buildings.find((b) => String(b.id) === key)?.name ?? `Building ${key}`;
    return { label: name, order: name.toLowerCase() };
  }
  return { label: row.first_description ? `${key} ${row.first_description}` : key, order: key };
}

/** Which budget year's proposed lines are the year's budget, or null. */
async function budgetSource(app: AppContext, fiscalYear: number, budgetYearId?: number) {
  if (budgetYearId !== undefined) {
    const year = await requireBudgetYear(app.db, budgetYearId, 'budgetYearId');
    return { id: year.id, label: year.fiscal_year };
  }
  return bva.budgetYearForFiscalYear(app.db, fiscalYear);
}

/** 404 unless the fiscal year exists (a budget year names it or holds lines of it). */
async function requireFiscalYear(app: AppContext, fiscalYear: number): Promise<void> {
  // A year whose ledger was imported stays readable after its budget year moves on.
  if (
    !(await q.fiscalYearExists(app.db, fiscalYear)) &&
    !(await q.findCurrentImportInfo(app.db, fiscalYear))
  ) {
    throw notFound(`Fiscal year ${fiscalYearLabel(fiscalYear)}`);
  }
}

/** What a report is asked for: GET /actuals/report's query (accounts: DEFAULT_ACCOUNT_LIST when absent). */
export interface BudgetVsActualQuery {
  fiscalYear: number;
  by: ActualsGrouping;
  budgetYearId?: number;
  accounts?: ActualsAccountList;
  /** Only this group's accounts (a row's key under `by`). */
  group?: string;
}

/**
 * Budget vs actual for a fiscal year (GET /actuals/report, `budget-cli actuals report`): each group
 * of the chosen view, the accounts asked for (every one by default; none, those no line names, or
 * one group's for a drill-down), how many accounts no line names, the lines that name no account,
 * and the rows set aside at import, read in one snapshot. The groups and totals never depend on
 * which accounts are listed.
 */
export async function budgetVsActual(
  app: AppContext,
  actor: Actor,
  query: BudgetVsActualQuery,
): Promise<ActualsReport> {
  authorize(actor, 'budgetVsActual.read');
  const { fiscalYear, by } = query;
  const listed = query.accounts ?? DEFAULT_ACCOUNT_LIST;
  const group = query.group ?? null;
  await requireFiscalYear(app, fiscalYear);
  const source = await budgetSource(app, fiscalYear, query.budgetYearId);
  const read = await app.db.transaction(
    async (trx) => {
      const ledger = await q.findCurrentImportInfo(trx, fiscalYear);
      const scope: bva.ActualsScope = {
        fiscalYear,
        budgetYearId: source?.id ?? null,
        periodsElapsed: Math.min(ledger?.period ?? PERIODS_PER_YEAR, PERIODS_PER_YEAR),
      };
      return {
        ledger,
        scope,
        groups: await bva.actualsGroups(trx, scope, by),
        accounts:
          listed === 'none'
            ? []
            : await bva.actualsAccounts(trx, scope, {
                unmatchedOnly: listed === 'unmatched',
                group: group === null ? undefined : { by, key: group },
              }),
        lines: await bva.linesWithoutAccount(trx, scope),
        setAside: await setAsideRows(trx, fiscalYear),
        lineCount: source ? await bva.countBudgetLines(trx, source.id, fiscalYear) : 0,
        names: await bva.groupNames(trx),
      };
    },
    { isolationLevel: 'repeatable read' },
  );
  const { ledger, scope } = read;
  const totalRow = read.groups.find((g) => g.is_total)!;
  const rows: (ActualsGroup & { order: string })[] = read.groups
    .filter((g) => !g.is_total)
    .map((g) => ({
      key: g.key ?? NO_KEY,
      ...labelOf(by, g, read.names),
      accountCount: g.account_count,
      lineCount: g.line_count,
      ...figuresOf(g),
    }))
    .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
  const names = deseCodes();
  const accounts = read.accounts.map((a) => ({
    id: a.id,
    row: a.row_number,
    account: a.account,
    description: a.description,
    functionCode: a.function_code,
    functionName: a.function_code ? (names.get(a.function_code)?.name ?? null) : null,
    objectCode: a.object_code,
    locationCode: a.location_code,
    categoryId: a.category_id,
    categoryName: a.category_name,
    buildingId: a.building_id,
    buildingName: a.building_name,
    matchedLineCount: a.line_count,
    warnings: a.warnings,
    ...figuresOf(a),
  }));
  return {
    fiscalYear,
    by,
    accountsListed: listed,
    group,
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
    budgetSource: source
      ? { budgetYearId: source.id, budgetYear: source.label, lineCount: read.lineCount }
      : null,
    projectionRule: projectionRule(ledger?.period ?? null),
    matchRule: MATCH_RULE,
    totals: figuresOf(totalRow),
    rows: rows.map(({ order: _order, ...row }) => row),
    accounts,
    unmatchedAccountCount: totalRow.unmatched_account_count,
    linesWithoutAccount: read.lines.map((l) => ({
      id: l.id,
      description: l.description,
      accountLine: l.account_line,
      deseCode: l.dese_code,
      categoryName: l.category_name,
      buildingName: l.building_name,
      amount: l.amount,
      reason: l.account_line ? 'its account number is not in the ledger' : 'no account number',
    })),
    setAside: read.setAside,
  };
}

/**
 * Spent to date against budget for one fiscal year, for the dashboard's card: aggregates only (no
 * account or line), so it is read with the dashboard's permission.
 */
export async function actualsSummary(
  app: AppContext,
  actor: Actor,
  query: { fiscalYear: number },
): Promise<ActualsSummary> {
  authorize(actor, 'dashboard.read');
  const { fiscalYear } = query;
  const ledger = await q.findCurrentImportInfo(app.db, fiscalYear);
  const source = await bva.budgetYearForFiscalYear(app.db, fiscalYear);
  const scope: bva.ActualsScope = {
    fiscalYear,
    budgetYearId: source?.id ?? null,
    periodsElapsed: Math.min(ledger?.period ?? PERIODS_PER_YEAR, PERIODS_PER_YEAR),
  };
  const groups = await bva.actualsGroups(app.db, scope, 'category');
  const total = figuresOf(groups.find((g) => g.is_total)!);
  return {
    fiscalYear,
    hasLedger: Boolean(ledger),
    period: ledger?.period ?? null,
    budget: total.budget,
    revisedBudget: total.revisedBudget,
    expended: total.expended,
    encumbered: total.encumbered,
    available: total.available,
    percentUsed: total.percentUsed,
    projectedYearEnd: total.projectedYearEnd,
    overBudget: total.overBudget,
    projectedOver: total.projectedOver,
    flaggedCategories: groups.filter((g) => !g.is_total && (g.over_budget || g.projected_over)).length,
  };
}
