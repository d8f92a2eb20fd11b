import { fiscalYearLabel } from '@shared/budget-math';
import type { GridApi } from 'ag-grid-community';
import * as ToggleGroup from '@radix-ui/react-toggle-group';
import { useMemo, useRef, useState } from 'react';
import { errorMessage } from '@web/api/client';
import type { EmployeeLineItem } from '@web/api/line-items';
import { useEmployeeLines } from '@web/api/line-lists';
import { useCan } from '@web/auth/use-can';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { DataGrid } from '@web/components/data-grid/data-grid';
import { ExportToolbar } from '@web/components/data-grid/export-toolbar';
import { GridToolbar } from '@web/components/grid-toolbar';
import { employeeName } from '@web/components/employee-cells';
import { EmployeeEditor } from '@web/components/employee-editor';
import { useEmployeeInlineEdits } from '@web/components/employee-inline-edits';
import { SearchField, useFiscalYearChoice } from '@web/components/line-filters';
import { PageHeader } from '@web/components/page-header';
import { useToast } from '@web/components/toast';
import { useYearLock, YearLockNotice } from '@web/components/year-lock';
import { FiscalYearFilter } from '@web/components/manager-filters';
import { importHistoryColumns } from '@web/screens/import-history/columns';
import { importHistoryFilter } from '@web/screens/import-history/filter';
import { ImportRunsPanel } from '@web/screens/import-history/import-runs-panel';
import '@web/styles/grid-page.css';
import { FieldGroup } from '@web/components/form/field';

type Show = 'all' | 'review';

const count = (n: number) => n.toLocaleString('en-US');

/** Import History: the imported employee records, with the import runs that brought them in. */
export function ImportHistoryScreen() {
  const { selected: budgetYear } = useBudgetYear();
  const notify = useToast();
  const years = useFiscalYearChoice(budgetYear);
  // A year locked by a vote refuses every change to its records (409 on save): no Edit is offered
  // and the notice says why, as the Employee Budget Manager does.
  const lock = useYearLock(budgetYear?.id, years.fiscalYear);
  const canEdit = useCan('lineItems.write') && !lock.locked;
  const [show, setShow] = useState<Show>('all');
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState<number | null>(null);
  const [editing, setEditing] = useState<EmployeeLineItem | null>(null);
  const apiRef = useRef<GridApi<EmployeeLineItem> | null>(null);
  const lines = useEmployeeLines(budgetYear?.id, years.fiscalYear);
  const { onCellEditRequest } = useEmployeeInlineEdits();
  const rows = lines.data?.lineItems;

  const reviewCount = useMemo(() => (rows ?? []).filter((l) => l.metadata.needsReview).length, [rows]);
  const filter = useMemo(() => importHistoryFilter(show, search), [show, search]);
  const columns = useMemo(() => importHistoryColumns({ canEdit, onEdit: setEditing }), [canEdit]);
  const fyLabel = years.fiscalYear ? fiscalYearLabel(years.fiscalYear) : '';

  return (
    <div className="grid-screen grid-screen--wide">
      <PageHeader
        title="Import History"
        subtitle={
          budgetYear
            ? `Budget year ${budgetYear.fiscalYear}: imports and the employee records they brought in`
            : 'Choose a budget year in the header.'
        }
      />
      <ImportRunsPanel />
      <section className="card" aria-label="Imported records">
        <div className="filter-bar" role="search" aria-label="Filter imported records">
          <FieldGroup id="import-history-show" label="Show">
            {(labelledBy) => (
              <ToggleGroup.Root
                type="single"
                className="segmented"
                aria-labelledby={labelledBy}
                value={show}
                onValueChange={(v) => (v ? setShow(v as Show) : undefined)}
              >
                <ToggleGroup.Item className="segmented__item" value="all">
                  All Records
                </ToggleGroup.Item>
                <ToggleGroup.Item className="segmented__item" value="review">
                  Needs Review{rows ? ` (${count(reviewCount)})` : ''}
                </ToggleGroup.Item>
              </ToggleGroup.Root>
            )}
          </FieldGroup>
          <FiscalYearFilter id="import-history-fiscal-year" years={years} />
          <SearchField
            id="import-history-search"
            placeholder="Name, position, location..."
            onSearch={setSearch}
          />
        </div>
      </section>
      <section className="card" aria-label="Records">
        <YearLockNotice lock={lock} />
        {lines.isError ? (
          <Alert title="Failed to load records">{errorMessage(lines.error, 'Please reload the page.')}</Alert>
        ) : null}
        <GridToolbar apiRef={apiRef} total={rows?.length} shown={shown} noun="records">
          <ExportToolbar
            apiRef={apiRef}
            fileName={`import-history-${fyLabel}${show === 'review' ? '-needs-review' : ''}`}
            sheetName={`Import History ${fyLabel}`}
            disabled={!rows?.length}
          />
        </GridToolbar>
        <DataGrid<EmployeeLineItem>
          label="Imported records"
          gridId="import-history"
          rows={rows}
          columns={columns}
          loading={lines.isPending && Boolean(budgetYear)}
          emptyText="No imported records in this fiscal year"
          apiRef={apiRef}
          externalFilter={filter}
          onCellEditRequest={onCellEditRequest}
          onDisplayedRowsChange={setShown}
        />
      </section>
      <EmployeeEditor
        line={editing}
        onClose={() => setEditing(null)}
        onSaved={(line) => {
          setEditing(null);
          notify({ title: 'Record saved', description: employeeName(line) });
        }}
      />
    </div>
  );
}
