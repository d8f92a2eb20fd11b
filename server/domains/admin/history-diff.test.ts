import { describe, expect, it } from 'vitest';
import { diffSnapshots } from './history';

describe('the fields a history entry lists', () => {
  // A line's fund set by hand showed as 'metadata {} → {"fundNamed":true}', the whole object as JSON.
  it('lists a line’s metadata key by key, only the keys that changed', () => {
    const before = { amount: 100, fundId: null, metadata: { needsReview: true } };
    const after = { amount: 100, fundId: 6, metadata: { needsReview: true, fundNamed: true } };
    expect(diffSnapshots(before, after)).toEqual([
      { field: 'fundId', before: null, after: 6 },
      { field: 'metadata.fundNamed', before: null, after: true },
    ]);
    expect(diffSnapshots({ metadata: {} }, { metadata: { needsReview: false } })).toEqual([
      { field: 'metadata.needsReview', before: null, after: false },
    ]);
    // Snapshots written as JSON text, as older audit rows hold them.
    expect(diffSnapshots(JSON.stringify(before), JSON.stringify(before))).toEqual([]);
  });
});
