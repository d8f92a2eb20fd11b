import { keptCents, NO_LINES_YET, NO_TOWN_GOAL, scenarioStatus } from '@shared/budget-math';
import { centsOf, fromCents } from '@shared/money';
import type { ScenarioLine, ScenarioSummary } from '@web/api/cut-scenarios';
import type { ScenarioPositionChange } from '@web/api/scenario-positions';
import { DISTRICT_WIDE } from '@web/components/data-grid/column-types';
import { formatDateTime } from '@web/lib/format';
import { dataRows, header, money, moneyFormula, type SheetSpec, type XCell } from '@web/lib/workbook';
import { budgetYearLabel } from '@web/lib/budget-year-label';
import { categoryTotals, fyLabel, gapLabel, toHundredths } from './scenario-math';
import { positionsSheet } from './workbook-positions';

/*
 * 'Export to Excel': a Summary sheet, a Lines sheet and a Positions sheet (written by the shared
 * writer, lib/workbook). Amounts and percents kept are values; each line's adjusted amount is
 * ROUND(amount*percent/100,2) (the server's rule), its cut, the totals, the gap, meets-goal and the
 * category table are FORMULAS over them, so the committee can change a percent in Excel and watch
 * the gap move. The cuts and adds by position come off the lines' total as the server takes them
 * off. Cached results are worked out here in integer cents.
 */

export interface ScenarioExport {
  scenarioName: string;
  budgetYear: string;
  /** The server's summary (its town goal and fiscal year). */
  summary: ScenarioSummary;
  /** The lines with the percents on screen. */
  lines: readonly ScenarioLine[];
  /** The scenario's cuts and adds by position, with what each saves or costs. */
  positions: readonly ScenarioPositionChange[];
  exportedAt: Date;
}

const moneyCents = (formula: string, cents: bigint): XCell => moneyFormula(formula, fromCents(cents));

/** Where the Lines sheet's data sits. */
export const linesLayout = dataRows;

/** The Lines sheet: one row per line, adjusted and cut as formulas, totals as SUMs. */
export function linesSheet(lines: readonly ScenarioLine[]): SheetSpec {
  const { first, last, total } = linesLayout(lines.length);
  const rows: XCell[][] = [
    header(
      'Line ID',
      'Account Description',
      'Account Line',
      'DESE Code',
      'Category',
      'Building',
      'Personnel',
      'Floor %',
      'Proposed Amount',
      'Percent Kept',
      'Adjusted Amount',
      'Cut',
      'General Fund',
    ),
  ];
  let amountSum = 0n;
  let keptSum = 0n;
  lines.forEach((l, i) => {
    const r = first + i;
    const amount = centsOf(l.fy26ProposedV3);
    const kept = keptCents(amount, toHundredths(l.percentKept));
    amountSum += amount;
    keptSum += kept;
    rows.push([
      l.id,
      l.accountDesc ?? '',
      l.accountLine ?? '',
      l.deseCode ?? '',
      l.category?.name ?? 'No category',
      l.building?.name ?? DISTRICT_WIDE,
      l.isPersonnel ? 'Yes' : 'No',
      { value: l.floorPercent, fmt: 'percent' },
      money(l.fy26ProposedV3),
      { value: l.percentKept, fmt: 'percent' },
      moneyCents(`ROUND(I${r}*J${r}/100,2)`, kept),
      moneyCents(`I${r}-K${r}`, amount - kept),
      l.generalFund ? 'Yes' : 'No',
    ]);
  });
  while (rows.length < total - 1) {
    rows.push([]);
  }
  rows.push([
    null,
    { value: 'Total', fmt: 'bold' },
    null,
    null,
    null,
    null,
    null,
    null,
    moneyCents(`SUM(I${first}:I${last})`, amountSum),
    null,
    moneyCents(`SUM(K${first}:K${last})`, keptSum),
    moneyCents(`SUM(L${first}:L${last})`, amountSum - keptSum),
  ]);
  return { name: 'Lines', rows, widths: [9, 44, 20, 10, 22, 30, 10, 9, 18, 13, 18, 16, 13] };
}

