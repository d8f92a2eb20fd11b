// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RifCalculation } from '@web/api/cola';
import { renderRoutes } from '@web/test/render';
import { RifResult } from './rif-result';

/** A RIF calculation for FY27 from the FY26 salaries, with nothing in its breakdown. */
const calculation: RifCalculation = {
  id: 7,
  fiscalYear: 2027,
  scenarioId: 1,
  townFundingAmount: 1_000_000,
  baselineBudget: 900_000,
  baseYear: 2026,
  employees: 412,
  employeesWithoutSalary: 0,
  needSource: null,
  colaImpact: { settled: 0, negotiating: 0, scenario: 0, longTerm: 0, total: 0 },
  stepsLanesAmount: 0,
  includeStepsLanes: true,
  newHires: 0,
  newHiresAmount: 0,
  adjustmentsAmount: 0,
  districtNeed: 900_000,
  gap: -100_000,
  rifRequired: false,
  positionsEstimate: 0,
  averagePositionCost: 85000,
  breakdown: [],
  costOfOnePercent: [],
  calculatedAt: '2026-03-01T15:00:00.000Z',
  calculatedBy: 'Finance User',
  colaWarnings: [],
};

describe('a RIF calculation’s heading', () => {
  // It said 'from the salaries of FY2026' under 'FY27 RIF gap': one page, a year written two ways.
  it('names the salaries’ year as every screen does (FY26)', async () => {
    renderRoutes('/cola', [
      { path: 'cola', element: <RifResult calculation={calculation} scenarioName="Base" /> },
    ]);
    const said = await screen.findByText(/from the salaries of/);
    expect(said.textContent).toContain('from the salaries of FY26 (412 active employees');
    expect(said.textContent).not.toContain('FY2026');
  });
});
