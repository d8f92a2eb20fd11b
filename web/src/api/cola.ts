import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ColaCalculation,
  MultiYearProjection,
  RifCalculation,
  RifGapBody,
} from '@shared/schemas/cola-calc';
import type { Base } from '@shared/schemas/ledger-base';
import type { PlanningDefaults } from '@shared/schemas/planning-defaults';
import type { ColaScenario as Scenario, SaveLongTermBody } from '@shared/schemas/cola-scenarios';
import type { SalaryLinesLocked } from '@shared/schemas/reconciliation';
import { useInvalidateBudgetData } from '@web/api/budget-data';
import { api } from '@web/api/client';
import type {
  ColaScenario,
  ColaSetting,
  Contract,
  ContractBody,
  ContractSaved,
  SettingsSaved,
} from './cola-types';

export type * from './cola-types';
export type {
  ColaCalculation,
  MultiYearProjection,
  PlanningDefaults,
  RifCalculation,
  RifGapBody,
  SaveLongTermBody,
};

/** GET /cola/planning-defaults' parameters: the selected budget year, and the year planned. */
export interface PlanningDefaultsParams {
  budgetYearId?: number;
  fiscalYear?: number;
  /** The baseline: last year's budget (the default) or its actual spending. */
  basis?: Base;
}

/** GET /cola/multi-year-projection's parameters (blank ones are left out of the query string). */
export interface MultiYearParams {
  startYear: number;
  endYear: number;
  scenarioId?: number;
  baselineBudget?: number;
  /** What a left-out baselineBudget is taken from: last year's budget (the default) or actual spending. */
  baselineBasis?: Base;
  townFunding?: number;
  budgetYearId?: number;
}

/**
 * COLA Management. Every key sits under 'projections': contracts, COLA settings and the
 * calculations are projections of the payroll, so any change of budget data (a line edit, an
 * import) refreshes them, and a COLA change (which moves stored next-year salaries) says 'budget
 * data changed' for everything else.
 */
export const colaKeys = {
  all: ['projections', 'cola'] as const,
  contracts: () => [...colaKeys.all, 'contracts'] as const,
  scenarios: () => [...colaKeys.all, 'scenarios'] as const,
  settings: (scenarioId: number) => [...colaKeys.all, 'settings', scenarioId] as const,
  rifHistory: () => [...colaKeys.all, 'rif-calculations'] as const,
  multiYear: (p: MultiYearParams) =>
    [
      ...colaKeys.all,
      'multi-year',
      p.startYear,
      p.endYear,
      p.scenarioId ?? 0,
      p.baselineBudget ?? '',
      p.baselineBasis ?? 'budget',
      p.townFunding ?? '',
      p.budgetYearId ?? 0,
    ] as const,
  planningDefaults: (p: PlanningDefaultsParams) =>
    [
      ...colaKeys.all,
      'planning-defaults',
      p.budgetYearId ?? 0,
      p.fiscalYear ?? 0,
      p.basis ?? 'budget',
    ] as const,
};

/** A write that re-prices next-year salaries: the locked salary lines' note, when they do not have it. */
type Noted = { salaryLines?: SalaryLinesLocked };

