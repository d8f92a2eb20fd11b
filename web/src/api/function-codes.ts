import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DeseReport } from '@shared/schemas/dese-report';
import type {
  ApplyRulesBody,
  FunctionCodeRule,
  RuleBody,
  UnmappedCodes,
  applyRulesResponse,
  bulkFunctionCodeResponse,
} from '@shared/schemas/function-codes';
import { useInvalidateBudgetData } from '@web/api/budget-data';
import { api } from '@web/api/client';
import { downloadServerFile } from '@web/lib/export';

export type { DeseReport, FunctionCodeRule, RuleBody, UnmappedCodes };
export type ApplyRulesResult = z.infer<typeof applyRulesResponse>;

export interface YearScope {
  budgetYearId: number;
  fiscalYear: number;
}

/**
 * Under budget-data roots: the rules' line counts, the unmapped lines and the report all move with
 * the lines, so any budget-data change refreshes them.
 */
export const functionCodeKeys = {
  rules: () => ['line-items', 'function-code-rules'] as const,
  unmapped: (s: YearScope) => ['dashboard', 'function-codes-unmapped', s.budgetYearId, s.fiscalYear] as const,
  report: (s: YearScope) => ['dashboard', 'dese-report', s.budgetYearId, s.fiscalYear] as const,
};

export const functionCodesApi = {
  rules: () => api.get<{ rules: FunctionCodeRule[] }>('/function-codes/rules'),
  createRule: (body: RuleBody) => api.post<{ rule: FunctionCodeRule }>('/function-codes/rules', body),
  updateRule: (id: number, body: RuleBody) =>
    api.put<{ rule: FunctionCodeRule }>(`/function-codes/rules/${id}`, body),
  deleteRule: (id: number) => api.delete<{ message: string }>(`/function-codes/rules/${id}`),
  apply: (body: ApplyRulesBody) => api.post<ApplyRulesResult>('/function-codes/rules/apply', body),
  unmapped: (s: YearScope) => api.get<UnmappedCodes>('/function-codes/unmapped', { query: { ...s } }),
  report: (s: YearScope) => api.get<DeseReport>('/dese-report', { query: { ...s } }),
  bulkSet: (itemIds: number[], functionCode: string) =>
    api.post<z.infer<typeof bulkFunctionCodeResponse>>('/line-items/bulk-function-code', {
      itemIds,
      functionCode,
    }),
};

export function useFunctionCodeRules(enabled = true) {
  return useQuery({ queryKey: functionCodeKeys.rules(), queryFn: functionCodesApi.rules, enabled });
}

export function useUnmappedCodes(scope: YearScope | null) {
  return useQuery({
    queryKey: functionCodeKeys.unmapped(scope ?? { budgetYearId: 0, fiscalYear: 0 }),
    queryFn: () => functionCodesApi.unmapped(scope!),
    enabled: scope !== null,
  });
}

export function useDeseReport(scope: YearScope | null) {
  return useQuery({
    queryKey: functionCodeKeys.report(scope ?? { budgetYearId: 0, fiscalYear: 0 }),
    queryFn: () => functionCodesApi.report(scope!),
    enabled: scope !== null,
  });
}

/** Saves a rule (new, or replacing rule `id`); lines are unchanged until the rules are applied. */
export function useSaveRule() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: RuleBody }) =>
      id === null ? functionCodesApi.createRule(body) : functionCodesApi.updateRule(id, body),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteRule() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({ mutationFn: functionCodesApi.deleteRule, onSuccess: () => invalidate() });
}

export function useApplyRules() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({
    mutationFn: functionCodesApi.apply,
    onSuccess: (result) => {
      if (!result.dryRun) {
        invalidate();
      }
    },
  });
}

/** Downloads the report's workbook (built by the server, every total a formula). */
export function useDownloadDeseReport() {
  return useMutation({
    mutationFn: (s: YearScope) =>
      downloadServerFile(
        `/dese-report.xlsx?budgetYearId=${s.budgetYearId}&fiscalYear=${s.fiscalYear}`,
        'DESE-report.xlsx',
      ),
  });
}
