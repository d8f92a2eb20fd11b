import type { SalaryLinesLocked } from '@shared/schemas/reconciliation';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { fiscalYearsResponse } from '@shared/schemas/fiscal-years';
import type {
  budgetTotalsResponse,
  bulkCountResponse,
  bulkDeleteResponse,
  BulkWorkGroupBody,
  CreateEmployeeBody,
  CreateProposedBody,
  deleteLineItemResponse,
  DuplicateCandidate,
  duplicatesResponse,
  dismissDuplicateResponse,
  EmployeeLineItem,
  employeeLineItemResponse,
  employeeLineItemsResponse,
  lineItemResponse,
  mergeDuplicatesResponse,
  PatchLineItemBody,
  ProposedLineItem,
  proposedLineItemResponse,
  UpdateEmployeeBody,
  UpdateProposedBody,
} from '@shared/schemas/line-items';
import type { EMPLOYEE_STATUSES } from '@shared/schemas/common';
import { decodeEmployeeRows, decodeProposedRows, type LineItemRows } from '@shared/schemas/line-item-rows';
import { invalidateBudgetData } from '@web/api/budget-data';
import { api } from '@web/api/client';

export type { DuplicateCandidate, EmployeeLineItem, ProposedLineItem };
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];
export type BudgetTotals = z.infer<typeof budgetTotalsResponse>;
export type BulkDeleteResult = z.infer<typeof bulkDeleteResponse>;
type EmployeeList = { lineItems: EmployeeLineItem[] };
type ProposedList = { lineItems: ProposedLineItem[] };
type AnyLine = EmployeeLineItem | ProposedLineItem;

/** The filters the summary cards share with the grid; sums are computed by the server in SQL. */
export interface TotalsFilter {
  budgetYearId: number;
  fiscalYear: number;
  isOperating: boolean;
  /** A building id, or 'unassigned' for District Wide lines. */
  buildingId?: number | 'unassigned';
  categoryId?: number;
  search?: string;
  employeeStatus?: EmployeeStatus;
  needsReview?: boolean;
  /** A work group as the lines spell it. */
  workGroup?: string;
  /** 'none': lines without a DESE function code. */
  functionCode?: 'none';
  /** The lines a fund pays (a line naming none is the general fund's). */
  fundId?: number;
}

/** Query keys: every line-item read sits under 'line-items', so one invalidation refreshes them all. */
export const lineItemKeys = {
  all: ['line-items'] as const,
  lists: () => [...lineItemKeys.all, 'list'] as const,
  employees: (budgetYearId: number, fiscalYear: number) =>
    [...lineItemKeys.lists(), 'employees', budgetYearId, fiscalYear] as const,
  proposed: (budgetYearId: number, fiscalYear: number) =>
    [...lineItemKeys.lists(), 'proposed', budgetYearId, fiscalYear] as const,
  /** The first lines of a fiscal year (not under lists(): edits never need to reach it). */
  firstEmployees: (budgetYearId: number, fiscalYear: number) =>
    [...lineItemKeys.all, 'first', 'employees', budgetYearId, fiscalYear] as const,
  needsReview: (budgetYearId: number) => [...lineItemKeys.lists(), 'needs-review', budgetYearId] as const,
  totals: (filter?: TotalsFilter) =>
    filter ? ([...lineItemKeys.all, 'totals', filter] as const) : ([...lineItemKeys.all, 'totals'] as const),
  duplicates: (budgetYearId: number) => [...lineItemKeys.all, 'duplicates', budgetYearId] as const,
  fiscalYears: (budgetYearId: number) => [...lineItemKeys.all, 'fiscal-years', budgetYearId] as const,
};

/**
 * A grid's list in the compact form (format=rows: an array of values per line, a third of the
 * object form's bytes), decoded into the same line objects. A server that answers the object form
 * (one older than format=rows) is read as it is.
 */
async function lineList<T>(
  budgetYearId: number,
  fiscalYear: number,
  isOperating: boolean,
  decode: (body: LineItemRows) => T[],
  limit?: number,
): Promise<{ lineItems: T[] }> {
  const body = await api.get<LineItemRows | { lineItems: T[] }>('/line-items/budget', {
    query: { budgetYearId, fiscalYear, isOperating, format: 'rows', ...(limit ? { limit } : {}) },
  });
  return 'lineItems' in body ? body : { lineItems: decode(body) };
}

/** Lines a grid shows first: a few screens' worth, while the whole fiscal year downloads. */
export const FIRST_LINES = 100;