/** The Summary sheet: the scenario's figures and a category table, all formulas over Lines and Positions. */
export function summarySheet(input: ScenarioExport): SheetSpec {
  const { lines, summary } = input;
  const { first, last, total } = linesLayout(lines.length);
  const byPosition = positionsSheet(input.positions);
  const positionsTotal = dataRows(input.positions.length).total;
  const categories = categoryTotals(lines);
  let original = 0n;
  let linesKept = 0n;
  let modified = 0;
  // The general fund's lines kept: what the goal is compared with (GOAL_FUNDS).
  let generalLinesKept = 0n;
  for (const c of categories.values()) {
    original += c.original;
    linesKept += c.original - c.cut;
  }
  for (const l of lines) {
    modified += l.percentKept < 100 ? 1 : 0;
    generalLinesKept += l.generalFund
      ? keptCents(centsOf(l.fy26ProposedV3), toHundredths(l.percentKept))
      : 0n;
  }
  const kept = linesKept - byPosition.net;
  const generalKept = generalLinesKept - byPosition.general;
  // A year with no town goal: no gap against $0 and nothing to meet (scenarioStatus).
  const goal = summary.hasTownGoal ? centsOf(summary.townGoal) : null;
  const status = scenarioStatus(generalKept, goal, lines.length);
  const gapCents = status.gapCents;
  const range = (col: string) => `Lines!$${col}$${first}:$${col}$${last}`;
  const money2 = '"$#,##0.00"';
  const rows: XCell[][] = [
    [`Budget scenario: ${input.scenarioName}`],
    [
      `${budgetYearLabel(input.budgetYear, summary.fiscalYear)} · exported ${formatDateTime(input.exportedAt.toISOString())}`,
    ],
    [
      'Figures are formulas over the Lines and Positions sheets: change a percent kept there and they follow.',
    ],
    header('Figure', 'Amount', 'How it is worked out'),
    ['Original total', moneyCents(`Lines!I${total}`, original), 'Sum of the proposed amounts'],
    [
      'Town goal',
      money(summary.townGoal),
      summary.hasTownGoal ? `Town guidance for ${fyLabel(summary.fiscalYear)}` : NO_TOWN_GOAL,
    ],
    ['Total cuts', moneyCents('B5-B8', original - kept), 'Original total − adjusted total'],
    [
      'Adjusted total',
      moneyCents(`Lines!K${total}-B9`, kept),
      'Sum of ROUND(amount × percent kept / 100, 2) per line, less the cuts and adds by position',
    ],
    [
      'Cuts and adds by position',
      moneyCents(`Positions!H${positionsTotal}`, byPosition.net),
      'What the positions cut save, less what the positions added cost (Positions sheet)',
    ],
    [
      'General fund adjusted',
      moneyCents(`SUMIF(${range('M')},"Yes",${range('K')})-B11`, generalKept),
      "Adjusted amounts of the general fund's lines, less its part of the cuts and adds by position: the fund the town's goal pays for",
    ],
    [
      "General fund's cuts and adds by position",
      moneyCents(`Positions!I${positionsTotal}`, byPosition.general),
      "The general fund's part of the cuts and adds by position (an added position is the general fund's)",
    ],
    ...(gapCents === null
      ? // No town goal: no gap against $0 and nothing to meet, in words (no formula over a 0 goal).
        [
          ['Gap', NO_TOWN_GOAL, 'There is no town goal to compare the general fund with'],
          ['Over or under', NO_TOWN_GOAL, 'The gap in words'],
          ['Meets goal', 'No town goal to meet', 'General fund adjusted at or under the goal'],
        ]
      : [
          [
            'Gap',
            moneyCents('B10-B6', gapCents),
            'General fund adjusted − town goal: above zero is over the goal',
          ],
          [
            'Over or under',
            {
              formula: `IF(B12>0,"Over goal by "&TEXT(B12,${money2}),IF(B12<0,"Under goal by "&TEXT(-B12,${money2}),"On the goal exactly"))`,
              result: gapLabel(fromCents(gapCents)),
            },
            'The gap in words',
          ],
          [
            'Meets goal',
            {
              // A year with no lines has not started: neither TRUE nor FALSE (shared/budget-math.ts).
              formula: `IF(COUNT(${range('I')}),B12<=0,"${NO_LINES_YET}")`,
              result: status.meetsGoal ?? NO_LINES_YET,
            },
            'General fund adjusted at or under the goal',
          ],
        ]),
    [
      'Items modified',
      { formula: `COUNTIF(${range('J')},"<100")`, result: modified, fmt: 'int' },
      'Lines kept under 100%',
    ],
    [
      'Lines',
      { formula: `COUNT(${range('I')})`, result: lines.length, fmt: 'int' },
      'Proposed lines of the year',
    ],
    [],
    header('By category', 'Original', 'Adjusted', 'Cut'),
  ];
  for (const [name, c] of categories) {
    const r = rows.length + 1;
    rows.push([
      name,
      moneyCents(`SUMIF(${range('E')},A${r},${range('I')})`, c.original),
      moneyCents(`SUMIF(${range('E')},A${r},${range('K')})`, c.original - c.cut),
      moneyCents(`B${r}-C${r}`, c.cut),
    ]);
  }
  // The cuts by position are not lines of a category here: a row of their own, so the columns of
  // adjusted amounts and cuts add up to the adjusted total and the total cuts.
  rows.push([
    'Cuts and adds by position',
    null,
    moneyCents('-B9', -byPosition.net),
    moneyCents('B9', byPosition.net),
  ]);
  return { name: 'Summary', rows, widths: [34, 20, 20, 52] };
}

/** The three sheets, Summary first. */
export function scenarioSheets(input: ScenarioExport): SheetSpec[] {
  return [summarySheet(input), linesSheet(input.lines), positionsSheet(input.positions).sheet];
}
