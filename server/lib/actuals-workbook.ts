import type { ActualsFigures, ActualsReport } from '@server/schemas/actuals';
import { ACTUALS_GROUPING_LABELS, NO_KEY } from '@server/schemas/actuals';
import { ledgerPeriodText } from '@server/schemas/actuals-import';
import { fiscalYearLabel } from './budget-math';
import { sumDollars } from './money';
import type { CellFormat, SheetSpec, XCell } from './workbook';

/**
 * Budget vs actual as workbook sheets, laid out cell by cell, for the screen's Export Excel (written
 * by web/src/lib/workbook.ts) and `budget-cli actuals report --xlsx` (services/actuals-workbook.ts):
 * the same cells either way. The file's figures (budget, original, revised, expended, encumbered)
 * are values; available, percent used, the projected year-end, its variance, the flag and every
 * total are FORMULAS over them, with the server's figure as the cached result, so the workbook
 * reproduces each number when opened and anyone can change the periods elapsed and see the effect.
 * Imports nothing at run time but the label helper and the schema constants.
 */

const bold = (value: string): XCell => ({ value, fmt: 'bold' });
const money = (value: number): XCell => ({ value, fmt: 'money' });
const f = (formula: string, result: number | string, fmt?: CellFormat): XCell => ({ formula, result, fmt });

/** Row 2 of every sheet holds the periods elapsed in B2: the projections divide by $B$2. */
const PERIODS = '$B$2';
const HEAD_ROWS = 4;

function flagText(x: ActualsFigures): string {
  return x.overBudget ? 'Over budget' : x.projectedOver ? 'Projected over' : '';
}

/**
 * The computed columns of a row whose revised budget, expended and encumbered sit in columns
 * rev, exp and enc of spreadsheet row n. Only an account is projected from its own expended
 * (rounded to the cent); a group's or total's projection is `projection`, a sum of account
 * projections, as the server computes it (a total is the sum of its rows).
 */
function computed(
  n: number,
  rev: string,
  exp: string,
  enc: string,
  x: ActualsFigures,
  proj: string,
  projection = `ROUND(${exp}${n}/${PERIODS}*12,2)`,
): XCell[] {
  return [
    f(`${rev}${n}-${exp}${n}-${enc}${n}`, x.available, 'money'),
    f(`IF(${rev}${n}=0,"",ROUND(${exp}${n}/${rev}${n}*100,1))`, x.percentUsed ?? '', 'percent'),
    f(projection, x.projectedYearEnd, 'money'),
    f(`${rev}${n}-${proj}${n}`, x.projectedVariance, 'money'),
    f(
      `IF(${exp}${n}+${enc}${n}>${rev}${n},"Over budget",IF(${proj}${n}>${rev}${n},"Projected over",""))`,
      flagText(x),
    ),
  ];
}

function title(r: ActualsReport, what: string): XCell[][] {
  const ledger = r.ledger
    ? `Ledger at ${ledgerPeriodText(r.ledger.period)} (${r.ledger.fileName})`
    : 'No ledger imported for this year';
  return [
    [bold(`Budget vs actual, ${fiscalYearLabel(r.fiscalYear)}: ${what}`)],
    ['Periods elapsed', { value: r.ledger?.periodsElapsed ?? 12, fmt: 'int' }, ledger],
    [r.projectionRule],
  ];
}

const FIGURE_HEAD = [
  'Budget (proposed)',
  'Original',
  'Revised budget',
  'Expended',
  'Encumbered',
  'Available',
  '% used',
  'Projected year-end',
  'Projected variance',
  'Flag',
];

const ACCOUNTS_SHEET = 'Accounts';

/** A SUMIF criterion that matches `text` exactly (quotes doubled, wildcards escaped). */
const criterion = (text: string) => `"${text.replace(/[~*?]/g, '~$&').replaceAll('"', '""')}"`;

/**
 * A group row's projected year-end: the sum of its accounts' projections on the Accounts sheet
 * (the column of that sheet the view groups by, matched to the group as the sheet shows it).
 */
function groupProjection(r: ActualsReport, g: ActualsReport['rows'][number]): string {
  const last = HEAD_ROWS + r.accounts.length;
  if (!g.accountCount || !r.accounts.length) {
    return '0';
  }
  const column = { function: 'C', category: 'E', building: 'F', account: 'A' }[r.by];
  const key = r.by === 'function' || r.by === 'account' ? (g.key === NO_KEY ? '' : g.key) : g.label;
  const range = (col: string) => `${ACCOUNTS_SHEET}!$${col}$${HEAD_ROWS + 1}:$${col}$${last}`;
  return `SUMIF(${range(column)},${criterion(key)},${range('N')})`;
}

