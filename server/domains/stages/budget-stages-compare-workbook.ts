import type { AppContext } from '@server/context';
import { workbookBytes, type SheetSpec, type XCell } from '@shared/workbook';
import { fiscalYearLabel } from '@shared/budget-math';
import type { Actor } from '@server/policies/index';
import type {
  BreakdownRow,
  LineChange,
  MoneyChange,
  StageComparison,
} from '@shared/schemas/budget-stages-compare';
import { compareStages, type CompareInput } from './budget-stages-compare';

/**
 * The stage comparison as an Excel workbook (for the school committee's packet):
 * Summary, By category, By DESE function, By building and Lines. The two sides are values; every
 * difference, percent and total is a formula over them (=C5-B5, =SUM(...)) whose cached result is
 * the server's figure, so the file shows the numbers before Excel recalculates and reproduces them
 * after (it recalculates everything on open). Salaries the comparison withheld from its reader
 * read 'Withheld' (a row's proposed amounts with its salaries), and a total over rows some of which are withheld is written as a value.
 */

const money = (value: number | null): XCell => ({ value, fmt: 'money' });
const bold = (value: string): XCell => ({ value, fmt: 'bold' });
const f = (formula: string, result: number | string, fmt: 'money' | 'percent' | 'int' = 'money'): XCell => ({
  formula,
  result,
  fmt,
});
/** (to − from) / from as a percent, blank when from is 0: the server's rounding, to 2 decimals. */
const pctFormula = (diff: string, from: string, m: MoneyChange): XCell =>
  f(`IF(${from}=0,"",ROUND(${diff}/${from}*100,2))`, m.percent ?? '', 'percent');
/** Where the comparison withheld a sum of pay from its reader (see server/lib/pay-groups.ts). */
const WITHHELD = 'Withheld';

function titleRows(c: StageComparison, title: string): XCell[][] {
  return [
    [
      bold(
        `${title}: ${fiscalYearLabel(c.fiscalYear)}, budget year ${c.budgetYear}, ${c.fundsLabel.toLowerCase()}`,
      ),
    ],
    [`From ${c.from.label} to ${c.to.label}`],
    [],
  ];
}

const BREAKDOWN_HEAD = [
  'Proposed from',
  'Proposed to',
  'Difference',
  'Percent',
  'Salaries from',
  'Salaries to',
  'Difference',
];

function breakdownSheet(
  c: StageComparison,
  name: string,
  first: string,
  rows: readonly BreakdownRow[],
): SheetSpec {
  const head = 4;
  const start = head + 1;
  const end = start + rows.length - 1;
  const body: XCell[][] = rows.map((r, i) => {
    const n = start + i;
    return [
      r.name,
      ...(r.proposed
        ? [
            money(r.proposed.from),
            money(r.proposed.to),
            f(`C${n}-B${n}`, r.proposed.difference),
            pctFormula(`D${n}`, `B${n}`, r.proposed),
          ]
        : [WITHHELD, WITHHELD, WITHHELD, WITHHELD]),
      ...(r.salaries
        ? [money(r.salaries.from), money(r.salaries.to), f(`G${n}-F${n}`, r.salaries.difference)]
        : [WITHHELD, WITHHELD, WITHHELD]),
    ];
  });
  const t = end + 1;
  const sum = (col: string, result: number) =>
    f(rows.length ? `SUM(${col}${start}:${col}${end})` : '0', result);
  const { proposed, salaries } = c.totals;
  // With a row withheld, a SUM of the rows shown would not be the total: the total is written as it is.
  const partial = rows.some((r) => r.salaries === null);
  const salaryTotal = (col: string, result: number) => (partial ? money(result) : sum(col, result));
  const proposedPartial = rows.some((r) => r.proposed === null);
  const proposedTotal = (col: string, result: number) => (proposedPartial ? money(result) : sum(col, result));
  return {
    name,
    widths: [40, 16, 16, 15, 9, 16, 16, 15],
    rows: [
      ...titleRows(c, name),
      [bold(first), ...BREAKDOWN_HEAD.map(bold)],
      ...body,
      [
        bold('Total'),
        proposedTotal('B', proposed.from),
        proposedTotal('C', proposed.to),
        f(`C${t}-B${t}`, proposed.difference),
        pctFormula(`D${t}`, `B${t}`, proposed),
        ...(salaries
          ? [
              salaryTotal('F', salaries.from),
              salaryTotal('G', salaries.to),
              f(`G${t}-F${t}`, salaries.difference),
            ]
          : [WITHHELD, WITHHELD, WITHHELD]),
      ],
    ],
  };
}

/** The row of the Total line of a breakdown sheet (4 title and header rows, then one per row). */
const totalRow = (rows: readonly unknown[]) => 5 + rows.length;

