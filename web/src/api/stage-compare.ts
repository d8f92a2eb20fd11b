import { useMutation, useQuery } from '@tanstack/react-query';
import type { StageComparison } from '@shared/schemas/budget-stages-compare';
import { api, type QueryValue } from '@web/api/client';
import { budgetStageKeys } from '@web/api/budget-stages';
import { downloadServerFile } from '@web/lib/export';
import type { FundChoice } from '@shared/schemas/fund-words';

export type { StageComparison };
export type LineChange = StageComparison['lines'][number];
export type BreakdownRow = StageComparison['byCategory'][number];
export type MoneyChange = StageComparison['totals']['proposed'];

/** Two sides of a fiscal year: stage ids, or 'current' for today's working figures. */
export interface CompareParams {
  budgetYearId: number;
  fiscalYear: number;
  from: number | 'current';
  to: number | 'current';
  /** Every fund's lines (left out: all) or the general fund's alone. */
  funds?: FundChoice;
}

/** Under the stages' key: a move, a reopen or any budget-data change refreshes the comparison. */
export const stageCompareKeys = {
  of: (p: CompareParams) => [...budgetStageKeys.all, 'compare', p] as const,
};

const query = (p: CompareParams): Record<string, QueryValue> => ({
  budgetYearId: p.budgetYearId,
  fiscalYear: p.fiscalYear,
  from: p.from,
  to: p.to,
  funds: p.funds ?? 'all',
});

export function useStageComparison(params: CompareParams | null) {
  return useQuery({
    queryKey: stageCompareKeys.of(params ?? { budgetYearId: 0, fiscalYear: 0, from: 0, to: 0 }),
    queryFn: () => api.get<StageComparison>('/budget-stages/compare', { query: query(params!) }),
    enabled: params !== null && params.from !== params.to,
  });
}

/** Downloads the comparison's workbook (built by the server, formulas and all). */
export function useDownloadComparison() {
  return useMutation({
    mutationFn: async (params: CompareParams) => {
      const qs = new URLSearchParams(
        Object.entries(query(params)).map(([k, v]) => [k, String(v)]),
      ).toString();
      await downloadServerFile(`/budget-stages/compare.xlsx?${qs}`, 'stage-comparison.xlsx');
    },
  });
}
