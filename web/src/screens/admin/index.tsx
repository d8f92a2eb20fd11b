import { PageHeader } from '@web/components/page-header';
import { UrlTabs } from '@web/components/url-tabs';
import { BudgetManagementTab } from '@web/screens/admin/budget-management-tab';
import { BulkOperationsTab } from '@web/screens/admin/bulk-operations-tab';
import { DatabaseTab } from '@web/screens/admin/database-tab';
import { EnrollmentTab } from '@web/screens/admin/enrollment-tab';
import { ImportTab } from '@web/screens/admin/import-tab';
import { StateFiguresTab } from '@web/screens/admin/state-figures-tab';

const TABS = [
  { value: 'import', label: 'CSV Import', Component: ImportTab },
  { value: 'budgets', label: 'Budget Management', Component: BudgetManagementTab },
  { value: 'enrollment', label: 'Enrollment', Component: EnrollmentTab },
  { value: 'state-figures', label: 'State Figures', Component: StateFiguresTab },
  { value: 'manage-data', label: 'Manage Data', Component: BulkOperationsTab },
  { value: 'database', label: 'Database', Component: DatabaseTab },
] as const;

/** The Admin Panel: one tab per task, the open tab kept in ?tab= so a link can open it. */
export function AdminScreen() {
  return (
    <>
      <PageHeader title="Admin Panel" subtitle="Imports, budgets, enrollment and bulk data fixes." />
      <UrlTabs tabs={TABS} label="Admin sections" />
    </>
  );
}
