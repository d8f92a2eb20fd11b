import { describe, expect, it } from 'vitest';
import type { EmployeeLineItem } from '@web/api/line-items';
import { importHistoryFilter } from './filter';

const line = (firstName: string, lastName: string, needsReview = false) =>
  ({ firstName, lastName, position: 'Teacher', metadata: { needsReview } }) as unknown as EmployeeLineItem;

describe('importHistoryFilter', () => {
  const amy = line('Amy', 'Almeida');
  const bob = line('Bob', 'Almeida', true);

  it('finds a name as the grid shows it and as it is spoken', () => {
    for (const search of ['Almeida, Amy', 'Amy Almeida', 'alme amy']) {
      const keep = importHistoryFilter('all', search)!;
      expect([amy, bob].filter(keep), search).toEqual([amy]);
    }
  });

  it('shows everything without a search, and only review rows when asked', () => {
    expect(importHistoryFilter('all', '  ')).toBeNull();
    expect([amy, bob].filter(importHistoryFilter('review', '')!)).toEqual([bob]);
    expect([amy, bob].filter(importHistoryFilter('review', 'Almeida, Amy')!)).toEqual([]);
  });
});
