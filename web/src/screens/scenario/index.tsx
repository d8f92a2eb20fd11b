import type { GridApi } from 'ag-grid-community';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '@web/api/client';
import {
  cutScenarioKeys,
  useCutScenarios,
  useScenarioBaseline,
  type ScenarioLine,
} from '@web/api/cut-scenarios';
import { useScenarioPositions } from '@web/api/scenario-positions';
import { useCan } from '@web/auth/use-can';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { DataGrid } from '@web/components/data-grid/data-grid';
import { GridToolbar } from '@web/components/grid-toolbar';
import { useFiscalYearChoice } from '@web/components/line-filters';
import { PageHeader } from '@web/components/page-header';
import { useToast } from '@web/components/toast';
import { scenarioColumns } from './columns';
import { ComparePanel } from './compare-panel';
import { figureMinWidth } from './figure-widths';
import { FilterBar } from './filter-bar';
import { categoryOptions, INITIAL_FILTERS, scenarioFilter, type ScenarioFilterState } from './filters';
import { FloorsDialog } from './floors-dialog';
import { HandOver } from './hand-over';
import { QuickCuts } from './quick-cuts';
import { navigateFromPercent, tabToNextPercent } from './percent-keys';
import { useScenarioPlace } from './place';
import { AdoptionBar } from './adoption-bar';
import { ScenarioBar } from './scenario-bar';
import { budgetYearLabel } from '@web/lib/budget-year-label';
import { count, fyLabel } from './scenario-math';
import { SummaryPanel } from './summary-panel';
import { ScenarioNssMeter } from './nss-meter';
import { PositionsPanel } from './positions-panel';
import { useScenarioEditor } from './use-scenario-editor';
import '@web/styles/grid-page.css';
import './scenario.css';

/** Wide screens pin the description while the figures scroll sideways; phones put the slider first. */
const gridLayout = (): 'wide' | 'compact' =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 899px)').matches ? 'compact' : 'wide';

/** Tab steps from line to line's percent control; Up and Down do too from a slider (percent-keys.ts). */
const PERCENT_KEYS = { tabToNextCell: tabToNextPercent, navigateToNextCell: navigateFromPercent };

