import type { ColDef } from 'ag-grid-community';
import type { ProposedLineItem } from '@web/api/line-items';
import { moneyColumn, textColumn } from '@web/components/data-grid/column-types';
import { actionsColumn } from '@web/components/data-grid/edit-column';
import { buildingColumn, sourceColumn } from '@web/components/employee-columns';

interface ProposedColumnOptions {
  canEdit: boolean;
  /** The name of the fund that pays a line (fundNamer: null is the general fund). */
  fundName(fundId: number | null): string;
  /** Whether the fund is a grant over its award in the fiscal year shown (useOverAward). */
  fundOverAward?(fundId: number | null): boolean;
  onEdit(line: ProposedLineItem): void;
  onDelete(line: ProposedLineItem): void;
}

/** A proposed line's name for buttons and messages. */
export function proposedLabel(line: ProposedLineItem): string {
  return line.accountDescription || line.name || line.accountLine || `line ${line.id}`;
}

/** The Proposed Budget Manager's columns, typed against the shared proposed-line DTO. */
export function proposedColumns({
  canEdit,
  fundName,
  fundOverAward = () => false,
  onEdit,
  onDelete,
}: ProposedColumnOptions): ColDef<ProposedLineItem>[] {
  const columns: ColDef<ProposedLineItem>[] = [
    textColumn({
      field: 'accountDescription',
      headerName: 'Account Description',
      width: 300,
      pinned: 'left',
    }),
    textColumn({
      colId: 'category',
      headerName: 'Category',
      valueGetter: (p) => p.data?.category?.name ?? '',
      width: 170,
      sort: 'asc',
    }),
    buildingColumn<ProposedLineItem>(190),
    moneyColumn({ field: 'amount', headerName: 'Amount', width: 160 }),
    // Beside the amount: a one-time line is money next year's roll forward leaves out.
    textColumn({
      colId: 'oneTime',
      headerName: 'One-time',
      // Text, so the grid's filter and the exports read 'One-time' rather than true/false.
      valueGetter: (p) => (p.data?.oneTime ? 'One-time' : ''),
      width: 120,
    }),
    textColumn({ field: 'accountLine', headerName: 'Account Line', width: 150 }),
    // Beside the account line, whose fund segment it is: a grant's or revolving fund's line is
    // left out of net school spending whatever its function code.
    textColumn({
      colId: 'fund',
      headerName: 'Fund',
      valueGetter: (p) => (p.data ? fundName(p.data.fundId) : ''),
      // Shown, not the value: the filter and the exports keep the fund's name. The flag comes first:
      // after the name, a long grant name's ellipsis hid it ('Title I, Part …').
      valueFormatter: (p) =>
        p.data && fundOverAward(p.data.fundId) ? `Over its award: ${p.value as string}` : (p.value as string),
      tooltip: true,
      width: 240,
    }),
    textColumn({ field: 'deseCode', headerName: 'DESE Code', width: 120 }),
    textColumn({ field: 'deseCategories', headerName: 'DESE Categories', width: 180 }),
    textColumn({ field: 'name', headerName: 'Name', width: 160 }),
    textColumn({ field: 'notes', headerName: 'Notes', width: 220, tooltip: true }),
    sourceColumn<ProposedLineItem>(120),
  ];
  if (canEdit) {
    columns.push(
      actionsColumn(
        [
          { name: 'Edit', onClick: onEdit },
          { name: 'Delete', onClick: onDelete, danger: true },
        ],
        proposedLabel,
      ),
    );
  }
  return columns;
}
