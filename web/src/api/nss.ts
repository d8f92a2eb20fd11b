import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  importFiguresResponse,
  NssMeter,
  PerPupil,
  StateFigures,
  StateFiguresInput,
  stateFiguresListResponse,
  stateFiguresResponse,
} from '@shared/schemas/nss';
import { api } from '@web/api/client';
import { historyKeys } from '@web/api/history';
import type { FundChoice } from '@shared/schemas/fund-words';

export type { NssMeter, PerPupil, StateFigures, StateFiguresInput };
export type StateFiguresList = z.infer<typeof stateFiguresListResponse>;
export type ImportFiguresResult = z.infer<typeof importFiguresResponse>;

/**
 * Chapter 70 net school spending: the meter, per-pupil spending and the state figures. The keys sit
 * under 'dashboard', a budget-data root (budget-data.ts): the meter is computed from the budget's
 * lines, so any change of budget data refreshes it; saving state figures refreshes them all.
 */
export const nssKeys = {
  all: ['dashboard', 'nss'] as const,
  meter: (budgetYearId: number, fiscalYear: number) =>
    [...nssKeys.all, 'meter', budgetYearId, fiscalYear] as const,
  /** A cut scenario's meter; `settled` names the scenario's saved state (its summary's figures). */
  scenarioMeter: (budgetYearId: number, fiscalYear: number, scenarioId: number | null, settled: string) =>
    [...nssKeys.all, 'scenario-meter', budgetYearId, fiscalYear, scenarioId ?? 0, settled] as const,
  perPupil: (budgetYearId: number, fiscalYear: number, funds: FundChoice = 'all') =>
    [...nssKeys.all, 'per-pupil', budgetYearId, fiscalYear, funds] as const,
  figures: () => [...nssKeys.all, 'figures'] as const,
};

export const nssApi = {
  meter: (budgetYearId: number, fiscalYear: number, signal?: AbortSignal) =>
    api.get<NssMeter>('/nss/meter', { query: { budgetYearId, fiscalYear }, signal }),
  scenarioMeter: (
    body: { scenarioId: number } | { budgetYearId: number; fiscalYear: number },
    signal?: AbortSignal,
  ) => api.post<NssMeter>('/nss/meter/scenario', body, { signal }),
  perPupil: (budgetYearId: number, fiscalYear: number, funds: FundChoice, signal?: AbortSignal) =>
    api.get<PerPupil>('/nss/per-pupil', { query: { budgetYearId, fiscalYear, funds }, signal }),
  figures: () => api.get<StateFiguresList>('/nss/state-figures'),
  save: (fiscalYear: number, body: StateFiguresInput) =>
    api.put<z.infer<typeof stateFiguresResponse>>(`/nss/state-figures/${fiscalYear}`, body),
  remove: (fiscalYear: number) => api.delete<{ message: string }>(`/nss/state-figures/${fiscalYear}`),
  import: (body: { csv: string; dryRun?: boolean }) =>
    api.post<ImportFiguresResult>('/nss/state-figures/import', body),
};

/** The year's meter (the dashboard's budget). */
export function useNssMeter(scope: { budgetYearId: number; fiscalYear: number } | null) {
  return useQuery({
    queryKey: nssKeys.meter(scope?.budgetYearId ?? 0, scope?.fiscalYear ?? 0),
    queryFn: ({ signal }) => nssApi.meter(scope!.budgetYearId, scope!.fiscalYear, signal),
    enabled: scope !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * A cut scenario's meter, from the server, for the scenario as saved: `settled` changes whenever
 * the Scenario Builder's cards settle on a new saved summary, so each slider let go is fetched once.
 */
export function useScenarioNssMeter(
  budgetYearId: number | undefined,
  fiscalYear: number | undefined,
  scenarioId: number | null,
  settled: string | null,
) {
  return useQuery({
    queryKey: nssKeys.scenarioMeter(budgetYearId ?? 0, fiscalYear ?? 0, scenarioId, settled ?? ''),
    queryFn: ({ signal }) =>
      nssApi.scenarioMeter(
        scenarioId !== null ? { scenarioId } : { budgetYearId: budgetYearId!, fiscalYear: fiscalYear! },
        signal,
      ),
    enabled: Boolean(budgetYearId && fiscalYear) && settled !== null,
    placeholderData: keepPreviousData,
  });
}

/** Per-pupil spending of every fund's lines, or (funds 'general') the general fund's alone. */
export function usePerPupil(scope: { budgetYearId: number; fiscalYear: number; funds?: FundChoice } | null) {
  const funds = scope?.funds ?? 'all';
  return useQuery({
    queryKey: nssKeys.perPupil(scope?.budgetYearId ?? 0, scope?.fiscalYear ?? 0, funds),
    queryFn: ({ signal }) => nssApi.perPupil(scope!.budgetYearId, scope!.fiscalYear, funds, signal),
    enabled: scope !== null,
    placeholderData: keepPreviousData,
  });
}

export function useStateFigures() {
  return useQuery({ queryKey: nssKeys.figures(), queryFn: nssApi.figures });
}

/** After any write of state figures every meter and per-pupil figure is stale, and their history. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: nssKeys.all }),
      queryClient.invalidateQueries({ queryKey: [...historyKeys.all, 'nss-state-figures'] }),
    ]);
}

export function useSaveStateFigures() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ fiscalYear, body }: { fiscalYear: number; body: StateFiguresInput }) =>
      nssApi.save(fiscalYear, body),
    onSuccess: refresh,
  });
}

export function useDeleteStateFigures() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: nssApi.remove, onSuccess: refresh });
}

export function useImportStateFigures() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: nssApi.import,
    onSuccess: (result) => (result.dryRun ? undefined : refresh()),
  });
}
