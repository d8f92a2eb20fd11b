import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ExecuteBody,
  ImportAnalysis,
  ImportResult,
  ImportRun,
  ImportType,
  importRunsResponse,
} from '@shared/schemas/import';
import type { ImportUndoResponse, ImportUndoStatus } from '@shared/schemas/import-undo';
import { invalidateBudgetData } from '@web/api/budget-data';
import { api, ApiError } from '@web/api/client';

export type { ExecuteBody, ImportAnalysis, ImportResult, ImportRun, ImportType };
export type ImportRunsResponse = z.infer<typeof importRunsResponse>;

export interface ImportRunsFilter {
  budgetYearId?: number;
  limit?: number;
}

/** Query keys for imports. */
export const importKeys = {
  all: ['import'] as const,
  runs: (filter: ImportRunsFilter) => [...importKeys.all, 'runs', filter] as const,
  undoStatus: (id: number) => [...importKeys.all, 'undo', id] as const,
};

export const importApi = {
  /** POST /import/analyze as multipart: the browser sets the boundary. */
  analyze: (file: File, importType: ImportType) => {
    const form = new FormData();
    form.append('importType', importType);
    form.append('file', file, file.name);
    return api.post<ImportAnalysis>('/import/analyze', form);
  },
  execute: (body: Omit<ExecuteBody, 'noteColumns'> & { noteColumns: string[] }) =>
    api.post<ImportResult>('/import/execute', body),
  runs: (filter: ImportRunsFilter) => api.get<ImportRunsResponse>('/import/runs', { query: { ...filter } }),
  undoStatus: (id: number) => api.get<ImportUndoStatus>(`/import/runs/${id}/undo`),
  undo: (id: number) => api.post<ImportUndoResponse>(`/import/runs/${id}/undo`),
};

/**
 * 'Failed to analyze file: {message}', where a non-OK answer without a message
 * reads 'Upload failed: {status} - {text}', and anything else 'Analysis failed'.
 */
export function analyzeErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) {
      return `Failed to analyze file: ${error.serverMessage}`;
    }
    if (error.status) {
      return `Failed to analyze file: Upload failed: ${error.status} - ${error.code}`;
    }
  }
  return `Failed to analyze file: ${error instanceof Error && error.message.startsWith('Invalid response') ? error.message : 'Analysis failed'}`;
}

/**
 * The analysis must hold detectedColumns and expectedColumns as arrays and
 * suggestedMappings as an object, else 'Invalid response: ...'.
 */
export function checkAnalysis(body: unknown): ImportAnalysis {
  const a = body as Partial<ImportAnalysis> | null;
  const problems: string[] = [];
  if (!a || !Array.isArray(a.detectedColumns)) {
    problems.push('detectedColumns is not a list');
  }
  if (!a || !Array.isArray(a.expectedColumns)) {
    problems.push('expectedColumns is not a list');
  }
  if (
    !a ||
    !a.suggestedMappings ||
    typeof a.suggestedMappings !== 'object' ||
    Array.isArray(a.suggestedMappings)
  ) {
    problems.push('suggestedMappings is not an object');
  }
  if (problems.length) {
    throw new Error(`Invalid response: ${problems.join(', ')}`);
  }
  return a as ImportAnalysis;
}

export function useAnalyzeFile() {
  return useMutation({
    mutationFn: async ({ file, importType }: { file: File; importType: ImportType }) =>
      checkAnalysis(await importApi.analyze(file, importType)),
  });
}

/** Runs an import (or its dry run). A real import changes budget data; a dry run changes nothing. */
export function useExecuteImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importApi.execute,
    onSuccess: (result) => {
      if (!result.dryRun) {
        return invalidateBudgetData(queryClient);
      }
      return undefined;
    },
  });
}

export function useImportRuns(filter: ImportRunsFilter, enabled = true) {
  return useQuery({ queryKey: importKeys.runs(filter), queryFn: () => importApi.runs(filter), enabled });
}

/** Whether an import run can be undone, in the refusal's words, and what undo would remove. */
export function useImportUndoStatus(id: number, enabled = true) {
  return useQuery({ queryKey: importKeys.undoStatus(id), queryFn: () => importApi.undoStatus(id), enabled });
}

/** Undoes an import run: its lines leave the budget, and every import's undo status may change. */
export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importApi.undo,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: importKeys.all });
      await invalidateBudgetData(queryClient);
    },
  });
}
