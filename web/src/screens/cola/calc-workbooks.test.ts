import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ColaCalculation, MultiYearProjection, RifCalculation } from '@web/api/cola';
import { fromCents, toCents } from '@shared/schemas/common';
import { colaSheet, projectionSheet, rifSheet } from './calc-workbooks';
import { SheetEvaluator } from '@web/test/formula-eval';
import { buildWorkbook, type SheetSpec } from '@web/lib/workbook';

/*
 * The exports must reproduce the screen's figures from their own input cells. Expected figures are
 * worked out here from the fixture's inputs in BigInt cents (the definitions of docs/ARCHITECTURE.md
 * 'Salary rules'), then the workbook is written, read back with exceljs, and each formula is checked
 * for the cells it references and evaluated by hand.
 */

const c = (dollars: string) => BigInt(toCents(dollars)!);
const $ = (cents: bigint) => fromCents(cents);

async function open(spec: SheetSpec) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await buildWorkbook([spec]));
  const sheet = workbook.worksheets[0];
  const formula = (address: string) => {
    const v = sheet.getCell(address).value as { formula?: string } | null;
    return v && typeof v === 'object' ? v.formula : undefined;
  };
  return { sheet, formula, ev: new SheetEvaluator(sheet) };
}

const BREAKDOWN = [
  {
    name: 'Teachers',
    source: 'SETTLED',
    pct: 3.5,
    payroll: '10000000.00',
    amount: '350000.00',
    steps: '150000.00',
  },
  {
    name: 'Food Service',
    source: 'NEGOTIATING',
    pct: 2.5,
    payroll: '1234567.89',
    amount: '30864.21',
    steps: '0.00',
  },
  {
    name: '=Technology',
    source: 'SCENARIO',
    pct: 2.5,
    payroll: '812345.67',
    amount: '20308.64',
    steps: '12185.19',
  },
  {
    name: 'Custodians',
    source: 'SETTLED',
    pct: 2.5,
    payroll: '2000000.01',
    amount: '50000.01',
    steps: '30000.00',
  },
] as const;

/** A RIF calculation whose figures follow from the breakdown and the inputs, worked out in cents. */
function rifFixture(baseline: string, funding: string, includeStepsLanes: boolean): RifCalculation {
  const sum = (pick: (b: (typeof BREAKDOWN)[number]) => string, source?: string) =>
    BREAKDOWN.filter((b) => !source || b.source === source).reduce((s, b) => s + c(pick(b)), 0n);
  const settled = sum((b) => b.amount, 'SETTLED');
  const negotiating = sum((b) => b.amount, 'NEGOTIATING');
  const scenario = sum((b) => b.amount, 'SCENARIO');
  const steps = sum((b) => b.steps);
  // Two new hires and a typed next-year salary: payroll the year pays beside the COLA.
  const hires = c('95000.50');
  const typed = c('3000.00');
  const need =
    c(baseline) + settled + negotiating + scenario + (includeStepsLanes ? steps : 0n) + hires + typed;
  const gap = need - c(funding);
  const perPosition = c('85000');
  return {
    id: 7,
    fiscalYear: 2027,
    scenarioId: 1,
    townFundingAmount: $(c(funding)),
    baselineBudget: $(c(baseline)),
    baseYear: 2026,
    employees: 412,
    employeesWithoutSalary: 0,
    needSource: null,
    colaImpact: {
      settled: $(settled),
      negotiating: $(negotiating),
      scenario: $(scenario),
      longTerm: 0,
      total: $(settled + negotiating + scenario),
    },
    stepsLanesAmount: $(steps),
    includeStepsLanes,
    newHires: 2,
    newHiresAmount: $(hires),
    adjustmentsAmount: $(typed),
    districtNeed: $(need),
    gap: $(gap),
    rifRequired: gap > 0n,
    positionsEstimate: gap > 0n ? Number((gap + perPosition - 1n) / perPosition) : 0,
    averagePositionCost: 85000,
    breakdown: BREAKDOWN.map((b, i) => ({
      workGroupId: i + 1,
      workGroupName: b.name,
      category: 'TEACHERS',
      colaSource: b.source,
      contractYear: b.source === 'SCENARIO' ? null : 2,
      percentage: b.pct,
      employees: 10 + i,
      payroll: $(c(b.payroll)),
      amount: $(c(b.amount)),
      stepsLanesAmount: $(c(b.steps)),
    })),
    costOfOnePercent: [
      { workGroupId: 1, workGroupName: 'Teachers', employees: 10, payroll: 10_000_000, amount: 100_000 },
    ],
    calculatedAt: '2026-03-01T15:00:00.000Z',
    calculatedBy: 'Finance User',
    colaWarnings: [],
  };
}

