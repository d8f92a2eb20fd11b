import type {
  LedgerAccount,
  LedgerFigures,
  LedgerGroup,
  LedgerReport,
  LedgerShownFigures,
} from '@shared/schemas/ledger';
import { LEDGER_GROUPING_LABELS, NO_KEY } from '@shared/schemas/ledger';
import { ledgerPeriodText } from '@shared/schemas/ledger-import';
import { fiscalYearLabel } from '@shared/budget-math';
import type { CellFormat, SheetSpec, XCell } from '@shared/workbook';

/**
 * Budget vs actual as workbook sheets, laid out row by row so a writer can stream them (a ledger may
 * hold hundreds of thousands of accounts): for GET /ledger/report.xlsx, the screen's Export Excel
 * and `budget-cli ledger report --xlsx` (server/domains/ledger/budget-vs-actual-workbook.ts). The file's figures (budget,
 * original, revised, expended, encumbered) are values; available, percent used, the projected
 * year-end, its variance, the flag and every total are FORMULAS over them, with the server's figure
 * as the cached result, so the workbook reproduces each number when opened and anyone can change
 * the periods elapsed and see the effect. A year with no ledger imported has no ledger figure: its
 * cells read 'No ledger' (the screen's '—') or, where the screen shows none, are left empty.
 */

/** A sheet's name, column widths and frozen head rows; its rows are written after. */
export type SheetHead = Omit<SheetSpec, 'rows'>;

/** What the writer knows before the first row: the report's head, and how many rows each list has. */
export interface WorkbookPlan {
  report: Omit<LedgerReport, 'rows' | 'accounts'>;
  groupCount: number;
  accountCount: number;
}

export const bold = (value: string): XCell => ({ value, fmt: 'bold' });
export const fy = (r: { fiscalYear: number }) => fiscalYearLabel(r.fiscalYear);
/** What a figure withheld from its reader reads (server/lib/pay-groups.ts; the report's payWithheld). */
const WITHHELD = 'Withheld';
export const money = (value: number | null): XCell => (value === null ? WITHHELD : { value, fmt: 'money' });
export const int = (value: number): XCell => ({ value, fmt: 'int' });
const f = (formula: string, result: number | string, fmt?: CellFormat): XCell => ({ formula, result, fmt });

/** A ledger figure of a year with no ledger imported, as the screen reads it: not 0 against a budget. */
const NO_LEDGER = 'No ledger';
const VALUE_KEYS = ['originalBudget', 'revisedBudget', 'expended', 'encumbered'] as const;
/** A row's ledger values through `cell`; with no ledger, the original (not on screen) empty, the rest 'No ledger'. */
const ledgerValues = (noLedger: boolean, cell: (key: (typeof VALUE_KEYS)[number], i: number) => XCell) =>
  noLedger ? [null, NO_LEDGER, NO_LEDGER, NO_LEDGER] : VALUE_KEYS.map(cell);

/** Row 2 of every sheet holds the periods elapsed in B2: the projections divide by $B$2. */
const PERIODS = '$B$2';
/** Title, periods, projection rule, column heads: the first data row is 5. */
export const HEAD_ROWS = 4;
const FIRST = HEAD_ROWS + 1;
/**
 * Group projections are SUMIFs over the Accounts sheet while the groups are few; a view by account
 * (a group per account) gives each its projection as a value, which a spreadsheet need not match
 * against every account once per row.
 */
const SUMIF_GROUPS_MAX = 1000;

function flagText(x: Pick<LedgerFigures, 'overBudget' | 'projectedOver'>): string {
  return x.overBudget ? 'Over budget' : x.projectedOver ? 'Projected over' : '';
}

/**
 * The computed columns of a row whose revised budget, expended and encumbered sit in columns
 * rev, exp and enc of spreadsheet row n. Only an account is projected from its own expended
 * (rounded to the cent); a group's or total's projection is `projection`, a sum of account
 * projections, as the server computes it (a total is the sum of its rows). With no ledger
 * (`noLedger`), available, % used and the projection read 'No ledger'; the variance and flag, empty.
 */
