import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LedgerAccount,
  LedgerAccountList,
  LedgerGroup,
  LedgerGrouping,
  LedgerReport,
  LineWithoutAccount,
  SetAsideRow,
} from '@shared/schemas/ledger';
import type { LedgerSummary } from '@shared/schemas/ledger-summary';
import type { LedgerFund } from '@shared/schemas/ledger-fund';
import type {
  AccountPatternInfo,
  LedgerAnalysis,
  LedgerExecuteBody,
  LedgerImport,
  LedgerImportResult,
  LedgerRow,
} from '@shared/schemas/ledger-import';
import { invalidateBudgetData } from '@web/api/budget-data';
import { api } from '@web/api/client';
import { downloadServerFile } from '@web/lib/export';

export type {
  AccountPatternInfo,
  LedgerAccount,
  LedgerGroup,
  LedgerGrouping,
  LedgerReport,
  LedgerSummary,
  LedgerAnalysis,
  LedgerImport,
  LedgerImportResult,
  LedgerRow,
  LineWithoutAccount,
  SetAsideRow,
};

/**
 * The `fund` a report is asked for: every fund, the general fund, or a fund's id. The screen keeps
 * it as text ('all', 'general', '12'), which is also how it goes into the query string.
 */
export type LedgerFundParam = string;
export const ALL_FUNDS: LedgerFundParam = 'all';
/** The fund a report read, as the param that asks for it again. */
export const fundParamOf = (fund: LedgerFund): LedgerFundParam =>
  fund.scope === 'fund' ? String(fund.fundId) : fund.scope;

/** The body the wizard sends: the fiscal year as the integer it chose. */
export type LedgerExecuteRequest = Omit<LedgerExecuteBody, 'fiscalYear'> & { fiscalYear: number };

/**
 * Query keys: under 'ledger', a budget-data root (the budget side is the proposed lines). A report
 * is keyed by its fund, the page of groups it holds and the accounts it lists: the screen's
 * (none), a page of one group's (the drill-down) or of the unmatched ones. The export is the
 * server's workbook.
 */
export const ledgerKeys = {
  all: ['ledger'] as const,
  report: (fiscalYear: number, by: LedgerGrouping, fund: LedgerFundParam, rowsOffset = 0) =>
    [...ledgerKeys.all, 'report', fiscalYear, by, fund, rowsOffset] as const,
  groupAccounts: (
    fiscalYear: number,
    by: LedgerGrouping,
    fund: LedgerFundParam,
    group: string,
    offset: number,
  ) => [...ledgerKeys.all, 'report', fiscalYear, by, fund, 'group', group, offset] as const,
  unmatchedAccounts: (fiscalYear: number, fund: LedgerFundParam, offset: number) =>
    [...ledgerKeys.all, 'report', fiscalYear, fund, 'unmatched-accounts', offset] as const,
  summary: (fiscalYear: number) => [...ledgerKeys.all, 'summary', fiscalYear] as const,
  imports: (fiscalYear?: number) => [...ledgerKeys.all, 'imports', fiscalYear ?? 'all'] as const,
  pattern: () => [...ledgerKeys.all, 'account-pattern'] as const,
};

/** Groups per page on the screen, and accounts per page of a drill-down. */
export const ROWS_PER_PAGE = 500;
export const ACCOUNTS_PER_PAGE = 100;

interface ReportPage {
  fund: LedgerFundParam;
  accounts: LedgerAccountList;
  group?: string;
  rowsOffset?: number;
  offset?: number;
}

export const ledgerApi = {
  report: (fiscalYear: number, by: LedgerGrouping, page: ReportPage) =>
    api.get<LedgerReport>('/ledger/report', {
      query: {
        fiscalYear,
        by,
        fund: page.fund,
        accounts: page.accounts,
        group: page.group,
        rowsOffset: page.rowsOffset,
        rowsLimit: page.accounts === 'none' ? ROWS_PER_PAGE : 1,
        offset: page.accounts === 'none' ? undefined : page.offset,
        limit: page.accounts === 'none' ? undefined : ACCOUNTS_PER_PAGE,
      },
    }),
  summary: (fiscalYear: number) => api.get<LedgerSummary>('/ledger/summary', { query: { fiscalYear } }),
  imports: (fiscalYear?: number) =>
    api.get<{ imports: LedgerImport[] }>('/ledger/imports', { query: { fiscalYear } }),
  pattern: () => api.get<AccountPatternInfo>('/ledger/account-pattern'),
  analyze: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.post<LedgerAnalysis>('/ledger/import/analyze', form);
  },
  execute: (body: LedgerExecuteRequest) => api.post<LedgerImportResult>('/ledger/import/execute', body),
};

