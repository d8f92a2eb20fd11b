import type { CellPosition, NavigateToNextCellParams, TabToNextCellParams } from 'ag-grid-community';
import type { ScenarioLine } from '@web/api/cut-scenarios';

/**
 * The Scenario Builder by keyboard: each line's percent control is one Tab stop. Tab and Shift+Tab
 * go from line to line (straight into the slider, not through the line's eight cells), the arrows
 * Left/Right move the slider, Up/Down go to the line above or below, Enter types a percent, and
 * Escape leaves the slider for the grid's own cell navigation.
 */

export const PERCENT_COLUMN = 'percentKept';

/** Focuses the slider of the displayed row once the grid has drawn it (it may be scrolling there). */
export function focusSlider(rowIndex: number, tries = 10): void {
  requestAnimationFrame(() => {
    const slider = document.querySelector<HTMLInputElement>(
      `.ag-row[row-index="${rowIndex}"] [col-id="${PERCENT_COLUMN}"] .pct-slider__input`,
    );
    if (slider && !slider.disabled) {
      slider.focus();
      keepSliderFocus(slider, 3);
    } else if (!slider && tries > 0) {
      focusSlider(rowIndex, tries - 1);
    }
  });
}

/**
 * The grid focuses the line's cell itself after tabToNextCell returns; while it is still scrolling
 * there (ensureIndexVisible) that can come after the frame that focused the slider, leaving focus
 * on the cell. For a few frames, take focus back from the slider's own cell, unless the user has
 * pressed a key on the slider since (Escape hands the keys to the cell on purpose).
 */
function keepSliderFocus(slider: HTMLInputElement, frames: number): void {
  let keyPressed = false;
  const onKey = () => {
    keyPressed = true;
  };
  slider.addEventListener('keydown', onKey, { once: true, capture: true });
  const check = (left: number) =>
    requestAnimationFrame(() => {
      if (keyPressed || !slider.isConnected) {
        return;
      }
      if (document.activeElement === slider.closest('.ag-cell')) {
        slider.focus();
      }
      if (left > 1) {
        check(left - 1);
      } else {
        slider.removeEventListener('keydown', onKey, { capture: true });
      }
    });
  check(frames);
}

/** Tab: the next (or previous) line's percent; past the last line the page's next control. */
export function tabToNextPercent(params: TabToNextCellParams<ScenarioLine>): CellPosition | boolean {
  const from = params.previousCellPosition;
  // From another cell of a line, its own percent first; from a percent, the next line's.
  const step = from.column.getColId() === PERCENT_COLUMN ? (params.backwards ? -1 : 1) : 0;
  const next = from.rowIndex + step;
  const column = params.api.getColumn(PERCENT_COLUMN);
  if (!column || next < 0 || next >= params.api.getDisplayedRowCount()) {
    return false;
  }
  params.api.ensureIndexVisible(next);
  focusSlider(next);
  return { rowIndex: next, column, rowPinned: null };
}

/** Up and Down from a percent land on the next line's slider, ready for the arrows. */
export function navigateFromPercent(params: NavigateToNextCellParams<ScenarioLine>): CellPosition | null {
  const next = params.nextCellPosition;
  const vertical = params.key === 'ArrowUp' || params.key === 'ArrowDown';
  if (next && vertical && params.previousCellPosition.column.getColId() === PERCENT_COLUMN) {
    focusSlider(next.rowIndex);
  }
  return next;
}