function computed(
  noLedger: boolean,
  n: number,
  rev: string,
  exp: string,
  enc: string,
  x: LedgerShownFigures,
  proj: string,
  projection: string | null = `ROUND(${exp}${n}/${PERIODS}*12,2)`,
): XCell[] {
  if (noLedger) {
    return [NO_LEDGER, NO_LEDGER, NO_LEDGER, null, null];
  }
  if (x.available === null || x.projectedYearEnd === null || x.projectedVariance === null) {
    return [WITHHELD, WITHHELD, WITHHELD, WITHHELD, WITHHELD];
  }
  return [
    f(`${rev}${n}-${exp}${n}-${enc}${n}`, x.available, 'money'),
    f(`IF(${rev}${n}=0,"",ROUND(${exp}${n}/${rev}${n}*100,1))`, x.percentUsed ?? '', 'percent'),
    projection === null ? money(x.projectedYearEnd) : f(projection, x.projectedYearEnd, 'money'),
    f(`${rev}${n}-${proj}${n}`, x.projectedVariance, 'money'),
    f(
      `IF(${exp}${n}+${enc}${n}>${rev}${n},"Over budget",IF(${proj}${n}>${rev}${n},"Projected over",""))`,
      flagText(x),
    ),
  ];
}

export function title(r: WorkbookPlan['report'], what: string): XCell[][] {
  const ledger = r.ledger
    ? `Ledger at ${ledgerPeriodText(r.ledger.period)} (${r.ledger.fileName})`
    : 'No ledger imported for this year';
  return [
    [bold(`Budget vs actual, ${fy(r)}, ${r.fund.label}: ${what}`)],
    // With no ledger nothing is projected, so no period count is made up (it read 12).
    ['Periods elapsed', r.ledger ? int(r.ledger.periodsElapsed) : 'None', ledger],
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

/** The spreadsheet rows of a list of `count` rows starting at FIRST: the last one (FIRST-1 if none). */
const lastRow = (count: number) => FIRST + count - 1;

/**
 * A group row's projected year-end: the sum of its accounts' projections on the Accounts sheet
 * (the column of that sheet the view groups by, matched to the group as the sheet shows it).
 */
function groupProjection(p: WorkbookPlan, g: LedgerGroup): string | null {
  if (p.groupCount > SUMIF_GROUPS_MAX) {
    return null;
  }
  if (!g.accountCount || !p.accountCount) {
    return '0';
  }
  const { by } = p.report;
  const column = { function: 'C', category: 'E', building: 'F', account: 'A' }[by];
  const key = by === 'function' || by === 'account' ? (g.key === NO_KEY ? '' : g.key) : g.label;
  const range = (col: string) => `${ACCOUNTS_SHEET}!$${col}$${FIRST}:$${col}$${lastRow(p.accountCount)}`;
  return `SUMIF(${range(column)},${criterion(key)},${range('N')})`;
}

/** The chosen view: one row per group, then the total. Columns B-F values, G-K formulas. */
export function groupSheet(p: WorkbookPlan) {
  const r = p.report;
  const label = LEDGER_GROUPING_LABELS[r.by].toLowerCase();
  const head: SheetHead = {
    name: `By ${label}`,
    headRows: HEAD_ROWS,
    widths: [44, 16, 16, 16, 16, 16, 16, 9, 18, 18, 15, 10, 10],
  };
  const end = lastRow(p.groupCount);
  // With rows withheld, a SUM of the rows shown is not the total: the total is written as it is.
  const sum = (col: string, result: number | null) =>
    r.payWithheld || result === null
      ? money(result)
      : f(p.groupCount ? `SUM(${col}${FIRST}:${col}${end})` : '0', result, 'money');
  const x = r.totals;
  const noLedger = r.ledger === null;
  return {
    head,
    top: [
      ...title(r, `by ${label}`),
      [bold(LEDGER_GROUPING_LABELS[r.by]), ...FIGURE_HEAD.map(bold), bold('Accounts'), bold('Lines')],
    ],
    /** Group number i (0-based) of the view. */
    row: (g: LedgerGroup, i: number): XCell[] => [
      g.label,
      money(g.budget),
      ...ledgerValues(noLedger, (k) => money(g[k])),
      ...computed(noLedger, FIRST + i, 'D', 'E', 'F', g, 'I', groupProjection(p, g)),
      int(g.accountCount),
      int(g.lineCount),
    ],
    bottom: [
      [
        bold('Total'),
        sum('B', x.budget),
        ...ledgerValues(noLedger, (k, i) => sum('CDEF'[i], x[k])),
        ...computed(noLedger, end + 1, 'D', 'E', 'F', x, 'I', p.groupCount ? `SUM(I${FIRST}:I${end})` : '0'),
      ],
    ],
  };
}

/** The sums of the accounts' value columns, added up as the rows are written. */
export type AccountSums = Record<
  'budget' | 'originalBudget' | 'revisedBudget' | 'expended' | 'encumbered',
  number
>;

/** Every account of the ledger (the drill-down), with its codes, category and building. */
export function accountSheet(p: WorkbookPlan) {
  const end = lastRow(p.accountCount);
  const t = p.report.totals;
  const noLedger = p.report.ledger === null;
  // With accounts withheld, the total is the report's, written as it is (not a SUM of those shown).
  const sum = (col: string, result: number, total: number | null) =>
    p.report.payWithheld || total === null
      ? money(total)
      : f(p.accountCount ? `SUM(${col}${FIRST}:${col}${end})` : '0', result, 'money');
  return {
    head: {
      name: ACCOUNTS_SHEET,
      headRows: HEAD_ROWS,
      widths: [34, 34, 9, 10, 24, 22, 16, 16, 16, 16, 16, 16, 9, 18, 18, 15],
    } satisfies SheetHead,
    top: [
      ...title(p.report, 'accounts'),
      ['Account', 'Description', 'Function', 'Object', 'Category', 'Building', ...FIGURE_HEAD].map(bold),
    ],
    /** Account number i (0-based) in file order. */
    row: (a: LedgerAccount, i: number): XCell[] => [
      a.account,
      a.description,
      a.functionCode,
      a.objectCode,
      a.categoryName ?? 'No category',
      a.buildingName ?? 'District Wide',
      money(a.budget),
      ...ledgerValues(noLedger, (k) => money(a[k])),
      ...computed(noLedger, FIRST + i, 'I', 'J', 'K', a, 'N'),
    ],
    bottom: (s: AccountSums): XCell[][] => [
      [
        bold('Total'),
        ...Array<XCell>(5).fill(null),
        sum('G', s.budget, t.budget),
        ...ledgerValues(noLedger, (k, i) => sum('HIJK'[i], s[k], t[k])),
        // The accounts carry every ledger dollar: these are the report's totals.
        ...computed(
          noLedger,
          end + 1,
          'I',
          'J',
          'K',
          p.report.totals,
          'N',
          p.accountCount ? `SUM(N${FIRST}:N${end})` : '0',
        ),
      ],
    ],
  };
}

/** 'FY2023-budget-vs-actual-by-function.xlsx'; one fund's: 'FY2023-budget-vs-actual-fund-0100-by-function.xlsx'. */
export const ledgerFileName = (r: { fiscalYear: number; by: string; fund: { code: string | null } }) =>
  `FY${r.fiscalYear}-budget-vs-actual${r.fund.code === null ? '' : `-fund-${r.fund.code.replace(/[^A-Za-z0-9._-]/g, '_')}`}-by-${r.by}.xlsx`;