describe('rifSheet', () => {
  it('writes need, gap and positions as formulas over the inputs and the breakdown', async () => {
    const calc = rifFixture('87834567', '88000000', true);
    const { formula, ev, sheet } = await open(rifSheet(calc));
    expect(formula('B7')).toBe('SUMIF(C23:C26,"SETTLED",H23:H26)');
    expect(formula('B8')).toBe('SUMIF(C23:C26,"NEGOTIATING",H23:H26)');
    expect(formula('B9')).toBe('SUMIF(C23:C26,"SCENARIO",H23:H26)');
    expect(formula('B10')).toBe('SUM(B7:B9)+SUMIF(C23:C26,"LONG_TERM",H23:H26)');
    expect(formula('B11')).toBe('SUM(I23:I26)');
    expect(formula('B13')).toBe('B6+B10+IF(B12,B11,0)+B19+B20');
    expect(formula('B15')).toBe('B13-B14');
    expect(formula('B16')).toBe('B15>0');
    expect(formula('B18')).toBe('IF(B15>0,ROUNDUP(B15/B17,0),0)');
    // The inputs those formulas read.
    expect(sheet.getCell('B6').value).toBe(87834567);
    expect(sheet.getCell('B14').value).toBe(88000000);
    expect(sheet.getCell('B12').value).toBe(true);
    expect(sheet.getCell('B17').value).toBe(85000);
    expect([sheet.getCell('B19').value, sheet.getCell('B20').value]).toEqual([95000.5, 3000]);
    // A name that would run as a formula is written as text.
    expect(sheet.getCell('A25').value).toBe("'=Technology");

    // need = 87,834,567 + (350,000.00 + 50,000.01) + 30,864.21 + 20,308.64 + 192,185.19
    //      + new hires 95,000.50 + typed 3,000.00.
    expect(ev.cell('B7')).toBe(Number(c('400000.01')));
    expect(ev.cell('B10')).toBe(Number(c(String(calc.colaImpact.total))));
    expect(ev.cell('B13')).toBe(Number(c('88575925.55')));
    expect(ev.cell('B13')).toBe(Number(c(String(calc.districtNeed))));
    expect(ev.cell('B15')).toBe(Number(c(String(calc.gap))));
    expect(ev.cell('B16')).toBe(true);
    // 575,925.55 / 85,000 = 6.77..., rounded up.
    expect(ev.cell('B18')).toBe(7);
    expect(calc.positionsEstimate).toBe(7);
  });

  it('leaves steps and lanes out when not included, and estimates no positions without a gap', async () => {
    const calc = rifFixture('87834567', '90000000', false);
    const { ev } = await open(rifSheet(calc));
    expect(ev.cell('B12')).toBe(false);
    expect(ev.cell('B13')).toBe(Number(c('88383740.36')));
    expect(ev.cell('B15')).toBe(Number(c(String(calc.gap))));
    expect(ev.cell('B16')).toBe(false);
    expect(ev.cell('B18')).toBe(0);
  });

  it('caches the server’s figure as each formula’s result', async () => {
    const calc = rifFixture('87834567', '88000000', true);
    const { sheet } = await open(rifSheet(calc));
    const result = (a: string) => (sheet.getCell(a).value as { result: unknown }).result;
    expect(result('B13')).toBe(calc.districtNeed);
    expect(result('B15')).toBe(calc.gap);
    expect(result('B18')).toBe(calc.positionsEstimate);
  });
});

