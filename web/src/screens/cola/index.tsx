import { PageHeader } from '@web/components/page-header';
import { UrlTabs } from '@web/components/url-tabs';
import { ContractsTab } from './contracts-tab';
import { ProjectionsTab } from './projections-tab';
import { RifTab } from './rif-tab';
import { ScenariosTab } from './scenarios-tab';
import { SchedulesTab } from './schedules-tab';
import '@web/components/charts/charts.css';
import './cola.css';
// After cola.css, so the working's smaller heading (.how-calculated__header h3) wins over .cola-result h3.
import './results.css';

/** The COLA Management tabs in order, then the step-and-lane schedules; `tab` in the URL names one. */
export const COLA_TABS = [
  { value: 'contracts', label: 'Contracts', Component: ContractsTab },
  { value: 'scenarios', label: 'COLA Scenarios', Component: ScenariosTab },
  { value: 'rif-gap', label: 'RIF Gap Calculator', Component: RifTab },
  { value: 'multi-year', label: 'Multi-Year Projections', Component: ProjectionsTab },
  { value: 'schedules', label: 'Salary Schedules', Component: SchedulesTab },
] as const;

/** COLA Management: contracts, COLA scenarios, the RIF gap and multi-year projections. */
export function ColaScreen() {
  return (
    <>
      <PageHeader
        title="COLA Management"
        subtitle="Union contracts and their cost-of-living increases, COLA scenarios, the reduction-in-force gap and multi-year projections."
      />
      <UrlTabs tabs={COLA_TABS} label="COLA Management sections" className="cola-tabs" />
    </>
  );
}
