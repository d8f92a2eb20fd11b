import type { CellClassParams, ColDef, ICellRendererParams } from 'ag-grid-community';
import type { ScenarioLine } from '@web/api/cut-scenarios';
import {
  DISTRICT_WIDE,
  moneyColumn,
  textColumn,
  type GridColumnContext,
} from '@web/components/data-grid/column-types';
import { keysStayInCell, PercentCell, type PercentCellCallbacks } from './percent-cell';

const isCut = (p: CellClassParams<ScenarioLine>) => (p.data?.percentKept ?? 100) < 100;

/** The description, with a 'Cut' tag on a line kept under 100%. */
function DescriptionCell({ data }: ICellRendererParams<ScenarioLine>) {
  if (!data) {
    return null;
  }
  return (
    <span className="scenario-desc">
      {data.percentKept < 100 ? <span className="badge badge--danger scenario-desc__tag">Cut</span> : null}
      <span className="scenario-desc__text">{data.accountDesc ?? data.accountLine ?? `Line ${data.id}`}</span>
    </span>
  );
}

/**
 * The Scenario Builder's columns, typed against the shared scenario-line DTO. Wide screens read
 * left to right (the line, where it is, its amount, what it keeps) with the description pinned;
 * a phone puts the slider and its effect right after the description, where a thumb reaches them.
 */
export function scenarioColumns(
  options: PercentCellCallbacks & { layout: 'wide' | 'compact' },
): ColDef<ScenarioLine>[] {
  const { layout, ...callbacks } = options;
  const wide = layout === 'wide';
  const description = textColumn<ScenarioLine>({
    field: 'accountDesc',
    headerName: 'Account Description',
    ...(wide ? { flex: 1, minWidth: 220, pinned: 'left' as const } : { width: 160 }),
    cellRenderer: DescriptionCell,
    // Its 'Cut' tag follows the percent: redraw it whenever the row's data changes.
    equals: () => false,
    cellClassRules: { 'scenario-cell--cut': isCut },
    tooltipValueGetter: (p) => p.data?.accountDesc ?? undefined,
  });
  const where: ColDef<ScenarioLine>[] = [
    textColumn({
      colId: 'category',
      headerName: 'Category',
      valueGetter: (p) => p.data?.category?.name ?? 'No category',
      width: 135,
    }),
    textColumn({
      colId: 'building',
      headerName: 'Building',
      valueGetter: (p) => p.data?.building?.name ?? DISTRICT_WIDE,
      width: 155,
    }),
    textColumn({
      colId: 'isPersonnel',
      headerName: 'Personnel',
      valueGetter: (p) => (p.data?.isPersonnel ? 'Yes' : 'No'),
      // The filter bar's Personnel choice filters it.
      filter: false,
      width: 105,
      minWidth: 95,
    }),
  ];
  const amount = moneyColumn<ScenarioLine>({
    field: 'fy26ProposedV3',
    headerName: 'Proposed',
    headerTooltip: 'Proposed amount',
    width: 140,
  });
  const percent: ColDef<ScenarioLine> = {
    field: 'percentKept',
    headerName: 'Percent Kept',
    width: wide ? 260 : 270,
    minWidth: 240,
    filter: 'agNumberColumnFilter',
    cellClass: 'pct-column',
    cellRenderer: PercentCell,
    cellRendererParams: callbacks,
    suppressKeyboardEvent: keysStayInCell,
    context: { export: 'number' } satisfies GridColumnContext,
  };
  const effect: ColDef<ScenarioLine>[] = [
    moneyColumn({
      field: 'adjustedAmount',
      headerName: 'Adjusted',
      headerTooltip: 'Adjusted amount: what the line keeps',
      width: 135,
      cellClassRules: { 'scenario-cell--cut': isCut },
    }),
    moneyColumn({
      field: 'cut',
      headerName: 'Cut',
      headerTooltip: 'Proposed amount less the adjusted amount',
      width: 125,
      cellClassRules: { 'scenario-cell--cut': isCut },
    }),
  ];
  return wide
    ? [description, ...where, amount, percent, ...effect]
    : [description, percent, ...effect, amount, ...where];
}
