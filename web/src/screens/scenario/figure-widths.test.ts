// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { ScenarioLine } from '@web/api/cut-scenarios';
import { scenarioColumns } from './columns';
import { figureMinWidth } from './figure-widths';

const callbacks = {
  editable: true,
  onPreview: () => undefined,
  onCommit: () => undefined,
  onInvalid: () => undefined,
  personnelNote: null,
};
const byId = (layout: 'wide' | 'compact', min: number | null) =>
  new Map(scenarioColumns({ ...callbacks, layout, figureMinWidth: min }).map((c) => [c.colId ?? c.field, c]));

describe('the Adjusted and Cut columns', () => {
  it('are at least as wide as Proposed, whose figure neither can exceed', () => {
    // A new scenario: every cut is $0.00 when the grid sizes its columns; a cut comes later.
    for (const layout of ['wide', 'compact'] as const) {
      const columns = byId(layout, 137);
      expect(columns.get('cut')?.minWidth).toBe(137);
      expect(columns.get('adjustedAmount')?.minWidth).toBe(137);
      expect(columns.get('cut')?.context).toMatchObject({ export: 'money' });
    }
  });

  it('need no less than the largest proposed figure in a Proposed cell', () => {
    document.body.innerHTML =
      '<div class="ag-row"><div class="ag-cell" col-id="fy26ProposedV3" style="padding: 0 10px">$5.00</div></div>';
    const rows = [{ fy26ProposedV3: 6_067_500 }, { fy26ProposedV3: 5 }] as ScenarioLine[];
    const seen: string[] = [];
    const measure = HTMLElement.prototype.getBoundingClientRect;
    HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
      seen.push(this.textContent ?? '');
      return { width: 100 } as DOMRect;
    };
    try {
      expect(figureMinWidth(document, rows)).toBe(100 + 20 + 6);
    } finally {
      HTMLElement.prototype.getBoundingClientRect = measure;
    }
    expect(seen).toEqual(['$6,067,500.00']);
    expect(document.querySelector('.ag-cell')?.textContent).toBe('$5.00');
    expect(figureMinWidth(document, [])).toBeNull();
  });
});
