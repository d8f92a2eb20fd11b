import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActualsAccount,
  ActualsAccountList,
  ActualsGroup,
  ActualsGrouping,
  ActualsReport,
  ActualsSummary,
  LineWithoutAccount,
  SetAsideRow,
} from '@server/schemas/actuals';
import type {
  AccountPatternInfo,
  LedgerAnalysis,
  LedgerExecuteBody,
  LedgerImport,
  LedgerImportResult,
  LedgerRow,
} from '@server/schemas/actuals-import';
import { invalidateBudgetData } from '@web/api/budget-data';
import { api } from '@web/api/client';

export type {
  AccountPatternInfo,
  ActualsAccount,
  ActualsGroup,
  ActualsGrouping,
  ActualsReport,
  ActualsSummary,
  LedgerAnalysis,
  LedgerImport,
  LedgerImportResult,
  LedgerRow,
  LineWithoutAccount,
  SetAsideRow,
};

/** The body the wizard sends: the fiscal year as the integer it chose. */
export type LedgerExecuteRequest = Omit<LedgerExecuteBody, 'fiscalYear'> & { fiscalYear: number };

/**
 * Query keys: under 'actuals', a budget-data root (the budget side is the proposed lines). A report
 * is keyed by the accounts it lists: the screen's (none), one group's (the drill-down), the
 * unmatched ones, or every one (the export).
 */
export const actualsKeys = {
  all: ['actuals'] as const,
  report: (fiscalYear: number, by: ActualsGrouping) =>
    [...actualsKeys.all, 'report', fiscalYear, by] as const,
  groupAccounts: (fiscalYear: number, by: ActualsGrouping, group: string) =>
    [...actualsKeys.report(fiscalYear, by), 'group', group] as const,
  unmatchedAccounts: (fiscalYear: number) =>
    [...actualsKeys.all, 'report', fiscalYear, 'unmatched-accounts'] as const,
  fullReport: (fiscalYear: number, by: ActualsGrouping) =>
    [...actualsKeys.report(fiscalYear, by), 'all-accounts'] as const,
  summary: (fiscalYear: number) => [...actualsKeys.all, 'summary', fiscalYear] as const,
  imports: (fiscalYear?: number) => [...actualsKeys.all, 'imports', fiscalYear ?? 'all'] as const,
  pattern: () => [...actualsKeys.all, 'account-pattern'] as const,
};

export const actualsApi = {
  report: (fiscalYear: number, by: ActualsGrouping, accounts: ActualsAccountList, group?: string) =>
    api.get<ActualsReport>('/actuals/report', { query: { fiscalYear, by, accounts, group } }),
  summary: (fiscalYear: number) => api.get<ActualsSummary>('/actuals/summary', { query: { fiscalYear } }),
  imports: (fiscalYear?: number) =>
    api.get<{ imports: LedgerImport[] }>('/actuals/imports', { query: { fiscalYear } }),
  pattern: () => api.get<AccountPatternInfo>('/actuals/account-pattern'),
  analyze: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.post<LedgerAnalysis>('/actuals/import/analyze', form);
  },
  execute: (body: LedgerExecuteRequest) => api.post<LedgerImportResult>('/actuals/import/execute', body),
};

/** The report as the screen shows it: groups, totals and what matches nothing, no account listed. */
export function useActualsReport(fiscalYear: number | null, by: ActualsGrouping) {
  return useQuery({
    queryKey: actualsKeys.report(fiscalYear ?? 0, by),
    queryFn: () => actualsApi.report(fiscalYear!, by, 'none'),
    enabled: fiscalYear !== null,
  });
}

/** One group's accounts (a row's key under `by`), read when the row is opened. */
export function useActualsGroupAccounts(fiscalYear: number, by: ActualsGrouping, group: string | null) {
  return useQuery({
    queryKey: actualsKeys.groupAccounts(fiscalYear, by, group ?? ''),
    queryFn: () => actualsApi.report(fiscalYear, by, 'all', group!),
    select: (r) => r.accounts,
    enabled: group !== null,
  });
}

/** The accounts no proposed line names, read when their list is opened. */
export function useUnmatchedAccounts(fiscalYear: number) {
  return useQuery({
    queryKey: actualsKeys.unmatchedAccounts(fiscalYear),
    // Any grouping lists the same accounts: the default one.
    queryFn: () => actualsApi.report(fiscalYear, 'category', 'unmatched'),
    select: (r) => r.accounts,
  });
}

/**
 * The report with every account, for the workbook export: fetched when someone exports, and not
 * kept afterwards (tens of megabytes at tens of thousands of accounts).
 */
export const fullActualsReportQuery = (fiscalYear: number, by: ActualsGrouping) => ({
  queryKey: actualsKeys.fullReport(fiscalYear, by),
  queryFn: () => actualsApi.report(fiscalYear, by, 'all'),
  gcTime: 0,
});

export function useActualsSummary(fiscalYear: number | null) {
  return useQuery({
    queryKey: actualsKeys.summary(fiscalYear ?? 0),
    queryFn: () => actualsApi.summary(fiscalYear!),
    enabled: fiscalYear !== null,
  });
}

export function useLedgerImports(fiscalYear: number | undefined, enabled = true) {
  return useQuery({
    queryKey: actualsKeys.imports(fiscalYear),
    queryFn: () => actualsApi.imports(fiscalYear),
    enabled,
  });
}

export function useAnalyzeLedger() {
  return useMutation({ mutationFn: (file: File) => actualsApi.analyze(file) });
}

/** Imports a ledger (or dry-runs it); a real import changes what every actuals view shows. */
export function useExecuteLedger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actualsApi.execute,
    onSuccess: (result) => (result.dryRun ? undefined : invalidateBudgetData(queryClient)),
  });
}
