// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuickCutResult } from '@web/api/cut-scenarios';
import { QuickCuts } from './quick-cuts';

const result = { linesChanged: 190, heldByFloor: 0, notCutByFloor: 0 } as QuickCutResult;

function props(scenarioId: number | null) {
  return {
    scenarioId,
    editable: scenarioId !== null,
    selectedCount: 0,
    shownCount: 190,
    targetIds: () => [1, 2],
    quickCut: () => Promise.resolve(result),
    onFloors: () => undefined,
  };
}

describe('QuickCuts', () => {
  it('forgets what a quick cut did once its scenario is deleted or another is chosen', async () => {
    const view = render(<QuickCuts {...props(4)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reset (100%)' }));
    expect(await screen.findByText('Reset (100%): 190 lines changed')).toBeTruthy();
    // Deleted: no scenario left.
    view.rerender(<QuickCuts {...props(null)} />);
    expect(screen.queryByText('Reset (100%): 190 lines changed')).toBeNull();
    expect(screen.queryByText('Back to 100% kept')).toBeNull();
  });

  it('does not show it again on coming back to the scenario', async () => {
    const view = render(<QuickCuts {...props(4)} />);
    fireEvent.click(screen.getByRole('button', { name: '-25%' }));
    expect(await screen.findByText('-25%: 190 lines changed')).toBeTruthy();
    view.rerender(<QuickCuts {...props(5)} />);
    expect(screen.queryByText('-25%: 190 lines changed')).toBeNull();
    view.rerender(<QuickCuts {...props(4)} />);
    expect(screen.queryByText('-25%: 190 lines changed')).toBeNull();
  });
});
