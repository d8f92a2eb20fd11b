import type { ColDef } from 'ag-grid-community';
import type { Position } from '@web/api/positions';
import {
  DISTRICT_WIDE,
  moneyColumn,
  numberColumn,
  textColumn,
  type GridColumnContext,
} from '@web/components/data-grid/column-types';
import { formatMoneyCents } from '@web/lib/format';
import { actionsColumn } from '@web/components/data-grid/edit-column';
import {
  formatFte,
  holdersText,
  placementText,
  positionLabel,
  STATUS_LABELS,
} from '@web/screens/positions/position-rules';

interface PositionColumnOptions {
  /** Opens the position: its form (read-only without the right), holders, actions and history. */
  onOpen(position: Position): void;
  canEdit: boolean;
}

const NARROW = { autoMaxWidth: 160 } satisfies GridColumnContext;

/** The Positions manager's columns, typed against the shared position DTO. */
export function positionColumns({ onOpen, canEdit }: PositionColumnOptions): ColDef<Position>[] {
  const open = actionsColumn([{ name: canEdit ? 'Edit' : 'View', onClick: onOpen }], positionLabel);
  const columns: ColDef<Position>[] = [
    textColumn({
      field: 'title',
      headerName: 'Title',
      width: 220,
      pinned: 'left',
      tooltipField: 'title',
      context: { autoMaxWidth: 240 } satisfies GridColumnContext,
    }),
    textColumn({
      colId: 'building',
      headerName: 'Building',
      valueGetter: (p) => p.data?.buildingName ?? DISTRICT_WIDE,
      width: 170,
      context: NARROW,
    }),
    textColumn({ field: 'deseCode', headerName: 'Function', width: 110 }),
    textColumn({
      colId: 'category',
      headerName: 'Category',
      valueGetter: (p) => p.data?.categoryName ?? '',
      width: 150,
      context: NARROW,
    }),
    textColumn({
      colId: 'workGroup',
      headerName: 'Work Group',
      valueGetter: (p) => p.data?.workGroupName ?? '',
      width: 150,
      context: NARROW,
    }),
    numberColumn({
      field: 'fte',
      headerName: 'FTE',
      width: 90,
      valueFormatter: (p) => formatFte(p.value as number | null),
    }),
    textColumn({
      colId: 'status',
      headerName: 'Status',
      // Over-filled is said in words too, not only by the row's colour.
      valueGetter: (p) =>
        p.data ? `${STATUS_LABELS[p.data.status]}${p.data.overFilled ? ' · over-filled' : ''}` : '',
      width: 130,
      cellClass: 'position-status',
    }),
    // The cost before the holders' names, so a wide screen shows it without scrolling.
    moneyColumn({
      field: 'budgetedCost',
      headerName: 'Budgeted Cost',
      width: 150,
      // A vacancy with no step and lane (or no schedule cell) has no price: said, not left blank.
      valueFormatter: (p) => (p.value === null ? 'Unpriced' : formatMoneyCents(p.value as number)),
    }),
    textColumn({
      colId: 'holders',
      headerName: 'Holders (share)',
      valueGetter: (p) => (p.data ? holdersText(p.data) : ''),
      tooltipValueGetter: (p) => (p.data ? holdersText(p.data) : ''),
      width: 240,
      context: { autoMaxWidth: 260 } satisfies GridColumnContext,
    }),
    textColumn({
      colId: 'vacancyPlacement',
      headerName: 'Vacancy Step / Lane',
      valueGetter: (p) => (p.data ? placementText(p.data) : ''),
      // Its header whole: a column off to the side keeps this width until the user widens it.
      width: 180,
    }),
  ];
  // On a phone the shared grid moves Edit beside the title (phoneColumns).
  return [...columns, open];
}
