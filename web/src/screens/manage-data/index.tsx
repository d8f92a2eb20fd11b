import { PageHeader } from '@web/components/page-header';
import { UrlTabs } from '@web/components/url-tabs';
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
  const flash = useFlash();
  return (
    <>
      <PageHeader
        title="Manage Data"
        subtitle="Work groups, categories, buildings, budget categories, step and lane settings, salary checks and bulk fixes."
      />
      <UrlTabs
        tabs={MANAGE_DATA_TABS}
        label="Manage Data sections"
        className="md-tabs"
        tabProps={{ flash }}
        onTabChange={() => flash.clear()}
      >
        <FlashMessages flash={flash} />
      </UrlTabs>
    </>
  );
}
