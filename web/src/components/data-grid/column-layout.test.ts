import { describe, expect, it } from 'vitest';
import {
  defaultLayout,
  layoutKey,
  layoutOf,
  mergeLayout,
  parseLayout,
  sameLayout,
  serializeLayout,
  type SavedColumn,
} from './column-layout';
import { maxAutoWidth, widestMoney } from './fit-columns';

const col = (colId: string, extra: Partial<SavedColumn> = {}): SavedColumn => ({
  colId,
  hide: false,
  pinned: null,
  ...extra,
});

describe('column layout', () => {
  it('is keyed by user and grid', () => {
    expect(layoutKey(7, 'employees')).toBe('grid-columns.v1.7.employees');
    expect(layoutKey(8, 'employees')).not.toBe(layoutKey(7, 'employees'));
  });

  it('reads back what it writes, and nothing it cannot read', () => {
    const layout = [col('name', { pinned: 'left', width: 210 }), col('notes', { hide: true })];
    expect(parseLayout(serializeLayout(layout))).toEqual(layout);
    expect(parseLayout(null)).toBeNull();
    expect(parseLayout('not json')).toBeNull();
    expect(parseLayout(JSON.stringify({ version: 99, columns: [] }))).toBeNull();
    expect(parseLayout(JSON.stringify({ version: 1, columns: [{ colId: 'a', pinned: 'top' }, 5] }))).toEqual([
      col('a'),
    ]);
  });

  it('takes the defined layout from the column definitions, without AG Grid columns', () => {
    expect(
      defaultLayout([
        { colId: 'ag-Grid-SelectionColumn' },
        { field: 'name' as never, pinned: true },
        { colId: 'notes', hide: true },
        { colId: 'actions', pinned: 'right' },
      ]),
    ).toEqual([
      col('name', { pinned: 'left' }),
      col('notes', { hide: true }),
      col('actions', { pinned: 'right' }),
    ]);
  });

  it('keeps widths only for the columns the user sized', () => {
    const state = [
      { colId: 'ag-Grid-SelectionColumn', width: 48 },
      { colId: 'name', width: 190, pinned: 'left' as const },
      { colId: 'salary', width: 150, hide: true },
    ];
    expect(layoutOf(state, new Set(['name']))).toEqual([
      col('name', { pinned: 'left', width: 190 }),
      col('salary', { hide: true }),
    ]);
  });

  it('compares layouts column by column, in order', () => {
    expect(sameLayout([col('a'), col('b')], [col('a'), col('b')])).toBe(true);
    expect(sameLayout([col('b'), col('a')], [col('a'), col('b')])).toBe(false);
    expect(sameLayout([col('a', { hide: true })], [col('a')])).toBe(false);
    expect(sameLayout([col('a', { width: 100 })], [col('a')])).toBe(false);
  });

  it('fits a saved layout to columns added or removed since', () => {
    const defaults = [col('name'), col('position'), col('source'), col('salary'), col('actions')];
    const saved = [col('salary'), col('name', { hide: true }), col('gone'), col('position'), col('actions')];
    expect(mergeLayout(saved, defaults).map((c) => c.colId)).toEqual([
      'salary',
      'name',
      'position',
      'source',
      'actions',
    ]);
    expect(mergeLayout(saved, defaults)[1].hide).toBe(true);
    expect(mergeLayout([col('position')], [col('first'), col('position')]).map((c) => c.colId)).toEqual([
      'first',
      'position',
    ]);
  });
});

describe('column sizing', () => {
  it("finds a money column's widest figure over every row, with a sign if any is negative", () => {
    const rows = [{ pay: 71000 }, { pay: 1234567.8 }, { pay: null }, { pay: 5 }];
    expect(widestMoney(rows, 'pay')).toBe('$1,234,567.80');
    expect(widestMoney([...rows, { pay: -3 }], 'pay')).toBe('-$1,234,567.80');
    expect(widestMoney([{ pay: null }], 'pay')).toBeNull();
  });

  it('lets a column grow to 18% of the grid, within 160 to 360 px', () => {
    expect(maxAutoWidth(1342)).toBe(242);
    expect(maxAutoWidth(320)).toBe(160);
    expect(maxAutoWidth(3000)).toBe(360);
  });
});
