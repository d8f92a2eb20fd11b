import { describe, expect, it } from 'vitest';
import type { DuplicateCandidate } from '@shared/schemas/duplicates';
import { decide, pickRequested, planMerges } from './duplicates-rules';

const record = (id: number, source: DuplicateCandidate['source'], updatedAt = '2026-01-01T00:00:00.000Z') =>
  ({ id, source, updatedAt, fiscalYear: 2026, importRun: null }) as DuplicateCandidate;

describe('merge rules', () => {
  it('keeps the one record of the source, and skips none or several with the reason', () => {
    const group = [record(1, 'projected'), record(2, 'imported'), record(3, 'entered')];
    expect(decide('keep-imported', group)).toEqual({ keepId: 2 });
    expect(decide('keep-entered', group)).toEqual({ keepId: 3 });
    expect(decide('keep-imported', [record(1, 'entered'), record(2, 'projected')])).toEqual({
      reason: 'No imported record',
    });
    expect(
      decide('keep-entered', [record(1, 'entered'), record(2, 'entered'), record(3, 'imported')]),
    ).toEqual({
      reason: '2 records entered by hand: the rule cannot choose one',
    });
  });

  it('keeps the most recently changed record unless two share the latest time', () => {
    const late = '2026-03-01T09:00:00.000Z';
    expect(decide('keep-newest', [record(1, 'imported', late), record(2, 'entered')])).toEqual({ keepId: 1 });
    expect(
      decide('keep-newest', [record(1, 'imported', late), record(2, 'entered', late), record(3, 'entered')]),
    ).toEqual({ reason: '2 records last changed at the same time: the rule cannot choose one' });
  });

  it('plans a group of three as one kept and two removed, kept record first', () => {
    const { merges, skipped } = planMerges('keep-imported', [
      [record(4, 'entered'), record(5, 'imported'), record(6, 'projected')],
    ]);
    expect(skipped).toEqual([]);
    expect(merges).toEqual([expect.objectContaining({ keepId: 5, removeIds: [4, 6], fiscalYear: 2026 })]);
    expect(merges[0].records.map((r) => r.id)).toEqual([5, 4, 6]);
  });

  it('takes the requested merges only as planned, listing the others as stale', () => {
    const { merges } = planMerges('keep-imported', [[record(5, 'imported'), record(6, 'projected')]]);
    expect(pickRequested(merges, [{ keepId: 5, removeIds: [6] }]).chosen).toEqual(merges);
    expect(
      pickRequested(merges, [
        { keepId: 5, removeIds: [6, 7] },
        { keepId: 9, removeIds: [8] },
      ]),
    ).toEqual({
      chosen: [],
      stale: ['keep 5, remove 6, 7', 'keep 9, remove 8'],
    });
  });
});