function summarySheet(c: StageComparison): SheetSpec {
  const cat = `'By category'!`;
  const t = totalRow(c.byCategory);
  const { totals } = c;
  const moneyRow = (n: number, label: string, from: string, to: string, m: MoneyChange): XCell[] => [
    label,
    f(from, m.from),
    f(to, m.to),
    f(`C${n}-B${n}`, m.difference),
    pctFormula(`D${n}`, `B${n}`, m),
  ];
  const countRow = (n: number, label: string, v: { from: number; to: number; difference: number }) => [
    label,
    { value: v.from, fmt: 'int' as const },
    { value: v.to, fmt: 'int' as const },
    f(`C${n}-B${n}`, v.difference, 'int'),
  ];
  return {
    name: 'Summary',
    widths: [34, 18, 18, 16, 10],
    rows: [
      ...titleRows(c, 'What changed'),
      [bold('Figure'), bold('From'), bold('To'), bold('Difference'), bold('Percent')],
      moneyRow(5, 'Proposed budget', `${cat}B${t}`, `${cat}C${t}`, totals.proposed),
      countRow(6, 'Proposed lines', totals.proposedCount),
      countRow(7, 'Employees', totals.employeeCount),
      totals.salaries
        ? moneyRow(8, 'Salaries', `${cat}F${t}`, `${cat}G${t}`, totals.salaries)
        : ['Salaries', WITHHELD, WITHHELD, WITHHELD],
      totals.nextYearSalaries
        ? [
            'Next-year salaries',
            money(totals.nextYearSalaries.from),
            money(totals.nextYearSalaries.to),
            f('C9-B9', totals.nextYearSalaries.difference),
            pctFormula('D9', 'B9', totals.nextYearSalaries),
          ]
        : ['Next-year salaries', WITHHELD, WITHHELD, WITHHELD],
      [],
      [`From: ${c.from.label}`],
      [`To: ${c.to.label}`],
      [
        `Lines added ${c.lineCounts.added}, removed ${c.lineCounts.removed}, changed ${c.lineCounts.changed}, unchanged ${c.lineCounts.unchanged}`,
      ],
    ],
  };
}

function linesSheet(c: StageComparison): SheetSpec {
  const head = 4;
  const start = head + 1;
  const end = start + c.lines.length - 1;
  const body: XCell[][] = c.lines.map((l: LineChange, i) => {
    const n = start + i;
    const isMoney = l.valueType === 'money';
    return [
      l.lineId,
      l.kind,
      l.change,
      l.description,
      l.categoryName ?? 'No category',
      l.buildingName ?? 'District Wide',
      l.deseCode,
      l.fieldLabel,
      isMoney ? money(l.from as number | null) : (l.from as string | null),
      isMoney ? money(l.to as number | null) : (l.to as string | null),
      isMoney ? f(`J${n}-I${n}`, l.difference ?? 0) : null,
      l.reason,
    ];
  });
  const range = (col: string) => `${col}${start}:${col}${end}`;
  const sumKind = (kind: string, result: number) =>
    f(c.lines.length ? `SUMIFS(${range('K')},${range('B')},"${kind}")` : '0', result);
  return {
    name: 'Lines',
    widths: [8, 10, 10, 40, 22, 22, 10, 18, 16, 16, 15, 50],
    rows: [
      ...titleRows(c, 'Line by line'),
      [
        'Line',
        'Kind',
        'Change',
        'Description',
        'Category',
        'Building',
        'DESE code',
        'Field',
        'From',
        'To',
        'Difference',
        'Reason',
      ].map(bold),
      ...body,
      [],
      [
        bold('Proposed amounts, total difference'),
        ...Array(9).fill(null),
        sumKind('proposed', c.totals.proposed.difference),
      ],
      [
        bold('Salaries, total difference'),
        ...Array(9).fill(null),
        // The Lines sheet is staff's, who see every salary: the total is never withheld here.
        sumKind('employee', c.totals.salaries?.difference ?? 0),
      ],
    ],
  };
}

/** The workbook of a comparison, as bytes: landscape US Letter, the heading row on every page. */
export async function comparisonWorkbook(c: StageComparison): Promise<Buffer> {
  const sheets = [
    summarySheet(c),
    breakdownSheet(c, 'By category', 'Category', c.byCategory),
    breakdownSheet(c, 'By DESE function', 'DESE function', c.byFunction),
    breakdownSheet(c, 'By building', 'Building', c.byBuilding),
    // No Lines sheet when the lines were not listed (lines=none, VIEW_ONLY's only choice): it would
    // read as 'nothing changed'.
    ...(c.linesListed === 'none' ? [] : [linesSheet(c)]),
  ];
  return Buffer.from(
    await workbookBytes(sheets.map((sheet) => ({ ...sheet, headRows: 4, print: 'landscape' as const }))),
  );
}

/**
 * The comparison and its workbook, with a file name such as 'FY2027-stage-12-vs-current.xlsx'
 * ('...-vs-current-general-fund.xlsx' for the general fund alone, so the two files never mix up).
 */
export async function compareStagesWorkbook(app: AppContext, actor: Actor, input: CompareInput) {
  const comparison = await compareStages(app, actor, input);
  const name = (s: StageComparison['from']) => (s.stageId === null ? 'current' : `stage-${s.stageId}`);
  return {
    comparison,
    fileName: `FY${comparison.fiscalYear}-${name(comparison.from)}-vs-${name(comparison.to)}${comparison.funds === 'general' ? '-general-fund' : ''}.xlsx`,
    body: await comparisonWorkbook(comparison),
  };
}
