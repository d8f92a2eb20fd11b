import { AUTO_SIZE_PADDING, widestMoney } from '@web/components/data-grid/fit-columns';
import type { ScenarioLine } from '@web/api/cut-scenarios';

/**
 * The least width of the Adjusted and Cut columns: what the largest proposed amount needs, in a
 * rendered Proposed cell (its font and padding). The grid sizes a money column to its widest figure
 * when the rows load, but a cut made afterwards (a quick cut, a slider) changes them: a new
 * scenario's Cut column was sized for '$0.00' and showed '$1,516,875.…' after -25%. A line keeps 0
 * to 100% of its proposed amount, so neither figure is ever wider than the largest proposed one.
 * Null until a Proposed cell is on screen.
 */
export function figureMinWidth(root: ParentNode, rows: readonly ScenarioLine[]): number | null {
  const widest = widestMoney(rows, 'fy26ProposedV3');
  const cell = root.querySelector<HTMLElement>('.ag-row .ag-cell[col-id="fy26ProposedV3"]');
  if (!widest || !cell) {
    return null;
  }
  const probe = document.createElement('span');
  probe.textContent = widest;
  probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;';
  cell.append(probe);
  const text = probe.getBoundingClientRect().width;
  probe.remove();
  const style = getComputedStyle(cell);
  const frame = ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'] as const;
  const edges = frame.reduce((sum, k) => sum + (parseFloat(style[k]) || 0), 0);
  return Math.ceil(text + edges) + AUTO_SIZE_PADDING;
}
