import type { ColaCalculation, MultiYearProjection, RifCalculation } from '@web/api/cola';
import { fromCents, toCents } from '@shared/money';
import { formatDateTime } from '@web/lib/format';
import { fiscalYearLabel } from '@shared/budget-math';
import { SOURCE_LABELS } from './cola-format';
import {
  columnName as col,
  header,
  money,
  moneyFormula,
  type SheetSpec,
  type XCell,
} from '@web/lib/workbook';

/*
 * The Excel exports of the three calculation tabs. Inputs (the server's per-work-group figures,
 * the baseline, the funding) are values; every total, need, gap and estimate is a formula over
 * them that reproduces the figure on screen. Row numbers are fixed so each formula is plain A1.
 */

/** RIF gap: the figures in B5:B20, the breakdown from row 23, the cost of 1% below it. */
export function rifSheet(c: RifCalculation): SheetSpec {
  const first = 23;
  const last = Math.max(first, first + c.breakdown.length - 1);
  const range = (column: string) => `${column}${first}:${column}${last}`;
  const bySource = (source: string, result: number) =>
    moneyFormula(`SUMIF(${range('C')},"${source}",${range('H')})`, result);
  const rows: XCell[][] = [
    [`RIF gap calculation, ${fiscalYearLabel(c.fiscalYear)}`],
    [`Calculated ${formatDateTime(c.calculatedAt)}${c.calculatedBy ? ` by ${c.calculatedBy}` : ''}`],
    [
      `Salaries of ${c.baseYear === null ? 'FY?' : fiscalYearLabel(c.baseYear)} moved by the salary rules; ${c.employees ?? 0} employees.`,
    ],
    header('Figure', 'Amount', 'How it is worked out'),
    ['Fiscal year', c.fiscalYear, 'Input'],
    [
      c.needSource ? 'Own proposed budget' : 'Baseline budget',
      money(c.baselineBudget),
      c.needSource ? `The ${c.needSource}` : 'Input',
    ],
    [
      'COLA impact: settled contracts',
      bySource('SETTLED', c.colaImpact.settled),
      'Breakdown rows from settled contracts',
    ],
    [
      'COLA impact: negotiating contracts',
      bySource('NEGOTIATING', c.colaImpact.negotiating),
      'Breakdown rows from negotiating contracts',
    ],
    [
      'COLA impact: COLA scenario',
      bySource('SCENARIO', c.colaImpact.scenario),
      'Breakdown rows from the COLA scenario',
    ],
    [
      'COLA impact: total',
      // The long-term assumption's rows are summed in place, so the rows below keep their numbers.
      moneyFormula(`SUM(B7:B9)+SUMIF(${range('C')},"LONG_TERM",${range('H')})`, c.colaImpact.total),
      'Settled + negotiating + scenario + long-term assumption (breakdown rows)',
    ],
    ['Steps and lanes', moneyFormula(`SUM(${range('I')})`, c.stepsLanesAmount), 'Sum of the breakdown'],
    ['Include steps and lanes', c.includeStepsLanes, 'Input'],
    // The year being built needs its own proposed budget: the walk's parts above are already in it.
    c.needSource
      ? [
          'District need',
          moneyFormula('B6', c.districtNeed),
          'The own proposed budget (its COLA, steps and new hires are in it)',
        ]
      : [
          'District need',
          moneyFormula('B6+B10+IF(B12,B11,0)+B19+B20', c.districtNeed),
          'Baseline + COLA + steps and lanes (when included) + new hires + typed next-year salaries',
        ],
    ['Town funding', money(c.townFundingAmount), 'Input'],
    ['Gap', moneyFormula('B13-B14', c.gap), 'District need − town funding'],
    ['RIF required', { formula: 'B15>0', result: c.rifRequired }, 'Gap above 0'],
    ['Average position cost', money(c.averagePositionCost), 'Input'],
    [
      'Positions (estimate)',
      { formula: 'IF(B15>0,ROUNDUP(B15/B17,0),0)', result: c.positionsEstimate, fmt: 'int' },
      'Gap ÷ average position cost, rounded up',
    ],
    [
      'New hires',
      money(c.newHiresAmount),
      `${c.newHires} starting in ${fiscalYearLabel(c.fiscalYear)} (a salary of 0 the year before)`,
    ],
    ['Typed next-year salaries', money(c.adjustmentsAmount), 'Beyond what the rule would give'],
    [],
    header(
      'Work group',
      'Category',
      'COLA source',
      'Contract year',
      'COLA %',
      'Employees',
      'Payroll (year before)',
      'COLA amount',
      'Steps and lanes',
    ),
  ];
  for (const b of c.breakdown) {
    rows.push([
      b.workGroupName ?? 'No work group',
      b.category,
      b.colaSource,
      b.contractYear,
      { value: b.percentage, fmt: 'percent' },
      b.employees,
      money(b.payroll),
      money(b.amount),
      money(b.stepsLanesAmount),
    ]);
  }
  if (c.costOfOnePercent.length > 0) {
    rows.push([], [`Cost of 1% COLA per bargaining unit (salaries of ${fiscalYearLabel(c.fiscalYear - 1)})`]);
    rows.push(header('Bargaining unit', 'Employees', 'Payroll', 'Cost of 1%'));
    for (const u of c.costOfOnePercent) {
      rows.push([u.workGroupName, u.employees, money(u.payroll), money(u.amount)]);
    }
  }
  return { name: `RIF ${fiscalYearLabel(c.fiscalYear)}`, rows, widths: [36, 18, 44, 14, 10, 11, 20, 16, 16] };
}

