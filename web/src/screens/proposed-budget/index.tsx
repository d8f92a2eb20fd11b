import { fiscalYearLabel } from '@shared/budget-math';
import type { GridApi } from 'ag-grid-community';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '@web/api/client';
import { fundNamer, useFunds } from '@web/api/funds';
import { useLineTotals, type ProposedLineItem } from '@web/api/line-items';
import { useProposedLines } from '@web/api/line-lists';
import { useCan } from '@web/auth/use-can';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { DataGrid } from '@web/components/data-grid/data-grid';
import { ExportToolbar } from '@web/components/data-grid/export-toolbar';
import { GridToolbar } from '@web/components/grid-toolbar';
import { useFiscalYearChoice } from '@web/components/line-filters';
import { useCategoryCodes, useFunctionCodeLink } from '@web/components/function-code-filter';
import { OverAwardNotice, useOverAward } from '@web/components/over-award-notice';
import { PageHeader } from '@web/components/page-header';
import { NoBudgetYear } from '@web/components/no-budget-year';
import { GridSubtitle } from '@web/components/stage-line';
import { useYearLock, YearLockNotice } from '@web/components/year-lock';
import { ProposedEditor, type ProposedEditorTarget } from '@web/components/proposed-editor';
import { SummaryCards } from '@web/components/summary-cards';
import { useToast } from '@web/components/toast';
import { formatMoneyCents } from '@web/lib/format';
import { proposedColumns, proposedLabel } from '@web/screens/proposed-budget/columns';
import { ProposedBulkBar } from '@web/screens/proposed-budget/proposed-bulk-bar';
import { BulkCategory } from '@web/components/bulk-category';
import { BulkFunctionCode } from '@web/components/bulk-function-code';
import { BulkFund } from '@web/components/bulk-fund';
import {
  INITIAL_PROPOSED_FILTERS,
  ProposedFilterBar,
  proposedFilter,
  proposedTotalsFilter,
  type ProposedFilterState,
} from '@web/screens/proposed-budget/proposed-filters';
import { useProposedActions } from '@web/screens/proposed-budget/proposed-actions';
import '@web/styles/grid-page.css';

const count = (n: number) => n.toLocaleString('en-US');

