// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicView, PublicYearData } from '@shared/schemas/public-dashboard';
import { PublicSection } from './sections';

/** What each chart would draw: Plotly's layout, caught instead of drawn. */
const layouts: Record<string, unknown>[] = [];
vi.mock('@web/components/charts/lazy-plot', () => ({
  LazyPlot: ({ layout }: { layout: Record<string, unknown> }) => {
    layouts.push(layout);
    return null;
  },
}));

/**
 * On a 390 px phone the residents' bar charts once wrote each long school name beside its bar, which
 * left the bars a sliver and the names squeezed: each name goes above its bar there, as the gap card's.
 */
const data = {
  fiscalYear: 2026,
  publishedAt: '2026-11-25T12:00:00.000Z',
  totalBudget: 3_000_000,
  townGoal: 0,
  hasTownGoal: false,
  guidanceGap: null,
  categoryBreakdown: [],
  buildingBreakdown: [
    { name: 'Thomas C. Passios Elementary School', amount: 2_000_000 },
    { name: 'District Wide', amount: 1_000_000 },
  ],
  salaryData: null,
  locationData: {
    locations: [
      { location: 'Thomas C. Passios Elementary School', count: 40, totalSalary: 2_000_000, isOther: false },
      { location: 'District Wide', count: 12, totalSalary: 900_000, isOther: false },
    ],
    totalEmployees: 52,
    totalSalaries: 2_900_000,
  },
  perPupil: null,
  deseBreakdown: [],
  includesProjectedEmployees: true,
  stageLabel: null,
} as unknown as PublicYearData;
const view = { years: [2026], data: { '2026': data } } as unknown as PublicView;

const wide = window.matchMedia;
beforeEach(() => {
  layouts.length = 0;
  // A 390 px phone: every max-width query matches.
  window.matchMedia = ((query: string) => ({ matches: query.includes('max-width'), media: query })) as never;
});
afterEach(() => {
  cleanup();
  window.matchMedia = wide;
});

describe("the residents' bar charts on a phone", () => {
  it.each(['buildingChart', 'headcountChart'] as const)('%s writes each name above its bar', (name) => {
    render(<PublicSection name={name} view={view} year={2026} data={data} onWatch={() => {}} />);
    const layout = layouts.at(-1)!;
    expect((layout.yaxis as { showticklabels: boolean }).showticklabels).toBe(false);
    const names = (layout.annotations as { text: string }[]).map((a) => a.text);
    expect(names).toEqual(expect.arrayContaining(['Thomas C. Passios Elementary School', 'District Wide']));
  });
});
