import type { CellClassParams, ColDef, ICellRendererParams } from 'ag-grid-community';
import type { ScenarioLine } from '@web/api/cut-scenarios';
import {
  DISTRICT_WIDE,
  moneyColumn,
  textColumn,
  type GridColumnContext,
} from '@web/components/data-grid/column-types';
import { lineLabel } from './line-label';
import { keysStayInCell, PercentCell, type PercentCellCallbacks } from './percent-cell';

const isCut = (p: CellClassParams<ScenarioLine>) => (p.data?.percentKept ?? 100) < 100;

/**
 * The description on two lines: what the line pays for, then its building (with a 'Cut' tag on a
 * line kept under 100%). The tag sits beside the building, so it never shortens the first line.
 */
export function DescriptionCell({ data }: Pick<ICellRendererParams<ScenarioLine>, 'data'>) {
  if (!data) {
    return null;
  }
  const label = lineLabel(data);
  return (
    <span className="scenario-desc">
      <span className="scenario-desc__main">{label.main}</span>
      <span className="scenario-desc__sub">
        {data.percentKept < 100 ? <span className="badge badge--danger scenario-desc__tag">Cut</span> : null}
        <span className="scenario-desc__place">{label.place}</span>
      </span>
    </span>
  );
}

/**
 * The Scenario Builder's columns, typed against the shared scenario-line DTO. Wide screens read
 * left to right (the line, where it is, its amount, what it keeps) with the description pinned;
 * a phone puts the slider and its effect right after the description, where a thumb reaches them.
 */
export function scenarioColumns(
  options: PercentCellCallbacks & {
    layout: 'wide' | 'compact';
    /** Adjusted and Cut at least this wide: Proposed's width (figure-widths.ts). */
    figureMinWidth?: number | null;
  },
): ColDef<ScenarioLine>[] {
  const { layout, figureMinWidth, ...callbacks } = options;
  const figureMin = figureMinWidth ? { minWidth: figureMinWidth } : {};
  const wide = layout === 'wide';
  const description = textColumn<ScenarioLine>({
    field: 'accountDesc',
    headerName: 'Account Description',
    // On a phone, room left for the typed percent.
    ...(wide ? { flex: 1, minWidth: 220, pinned: 'left' as const } : { width: 180, minWidth: 180 }),
    cellRenderer: DescriptionCell,
    // Its 'Cut' tag follows the percent: redraw it whenever the row's data changes.
    equals: () => false,
    cellClassRules: { 'scenario-cell--cut': isCut },
    tooltipValueGetter: (p) => (p.data ? lineLabel(p.data).whole : undefined),
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
      // The description names the building too (its second line): this column gives up room first,
      // so Adjusted and Cut show their figures whole beside it at 1440 px.
      width: 135,
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
    width: wide ? 245 : 270,
    minWidth: 215,
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
      ...figureMin,
      cellClassRules: { 'scenario-cell--cut': isCut },
    }),
    moneyColumn({
      field: 'cut',
      headerName: 'Cut',
      headerTooltip: 'Proposed amount less the adjusted amount',
      width: 125,
      ...figureMin,
      cellClassRules: { 'scenario-cell--cut': isCut },
    }),
  ];
  return wide
    ? [description, ...where, amount, percent, ...effect]
    : [description, percent, ...effect, amount, ...where];
}