/** Proposed Budget Manager: the non-personnel lines of a fiscal year, by category and building. */
export function ProposedBudgetScreen() {
  const { selected: budgetYear, isLoading: yearsLoading } = useBudgetYear();
  const notify = useToast();
  // The dashboard's 'no function code' links name the filter and the fiscal year.
  const link = useFunctionCodeLink();
  const years = useFiscalYearChoice(budgetYear, link.fiscalYear);
  // A voted year offers no edit the server would refuse.
  const lock = useYearLock(budgetYear?.id, years.fiscalYear);
  const canEdit = useCan('lineItems.write') && !lock.locked;
  const [filters, setFilters] = useState<ProposedFilterState>(() =>
    link.functionCode === INITIAL_PROPOSED_FILTERS.functionCode
      ? INITIAL_PROPOSED_FILTERS
      : { ...INITIAL_PROPOSED_FILTERS, functionCode: link.functionCode },
  );
  const [selection, setSelection] = useState<ProposedLineItem[]>([]);
  const [shown, setShown] = useState<number | null>(null);
  const [editor, setEditor] = useState<ProposedEditorTarget | null>(null);
  const apiRef = useRef<GridApi<ProposedLineItem> | null>(null);
  const clearSelection = () => {
    apiRef.current?.deselectAll();
    setSelection([]);
  };
  const {
    toDelete,
    setToDelete,
    confirmBulk,
    setConfirmBulk,
    busy,
    outcome,
    refuse,
    moveOn,
    forget,
    deleteOne,
    deleteSelected,
    assignBuilding,
    bulkProps,
  } = useProposedActions(selection, clearSelection);

  // The header's budget year or the fiscal year changed: the banner spoke of the other year's lines.
  useEffect(() => forget(), [budgetYear?.id, years.fiscalYear, forget]);
  const lines = useProposedLines(budgetYear?.id, years.fiscalYear);
  const totalsFilter = useMemo(
    () => proposedTotalsFilter(budgetYear?.id, years.fiscalYear, filters),
    [budgetYear?.id, years.fiscalYear, filters],
  );
  const totals = useLineTotals(totalsFilter);
  const rows = lines.data?.lineItems;
  const categoryCodes = useCategoryCodes();
  const funds = useFunds();
  const fundName = useMemo(() => fundNamer(funds.data?.funds), [funds.data]);
  const overAward = useOverAward(budgetYear?.id, years.fiscalYear);
  // Read through a ref, so the funds report arriving (after the grid has sized its columns to their
  // content) redraws the Fund cells rather than giving the grid new columns at their set widths.
  const isOver = useRef(overAward.isOver);
  isOver.current = overAward.isOver;
  useEffect(() => {
    apiRef.current?.refreshCells({ columns: ['fund'], force: true });
  }, [overAward.isOver]);
  const filter = useMemo(
    () => proposedFilter(filters, categoryCodes, funds.data?.funds),
    [filters, categoryCodes, funds.data],
  );
  const columns = useMemo(
    () =>
      proposedColumns({
        canEdit,
        fundName,
        fundOverAward: (fundId) => isOver.current(fundId),
        onEdit: (line) => {
          moveOn();
          setEditor({ mode: 'edit', line });
        },
        onDelete: (line) => {
          moveOn();
          setToDelete(line);
        },
      }),
    [canEdit, fundName, setToDelete, moveOn],
  );

  const t = totals.data;
  const cards = [
    { label: 'Line Items', value: t ? count(t.count) : '…' },
    { label: 'Total Amount', value: t ? formatMoneyCents(t.totalAmount) : '…' },
    { label: 'Average per Line', value: t && t.count ? formatMoneyCents(t.totalAmount / t.count) : '—' },
  ];
  if (!yearsLoading && !budgetYear) {
    return (
      <div className="grid-screen">
        <PageHeader title="Proposed Budget Manager" />
        <NoBudgetYear shows="its proposed lines" />
      </div>
    );
  }
  const fyLabel = years.fiscalYear ? fiscalYearLabel(years.fiscalYear) : '';

  return (
    <div className="grid-screen grid-screen--wide">
      <PageHeader
        title="Proposed Budget Manager"
        subtitle={<GridSubtitle budgetYear={budgetYear} fiscalYear={years.fiscalYear} />}
        actions={
          canEdit && budgetYear && years.fiscalYear ? (
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => {
                moveOn();
                setEditor({ mode: 'add', budgetYearId: budgetYear.id, fiscalYear: years.fiscalYear! });
              }}
            >
              Add Line Item
            </button>
          ) : null
        }
      />
      <section className="card" aria-label="Filters">
        <ProposedFilterBar filters={filters} onChange={setFilters} years={years} />
      </section>
      <SummaryCards
        label="Proposed totals"
        cards={cards}
        busy={totals.isFetching}
        error={totals.isError ? errorMessage(totals.error, 'Failed to load totals') : null}
      />
      <section className="card" aria-label="Proposed lines">
        <YearLockNotice lock={lock} />
        <OverAwardNotice over={overAward.over} fiscalYear={years.fiscalYear} />
        {lines.isError ? (
          <Alert title="Failed to load line items">
            {errorMessage(lines.error, 'Please reload the page.')}
          </Alert>
        ) : null}
        {outcome ? (
          <div className="grid-outcome">
            <Alert variant={outcome.variant} title={outcome.title}>
              {outcome.lines?.length ? (
                <ul className="warning-list">
                  {outcome.lines.map((l) => (
                    <li key={l}>{l}</li>
                  ))}
                </ul>
              ) : null}
            </Alert>
          </div>
        ) : null}
        <GridToolbar
          apiRef={apiRef}
          total={rows?.length}
          shown={shown}
          noun="lines"
          selected={selection.length}
        >
          <div className="grid-toolbar__actions">
            {canEdit ? (
              <ProposedBulkBar
                selectedCount={selection.length}
                busy={busy}
                onAssign={(id, name) => void assignBuilding(id, name)}
                onDelete={() => {
                  moveOn();
                  setConfirmBulk(true);
                }}
                onProblem={refuse}
                onMoveOn={moveOn}
              />
            ) : null}
            {canEdit ? <BulkFunctionCode {...bulkProps} fiscalYear={years.fiscalYear ?? undefined} /> : null}
            {canEdit ? <BulkCategory {...bulkProps} /> : null}
            {canEdit ? <BulkFund {...bulkProps} /> : null}
            <ExportToolbar
              apiRef={apiRef}
              fileName={`proposed-${budgetYear?.fiscalYear ?? ''}-${fyLabel}`}
              sheetName={`Proposed ${fyLabel}`}
              disabled={!rows?.length}
            />
          </div>
        </GridToolbar>
        <DataGrid<ProposedLineItem>
          label="Proposed lines"
          gridId="proposed-lines"
          rows={rows}
          columns={columns}
          loading={lines.isPending && Boolean(budgetYear)}
          emptyText="No proposed lines in this fiscal year"
          selectable={canEdit}
          onSelectionChange={(rows) => {
            setSelection(rows);
            moveOn();
          }}
          apiRef={apiRef}
          externalFilter={filter}
          onDisplayedRowsChange={setShown}
        />
      </section>
      <ProposedEditor
        target={editor}
        onClose={() => setEditor(null)}
        onSaved={(line, mode) => {
          setEditor(null);
          moveOn();
          notify({
            title: mode === 'add' ? 'Line item added' : 'Line item saved',
            description: proposedLabel(line),
          });
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title="Delete line item"
        message="Delete this item? This cannot be undone."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={busy}
        onConfirm={() => void deleteOne()}
      />
      <ConfirmDialog
        open={confirmBulk}
        onOpenChange={setConfirmBulk}
        title="Delete selected items"
        message={`Delete ${count(selection.length)} selected item${selection.length === 1 ? '' : 's'}? This cannot be undone.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={busy}
        onConfirm={() => void deleteSelected()}
      />
    </div>
  );
}
