// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoutes } from '@web/test/render';
import type { ColaCalculation } from '@web/api/cola';
import { ColaImpact } from './cola-impact';

const result = {
  scenarioId: null,
  baseYear: 2026,
  employees: 235,
  employeesWithoutSalary: 0,
  grandTotal: 1000,
  years: [],
  totalIncrease: 0,
  byWorkGroup: [
    {
      workGroupId: 1,
      workGroup: 'Teachers',
      category: 'TEACHERS',
      employees: 235,
      baseline: 1000,
      years: [],
    },
  ],
} as unknown as ColaCalculation;

describe('ColaImpact', () => {
  // Its 235 Teachers are the work group's Active employees of the base year, not the dashboard's
  // 270 teachers: the column says so.
  it('says the work group count is of Active employees of the base year', () => {
    renderRoutes('/', [{ path: '/', element: <ColaImpact result={result} scenarioName="Default" /> }]);
    expect(screen.getByRole('columnheader', { name: 'Active employees FY26' })).toBeTruthy();
  });
});