/** The report as the screen shows it: a page of groups, totals and what matches nothing, no account. */
export function useLedgerReport(
  fiscalYear: number | null,
  by: LedgerGrouping,
  fund: LedgerFundParam,
  rowsOffset = 0,
) {
  return useQuery({
    queryKey: ledgerKeys.report(fiscalYear ?? 0, by, fund, rowsOffset),
    queryFn: () => ledgerApi.report(fiscalYear!, by, { fund, accounts: 'none', rowsOffset }),
    enabled: fiscalYear !== null,
    placeholderData: (previous) => previous,
  });
}

/** A page of one group's accounts (a row's key under `by`), read when the row is opened. */
export function useLedgerGroupAccounts(
  fiscalYear: number,
  by: LedgerGrouping,
  fund: LedgerFundParam,
  group: string | null,
  offset: number,
) {
  return useQuery({
    queryKey: ledgerKeys.groupAccounts(fiscalYear, by, fund, group ?? '', offset),
    queryFn: () => ledgerApi.report(fiscalYear, by, { fund, accounts: 'all', group: group!, offset }),
    select: (r) => ({ accounts: r.accounts, page: r.accountsPage }),
    enabled: group !== null,
    placeholderData: (previous) => previous,
  });
}

/** A page of the accounts (of the fund read) no proposed line names, read when their list is opened. */
export function useUnmatchedAccounts(fiscalYear: number, fund: LedgerFundParam, offset: number) {
  return useQuery({
    queryKey: ledgerKeys.unmatchedAccounts(fiscalYear, fund, offset),
    // Any grouping lists the same accounts: the default one.
    queryFn: () => ledgerApi.report(fiscalYear, 'category', { fund, accounts: 'unmatched', offset }),
    select: (r) => ({ accounts: r.accounts, page: r.accountsPage }),
    placeholderData: (previous) => previous,
  });
}

/**
 * Downloads the whole report as the server's workbook (every group, account and row set aside,
 * streamed by the server whatever the ledger's size).
 */
export function useDownloadLedgerWorkbook() {
  return useMutation({
    mutationFn: (s: { fiscalYear: number; by: LedgerGrouping; fund: LedgerFund }) =>
      downloadServerFile(
        `/ledger/report.xlsx?fiscalYear=${s.fiscalYear}&by=${s.by}&fund=${encodeURIComponent(fundParamOf(s.fund))}`,
        // The server's name (ledgerFileName): one fund's workbook names its code.
        `FY${s.fiscalYear}-budget-vs-actual${s.fund.code === null ? '' : `-fund-${s.fund.code}`}-by-${s.by}.xlsx`,
      ),
  });
}

export function useLedgerSummary(fiscalYear: number | null) {
  return useQuery({
    queryKey: ledgerKeys.summary(fiscalYear ?? 0),
    queryFn: () => ledgerApi.summary(fiscalYear!),
    enabled: fiscalYear !== null,
  });
}

export function useLedgerImports(fiscalYear: number | undefined, enabled = true) {
  return useQuery({
    queryKey: ledgerKeys.imports(fiscalYear),
    queryFn: () => ledgerApi.imports(fiscalYear),
    enabled,
  });
}

export function useAnalyzeLedger() {
  return useMutation({ mutationFn: (file: File) => ledgerApi.analyze(file) });
}

/** Imports a ledger (or dry-runs it); a real import changes what every budget vs actual view shows. */
export function useExecuteLedger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ledgerApi.execute,
    onSuccess: (result) => (result.dryRun ? undefined : invalidateBudgetData(queryClient)),
  });
}
