import type { ComponentKey, ShowFlag } from '@shared/schemas/public-dashboard';
import { SECTION_NAMES } from '@shared/schemas/public-dashboard-preview';

/** What each section is called on this screen (the names the preview's changes use), with what residents see in it. */
export const COMPONENT_LABELS: Record<ComponentKey, { name: string; hint: string }> = {
  schoolInfo: { name: SECTION_NAMES.schoolInfo, hint: 'School name and logo' },
  budgetStatus: { name: SECTION_NAMES.budgetStatus, hint: 'Total budget, the town’s goal and the gap' },
  progressBar: { name: SECTION_NAMES.progressBar, hint: 'The budget as a share of the town’s goal' },
  categoryChart: { name: SECTION_NAMES.categoryChart, hint: 'Where the money goes, by category' },
  buildingChart: { name: SECTION_NAMES.buildingChart, hint: 'Spending by school' },
  salaryCharts: { name: SECTION_NAMES.salaryCharts, hint: 'Teachers and paraeducators by salary range' },
  headcountChart: { name: SECTION_NAMES.headcountChart, hint: 'Staff by school' },
  links: { name: SECTION_NAMES.links, hint: 'Your documents, websites and videos' },
  townLinks: { name: SECTION_NAMES.townLinks, hint: 'Town and school websites' },
};

export const PROJECTED_FLAG: ShowFlag = 'showProjectedEmployees';
