import type { GridApi } from 'ag-grid-community';
import { useMemo, useRef, useState } from 'react';
import { fiscalYearLabel } from '@shared/budget-math';
import { errorMessage } from '@web/api/client';
import { usePositionCounts, usePositions, useRosterSalaryLines, type Position } from '@web/api/positions';
import { useCan } from '@web/auth/use-can';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { DataGrid } from '@web/components/data-grid/data-grid';
import { ExportToolbar } from '@web/components/data-grid/export-toolbar';
import { GridToolbar } from '@web/components/grid-toolbar';
import { ALL, useFiscalYearChoice } from '@web/components/line-filters';
import { NoBudgetYear } from '@web/components/no-budget-year';
import { PageHeader } from '@web/components/page-header';
import { GridSubtitle } from '@web/components/stage-line';
import { useToast } from '@web/components/toast';
import { useYearLock, YearLockNotice } from '@web/components/year-lock';
import { positionColumns } from '@web/screens/positions/columns';
import { PositionBulkBar } from '@web/screens/positions/position-bulk-bar';
import { PositionDialog, type PositionTarget } from '@web/screens/positions/position-dialog';
import {
  PositionFilterBar,
  positionQuery,
  usePositionFilters,
} from '@web/screens/positions/position-filters';
import { PositionsBanner } from '@web/screens/positions/positions-banner';
import { positionRowClass } from '@web/screens/positions/position-rules';
import { RosterElsewhereNote, useRosterElsewhere } from '@web/screens/positions/roster-home';
import { VacancyPlacementPanel } from '@web/screens/positions/vacancy-placement-panel';
import '@web/styles/grid-page.css';
import '@web/screens/positions/positions.css';

/** Positions: the district's roster of positions, filled and vacant, apart from the people in them. */
export function PositionsScreen() {
  const { selected: budgetYear, isLoading: yearsLoading } = useBudgetYear();
  const notify = useToast();
  const years = useFiscalYearChoice(budgetYear);
  // A voted year offers no edit the server would refuse.
  const lock = useYearLock(budgetYear?.id, years.fiscalYear);
  const mayWrite = useCan('positions.write');
  const canEdit = mayWrite && !lock.locked;
  // A year planned in another budget year takes its new positions there (the server refuses them here).
  const elsewhere = useRosterElsewhere(budgetYear?.id, years.fiscalYear);
  const [filters, setFilters] = usePositionFilters();
  const [selection, setSelection] = useState<Position[]>([]);
  const [target, setTarget] = useState<PositionTarget | null>(null);
  const apiRef = useRef<GridApi<Position> | null>(null);

  const query = useMemo(
    () => positionQuery(budgetYear?.id, years.fiscalYear, filters),
    [budgetYear?.id, years.fiscalYear, filters],
  );
  // The whole list is asked for once the grid has drawn the first page, as the Employee Budget
  // Manager does. The server filters, so any filter's first page holds its first rows: a list with
  // more positions than that page always has rows to draw.
  const [firstDrawn, setFirstDrawn] = useState(false);
  const list = usePositions(query, firstDrawn);
  const counts = usePositionCounts(query, list);
  const salaryLines = useRosterSalaryLines(budgetYear?.id, years.fiscalYear);
  const rows = list.data?.positions;
  const columns = useMemo(
    () =>
      positionColumns({
        canEdit,
        onOpen: (position) => setTarget({ mode: 'edit', id: position.id }),
      }),
    [canEdit],
  );

  if (!yearsLoading && !budgetYear) {
    return (
      <div className="grid-screen">
        <PageHeader title="Positions" />
        <NoBudgetYear shows="its positions" />
      </div>
    );
  }
  const fyLabel = years.fiscalYear ? fiscalYearLabel(years.fiscalYear) : '';
  // Filters that match nothing, or a year that holds no position yet: not the same news.
  const filtered = Object.values(filters).some((value) => value !== ALL);
  const emptyText = filtered
    ? 'No positions match these filters'
    : `No positions in ${fyLabel || 'this fiscal year'} yet`;
  const scope =
    budgetYear && years.fiscalYear ? { budgetYearId: budgetYear.id, fiscalYear: years.fiscalYear } : null;
  return (
    <div className="grid-screen grid-screen--wide">
      <PageHeader
        title="Positions"
        subtitle={<GridSubtitle budgetYear={budgetYear} fiscalYear={years.fiscalYear} />}
        actions={
          canEdit && scope && !elsewhere ? (
            <button type="button" className="btn btn--primary" onClick={() => setTarget({ mode: 'add' })}>
              Add Position
            </button>
          ) : null
        }
      />
      {mayWrite && elsewhere ? <RosterElsewhereNote where={elsewhere} /> : null}
      <section className="card positions-filters" aria-label="Filters">
        <PositionFilterBar filters={filters} onChange={setFilters} years={years} />
      </section>
      <PositionsBanner
        counts={counts.counts}
        busy={counts.busy}
        error={counts.error ? errorMessage(counts.error, 'Failed to count positions') : null}
        status={filters.status}
        onShow={(status) => setFilters({ ...filters, status })}
        category={filters.category}
        onShowCategory={(category) => setFilters({ ...filters, category })}
        // Every listed position's cost year is the same (one roster's): the server's, not worked out here.
        costFiscalYear={rows?.[0]?.costFiscalYear}
        salaryLines={salaryLines.data}
      />
      <section className="card" aria-label="Positions list">
        <YearLockNotice lock={lock} />
        {list.isError ? (
          <Alert title="Failed to load positions">
            {errorMessage(list.error, 'Please reload the page.')}
          </Alert>
        ) : null}
        <GridToolbar
          apiRef={apiRef}
          // The server's count of every match, while the grid may hold only the first rows.
          total={list.data?.total}
          shown={list.complete || !rows ? null : rows.length}
          noun="positions"
          selected={selection.length}
        >
          <div className="grid-toolbar__actions">
            {canEdit ? (
              <PositionBulkBar
                selected={selection}
                nothingToChange={
                  rows?.length === 0
                    ? filtered
                      ? 'No positions match these filters: nothing to change'
                      : `No positions to change in ${fyLabel || 'this fiscal year'}`
                    : null
                }
                onDone={(message, lines) => {
                  apiRef.current?.deselectAll();
                  setSelection([]);
                  notify({ title: message, ...(lines ? { description: lines } : {}) });
                }}
              />
            ) : null}
            <ExportToolbar
              apiRef={apiRef}
              fileName={`positions-${budgetYear?.fiscalYear ?? ''}-${fyLabel}`}
              sheetName={`Positions ${fyLabel}`}
              disabled={!rows?.length}
            />
          </div>
        </GridToolbar>
        <DataGrid<Position>
          label="Positions"
          // On a phone the shared grid puts Edit beside the title, under 'positions-compact'.
          gridId="positions"
          rows={rows}
          columns={columns}
          loading={list.isPending && Boolean(query)}
          emptyText={emptyText}
          maxHeight={600}
          selectable={canEdit}
          onSelectionChange={setSelection}
          apiRef={apiRef}
          rowClass={positionRowClass}
          onFirstDataRendered={() => setFirstDrawn(true)}
        />
      </section>
      {scope ? (
        <VacancyPlacementPanel canEdit={canEdit} ready={list.data !== undefined || list.isError} />
      ) : null}
      {scope && target ? (
        <PositionDialog
          target={target}
          scope={scope}
          canEdit={canEdit}
          onClose={(message, lines) => {
            setTarget(null);
            if (message) {
              notify({ title: message, ...(lines ? { description: lines } : {}) });
            }
          }}
        />
      ) : null}
    </div>
  );
}
