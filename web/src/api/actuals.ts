import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActualsAccount,
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

/** Query keys: under 'actuals', a budget-data root (the budget side is the proposed lines). */
export const actualsKeys = {
  all: ['actuals'] as const,
  report: (fiscalYear: number, by: ActualsGrouping) =>
    [...actualsKeys.all, 'report', fiscalYear, by] as const,
  summary: (fiscalYear: number) => [...actualsKeys.all, 'summary', fiscalYear] as const,
  imports: (fiscalYear?: number) => [...actualsKeys.all, 'imports', fiscalYear ?? 'all'] as const,
  pattern: () => [...actualsKeys.all, 'account-pattern'] as const,
};

export const actualsApi = {
  report: (fiscalYear: number, by: ActualsGrouping) =>
    api.get<ActualsReport>('/actuals/report', { query: { fiscalYear, by } }),
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

export function useActualsReport(fiscalYear: number | null, by: ActualsGrouping) {
  return useQuery({
    queryKey: actualsKeys.report(fiscalYear ?? 0, by),
    queryFn: () => actualsApi.report(fiscalYear!, by),
    enabled: fiscalYear !== null,
  });
}

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
