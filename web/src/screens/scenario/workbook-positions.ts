import { centsOf, fromCents } from '@shared/money';
import type { ScenarioPositionChange } from '@web/api/scenario-positions';
import { DISTRICT_WIDE } from '@web/components/data-grid/column-types';
import { dataRows, header, money, moneyFormula, type SheetSpec, type XCell } from '@web/lib/workbook';
import { pickedWords } from '@shared/picked-words';

/*
 * The workbook's Positions sheet: the scenario's cuts and adds by position, each with what it saves
 * or costs (the server's figure, by the roster's cost rule) and the general fund's part of it. Their
 * totals are what the scenario takes off its lines' total and off the general fund's (the Summary
 * sheet's formulas read them), so the workbook's adjusted total and gap are the screen's.
 */

/** What a change takes off the total and off the general fund's, in cents (an add: negative). */
export function changeNet(c: ScenarioPositionChange): { net: bigint; general: bigint } {
  const sign = c.kind === 'add' ? -1n : 1n;
  return {
    net: c.amount === null ? 0n : sign * centsOf(c.amount),
    general: c.generalAmount === null ? 0n : sign * centsOf(c.generalAmount),
  };
}

/** Why a change saves nothing or is not priced, else the reason it was made. */
function note(c: ScenarioPositionChange): string {
  return c.stale ?? (c.amount === null ? (c.unpricedReason ?? 'Not priced') : (c.reason ?? ''));
}

/** The Positions sheet and the totals its formulas give, in cents. */
export function positionsSheet(changes: readonly ScenarioPositionChange[]): {
  sheet: SheetSpec;
  net: bigint;
  general: bigint;
} {
  const { first, last, total } = dataRows(changes.length);
  const rows: XCell[][] = [
    header(
      'Change',
      'Position',
      'Building',
      'Category',
      'FTE',
      'Status',
      'Saves or Costs',
      'Off the Total',
      'Off the General Fund',
      'Note',
      'Picked',
      'Warning',
    ),
  ];
  let net = 0n;
  let general = 0n;
  changes.forEach((c, i) => {
    const r = first + i;
    const picked = pickedWords(c);
    const figures = changeNet(c);
    net += figures.net;
    general += figures.general;
    rows.push([
      c.kind === 'cut' ? 'Cut' : 'Add',
      c.title,
      c.building?.name ?? DISTRICT_WIDE,
      c.category?.name ?? 'No category',
      c.fte,
      c.status,
      c.amount === null ? null : money(c.amount),
      // A cut takes what it saves off the total; an add puts its cost on.
      moneyFormula(c.kind === 'cut' ? `G${r}` : `-G${r}`, fromCents(figures.net)),
      c.generalAmount === null ? null : money(fromCents(figures.general)),
      note(c),
      // Why the cut's order took it and its $0 warning, as the list says them; blank for an add.
      picked.why,
      picked.warning,
    ]);
  });
  while (rows.length < total - 1) {
    rows.push([]);
  }
  rows.push([
    { value: 'Total', fmt: 'bold' },
    null,
    null,
    null,
    null,
    null,
    null,
    moneyFormula(`SUM(H${first}:H${last})`, fromCents(net)),
    moneyFormula(`SUM(I${first}:I${last})`, fromCents(general)),
  ]);
  return {
    sheet: { name: 'Positions', rows, widths: [8, 34, 30, 22, 8, 10, 16, 16, 20, 60, 34, 40] },
    net,
    general,
  };
}