export const colaApi = {
  contracts: () => api.get<{ contracts: Contract[] }>('/cola/contracts'),
  createContract: (body: ContractBody) => api.post<ContractSaved>('/cola/contracts', body),
  updateContract: (id: number, body: ContractBody) => api.put<ContractSaved>(`/cola/contracts/${id}`, body),
  deleteContract: (id: number) =>
    api.delete<{ message: string; recomputedLines: number } & Noted>(`/cola/contracts/${id}`),
  scenarios: () => api.get<{ scenarios: ColaScenario[] }>('/cola/scenarios'),
  createScenario: (body: { name: string; description?: string }) =>
    api.post<{ scenario: ColaScenario }>('/cola/scenarios', body),
  setDefault: (id: number) =>
    api.post<{ scenario: ColaScenario; recomputedLines: number } & Noted>(
      `/cola/scenarios/${id}/set-default`,
    ),
  saveLongTerm: (id: number, body: SaveLongTermBody) =>
    api.put<{ scenario: Scenario; recomputedLines: number } & Noted>(`/cola/scenarios/${id}/long-term`, body),
  planningDefaults: (p: PlanningDefaultsParams) =>
    api.get<PlanningDefaults>('/cola/planning-defaults', { query: { ...p } }),
  settings: (scenarioId: number) =>
    api.get<{ settings: ColaSetting[] }>('/cola/settings', { query: { scenarioId } }),
  saveSettings: (body: {
    scenarioId: number;
    settings: { workGroupCategoryId: number; fiscalYear: number; colaPercentage: number }[];
  }) => api.post<SettingsSaved>('/cola/settings', body),
  calculate: (body: { scenarioId: number; startYear?: number; endYear?: number }) =>
    api.post<ColaCalculation>('/cola/calculate', body),
  calculateRif: (body: RifGapBody) =>
    api.post<{ calculation: RifCalculation }>('/cola/calculate-rif-gap', body),
  rifHistory: () =>
    api.get<{ calculations: RifCalculation[] }>('/cola/rif-calculations', { query: { limit: 10 } }),
  multiYear: (p: MultiYearParams) =>
    api.get<MultiYearProjection>('/cola/multi-year-projection', { query: { ...p } }),
};

export function useContracts() {
  return useQuery({ queryKey: colaKeys.contracts(), queryFn: colaApi.contracts });
}

/** Saving or deleting a contract moves its work group's stored next-year salaries. */
export function useSaveContract() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ContractBody }) =>
      id === null ? colaApi.createContract(body) : colaApi.updateContract(id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteContract() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({ mutationFn: colaApi.deleteContract, onSuccess: invalidate });
}

export function useColaScenarios() {
  return useQuery({ queryKey: colaKeys.scenarios(), queryFn: colaApi.scenarios });
}

export function useCreateColaScenario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: colaApi.createScenario,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: colaKeys.scenarios() }),
  });
}

/** The default scenario fills next-year salaries where no contract covers the year. */
export function useSetDefaultScenario() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({ mutationFn: colaApi.setDefault, onSuccess: invalidate });
}

export function useColaSettings(scenarioId: number | null) {
  return useQuery({
    queryKey: colaKeys.settings(scenarioId ?? 0),
    queryFn: () => colaApi.settings(scenarioId!),
    enabled: scenarioId !== null,
  });
}

export function useSaveColaSettings() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({ mutationFn: colaApi.saveSettings, onSuccess: invalidate });
}

/** POST /cola/calculate reads only: nothing to refresh afterwards. */
export function useColaCalculation() {
  return useMutation({ mutationFn: colaApi.calculate });
}

/** A RIF calculation is saved: the saved list gains it (budget data itself is unchanged). */
export function useCalculateRif() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: colaApi.calculateRif,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: colaKeys.rifHistory() }),
  });
}

export function useRifHistory() {
  return useQuery({ queryKey: colaKeys.rifHistory(), queryFn: colaApi.rifHistory });
}

/** The projection once its inputs are known (null: not yet, e.g. while the defaults load). */
export function useMultiYearProjection(params: MultiYearParams | null) {
  return useQuery({
    queryKey: colaKeys.multiYear(params ?? { startYear: 0, endYear: 0 }),
    queryFn: () => colaApi.multiYear(params!),
    enabled: params !== null,
  });
}

/** What the planning tools open with: the district's own budget and town goal, with their sources. */
export function usePlanningDefaults(params: PlanningDefaultsParams, enabled = true) {
  return useQuery({
    queryKey: colaKeys.planningDefaults(params),
    queryFn: () => colaApi.planningDefaults(params),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** The long-term COLA assumption of the default scenario moves stored next-year salaries. */
export function useSaveLongTerm() {
  const invalidate = useInvalidateBudgetData();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SaveLongTermBody }) => colaApi.saveLongTerm(id, body),
    onSuccess: invalidate,
  });
}
