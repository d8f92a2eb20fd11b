import * as Tabs from '@radix-ui/react-tabs';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@web/components/page-header';
import { BudgetCategoriesTab } from './budget-categories-tab';
import { BuildingsTab } from './buildings-tab';
import { BulkOperationsTab } from './bulk-operations-tab';
import { FlashMessages } from './flash-messages';
import { SalaryVerificationTab } from './salary-verification-tab';
import { SettingsTab } from './settings-tab';
import { useFlash, type Flash } from './use-flash';
import { WorkGroupCategoriesTab } from './work-group-categories-tab';
import { WorkGroupsTab } from './work-groups-tab';
import './manage-data.css';

/** The tabs, in order, and the `tab` query parameter value of each. */
export const MANAGE_DATA_TABS = [
  { value: 'work-groups', label: 'Work Groups', Component: WorkGroupsTab },
  { value: 'categories', label: 'Categories', Component: WorkGroupCategoriesTab },
  { value: 'buildings', label: 'Buildings', Component: BuildingsTab },
  { value: 'budget-categories', label: 'Budget Categories', Component: BudgetCategoriesTab },
  { value: 'settings', label: 'Settings', Component: SettingsTab },
  { value: 'salary-verification', label: 'Salary Verification', Component: SalaryVerificationTab },
  { value: 'bulk-operations', label: 'Bulk Operations', Component: BulkOperationsTab },
] as const satisfies readonly { value: string; label: string; Component: (p: { flash: Flash }) => unknown }[];

/** Manage Data: the reference data, step/lane settings, salary checks and bulk fixes, one tab each. */
export function ManageDataScreen() {
  const [params, setParams] = useSearchParams();
  const flash = useFlash();
  const requested = params.get('tab');
  const current = MANAGE_DATA_TABS.some((t) => t.value === requested) ? requested! : 'work-groups';

  return (
    <>
      <PageHeader
        title="Manage Data"
        subtitle="Work groups, categories, buildings, budget categories, step and lane settings, salary checks and bulk fixes."
      />
      <section className="card md-tabs">
        <Tabs.Root
          value={current}
          onValueChange={(tab) => {
            flash.clear();
            setParams(
              (prev) => {
                const next = new URLSearchParams(prev);
                next.set('tab', tab);
                return next;
              },
              { replace: true },
            );
          }}
        >
          <Tabs.List className="tabs-list" aria-label="Manage Data sections">
            {MANAGE_DATA_TABS.map((t) => (
              <Tabs.Trigger key={t.value} className="tabs-trigger" value={t.value}>
                {t.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <FlashMessages flash={flash} />
          {MANAGE_DATA_TABS.map(({ value, Component }) => (
            <Tabs.Content key={value} value={value}>
              <Component flash={flash} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </section>
    </>
  );
}
