import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { PageHeader } from '@web/components/page-header';
import { DataIssuesTab } from '@web/screens/data-quality/data-issues-tab';
import { DuplicateCheckerTab } from '@web/screens/data-quality/duplicate-checker-tab';
import './data-quality.css';

/** Data Quality Review: records flagged by imports, and likely duplicates to merge or dismiss. */
export function DataQualityScreen() {
  const { selected: budgetYear } = useBudgetYear();
  const [tab, setTab] = useState('issues');
  return (
    <>
      <PageHeader
        title="Data Quality Review"
        subtitle={
          budgetYear
            ? `Budget year ${budgetYear.fiscalYear}: fix what imports flagged and merge duplicate records`
            : 'Choose a budget year in the header.'
        }
      />
      <section className="card">
        <Tabs.Root value={tab} onValueChange={setTab}>
          <Tabs.List className="tabs-list" aria-label="Data quality sections">
            <Tabs.Trigger className="tabs-trigger" value="issues">
              Data Issues
            </Tabs.Trigger>
            <Tabs.Trigger className="tabs-trigger" value="duplicates">
              Duplicate Checker
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="issues">
            <DataIssuesTab budgetYearId={budgetYear?.id} />
          </Tabs.Content>
          <Tabs.Content value="duplicates">
            <DuplicateCheckerTab budgetYearId={budgetYear?.id} />
          </Tabs.Content>
        </Tabs.Root>
      </section>
    </>
  );
}
