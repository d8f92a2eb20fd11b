import type { ComponentKey, ShowFlag } from '@server/schemas/public-dashboard';

/** What each section is called on this screen, with what residents see in it. */
export const COMPONENT_LABELS: Record<ComponentKey, { name: string; hint: string }> = {
  schoolInfo: { name: 'School information', hint: 'School name and logo' },
  budgetStatus: { name: 'Budget status', hint: 'Total budget, the town’s goal and the gap' },
  progressBar: { name: 'Progress bar', hint: 'The budget as a share of the town’s goal' },
  categoryChart: { name: 'Category chart', hint: 'Where the money goes, by category' },
  buildingChart: { name: 'Building chart', hint: 'Spending by school' },
  salaryCharts: { name: 'Salary charts', hint: 'Teachers and paraeducators by salary range' },
  headcountChart: { name: 'Headcount chart', hint: 'Staff by school' },
  links: { name: 'Custom links', hint: 'Your documents, websites and videos' },
  townLinks: { name: 'Town links', hint: 'Town and school websites' },
};

export const PROJECTED_FLAG: ShowFlag = 'showProjectedEmployees';
