// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffingCompared } from '@shared/schemas/staffing';
import { storeSession, makeUser, stubApi } from '@web/test/render';
import { StaffingSection } from './staffing-table';

afterEach(cleanup);

const zero = { positions: 0, fte: 0, filledFte: 0, vacantFte: 0, unheldFte: 0, vacantCount: 0, frozenFte: 0 };
/** GET /positions/staffing of a fiscal year no roster has positions for (the demo's FY28). */
const empty = (lastYear: StaffingCompared['lastYear']['totals']): StaffingCompared =>
  ({
    budgetYearId: null,
    fiscalYear: 2028,
    totals: { ...zero, budgetedCost: 0, unpricedCount: 0, overFilledCount: 0 },
    byBuilding: [],
    byFunction: [],
    byWorkGroup: [],
    note: 'FY28 has no positions yet, nor has FY27: a payroll import or Positions\u2019 Add Position makes them.',
    lastYear: { fiscalYear: 2027, totals: lastYear, note: lastYear ? null : 'FY27 has no positions.' },
    previousStage: { stageLabel: null, frozenAt: null, totals: null, note: null },
  }) as unknown as StaffingCompared;

function renderSection(answer: StaffingCompared) {
  storeSession(makeUser());
  stubApi({ '/api/positions/staffing': answer });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StaffingSection fiscalYear={2028} />
    </QueryClientProvider>,
  );
}

describe('the staffing section of a year without positions', () => {
  it('says why there are none, with no table of zeros', async () => {
    renderSection(empty(null));
    expect(await screen.findByText(/FY28 has no positions yet/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('All positions')).toBeNull();
    // Nothing to group either.
    expect(screen.queryByLabelText('Group staffing by')).toBeNull();
  });

  it('keeps the table when last year had positions to compare with', async () => {
    renderSection(empty({ fte: 12.5, filledFte: 12, vacantFte: 0.5 }));
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.getByLabelText('Group staffing by')).toBeTruthy();
    expect(screen.getByText(/FY28 has no positions yet/)).toBeTruthy();
  });
});