export const lineItemsApi = {
  employees: (budgetYearId: number, fiscalYear: number): Promise<EmployeeList> =>
    lineList(budgetYearId, fiscalYear, true, decodeEmployeeRows),
  firstEmployees: (budgetYearId: number, fiscalYear: number): Promise<EmployeeList> =>
    lineList(budgetYearId, fiscalYear, true, decodeEmployeeRows, FIRST_LINES),
  proposed: (budgetYearId: number, fiscalYear: number): Promise<ProposedList> =>
    lineList(budgetYearId, fiscalYear, false, decodeProposedRows),
  needsReview: (budgetYearId: number) =>
    api.get<z.infer<typeof employeeLineItemsResponse>>('/line-items/budget/needs-review', {
      query: { budgetYearId },
    }),
  totals: (filter: TotalsFilter) =>
    api.get<BudgetTotals>('/line-items/budget/totals', { query: { ...filter } }),
  duplicates: (budgetYearId: number) =>
    api.get<z.infer<typeof duplicatesResponse>>('/line-items/duplicates', { query: { budgetYearId } }),
  fiscalYears: (budgetYearId: number) =>
    api.get<z.infer<typeof fiscalYearsResponse>>('/line-items/fiscal-years', { query: { budgetYearId } }),

  updateEmployee: (id: number, body: UpdateEmployeeBody) =>
    api.patch<z.infer<typeof employeeLineItemResponse>>(`/line-items/budget/${id}`, body),
  setNextYearSalary: (id: number, nextYearSalary: number | null) =>
    api.patch<z.infer<typeof employeeLineItemResponse>>(`/line-items/budget/${id}/next-year-salary`, {
      nextYearSalary,
    }),
  setStatus: (id: number, employeeStatus: EmployeeStatus) =>
    api.patch<z.infer<typeof employeeLineItemResponse>>(`/line-items/budget/${id}/status`, {
      employeeStatus,
    }),
  create: (body: CreateEmployeeBody | CreateProposedBody) =>
    api.post<z.infer<typeof lineItemResponse>>('/line-items', body),
  updateProposed: (id: number, body: UpdateProposedBody) =>
    api.put<z.infer<typeof proposedLineItemResponse>>(`/line-items/${id}`, body),
  patch: (id: number, body: PatchLineItemBody) =>
    api.patch<z.infer<typeof lineItemResponse>>(`/line-items/${id}`, body),
  remove: (id: number) => api.delete<z.infer<typeof deleteLineItemResponse>>(`/line-items/${id}`),
  merge: (keepId: number, deleteId: number) =>
    api.post<z.infer<typeof mergeDuplicatesResponse>>('/line-items/merge-duplicates', { keepId, deleteId }),
  dismiss: (id1: number, id2: number) =>
    api.post<z.infer<typeof dismissDuplicateResponse>>('/line-items/dismiss-duplicate', { id1, id2 }),
  bulkBuilding: (itemIds: number[], buildingId: number | null) =>
    api.post<z.infer<typeof bulkCountResponse>>('/line-items/bulk-update', { itemIds, buildingId }),
  bulkDelete: (itemIds: number[]) => api.post<BulkDeleteResult>('/line-items/bulk-delete', { itemIds }),
  bulkStatus: (itemIds: number[], employeeStatus: EmployeeStatus) =>
    api.post<z.infer<typeof bulkCountResponse>>('/line-items/bulk-status', { itemIds, employeeStatus }),
  bulkWorkGroup: (body: BulkWorkGroupBody) =>
    api.post<z.infer<typeof bulkCountResponse>>('/line-items/bulk-work-group', body),
  bulkCategory: (itemIds: number[], categoryId: number) =>
    api.post<z.infer<typeof bulkCountResponse>>('/line-items/bulk-category', { itemIds, categoryId }),
  /** Proposed lines only (employees are paid through their positions); null is the general fund. */
  bulkFund: (itemIds: number[], fundId: number | null) =>
    api.post<z.infer<typeof bulkCountResponse>>('/line-items/bulk-fund', { itemIds, fundId }),
};

export function useNeedsReview(budgetYearId: number | undefined) {
  return useQuery({
    queryKey: lineItemKeys.needsReview(budgetYearId ?? 0),
    queryFn: () => lineItemsApi.needsReview(budgetYearId!),
    enabled: Boolean(budgetYearId),
  });
}

/** The summary cards' sums; the previous figures stay on screen while a new filter loads. */
export function useLineTotals(filter: TotalsFilter | null) {
  return useQuery({
    queryKey: lineItemKeys.totals(filter ?? undefined),
    queryFn: () => lineItemsApi.totals(filter!),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
  });
}

