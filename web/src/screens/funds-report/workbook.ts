import { FUND_KIND_LABELS } from '@shared/schemas/funds';
import type { FundsReport } from '@web/api/funds-report';
import { header, money, moneyFormula, type SheetSpec, type XCell } from '@web/lib/workbook';

/** The header row's number: the funds start beneath it. */
const HEAD_ROW = 3;

/**
 * The budget of all funds as a workbook: the table on screen, to the cent. Each fund's budgets and
 * line count are the server's values; its change and the All funds row are formulas over them, so
 * the sheet shows how the totals are made, and the general fund appropriation points at its row.
 */
export function fundsReportSheet(
  report: FundsReport,
  budgetYear: string,
  fy: string,
  previousFy: string,
): SheetSpec {
  const first = HEAD_ROW + 1;
  const last = HEAD_ROW + report.funds.length;
  const sum = (column: string) => `SUM(${column}${first}:${column}${last})`;
  const rows: XCell[][] = [
    [`Budget of all funds, ${fy} (budget year ${budgetYear})`],
    [
      `${fy}: the proposed budget's lines by the fund that pays them. ${previousFy}: that year's own budget. Change and totals are formulas.`,
    ],
    header(
      'Fund',
      'Code',
      'Kind',
      'Counts toward NSS',
      `${fy} budget`,
      `${previousFy} budget`,
      'Change',
      'Lines',
    ),
  ];
  let generalRow: number | null = null;
  for (const f of report.funds) {
    const r = rows.length + 1;
    if (f.kind === 'general') {
      generalRow = r;
    }
    rows.push([
      f.name,
      f.code,
      FUND_KIND_LABELS[f.kind],
      f.countsTowardNss ? 'Yes' : 'No',
      money(f.budget),
      money(f.previousBudget),
      moneyFormula(`E${r}-F${r}`, f.change),
      { value: f.lineCount, fmt: 'int' },
    ]);
  }
  const all = report.allFunds;
  const totalRow = rows.length + 1;
  rows.push([
    'All funds',
    '',
    '',
    '',
    moneyFormula(sum('E'), all.budget),
    moneyFormula(sum('F'), all.previousBudget),
    moneyFormula(sum('G'), all.change),
    { formula: sum('H'), result: all.lineCount, fmt: 'int' },
  ]);
  const boldRows = [HEAD_ROW, totalRow];
  if (generalRow !== null) {
    const g = report.generalFund;
    boldRows.push(totalRow + 1);
    rows.push([
      'General fund appropriation',
      '',
      'What the town votes',
      '',
      moneyFormula(`E${generalRow}`, g.budget),
      moneyFormula(`F${generalRow}`, g.previousBudget),
      moneyFormula(`G${generalRow}`, g.change),
      { formula: `H${generalRow}`, result: g.lineCount, fmt: 'int' },
    ]);
  }
  return {
    name: `Budget of all funds ${fy}`,
    rows,
    widths: [38, 10, 26, 12, 16, 16, 16, 9],
    headRows: HEAD_ROW,
    print: 'landscape',
    boldRows,
  };
}
