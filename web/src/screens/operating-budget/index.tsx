import type { CellEditRequestEvent, GridApi } from 'ag-grid-community';
import { useCallback, useMemo, useRef, useState } from 'react';
import { errorMessage } from '@web/api/client';
import { FIRST_LINES, useLineTotals, type EmployeeLineItem } from '@web/api/line-items';
import { useEmployeeLines, useFirstEmployeeLines } from '@web/api/line-lists';
import { useSchedules } from '@web/api/salary-schedules';
import { useCan } from '@web/auth/use-can';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { BulkActionsModal } from '@web/components/bulk-actions-modal';
import { BulkButton } from '@web/components/bulk-pick-action';
import { DataGrid, GridPlaceholder } from '@web/components/data-grid/data-grid';
import { ExportToolbar } from '@web/components/data-grid/export-toolbar';
import { GridToolbar } from '@web/components/grid-toolbar';
import { EmployeeEditor } from '@web/components/employee-editor';
import { savedDescription, useEmployeeInlineEdits } from '@web/components/employee-inline-edits';
import { employeeName } from '@web/components/employee-cells';
import { useFiscalYearChoice } from '@web/components/line-filters';
import { useCategoryCodes, useFunctionCodeLink } from '@web/components/function-code-filter';
import { PageHeader } from '@web/components/page-header';
import { NoBudgetYear } from '@web/components/no-budget-year';
import { GridSubtitle } from '@web/components/stage-line';
import { useYearLock, YearLockNotice } from '@web/components/year-lock';
import { SummaryCards } from '@web/components/summary-cards';
import { useToast } from '@web/components/toast';
import { formatNumber } from '@web/lib/format';
import { employeeColumns } from '@web/screens/operating-budget/columns';
import { employeeTotalCards } from '@web/screens/operating-budget/totals-cards';
import { usePlacementEdits, useSchedulesByGroup } from '@web/screens/operating-budget/placement-columns';
import {
  EmployeeFilterBar,
  employeeFilter,
  employeeTotalsFilter,
  INITIAL_EMPLOYEE_FILTERS,
  type EmployeeFilterState,
} from '@web/screens/operating-budget/employee-filters';
import '@web/styles/grid-page.css';
import { fiscalYearLabel } from '@shared/budget-math';

const count = (n: number) => formatNumber(n);

