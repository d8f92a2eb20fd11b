import { describe, expect, it } from 'vitest';
import { ApiError } from '@web/api/client';
import {
  bulkAssignFailure,
  bulkDeleteOutcome,
  deleteFailure,
} from '@web/screens/proposed-budget/proposed-messages';

const failed = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, error: `reason ${i + 1}` }));

describe('deleteFailure', () => {
  it('names a missing item, a refused delete and other failures', () => {
    expect(deleteFailure(new ApiError(404, 'NOT_FOUND', 'Line item not found'))).toBe(
      'Item not found or already deleted',
    );
    expect(deleteFailure(new ApiError(400, 'BAD_REQUEST', 'It is referenced'))).toBe(
      'Cannot delete: It is referenced',
    );
    expect(deleteFailure(new ApiError(400, 'BAD_REQUEST', undefined))).toBe(
      'Item may be referenced by other records',
    );
    expect(deleteFailure(new ApiError(500, 'INTERNAL', 'Boom'))).toBe('Error: Boom');
    expect(deleteFailure(new Error('network'))).toBe('Failed to delete item');
  });
});

describe('bulkDeleteOutcome', () => {
  it('reports full success', () => {
    expect(bulkDeleteOutcome(3, { deleted: 3, failed: [] })).toEqual({
      variant: 'success',
      title: 'Deleted 3 items',
    });
  });

  it('reports total failure with at most 5 reasons', () => {
    const outcome = bulkDeleteOutcome(7, { deleted: 0, failed: failed(7) });
    expect(outcome.title).toBe('Failed to delete 7 items');
    expect(outcome.lines).toHaveLength(5);
    expect(outcome.lines?.[0]).toBe('Item 1: reason 1');
  });

  it('reports partial success with at most 3 reasons', () => {
    const outcome = bulkDeleteOutcome(10, { deleted: 6, failed: failed(4) });
    expect(outcome.title).toBe('Deleted 6 items of 10; 4 items could not be deleted');
    expect(outcome.lines).toEqual(['Item 1: reason 1', 'Item 2: reason 2', 'Item 3: reason 3']);
  });
});

describe('bulkAssignFailure', () => {
  it('shows the status, the error code and the message', () => {
    expect(bulkAssignFailure(new ApiError(403, 'FORBIDDEN', 'You do not have permission')).lines).toEqual([
      'Status 403 · FORBIDDEN: You do not have permission',
    ]);
  });
});
