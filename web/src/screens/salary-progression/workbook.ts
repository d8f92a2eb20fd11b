import type { SalaryProgression } from '@web/api/salary-progression';
import { header, money, type SheetSpec, type XCell } from '@web/lib/workbook';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { COLA_SOURCE_LABELS as SOURCE_LABELS } from '@web/lib/cola-source';

const BASIS = {
  imported: 'Payroll',
  rule: 'Projected by the rule',
  manual: 'Typed next-year salary',
} as const;

/**
 * Salary Progression as a workbook: one row per person and year. Salaries and the rule's percents
 * are values; the year-over-year change and the total are formulas over them, so the sheet shows
 * how each figure on screen is made: YoY = ROUND((salary - last year's) / last year's x 100, 2),
 * total = COLA + steps and lanes (a typed next-year salary is its own change).
 */
export function progressionSheet(people: readonly SalaryProgression[], position: string): SheetSpec {
  const rows: XCell[][] = [
    [`Salary progression: position “${position}”, ${people.length} people`],
    ['Percents are the rule’s for the move into each year; YoY and Total are formulas.'],
    header(
      'Name',
      'Position',
      'Work group',
      'Building',
      'Fiscal year',
      'Basis',
      'Salary',
      'YoY %',
      'COLA %',
      'Steps and lanes %',
      'Total %',
      'COLA source',
    ),
  ];
  for (const p of people) {
    p.yearData.forEach((y, i) => {
      const r = rows.length + 1;
      const yoy: XCell =
        i === 0 || y.yoyIncrease === null
          ? null
          : { formula: `ROUND((G${r}-G${r - 1})/G${r - 1}*100,2)`, result: y.yoyIncrease, fmt: 'percent' };
      const total: XCell =
        y.basis === 'manual'
          ? { value: y.totalIncreaseApplied, fmt: 'percent' }
          : { formula: `I${r}+J${r}`, result: y.totalIncreaseApplied, fmt: 'percent' };
      rows.push([
        p.name,
        p.position ?? '',
        p.workGroup ?? '',
        p.building ?? '',
        fiscalYearLabel(y.fiscalYear),
        BASIS[y.basis],
        money(y.currentSalary),
        yoy,
        { value: y.colaApplied, fmt: 'percent' },
        { value: y.stepsLanesApplied, fmt: 'percent' },
        total,
        y.colaSource === null ? '' : SOURCE_LABELS[y.colaSource],
      ]);
    });
  }
  return { name: 'Salary progression', rows, widths: [26, 28, 18, 26, 10, 22, 14, 9, 9, 16, 9, 22] };
}