/** Scenario Builder: try cuts line by line against the town goal, save them, compare them, hand them over. */
export function ScenarioScreen() {
  const { selected: budgetYear } = useBudgetYear();
  const canWrite = useCan('scenarios.write');
  const notify = useToast();
  const place = useScenarioPlace(budgetYear?.id);
  const years = useFiscalYearChoice(budgetYear, place.fiscalYear);
  const fy = years.fiscalYear;
  const list = useCutScenarios(budgetYear?.id, fy);
  const scenarios = useMemo(() => list.data?.scenarios ?? [], [list.data]);
  const requested = place.scenarioId;
  // The default is the active scenario, else the first.
  const selected =
    scenarios.find((s) => s.id === requested) ?? scenarios.find((s) => s.isActive) ?? scenarios[0] ?? null;
  const selectedId = selected?.id ?? null;
  const baseline = useScenarioBaseline(budgetYear?.id, fy, selectedId, list.isSuccess);
  const apiRef = useRef<GridApi<ScenarioLine> | null>(null);
  const [filters, setFilters] = useState<ScenarioFilterState>(INITIAL_FILTERS);
  const [selection, setSelection] = useState<ScenarioLine[]>([]);
  const [shown, setShown] = useState<number | null>(null);
  const [floorsOpen, setFloorsOpen] = useState(false);
  const [layout] = useState(gridLayout);
  const [figureMin, setFigureMin] = useState<number | null>(null);

  const editor = useScenarioEditor({
    baseline: baseline.data,
    selectedId,
    queryKey: cutScenarioKeys.baseline(budgetYear?.id ?? 0, fy ?? 0, selectedId),
    apiRef,
    onRaised: (n) =>
      notify({
        title: `${count(n, 'line')} raised to a new floor`,
        description: 'The scenario was saved with them.',
      }),
  });
  // The loaded lines are the chosen scenario's (or the plain budget's when the year has none).
  const current = baseline.data !== undefined && (baseline.data.scenario?.id ?? null) === selectedId;
  const editable = canWrite && selected !== null && current;
  const lines = baseline.data?.lines;
  // Where the year's salary lines follow positions, personnel lines are cut by position instead.
  const positions = useScenarioPositions(selectedId);
  const personnelNote = positions.data?.available
    ? 'Personnel lines of this year follow the positions: cut them by position (Positions, above the lines)'
    : null;
  const cuttable = (l: ScenarioLine) => !(personnelNote && l.isPersonnel);

  const { remember, url } = place;
  const selectScenario = useCallback(
    (id: number | null) => remember({ fiscalYear: fy ?? null, scenarioId: id }),
    [remember, fy],
  );
  // The place on screen goes into the URL and is remembered once the year's scenarios are known.
  useEffect(() => {
    if (fy !== undefined && list.isSuccess && (url.fiscalYear !== fy || url.scenarioId !== selectedId)) {
      remember({ fiscalYear: fy, scenarioId: selectedId });
    }
  }, [fy, selectedId, list.isSuccess, url.fiscalYear, url.scenarioId, remember]);

  // Adjusted and Cut are sized for the largest proposed figure once a row is on screen, and again
  // when the lines change (another scenario or year).
  const linesRef = useRef<HTMLElement>(null);
  const { currentLines } = editor;
  const remeasureFigures = useCallback(() => {
    const rows = currentLines();
    setFigureMin((was) => (linesRef.current ? figureMinWidth(linesRef.current, rows) : null) ?? was);
  }, [currentLines]);
  useEffect(remeasureFigures, [editor.rows, remeasureFigures]);

  const onInvalid = useCallback((message: string) => notify({ variant: 'error', title: message }), [notify]);
  const columns = useMemo(
    () =>
      scenarioColumns({
        editable,
        onPreview: editor.preview,
        onCommit: editor.commit,
        onInvalid,
        personnelNote,
        layout,
        figureMinWidth: figureMin,
      }),
    [editable, editor.preview, editor.commit, onInvalid, personnelNote, layout, figureMin],
  );
  const filter = useMemo(() => scenarioFilter(filters), [filters]);
  const categories = useMemo(() => categoryOptions(lines ?? []).slice(1), [lines]);

  const targetIds = () => {
    if (selection.length) {
      return selection.filter(cuttable).map((l) => l.id);
    }
    const ids: number[] = [];
    if (apiRef.current) {
      apiRef.current.forEachNodeAfterFilter((node) => {
        if (node.data && cuttable(node.data)) {
          ids.push(node.data.id);
        }
      });
      return ids;
    }
    return editor
      .currentLines()
      .filter((l) => cuttable(l) && (!filter || filter(l)))
      .map((l) => l.id);
  };

  const quickCut = async (ids: number[], percent: number) => {
    const result = await editor.quickCut(ids, percent);
    apiRef.current?.deselectAll();
    setSelection([]);
    return result;
  };

  const loadError = list.isError
    ? errorMessage(list.error, 'Failed to load scenarios')
    : baseline.isError
      ? errorMessage(baseline.error, 'Failed to load the scenario lines')
      : null;

  return (
    <div className={`grid-screen grid-screen--wide scenario-screen scenario-screen--${layout}`}>
      <PageHeader
        title="Budget Scenario Builder"
        subtitle={
          budgetYear
            ? `${budgetYearLabel(budgetYear.fiscalYear, fy)} · try cuts line by line against the town goal`
            : 'Choose a budget year in the header.'
        }
        actions={
          <HandOver
            scenario={selected}
            budgetYear={budgetYear?.fiscalYear ?? ''}
            fiscalYear={fy}
            ready={selected !== null && baseline.data?.scenario?.id === selected.id}
            flush={editor.flush}
            store={editor.store}
            currentLines={editor.currentLines}
          />
        }
      />
      {budgetYear && fy ? (
        <ScenarioBar
          budgetYearId={budgetYear.id}
          years={years}
          scenarios={scenarios}
          selected={selected}
          onSelect={selectScenario}
          canWrite={canWrite}
          store={editor.store}
        />
      ) : null}
      {budgetYear && fy ? (
        <AdoptionBar budgetYearId={budgetYear.id} fiscalYear={fy} scenario={selected} flush={editor.flush} />
      ) : null}
      {loadError ? <Alert title="Failed to load the scenario">{loadError}</Alert> : null}
      <SummaryPanel store={editor.store} error={null} current={current} />
      <ScenarioNssMeter
        budgetYearId={budgetYear?.id}
        fiscalYear={fy}
        scenarioId={selectedId}
        store={editor.store}
      />
      {selectedId !== null ? <PositionsPanel scenarioId={selectedId} canWrite={canWrite} /> : null}
      {list.isSuccess && scenarios.length === 0 ? (
        <Alert variant="info" title={`No scenarios yet for ${fyLabel(fy)}`}>
          {canWrite
            ? 'Create one with New Scenario to try cuts; below is the proposed budget as it stands.'
            : 'Below is the proposed budget as it stands.'}
        </Alert>
      ) : null}
      <section className="card" aria-label="Scenario lines" ref={linesRef}>
        <FilterBar lines={lines ?? []} filters={filters} onChange={setFilters} />
        <QuickCuts
          scenarioId={selectedId}
          editable={editable}
          selectedCount={selection.length}
          shownCount={shown ?? lines?.length ?? 0}
          targetIds={targetIds}
          quickCut={quickCut}
          onFloors={() => setFloorsOpen(true)}
        />
        <GridToolbar
          apiRef={apiRef}
          total={lines?.length}
          shown={shown}
          noun="lines"
          selected={selection.length}
        >
          {null}
        </GridToolbar>
        <DataGrid<ScenarioLine>
          label="Scenario lines"
          // Adjusted and Cut are measured once a Proposed cell is on screen (figure-widths.ts).
          onFirstDataRendered={remeasureFigures}
          rows={baseline.data ? editor.rows : []}
          columns={columns}
          loading={Boolean(budgetYear) && (list.isPending || baseline.isPending)}
          emptyText={`No proposed lines in ${fyLabel(fy) || 'this fiscal year'}`}
          selectable={editable}
          onSelectionChange={setSelection}
          apiRef={apiRef}
          externalFilter={filter}
          onDisplayedRowsChange={setShown}
          keyboard={PERCENT_KEYS}
        />
      </section>
      {list.isSuccess ? <ComparePanel scenarios={scenarios} /> : null}
      {budgetYear ? (
        <FloorsDialog
          open={floorsOpen}
          onOpenChange={setFloorsOpen}
          budgetYearId={budgetYear.id}
          categories={categories}
          selectedLines={selection}
        />
      ) : null}
    </div>
  );
}
