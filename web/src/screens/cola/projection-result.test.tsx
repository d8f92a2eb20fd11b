// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MultiYearProjection } from '@web/api/cola';
import { renderRoutes } from '@web/test/render';
import { ProjectionResult } from './projection-result';

type Year = MultiYearProjection['projections'][number];

const year = (fiscalYear: number, over: Partial<Year>): Year => ({
  fiscalYear,
  baseYear: 2026,
  employees: 504,
  baseline: 47299033.75,
  payroll: 0,
  colaImpact: 1106379.96,
  stepsLanes: 346235.56,
  newHires: 126184,
  adjustments: 10244.03,
  districtNeed: 47299033.75,
  needSource: null,
  townFunding: null,
  townFundingAssumed: false,
  townFundingSource: 'none',
  gap: null,
  rifRequired: false,
  colaBySource: { settled: 0, negotiating: 0, scenario: 0, longTerm: 0 },
  colaUnits: [],
  colaWarnings: [],
  ...over,
});

describe('ProjectionResult', () => {
  // QA read FY2027's row as baseline $47,299,033.75 + COLA + steps + new hires + typed salaries = a
  // need of $47,299,033.75: that year's need is its own proposed budget, which holds those parts.
  it('marks a year whose need is its own budget: no baseline added to, its parts in the need', async () => {
    const data: MultiYearProjection = {
      filledIn: [],
      baselineBasis: 'given',
      baselineSource: 'FY26 proposed budget',
      baseYear: 2026,
      scenarioId: null,
      employees: 504,
      employeesWithoutSalary: 0,
      projections: [
        year(2027, { needSource: 'proposed budget' }),
        year(2028, {
          baseYear: 2027,
          colaImpact: 1000000,
          stepsLanes: 300000,
          newHires: 0,
          adjustments: 0,
          districtNeed: 48599033.75,
        }),
      ],
    };
    renderRoutes('/p', [{ path: 'p', element: <ProjectionResult data={data} scenarioName="Default" /> }]);
    const table = await screen.findByRole('table', { name: 'Multi-year projection' });
    const cells = (fy: string) =>
      within(within(table).getByRole('row', { name: new RegExp(`^${fy}`) }))
        .getAllByRole('cell')
        .slice(0, 6)
        .map((c) => c.textContent);
    expect(cells('FY27')).toEqual([
      '—',
      '$1,106,379.96*',
      '$346,235.56*',
      '$126,184.00*',
      '$10,244.03*',
      '$47,299,033.75',
    ]);
    // The next year adds up: 47,299,033.75 + 1,000,000 + 300,000 = 48,599,033.75.
    expect(cells('FY28')).toEqual([
      '$47,299,033.75',
      '$1,000,000.00',
      '$300,000.00',
      '$0.00',
      '$0.00',
      '$48,599,033.75',
    ]);
    expect(screen.getByText(/^\* In the need, not added to it:/).textContent).toBe(
      '* In the need, not added to it: FY27’s need is its own proposed budget, whose COLA, steps and lanes, new hires and typed salaries are already in it.',
    );
  });
});
