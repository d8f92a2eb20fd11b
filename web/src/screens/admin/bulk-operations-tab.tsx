import { useBulkOptions } from '@web/api/bulk-update';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { DeseCodesCard } from './bulk-operations/dese-codes-card';
import { LinkBuildingsCard } from './bulk-operations/link-buildings-card';
import './bulk-operations/bulk-operations.css';

/** Admin Panel, Manage Data: link employees to buildings and update DESE codes, in bulk. */
export function BulkOperationsTab() {
  const { selected } = useBudgetYear();
  const options = useBulkOptions(selected?.id);
  if (!selected) {
    return <Alert variant="info">Choose a budget year in the header first.</Alert>;
  }
  const years = options.data?.fiscalYears ?? [];
  return (
    <>
      <p className="bo-intro">
        Fix imported employee data of {selected.fiscalYear} in bulk. Preview shows what would change without
        changing anything; every change is recorded in each employee&apos;s history.
      </p>
      <div className="bo-cards">
        <LinkBuildingsCard budgetYear={selected} years={years} />
        <DeseCodesCard budgetYear={selected} years={years} />
      </div>
    </>
  );
}
