import { describe, expect, it } from 'vitest';
import type { ColaScenario } from '@web/api/cola';
import type { WorkGroupCategory } from '@web/api/work-groups';
import { checkGrid, gridCategories, gridFromSettings } from './scenario-grid-rules';

const cat = (id: number, name: string): WorkGroupCategory => ({
  id,
  name,
  description: null,
  backgroundColor: '#e5e7eb',
  textColor: '#1f2937',
  workGroupCount: 1,
});
const CATS = [
  cat(1, 'OPERATIONS'),
  cat(2, 'Coaches'),
  cat(3, 'TEACHERS'),
  cat(4, 'ADMIN'),
  cat(5, 'SUPPORT'),
];
const SCENARIOS: ColaScenario[] = [
  {
    id: 9,
    name: 'Plan A',
    description: null,
    isDefault: true,
    settingsCount: 0,
    lastYear: null,
    longTermColaPercentage: null,
    longTermWorkGroups: [],
    createdAt: '',
  },
];

describe('COLA scenario grid', () => {
  it('lists TEACHERS, SUPPORT, ADMIN, OPERATIONS first, then the rest', () => {
    expect(gridCategories(CATS).map((c) => c.name)).toEqual([
      'TEACHERS',
      'SUPPORT',
      'ADMIN',
      'OPERATIONS',
      'Coaches',
    ]);
  });

  it('refuses to save without a scenario, with an unknown one, or with nothing typed', () => {
    expect(checkGrid(null, SCENARIOS, CATS, {}).message).toBe('Please select a scenario first');
    expect(checkGrid(10, SCENARIOS, CATS, { '1:2027': '3' }).message).toBe('Invalid scenario selected');
    expect(checkGrid(9, SCENARIOS, CATS, { '1:2027': '  ' }).message).toBe(
      'No COLA percentages to save. Please enter at least one value.',
    );
  });

  it('sends each typed cell, and marks a cell outside 0-100', () => {
    const ok = checkGrid(9, SCENARIOS, CATS, { '3:2027': '3.5', '3:2028': '', '1:2029': '0' });
    expect(ok.body).toEqual({
      scenarioId: 9,
      settings: [
        { workGroupCategoryId: 1, fiscalYear: 2029, colaPercentage: 0 },
        { workGroupCategoryId: 3, fiscalYear: 2027, colaPercentage: 3.5 },
      ],
    });
    const bad = checkGrid(9, SCENARIOS, CATS, { '3:2027': '120' });
    expect(bad.body).toBeNull();
    expect(bad.cellErrors['3:2027']).toBe(
      'Enter a percent from 0 to 100 with at most 2 decimals for TEACHERS FY27',
    );
  });

  it('tells a cell within 0-100 with three decimals what is wrong with it', () => {
    // 3.333 is between 0 and 100: the message must name the decimals, or there is nothing to fix.
    const bad = checkGrid(9, SCENARIOS, CATS, { '3:2027': '3.333' });
    expect(bad.body).toBeNull();
    expect(bad.cellErrors['3:2027']).toMatch(/at most 2 decimals/);
  });

  it('fills the grid from category settings only', () => {
    expect(
      gridFromSettings([
        {
          id: 1,
          scenarioId: 9,
          workGroupId: null,
          workGroupCategoryId: 3,
          workGroupCategory: 'TEACHERS',
          workGroup: null,
          fiscalYear: 2027,
          colaPercentage: 3.5,
        },
        {
          id: 2,
          scenarioId: 9,
          workGroupId: 7,
          workGroupCategoryId: null,
          workGroupCategory: null,
          workGroup: 'Nurses',
          fiscalYear: 2027,
          colaPercentage: 4,
        },
      ]),
    ).toEqual({ '3:2027': '3.5' });
  });
});