/** Multi-year: one row per fiscal year from row 5; each baseline after the first is the row above's need. */
export function projectionSheet(p: MultiYearProjection): SheetSpec {
  const rows: XCell[][] = [
    ['Multi-year projection'],
    [
      `Each year grows the salaries of the latest year with actual payroll before it (${[
        ...new Set(p.projections.map((y) => fiscalYearLabel(y.baseYear))),
      ].join(', ')}) by the salary rules.`,
    ],
    ['Town funding is the year’s town goal, else the latest earlier goal carried forward (assumed).'],
    header(
      'Fiscal year',
      'Baseline',
      'COLA impact',
      'Steps and lanes',
      'New hires',
      'Typed salaries',
      'District need',
      'Town funding',
      'Funding source',
      'Gap',
      'RIF required',
    ),
  ];
  p.projections.forEach((y, i) => {
    const r = 5 + i;
    rows.push([
      y.fiscalYear,
      i === 0 ? money(y.baseline) : moneyFormula(`G${r - 1}`, y.baseline),
      money(y.colaImpact),
      money(y.stepsLanes),
      money(y.newHires),
      money(y.adjustments),
      moneyFormula(`B${r}+C${r}+D${r}+E${r}+F${r}`, y.districtNeed),
      y.townFunding === null ? null : money(y.townFunding),
      y.townFundingAssumed ? `${y.townFundingSource} (assumed)` : y.townFundingSource,
      y.gap === null
        ? { formula: `IF(ISNUMBER(H${r}),G${r}-H${r},"")`, result: '' }
        : moneyFormula(`IF(ISNUMBER(H${r}),G${r}-H${r},"")`, y.gap),
      { formula: `IF(ISNUMBER(H${r}),G${r}-H${r}>0,FALSE)`, result: y.rifRequired },
    ]);
  });
  return {
    name: 'Multi-year projection',
    rows,
    widths: [12, 18, 16, 16, 16, 16, 18, 18, 20, 16, 13],
  };
}

/**
 * COLA calculation: payroll year by year from row 5 (the base year), then each work group's years.
 * A year's payroll is the payroll it grew from plus its increases; that is the row above only when
 * both come from the same actual year (otherwise the payroll before is the server's figure).
 */
export function colaSheet(c: ColaCalculation, scenarioName: string): SheetSpec {
  const rows: XCell[][] = [
    [`COLA impact, scenario ${scenarioName}`],
    [`Salaries of ${fiscalYearLabel(c.baseYear)} moved by the salary rules; ${c.employees} employees.`],
    [],
    header(
      'Fiscal year',
      'Payroll',
      'Grown from',
      'Payroll before',
      'COLA increase',
      'Steps and lanes increase',
      'New hires',
      'Typed salaries',
      'Increase',
    ),
    [c.baseYear, money(c.grandTotal), null, null, null, null, null, null, null],
  ];
  // Whether year i grows the row above: the year before it, from the same actual year.
  const chained = (i: number) =>
    i === 0
      ? c.years[0].fiscalYear === c.baseYear + 1
      : c.years[i - 1].fiscalYear === c.years[i].fiscalYear - 1 &&
        c.years[i - 1].baseYear === c.years[i].baseYear;
  // Exact: the payroll before = amount - increase, in cents.
  const before = (amount: number, increase: number) => fromCents(toCents(amount)! - toCents(increase)!);
  c.years.forEach((y, i) => {
    const r = 6 + i;
    const previous = before(y.amount, y.increase);
    rows.push([
      y.fiscalYear,
      moneyFormula(`D${r}+I${r}`, y.amount),
      fiscalYearLabel(y.baseYear),
      chained(i) ? moneyFormula(`B${r - 1}`, previous) : money(previous),
      money(y.colaIncrease),
      money(y.stepsLanesIncrease),
      money(y.newHiresIncrease),
      money(y.adjustmentsIncrease),
      moneyFormula(`E${r}+F${r}+G${r}+H${r}`, y.increase),
    ]);
  });
  const lastRow = 5 + c.years.length;
  rows.push([
    'Total increase',
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    moneyFormula(`SUM(I6:I${lastRow})`, c.totalIncrease),
  ]);
  rows.push([]);
  const groupHeader = ['Work group', 'Category', 'Employees', `Payroll ${fiscalYearLabel(c.baseYear)}`];
  for (const y of c.years) {
    groupHeader.push(
      `${fiscalYearLabel(y.fiscalYear)} COLA %`,
      `${fiscalYearLabel(y.fiscalYear)} source`,
      `${fiscalYearLabel(y.fiscalYear)} payroll`,
      `${fiscalYearLabel(y.fiscalYear)} increase`,
    );
  }
  rows.push(header(...groupHeader));
  const groupStart = rows.length + 1;
  c.byWorkGroup.forEach((g, i) => {
    const r = groupStart + i;
    const cells: XCell[] = [g.workGroup ?? 'No work group', g.category, g.employees, money(g.baseline)];
    g.years.forEach((y, j) => {
      const amountCol = col(7 + j * 4);
      const prevCol = j === 0 ? 'D' : col(7 + (j - 1) * 4);
      cells.push(
        { value: y.colaPercentage, fmt: 'percent' },
        SOURCE_LABELS[y.colaSource],
        money(y.amount),
        chained(j) ? moneyFormula(`${amountCol}${r}-${prevCol}${r}`, y.increase) : money(y.increase),
      );
    });
    rows.push(cells);
  });
  return {
    name: 'COLA impact',
    rows,
    widths: [30, 18, 18, 20, 12, 20, 18, 16, 12, 20, 18, 16, 12, 20, 18, 16],
  };
}