describe('projectionSheet', () => {
  it('chains each baseline to the year before’s need and works out need, gap and RIF', async () => {
    const base = c('87834567');
    const cola = [c('1250000.50'), c('1300000.25'), c('1350000.10')];
    const steps = [c('400000.00'), c('410000.33'), c('0')];
    const funding: (bigint | null)[] = [c('89000000'), c('89000000'), null];
    // FY27's new hires and a typed salary below the rule's; none after.
    const hires = [c('126184.00'), 0n, 0n];
    const typed = [c('-500.25'), 0n, 0n];
    const projections: MultiYearProjection['projections'] = [];
    let baseline = base;
    for (let i = 0; i < 3; i += 1) {
      const need = baseline + cola[i] + steps[i] + hires[i] + typed[i];
      const gap = funding[i] === null ? null : need - funding[i]!;
      projections.push({
        fiscalYear: 2027 + i,
        baseYear: i === 0 ? 2026 : 2027,
        employees: 9,
        baseline: $(baseline),
        payroll: 0,
        colaImpact: $(cola[i]),
        stepsLanes: $(steps[i]),
        newHires: $(hires[i]),
        adjustments: $(typed[i]),
        districtNeed: $(need),
        needSource: null,
        townFunding: funding[i] === null ? null : $(funding[i]!),
        townFundingAssumed: i === 1,
        townFundingSource: i === 0 ? 'goal' : i === 1 ? 'carried' : 'none',
        gap: gap === null ? null : $(gap),
        rifRequired: gap !== null && gap > 0n,
        colaBySource: { settled: 0, negotiating: 0, scenario: $(cola[i]), longTerm: 0 },
        colaUnits: [],
        colaWarnings: [],
      });
      baseline = need;
    }
    const { formula, ev } = await open(
      projectionSheet({
        filledIn: [],
        baselineBasis: 'given',
        baselineSource: 'The baseline budget given for FY26',
        baseYear: 2026,
        scenarioId: null,
        employees: 9,
        employeesWithoutSalary: 0,
        projections,
      }),
    );
    expect(formula('B5')).toBeUndefined();
    expect(formula('B6')).toBe('G5');
    expect(formula('B7')).toBe('G6');
    expect(formula('G6')).toBe('B6+C6+D6+E6+F6');
    expect(formula('J6')).toBe('IF(ISNUMBER(H6),G6-H6,"")');
    expect(formula('K6')).toBe('IF(ISNUMBER(H6),G6-H6>0,FALSE)');
    projections.forEach((p, i) => {
      const r = 5 + i;
      expect(ev.cell(`B${r}`)).toBe(Number(c(String(p.baseline))));
      expect(ev.cell(`G${r}`)).toBe(Number(c(String(p.districtNeed))));
      expect(ev.cell(`J${r}`)).toBe(p.gap === null ? '' : Number(c(String(p.gap))));
      expect(ev.cell(`K${r}`)).toBe(p.rifRequired);
    });
    // FY2028: 87,834,567 + 1,650,000.50 + 1,710,000.58 + FY27's new hires 126,184.00 and typed
    // -500.25 - 89,000,000 = 2,320,251.83 over.
    expect(ev.cell('J6')).toBe(Number(c('2320251.83')));
  });
});

