import type { ValueGetterParams } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import { fundNamer, type Fund } from '@web/api/funds';
import type { ProposedLineItem } from '@web/api/line-items';
import { proposedColumns } from './columns';

const line = (source: ProposedLineItem['source'], isProjected = source === 'projected') =>
  ({ id: 1, isProjected, importRunId: source === 'imported' ? 4 : null, source }) as ProposedLineItem;

const fund = (id: number, name: string, kind: Fund['kind']) => ({ id, name, kind }) as Fund;

/** The text a column's value getter gives a line (what the grid's filter and the exports read). */
function columnValue(headerName: string, fundName: (fundId: number | null) => string = () => '') {
  const column = proposedColumns({ canEdit: false, fundName, onEdit: () => {}, onDelete: () => {} }).find(
    (c) => c.headerName === headerName,
  )!;
  return (data: ProposedLineItem) =>
    (column.valueGetter as (p: Partial<ValueGetterParams<ProposedLineItem>>) => string)({ data });
}

describe('proposed columns', () => {
  it('name each line Imported, Projected or Entered in the Source column (and so in exports)', () => {
    const value = columnValue('Source');
    expect(value(line('imported'))).toBe('Imported');
    expect(value(line('projected'))).toBe('Projected');
    expect(value(line('entered'))).toBe('Entered');
  });

  it("name a line's fund in the Fund column, the general fund's name for a line naming none", () => {
    const value = columnValue(
      'Fund',
      fundNamer([fund(1, 'General Fund', 'general'), fund(9, 'Title I, Part A', 'federal_grant')]),
    );
    expect(value({ ...line('entered'), fundId: null })).toBe('General Fund');
    expect(value({ ...line('entered'), fundId: 9 })).toBe('Title I, Part A');
    // Before the funds load, blank rather than a wrong name.
    expect(columnValue('Fund', fundNamer(undefined))({ ...line('entered'), fundId: null })).toBe('');
  });
});

describe('the Fund column of a grant over its award', () => {
  it('shows the flag beside the name, while the filter and the exports keep the name', () => {
    const column = proposedColumns({
      canEdit: false,
      fundName: fundNamer([fund(1, 'General Fund', 'general'), fund(9, 'Title I, Part A', 'federal_grant')]),
      fundOverAward: (id) => id === 9,
      onEdit: () => {},
      onDelete: () => {},
    }).find((c) => c.headerName === 'Fund')!;
    const shown = (data: ProposedLineItem) => {
      const value = (column.valueGetter as (p: Partial<ValueGetterParams<ProposedLineItem>>) => string)({
        data,
      });
      const format = column.valueFormatter as (p: { data: ProposedLineItem; value: string }) => string;
      return { value, shown: format({ data, value }) };
    };
    expect(shown({ ...line('entered'), fundId: 9 })).toEqual({
      value: 'Title I, Part A',
      shown: 'Over its award: Title I, Part A',
    });
    expect(shown({ ...line('entered'), fundId: null })).toEqual({
      value: 'General Fund',
      shown: 'General Fund',
    });
  });
});
