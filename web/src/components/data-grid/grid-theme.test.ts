import { AllCommunityModule } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import { GRID_MODULES } from './grid-theme';

/**
 * The grid chunk carries only the AG Grid features the grids use: the bundle
 * went from 1,156.9 kB to 975.7 kB when AllCommunityModule was replaced by this list. A module
 * added here must be one a grid needs; this test names the list so the change is deliberate.
 */
describe('GRID_MODULES', () => {
  const names = GRID_MODULES.map((m) => m.moduleName);

  it('registers the features the grids use and nothing else', () => {
    expect([...names].sort()).toEqual(
      [
        'CellApi',
        'CellStyle',
        'ClientSideRowModel',
        'ClientSideRowModelApi',
        'ColumnApi',
        'ColumnAutoSize',
        'DateEditor',
        'ExternalFilter',
        'Locale',
        'NumberEditor',
        'NumberFilter',
        'QuickFilter',
        'RowApi',
        'RowAutoHeight',
        'RowSelection',
        'RowStyle',
        'ScrollApi',
        'SelectEditor',
        'TextEditor',
        'TextFilter',
        'Tooltip',
      ].sort(),
    );
  });

  it('never registers the everything-module', () => {
    expect(names).not.toContain(AllCommunityModule.moduleName);
    expect(GRID_MODULES.length).toBeLessThan(25);
  });
});
