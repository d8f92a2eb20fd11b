import * as Tabs from '@radix-ui/react-tabs';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@web/components/page-header';
import { ContractsTab } from './contracts-tab';
import { ProjectionsTab } from './projections-tab';
import { RifTab } from './rif-tab';
import { ScenariosTab } from './scenarios-tab';
import { SchedulesTab } from './schedules-tab';
import '@web/components/charts/charts.css';
import './cola.css';

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
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current = COLA_TABS.find((t) => t.value === requested)?.value ?? 'contracts';
  return (
    <>
      <PageHeader
        title="COLA Management"
        subtitle="Union contracts and their cost-of-living increases, COLA scenarios, the reduction-in-force gap and multi-year projections."
      />
      <section className="card cola-tabs">
        <Tabs.Root
          value={current}
          onValueChange={(tab) =>
            setParams(
              (prev) => {
                const next = new URLSearchParams(prev);
                next.set('tab', tab);
                return next;
              },
              { replace: true },
            )
          }
        >
          <Tabs.List className="tabs-list" aria-label="COLA Management sections">
            {COLA_TABS.map((t) => (
              <Tabs.Trigger key={t.value} className="tabs-trigger" value={t.value}>
                {t.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {COLA_TABS.map(({ value, Component }) => (
            <Tabs.Content key={value} value={value}>
              <Component />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </section>
    </>
  );
}
