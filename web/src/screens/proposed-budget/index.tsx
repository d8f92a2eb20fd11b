import { fiscalYearLabel } from '@shared/budget-math';
import { useQueryClient } from '@tanstack/react-query';
import type { GridApi } from 'ag-grid-community';
import { useMemo, useRef, useState } from 'react';
import { errorMessage } from '@web/api/client';
import {
  bulkDeleteAll,
  inChunks,
  lineItemsApi,
  refreshAllLines,
  removeLines,
  useLineTotals,
  type ProposedLineItem,
} from '@web/api/line-items';
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
import { PageHeader } from '@web/components/page-header';
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
import {
  INITIAL_PROPOSED_FILTERS,
  ProposedFilterBar,
  proposedFilter,
  proposedTotalsFilter,
  type ProposedFilterState,
} from '@web/screens/proposed-budget/proposed-filters';
import {
  bulkAssignFailure,
  bulkDeleteOutcome,
  deleteFailure,
  type Outcome,
} from '@web/screens/proposed-budget/proposed-messages';
import '@web/styles/grid-page.css';

const count = (n: number) => n.toLocaleString('en-US');

/** Proposed Budget Manager: the non-personnel lines of a fiscal year, by category and building. */
export function ProposedBudgetScreen() {
  const { selected: budgetYear } = useBudgetYear();
  const notify = useToast();
  const queryClient = useQueryClient();
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
  const [toDelete, setToDelete] = useState<ProposedLineItem | null>(null);
  const [confirmBulk, setConfirmBulk] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const apiRef = useRef<GridApi<ProposedLineItem> | null>(null);

  const lines = useProposedLines(budgetYear?.id, years.fiscalYear);
  const totalsFilter = useMemo(
    () => proposedTotalsFilter(budgetYear?.id, years.fiscalYear, filters),
    [budgetYear?.id, years.fiscalYear, filters],
  );
  const totals = useLineTotals(totalsFilter);
  const rows = lines.data?.lineItems;
  const categoryCodes = useCategoryCodes();
  const filter = useMemo(() => proposedFilter(filters, categoryCodes), [filters, categoryCodes]);
  const columns = useMemo(
    () =>
      proposedColumns({
        canEdit,
        onEdit: (line) => setEditor({ mode: 'edit', line }),
        onDelete: setToDelete,
      }),
    [canEdit],
  );

  const clearSelection = () => {
    apiRef.current?.deselectAll();
    setSelection([]);
  };

  const deleteOne = async () => {
    if (!toDelete) {
      return;
    }
    const line = toDelete;
    setBusy(true);
    try {
      await lineItemsApi.remove(line.id);
      await removeLines(queryClient, [line.id]);
      setOutcome(null);
      notify({ title: 'Item deleted', description: proposedLabel(line) });
    } catch (err) {
      setOutcome({ variant: 'error', title: deleteFailure(err) });
    } finally {
      setBusy(false);
      setToDelete(null);
    }
  };

  const deleteSelected = async () => {
    const ids = selection.map((l) => l.id);
    setBusy(true);
    try {
      const result = await bulkDeleteAll(ids);
      const failedIds = new Set(result.failed.map((f) => f.id));
      await removeLines(
        queryClient,
        ids.filter((id) => !failedIds.has(id)),
      );
      setOutcome(bulkDeleteOutcome(ids.length, result));
      if (result.failed.length === 0) {
        clearSelection();
      }
    } catch (err) {
      setOutcome({
        variant: 'error',
        title: `Failed to delete ${count(ids.length)} items`,
        lines: [deleteFailure(err)],
      });
    } finally {
      setBusy(false);
      setConfirmBulk(false);
    }
  };

  const assignBuilding = async (buildingId: number | null, name: string) => {
    const ids = selection.map((l) => l.id);
    setBusy(true);
    try {
      const parts = await inChunks(ids, (chunk) => lineItemsApi.bulkBuilding(chunk, buildingId));
      setOutcome({
        variant: 'success',
        title: `Assigned ${count(parts.reduce((n, p) => n + p.count, 0))} items to ${name}`,
      });
      clearSelection();
    } catch (err) {
      setOutcome(bulkAssignFailure(err));
    } finally {
      setBusy(false);
      void refreshAllLines(queryClient);
    }
  };

  // Set Function Code and Set Category: each its own dialog, reporting in the grid's outcome.
  const bulkProps = {
    ids: selection.map((l) => l.id),
    noun: 'items',
    busy,
    onDone: (title: string) => {
      setOutcome({ variant: 'success', title });
      clearSelection();
    },
    onProblem: (title: string) => setOutcome({ variant: 'error', title }),
  };

  const t = totals.data;
  const cards = [
    { label: 'Line Items', value: t ? count(t.count) : '…' },
    { label: 'Total Amount', value: t ? formatMoneyCents(t.totalAmount) : '…' },
    { label: 'Average per Line', value: t && t.count ? formatMoneyCents(t.totalAmount / t.count) : '—' },
  ];
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
              onClick={() =>
                setEditor({ mode: 'add', budgetYearId: budgetYear.id, fiscalYear: years.fiscalYear! })
              }
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
                onDelete={() => setConfirmBulk(true)}
                onProblem={(message) => setOutcome({ variant: 'error', title: message })}
              />
            ) : null}
            {canEdit ? <BulkFunctionCode {...bulkProps} /> : null}
            {canEdit ? <BulkCategory {...bulkProps} /> : null}
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
          onSelectionChange={setSelection}
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
