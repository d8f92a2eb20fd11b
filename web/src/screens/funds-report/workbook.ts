import { WITHHELD } from '@shared/schemas/dese-report';
import { FUND_KIND_LABELS } from '@shared/schemas/funds';
import type { FundsReport } from '@web/api/funds-report';
import { header, money, moneyFormula, type SheetSpec, type XCell } from '@web/lib/workbook';
import { fundStaffingSentence } from '@shared/fund-staffing-words';

/** The header row's number: the funds start beneath it. */
const HEAD_ROW = 3;

/** Last year's actual as a cell: the server's value, or 'No ledger' when none is imported. */
const actual = (n: number | null): XCell => (n === null ? 'No ledger' : money(n));

/** A fund's figure as a cell: the server's value, or 'Withheld' (null) as on screen. */
const figure = (n: number | null): XCell => (n === null ? WITHHELD : money(n));

/**
 * The budget of all funds as a workbook: the table on screen, to the cent. Each fund's budgets,
 * line count and last year's actual are the server's values; its change and the All funds row are
 * formulas over them, so the sheet shows how the totals are made, and the general fund
 * appropriation points at its row. A fund whose figures are withheld from the reader (budget null)
 * reads 'Withheld' in each; the All funds row is then the server's values, which the funds shown
 * do not add up to.
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
      `${fy}: the proposed budget's lines by the fund that pays them. ${previousFy}: that year's own budget, and its actual: what its ledger says each fund's accounts expended. Change and totals are formulas.`,
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
      `${previousFy} actual`,
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
      ...(f.budget === null
        ? [WITHHELD, WITHHELD, WITHHELD]
        : [money(f.budget), money(f.previousBudget!), moneyFormula(`E${r}-F${r}`, f.change!)]),
      { value: f.lineCount, fmt: 'int' },
      f.budget === null ? WITHHELD : actual(f.previousActual),
    ]);
  }
  const all = report.allFunds;
  const anyWithheld = report.funds.some((f) => f.budget === null);
  // Withheld funds are text: a SUM would leave them out, so the server's totals stand instead.
  const total = (column: string, value: number): XCell =>
    anyWithheld ? money(value) : moneyFormula(sum(column), value);
  const totalRow = rows.length + 1;
  rows.push([
    'All funds',
    '',
    '',
    '',
    total('E', all.budget),
    total('F', all.previousBudget),
    total('G', all.change),
    { formula: sum('H'), result: all.lineCount, fmt: 'int' },
    all.previousActual === null ? actual(null) : total('I', all.previousActual),
  ]);
  const boldRows = [HEAD_ROW, totalRow];
  if (generalRow !== null) {
    const g = report.generalFund;
    const at = (column: string, value: number | null): XCell =>
      value === null ? figure(null) : moneyFormula(`${column}${generalRow}`, value);
    boldRows.push(totalRow + 1);
    rows.push([
      'General fund appropriation',
      '',
      'What the town votes',
      '',
      at('E', g.budget),
      at('F', g.previousBudget),
      at('G', g.change),
      { formula: `H${generalRow}`, result: g.lineCount, fmt: 'int' },
      g.budget === null ? WITHHELD : g.previousActual === null ? actual(null) : at('I', g.previousActual),
    ]);
  }
  return {
    name: `Budget of all funds ${fy}`,
    rows,
    widths: [38, 10, 26, 12, 16, 16, 16, 9, 16],
    headRows: HEAD_ROW,
    print: 'landscape',
    boldRows,
  };
}

/**
 * Each fund's budget by DESE function, then by category: a heading row per fund, its rows (the
 * server's values) and a subtotal row that SUMs them, which equals the fund's budget on the first
 * sheet. A row the reader may not see reads 'Withheld' (as on screen), and its subtotal is then the
 * fund's budget as the server gives it, which the rows shown do not add up to. Above a fund's rows,
 * the staffing it pays in the screen's words (fundStaffingSentence), where there is any. The report's notes
 * close the sheet. Funds with no lines this year are left out, as on screen.
 */
export function fundBreakdownSheet(report: FundsReport, fy: string): SheetSpec {
  const rows: XCell[][] = [
    [`Each fund's ${fy} budget by DESE function and by category`],
    ["A line's function is its own code, else its category's. Subtotals are formulas."],
    header('Fund', 'By', 'Function or category', `${fy} budget`, 'Lines'),
  ];
  const boldRows = [3];
  for (const f of report.funds.filter((x) => x.lineCount > 0)) {
    const staffing = fundStaffingSentence(report, f);
    if (staffing) {
      rows.push([`${f.name} (${f.code})`, 'Staffing', staffing]);
    }
    const parts: [string, { label: string; budget: number | null; lineCount: number }[]][] = [
      [
        'DESE function',
        f.byFunction.map((r) => ({
          label: r.code === null ? 'No function code' : `${r.code} ${r.name ?? '(not in the chart)'}`,
          budget: r.budget,
          lineCount: r.lineCount,
        })),
      ],
      ['Category', f.byCategory.map((r) => ({ label: r.name, budget: r.budget, lineCount: r.lineCount }))],
    ];
    for (const [by, items] of parts) {
      const first = rows.length + 1;
      for (const item of items) {
        rows.push([
          `${f.name} (${f.code})`,
          by,
          item.label,
          item.budget === null ? WITHHELD : money(item.budget),
          { value: item.lineCount, fmt: 'int' },
        ]);
      }
      const last = rows.length;
      boldRows.push(last + 1);
      rows.push([
        `${f.name} (${f.code})`,
        by,
        'Total',
        items.some((item) => item.budget === null) || f.budget === null
          ? figure(f.budget)
          : moneyFormula(`SUM(D${first}:D${last})`, f.budget),
        { formula: `SUM(E${first}:E${last})`, result: f.lineCount, fmt: 'int' },
      ]);
    }
  }
  rows.push(...report.notes.map((n): XCell[] => [n]));
  return {
    name: 'By function and category',
    rows,
    widths: [36, 14, 44, 16, 9],
    headRows: 3,
    print: 'landscape',
    boldRows,
  };
}
