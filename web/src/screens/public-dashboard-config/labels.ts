import type { ComponentKey, ShowFlag } from '@shared/schemas/public-dashboard';
import { SECTION_NAMES } from '@shared/schemas/public-dashboard-preview';
import { residentStageCaption, type BudgetStage } from '@shared/schemas/budget-stages';
import { formatDay } from '@web/lib/format';

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

/**
 * Where a published year comes from: 'budget year FY26, School Committee Adopted, voted Mar 12,
 * 2027'. The stage rule's words (the server's stageCaption), its date written as every date on this
 * screen and on Budget Stages (formatDay), not as the resident page writes it.
 */
export const sourceWords = (o: {
  budgetYearLabel: string;
  stage: BudgetStage;
  stageDate: string | null;
}): string =>
  `budget year ${o.budgetYearLabel}, ${residentStageCaption({ stage: o.stage, date: o.stageDate }, formatDay)}`;
