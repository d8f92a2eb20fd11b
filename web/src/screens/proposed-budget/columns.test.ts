import type { ValueGetterParams } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import type { ProposedLineItem } from '@web/api/line-items';
import { proposedColumns } from './columns';

const line = (source: ProposedLineItem['source'], isProjected = source === 'projected') =>
  ({ id: 1, isProjected, importRunId: source === 'imported' ? 4 : null, source }) as ProposedLineItem;

describe('proposed columns', () => {
  it('name each line Imported, Projected or Entered in the Source column (and so in exports)', () => {
    const column = proposedColumns({ canEdit: false, onEdit: () => {}, onDelete: () => {} }).find(
      (c) => c.headerName === 'Source',
    )!;
    const value = (data: ProposedLineItem) =>
      (column.valueGetter as (p: Partial<ValueGetterParams<ProposedLineItem>>) => string)({ data });
    expect(value(line('imported'))).toBe('Imported');
    expect(value(line('projected'))).toBe('Projected');
    expect(value(line('entered'))).toBe('Entered');
  });
});
