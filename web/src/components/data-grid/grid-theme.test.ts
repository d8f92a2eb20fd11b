import { AllCommunityModule, type Module } from 'ag-grid-community';
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
        'RenderApi',
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

  // patches/ag-grid-community+36.2.0.patch: AG Grid orders its modules' CSS by name with
  // localeCompare as the first grid is made, which loads ICU's collation data in the browser (tens
  // of milliseconds of a grid screen's first rows); the patch compares lowercased names instead.
  // The CSS must still come in the same order, for the modules registered and those they need.
  it("orders the modules' CSS as localeCompare did", () => {
    const all = new Map<string, Module>();
    const visit = (m: Module) => {
      if (!all.has(m.moduleName)) {
        all.set(m.moduleName, m);
        (m.dependsOn ?? []).forEach(visit);
      }
    };
    [...GRID_MODULES, AllCommunityModule].forEach(visit);
    const patched = (a: string, b: string) => {
      const x = a.toLowerCase();
      const y = b.toLowerCase();
      return x < y ? -1 : x > y ? 1 : 0;
    };
    const names = [...all.keys()];
    expect(names.length).toBeGreaterThan(40);
    expect([...names].sort(patched)).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});