export function useDuplicates(budgetYearId: number | undefined) {
  return useQuery({
    queryKey: lineItemKeys.duplicates(budgetYearId ?? 0),
    queryFn: () => lineItemsApi.duplicates(budgetYearId!),
    enabled: Boolean(budgetYearId),
  });
}

/** The fiscal years a budget year has lines in (the grids' fiscal-year choice). */
export const fiscalYearsQuery = (budgetYearId: number) => ({
  queryKey: lineItemKeys.fiscalYears(budgetYearId),
  queryFn: () => lineItemsApi.fiscalYears(budgetYearId),
  retry: false,
});

export function useFiscalYears(budgetYearId: number | undefined) {
  return useQuery({ ...fiscalYearsQuery(budgetYearId ?? 0), enabled: Boolean(budgetYearId) });
}

/**
 * Puts a saved line into every cached list that holds it (in place of a refetch of the whole
 * fiscal year), then marks everything else computed from the lines stale (sums, dashboard,
 * comparison, duplicate groups, history...: invalidateBudgetData).
 */
export function replaceLine(queryClient: QueryClient, line: AnyLine): Promise<void> {
  // A new line joins the list of its own budget year, fiscal year and kind.
  const home = line.isOperating
    ? lineItemKeys.employees(line.budgetYearId, line.fiscalYear)
    : lineItemKeys.proposed(line.budgetYearId, line.fiscalYear);
  queryClient.setQueryData<{ lineItems: AnyLine[] }>(home, (data) =>
    data && !data.lineItems.some((item) => item.id === line.id)
      ? { lineItems: [...data.lineItems, line] }
      : data,
  );
  queryClient.setQueriesData<{ lineItems: AnyLine[] }>({ queryKey: lineItemKeys.lists() }, (data) => {
    if (!data || !data.lineItems.some((item) => item.id === line.id)) {
      return data;
    }
    return { lineItems: data.lineItems.map((item) => (item.id === line.id ? line : item)) };
  });
  return invalidateBudgetData(queryClient, { listsUpdatedInPlace: true });
}

/** Takes deleted lines out of every cached list, then marks everything computed from them stale. */
export function removeLines(queryClient: QueryClient, ids: readonly number[]): Promise<void> {
  const gone = new Set(ids);
  queryClient.setQueriesData<{ lineItems: AnyLine[] }>({ queryKey: lineItemKeys.lists() }, (data) =>
    data ? { lineItems: data.lineItems.filter((item) => !gone.has(item.id)) } : data,
  );
  return invalidateBudgetData(queryClient, { listsUpdatedInPlace: true });
}

/** After a bulk change: reload every list and sum (a bulk call can touch thousands of lines). */
export function refreshAllLines(queryClient: QueryClient): Promise<void> {
  return invalidateBudgetData(queryClient);
}

/**
 * A mutation that saves one line and answers with it ({ lineItem }): the saved line replaces the
 * cached one, so the grid updates that row without downloading the fiscal year again.
 */
/** A line write's answer: the saved line, and the locked salary lines' note when it has one. */
export function useLineMutation<V, R extends { lineItem: AnyLine; salaryLines?: SalaryLinesLocked }>(
  save: (variables: V) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: ({ lineItem }) => replaceLine(queryClient, lineItem),
  });
}

const BULK_CHUNK = 5000;

/**
 * Runs a bulk call over any number of ids in chunks of 5,000 (the API's limit per call), one after
 * another, and returns each chunk's answer. "Select all" on 50,000 lines is ten calls.
 */
export async function inChunks<R>(
  ids: readonly number[],
  call: (chunk: number[]) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < ids.length; i += BULK_CHUNK) {
    results.push(await call(ids.slice(i, i + BULK_CHUNK)));
  }
  return results;
}

/**
 * Bulk delete over any number of ids: the deleted count and every id that failed, with its reason;
 * and the last chunk's note on locked salary lines (salaryLines), the lines as the whole change left them.
 */
export async function bulkDeleteAll(ids: readonly number[]): Promise<BulkDeleteResult> {
  const parts = await inChunks(ids, lineItemsApi.bulkDelete);
  const salaryLines = parts.findLast((p) => p.salaryLines)?.salaryLines;
  return {
    deleted: parts.reduce((n, p) => n + p.deleted, 0),
    failed: parts.flatMap((p) => p.failed),
    ...(salaryLines ? { salaryLines } : {}),
  };
}
