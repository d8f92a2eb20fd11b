// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeseReport } from '@web/api/function-codes';
import { noFiguresMeter, TITLE_I } from '@web/test/nss-meter';
import { renderRoutes } from '@web/test/render';
import { NssComputation } from './nss-computation';

describe('NssComputation', () => {
  it("takes each fund's left-out spending from the school committee budget, so the lines add up", () => {
    const report = { nss: noFiguresMeter([TITLE_I]) } as DeseReport;
    renderRoutes('/report', [{ path: 'report', element: <NssComputation report={report} fy="FY26" /> }]);
    expect(screen.getByRole('row', { name: /Fund 2401/ }).textContent).toBe(
      'less Fund 2401 Title I, Part A (3 lines), does not count toward NSS$412,380.00',
    );
  });

  // QA: beside the schedule's 3300 row of $3,565,000.00 the computation said 'less 3300
  // Transportation Services ... $2,415,000.00' with nothing to say the rest was a grant's.
  it("says a code's left-out line is what the counting funds pay when grants pay part", () => {
    const report = { nss: noFiguresMeter([TITLE_I]) } as DeseReport;
    renderRoutes('/report', [{ path: 'report', element: <NssComputation report={report} fy="FY26" /> }]);
    expect(screen.getByRole('row', { name: /^less 3300/ }).textContent).toBe(
      'less 3300 Transportation, paid by funds that count (not counted)$37,619.50',
    );
  });

  it('names a code plainly when every line is on a fund that counts', () => {
    const report = { nss: noFiguresMeter([]) } as DeseReport;
    renderRoutes('/report', [{ path: 'report', element: <NssComputation report={report} fy="FY26" /> }]);
    expect(screen.getByRole('row', { name: /^less 3300/ }).textContent).toBe(
      'less 3300 Transportation (not counted)$37,619.50',
    );
  });
});