/** Employee Budget Manager: one line per employee of a fiscal year, edited inline or in bulk. */
export function OperatingBudgetScreen() {
  const { selected: budgetYear, isLoading: yearsLoading } = useBudgetYear();
  const notify = useToast();
  // The dashboard's 'no function code' links name the filter and the fiscal year.
  const link = useFunctionCodeLink();
  const years = useFiscalYearChoice(budgetYear, link.fiscalYear);
  // A voted year offers no edit the server would refuse.
  const lock = useYearLock(budgetYear?.id, years.fiscalYear);
  const canEdit = useCan('lineItems.write') && !lock.locked;
  const [filters, setFilters] = useState<EmployeeFilterState>(() =>
    link.functionCode === INITIAL_EMPLOYEE_FILTERS.functionCode
      ? INITIAL_EMPLOYEE_FILTERS
      : { ...INITIAL_EMPLOYEE_FILTERS, functionCode: link.functionCode },
  );
  const [selection, setSelection] = useState<EmployeeLineItem[]>([]);
  // The grid's count of rows passing the filters, and of how many rows it counted them.
  const [shown, setShown] = useState<{ count: number; of: number } | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [editing, setEditing] = useState<EmployeeLineItem | null>(null);
  const apiRef = useRef<GridApi<EmployeeLineItem> | null>(null);

  // The first lines come first, and the whole year is asked for once the grid has drawn them:
  // arriving earlier, its parsing and loading (hundreds of milliseconds of the page's one thread)
  // would come before those first rows instead of after them.
  const firstLines = useFirstEmployeeLines(budgetYear?.id, years.fiscalYear);
  const [firstDrawn, setFirstDrawn] = useState(false);
  const lines = useEmployeeLines(
    budgetYear?.id,
    years.fiscalYear,
    firstDrawn ||
      firstLines.isError ||
      // A filter or search set before the first rows were drawn may hide them all, and a grid with
      // no row to draw never says it has drawn: the lines it looks for are in the whole list.
      filters !== INITIAL_EMPLOYEE_FILTERS ||
      // Fewer lines than asked for: drawing them is no reason to wait.
      (firstLines.data !== undefined && firstLines.data.lineItems.length < FIRST_LINES),
  );
  const totalsFilter = useMemo(
    () => employeeTotalsFilter(budgetYear?.id, years.fiscalYear, filters),
    [budgetYear?.id, years.fiscalYear, filters],
  );
  const totals = useLineTotals(totalsFilter);
  const { onCellEditRequest: onInlineEdit } = useEmployeeInlineEdits();
  // Step and Lane (salary schedules, COLA Management) save through their own call.
  const canReadSchedules = useCan('cola.read');
  const schedules = useSchedulesByGroup(canReadSchedules);
  // The grid starts once the schedules are known: columns that arrive after it has started go to
  // the end (it keeps the order it has), and Step and Lane belong after Work Group.
  const schedulesPending = useSchedules(canReadSchedules).isPending && canReadSchedules;
  const onPlacementEdit = usePlacementEdits(schedules);
  const onCellEditRequest = useCallback(
    (event: CellEditRequestEvent<EmployeeLineItem>) => {
      if (!onPlacementEdit(event)) {
        onInlineEdit(event);
      }
    },
    [onInlineEdit, onPlacementEdit],
  );

  const allRows = lines.data?.lineItems;
  const rows = allRows ?? firstLines.data?.lineItems;
  const categoryCodes = useCategoryCodes();
  const filter = useMemo(() => employeeFilter(filters, categoryCodes), [filters, categoryCodes]);
  const canPlace = useCan('cola.write') && !lock.locked;
  const columns = useMemo(
    () => employeeColumns({ canEdit, onEdit: setEditing, schedules, canPlace }),
    [canEdit, canPlace, schedules],
  );

  const cards = employeeTotalCards(totals.data, years.fiscalYear);

  if (!yearsLoading && !budgetYear) {
    return (
      <div className="grid-screen">
        <PageHeader title="Employee Budget Manager" />
        <NoBudgetYear shows="its employees" />
      </div>
    );
  }
  const fyLabel = years.fiscalYear ? fiscalYearLabel(years.fiscalYear) : '';
  return (
    <div className="grid-screen grid-screen--wide">
      <PageHeader
        title="Employee Budget Manager"
        subtitle={<GridSubtitle budgetYear={budgetYear} fiscalYear={years.fiscalYear} />}
      />
      <section className="card" aria-label="Filters">
        <EmployeeFilterBar filters={filters} onChange={setFilters} years={years} lines={allRows ?? []} />
      </section>
      <SummaryCards
        label="Employee totals"
        cards={cards}
        busy={totals.isFetching}
        error={totals.isError ? errorMessage(totals.error, 'Failed to load totals') : null}
      />
      <section className="card" aria-label="Employees">
        <YearLockNotice lock={lock} />
        {lines.isError ? (
          <Alert title="Failed to load employees">
            {errorMessage(lines.error, 'Please reload the page.')}
          </Alert>
        ) : null}
        <GridToolbar
          apiRef={apiRef}
          total={allRows?.length}
          // Counted on the first lines only, it would read '100 of 50,000' for a moment.
          shown={shown && shown.of === allRows?.length ? shown.count : null}
          noun="employees"
          selected={selection.length}
        >
          <div className="grid-toolbar__actions">
            {canEdit ? (
              // Disabled, saying why, while nothing is ticked (as the Proposed Budget Manager's).
              <BulkButton
                selected={selection.length}
                busy={false}
                variant="primary"
                onClick={() => setBulkOpen(true)}
              >
                Bulk Actions{selection.length ? ` (${count(selection.length)})` : ''}
              </BulkButton>
            ) : null}
            <ExportToolbar
              apiRef={apiRef}
              fileName={`employees-${budgetYear?.fiscalYear ?? ''}-${fyLabel}`}
              sheetName={`Employees ${fyLabel}`}
              disabled={!allRows?.length}
            />
          </div>
        </GridToolbar>
        {schedulesPending ? (
          <GridPlaceholder maxHeight={600} />
        ) : (
          <DataGrid<EmployeeLineItem>
            label="Employees"
            gridId="employees"
            rows={rows}
            columns={columns}
            loading={!rows && lines.isPending && Boolean(budgetYear)}
            emptyText="No employees in this fiscal year"
            maxHeight={600}
            selectable={canEdit}
            onSelectionChange={setSelection}
            apiRef={apiRef}
            externalFilter={filter}
            onCellEditRequest={onCellEditRequest}
            onDisplayedRowsChange={(count, of) => setShown({ count, of })}
            onFirstDataRendered={() => setFirstDrawn(true)}
          />
        )}
      </section>
      <BulkActionsModal
        open={bulkOpen}
        onOpenChange={setBulkOpen}
        selected={selection}
        onDone={(message, lines) => {
          setBulkOpen(false);
          apiRef.current?.deselectAll();
          setSelection([]);
          // As the Positions screen does: the locked salary lines' note, when the change is not in them.
          notify({ title: message, ...(lines ? { description: lines } : {}) });
        }}
      />
      <EmployeeEditor
        line={editing}
        onClose={() => setEditing(null)}
        onSaved={(line, salaryLines) => {
          setEditing(null);
          notify({
            title: 'Employee saved',
            description: savedDescription(employeeName(line), { salaryLines }),
          });
        }}
      />
    </div>
  );
}
