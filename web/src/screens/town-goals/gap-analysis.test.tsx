// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';
import { GapAnalysis } from './gap-analysis';
import { echoFunds } from '@shared/schemas/fund-words';
import type { GapAnalysis as GapFigures } from '@shared/schemas/town-goals';

/** FY28 with $49M of proposed lines and no town goal, as the server answers the Gap Analysis. */
const NO_GOAL: GapFigures = {
  fiscalYear: 2028,
  budgetYearId: 3,
  versionId: null,
  districtNeed: 49_000_000,
  lineCount: 12,
  townGoal: 0,
  hasTownGoal: false,
  gap: null,
  status: null,
  ...echoFunds('general'),
};

describe('GapAnalysis', () => {
  it('says a year with no town goal has none: no gap against $0 and no OVER', async () => {
    const user = makeUser({ role: 'FINANCE' });
    storeSession(user);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => jsonResponse(200, url.includes('/analysis/gap') ? NO_GOAL : { user })),
    );
    renderRoutes('/goals', [
      { path: 'goals', element: <GapAnalysis years={[2028]} defaultYear={2028} budgetYearId={3} /> },
    ]);
    const gap = (await screen.findByText('Gap')).closest('.kpi') as HTMLElement;
    expect(gap.textContent).toBe('GapNo town goal set');
    expect(document.body.textContent).not.toMatch(/guidance by|OVER|counts as \$0/);
    expect(screen.getByText(/No town goal is set for FY28/)).toBeTruthy();
  });
});
