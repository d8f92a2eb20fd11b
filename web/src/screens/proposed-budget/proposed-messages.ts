import { ApiError } from '@web/api/client';
import type { BulkDeleteResult } from '@web/api/line-items';
import { countOf } from '@web/lib/format';

/** A result banner above the grid: a title and, for failures, the first few reasons. */
export interface Outcome {
  variant: 'success' | 'error' | 'info';
  title: string;
  lines?: string[];
}

const items = (n: number) => countOf(n, 'item');

/** What a failed single delete of a proposed line says. */
export function deleteFailure(err: unknown): string {
  const status = err instanceof ApiError ? err.status : 0;
  const server = err instanceof ApiError ? err.serverMessage : undefined;
  if (status === 404) {
    return 'Item not found or already deleted';
  }
  if (status === 400 || status === 409) {
    return server ? `Cannot delete: ${server}` : 'Item may be referenced by other records';
  }
  return server ? `Error: ${server}` : 'Failed to delete item';
}

/** Full success, total failure (up to 5 reasons) or partial success (up to 3 reasons). */
export function bulkDeleteOutcome(requested: number, result: BulkDeleteResult): Outcome {
  const reasons = (n: number) => result.failed.slice(0, n).map((f) => `Item ${f.id}: ${f.error}`);
  if (result.failed.length === 0) {
    return { variant: 'success', title: `Deleted ${items(result.deleted)}` };
  }
  if (result.deleted === 0) {
    return { variant: 'error', title: `Failed to delete ${items(requested)}`, lines: reasons(5) };
  }
  return {
    variant: 'info',
    title: `Deleted ${items(result.deleted)} of ${requested.toLocaleString('en-US')}; ${items(result.failed.length)} could not be deleted`,
    lines: reasons(3),
  };
}

/** A failed bulk building assignment shows the status, the error and the message. */
export function bulkAssignFailure(err: unknown): Outcome {
  if (err instanceof ApiError) {
    return {
      variant: 'error',
      title: 'Failed to assign building',
      lines: [`Status ${err.status || 'network'} · ${err.code}: ${err.serverMessage ?? 'Unknown error'}`],
    };
  }
  return { variant: 'error', title: 'Failed to assign building', lines: ['Unknown error'] };
}