/** The chosen view: one row per group, then the total. Columns B-F values, G-K formulas. */
function groupSheet(r: ActualsReport): SheetSpec {
  const start = HEAD_ROWS + 1;
  const end = start + r.rows.length - 1;
  // Group projections add up the Accounts sheet's, which lists every account only in a full report.
  const full = r.accountsListed === 'all' && r.group === null;
  const body = r.rows.map((g, i) => {
    const n = start + i;
    return [
      g.label,
      money(g.budget),
      money(g.originalBudget),
      money(g.revisedBudget),
      money(g.expended),
      money(g.encumbered),
      ...computed(n, 'D', 'E', 'F', g, 'I', full ? groupProjection(r, g) : undefined),
      { value: g.accountCount, fmt: 'int' as const },
      { value: g.lineCount, fmt: 'int' as const },
    ];
  });
  const t = end + 1;
  const sum = (col: string, result: number) =>
    f(r.rows.length ? `SUM(${col}${start}:${col}${end})` : '0', result, 'money');
  const x = r.totals;
  return {
    name: `By ${ACTUALS_GROUPING_LABELS[r.by].toLowerCase()}`,
    headRows: HEAD_ROWS,
    widths: [44, 16, 16, 16, 16, 16, 16, 9, 18, 18, 15, 10, 10],
    rows: [
      ...title(r, `by ${ACTUALS_GROUPING_LABELS[r.by].toLowerCase()}`),
      [bold(ACTUALS_GROUPING_LABELS[r.by]), ...FIGURE_HEAD.map(bold), bold('Accounts'), bold('Lines')],
      ...body,
      [
        bold('Total'),
        sum('B', x.budget),
        sum('C', x.originalBudget),
        sum('D', x.revisedBudget),
        sum('E', x.expended),
        sum('F', x.encumbered),
        ...computed(t, 'D', 'E', 'F', x, 'I', r.rows.length ? `SUM(I${start}:I${end})` : '0'),
      ],
    ],
  };
}

/** Every account of the ledger (the drill-down), with its codes, category and building. */
function accountSheet(r: ActualsReport): SheetSpec {
  const start = HEAD_ROWS + 1;
  const end = start + r.accounts.length - 1;
  const body = r.accounts.map((a, i) => {
    const n = start + i;
    return [
      a.account,
      a.description,
      a.functionCode,
      a.objectCode,
      a.categoryName ?? 'No category',
      a.buildingName ?? 'District Wide',
      money(a.budget),
      money(a.originalBudget),
      money(a.revisedBudget),
      money(a.expended),
      money(a.encumbered),
      ...computed(n, 'I', 'J', 'K', a, 'N'),
    ];
  });
  const t = end + 1;
  const sum = (col: string, result: number) =>
    f(r.accounts.length ? `SUM(${col}${start}:${col}${end})` : '0', result, 'money');
  const total = (pick: (a: ActualsReport['accounts'][number]) => number) => sumDollars(r.accounts.map(pick));
  return {
    name: ACCOUNTS_SHEET,
    headRows: HEAD_ROWS,
    widths: [34, 34, 9, 10, 24, 22, 16, 16, 16, 16, 16, 16, 9, 18, 18, 15],
    rows: [
      ...title(r, 'accounts'),
      [
        bold('Account'),
        bold('Description'),
        bold('Function'),
        bold('Object'),
        bold('Category'),
        bold('Building'),
        ...FIGURE_HEAD.map(bold),
      ],
      ...body,
      [
        bold('Total'),
        null,
        null,
        null,
        null,
        null,
        sum(
          'G',
          total((a) => a.budget),
        ),
        sum(
          'H',
          total((a) => a.originalBudget),
        ),
        sum(
          'I',
          total((a) => a.revisedBudget),
        ),
        sum(
          'J',
          total((a) => a.expended),
        ),
        sum(
          'K',
          total((a) => a.encumbered),
        ),
        // The accounts carry every ledger dollar: these are the report's totals.
        ...computed(t, 'I', 'J', 'K', r.totals, 'N', r.accounts.length ? `SUM(N${start}:N${end})` : '0'),
      ],
    ],
  };
}

/** What matched nothing: lines with no account, and rows set aside at import. */
function unmatchedSheet(r: ActualsReport): SheetSpec {
  const lines = r.linesWithoutAccount.map((l) => [
    l.description,
    l.accountLine,
    l.deseCode,
    l.categoryName ?? 'No category',
    l.buildingName ?? 'District Wide',
    money(l.amount),
    l.reason,
  ]);
  const aside = r.setAside.map((s) => [
    s.account,
    s.description,
    { value: s.row, fmt: 'int' as const },
    s.reason,
    null,
    money(s.expended),
    `revised ${s.revisedBudget}, encumbered ${s.encumbered}`,
  ]);
  return {
    name: 'Not matched',
    headRows: HEAD_ROWS,
    widths: [36, 34, 10, 24, 22, 16, 50],
    rows: [
      ...title(r, 'what matched nothing'),
      [bold('Budget lines with no ledger account')],
      [
        bold('Description'),
        bold('Account number'),
        bold('DESE'),
        bold('Category'),
        bold('Building'),
        bold('Amount'),
        bold('Why'),
      ],
      ...lines,
      [],
      [bold('Ledger rows set aside at import')],
      [bold('Account'), bold('Description'), bold('Row'), bold('Reason'), null, bold('Expended'), null],
      ...aside,
      [],
      [
        `Ledger accounts no proposed line names: ${r.unmatchedAccountCount} (listed on Accounts with 0 budget).`,
      ],
    ],
  };
}

/** The sheets of a report: the chosen view, every account, and what matched nothing. */
export function actualsSheets(r: ActualsReport): SheetSpec[] {
  return [groupSheet(r), accountSheet(r), unmatchedSheet(r)];
}

/** 'FY2023-budget-vs-actual-by-function.xlsx'. */
export const actualsFileName = (r: ActualsReport) => `FY${r.fiscalYear}-budget-vs-actual-by-${r.by}.xlsx`;