describe('colaSheet', () => {
  it('grows payroll by each year’s COLA and steps, and totals the increase', async () => {
    const grand = c('25000000.00');
    const colaInc = [c('700000.01'), c('650000.10'), c('600000.99')];
    const stepInc = [c('300000.00'), c('310000.50'), c('0.01')];
    const hires = [c('40000.00'), 0n, 0n];
    const typed = [c('1234.56'), 0n, 0n];
    let amount = grand;
    const years = colaInc.map((ci, i) => {
      const increase = ci + stepInc[i] + hires[i] + typed[i];
      amount += increase;
      return {
        fiscalYear: 2027 + i,
        baseYear: 2026,
        amount: $(amount),
        increase: $(increase),
        colaIncrease: $(ci),
        stepsLanesIncrease: $(stepInc[i]),
        newHiresIncrease: $(hires[i]),
        adjustmentsIncrease: $(typed[i]),
      };
    });
    const groupBase = c('1000000.00');
    const groupAmounts = [c('1030000.00'), c('1060900.00'), c('1092727.00')];
    const result: ColaCalculation = {
      scenarioId: 3,
      baseYear: 2026,
      employees: 300,
      employeesWithoutSalary: 0,
      grandTotal: $(grand),
      years,
      totalIncrease: $(amount - grand),
      byWorkGroup: [
        {
          workGroupId: 1,
          workGroup: 'Nurses',
          category: 'SUPPORT',
          employees: 12,
          baseline: $(groupBase),
          years: groupAmounts.map((a, i) => ({
            fiscalYear: 2027 + i,
            colaPercentage: 3,
            colaSource: 'SCENARIO' as const,
            amount: $(a),
            increase: $(a - (i === 0 ? groupBase : groupAmounts[i - 1])),
          })),
        },
      ],
    };
    const { formula, ev } = await open(colaSheet(result, 'Plan A'));
    expect(formula('B6')).toBe('D6+I6');
    expect(formula('D6')).toBe('B5');
    expect(formula('I6')).toBe('E6+F6+G6+H6');
    expect(formula('B8')).toBe('D8+I8');
    expect(formula('D8')).toBe('B7');
    expect(formula('I9')).toBe('SUM(I6:I8)');
    expect(ev.cell('B8')).toBe(Number(c(String(result.years[2].amount))));
    expect(ev.cell('I9')).toBe(Number(c(String(result.totalIncrease))));
    // 2,560,001.61 of COLA and steps, 40,000.00 of new hires and 1,234.56 typed.
    expect(ev.cell('I9')).toBe(Number(c('2601236.17')));
    // The work group's row (after a blank row and its header): increases are amount - previous.
    expect(formula('H12')).toBe('G12-D12');
    expect(formula('L12')).toBe('K12-G12');
    expect(ev.cell('H12')).toBe(Number(c('30000.00')));
    expect(ev.cell('P12')).toBe(Number(c('31827.00')));
  });

  it('grows a year from an imported year’s payroll, not the row above, once that year is imported', async () => {
    // FY2027 walked from FY2026; FY2028 from the imported FY2027 payroll (26,000,000.00).
    const result: ColaCalculation = {
      scenarioId: 3,
      baseYear: 2026,
      employees: 300,
      employeesWithoutSalary: 0,
      grandTotal: $(c('25000000.00')),
      years: [
        {
          fiscalYear: 2027,
          baseYear: 2026,
          amount: $(c('25800000.00')),
          increase: $(c('800000.00')),
          colaIncrease: $(c('800000.00')),
          stepsLanesIncrease: 0,
          newHiresIncrease: 0,
          adjustmentsIncrease: 0,
        },
        {
          fiscalYear: 2028,
          baseYear: 2027,
          amount: $(c('26650000.10')),
          increase: $(c('650000.10')),
          colaIncrease: $(c('650000.10')),
          stepsLanesIncrease: 0,
          newHiresIncrease: 0,
          adjustmentsIncrease: 0,
        },
      ],
      totalIncrease: $(c('1450000.10')),
      byWorkGroup: [],
    };
    const { formula, ev, sheet } = await open(colaSheet(result, 'Plan A'));
    expect(formula('D6')).toBe('B5');
    expect(formula('D7')).toBeUndefined();
    expect(sheet.getCell('D7').value).toBe(26000000);
    expect(sheet.getCell('C7').value).toBe('FY27');
    expect(ev.cell('B7')).toBe(Number(c('26650000.10')));
    expect(ev.cell('I8')).toBe(Number(c('1450000.10')));
  });
});
