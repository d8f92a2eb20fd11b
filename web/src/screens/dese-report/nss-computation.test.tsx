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
});
