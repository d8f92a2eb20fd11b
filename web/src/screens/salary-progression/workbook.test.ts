import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { SalaryProgression } from '@web/api/salary-progression';
import { buildWorkbook } from '@web/lib/workbook';
import { SheetEvaluator } from '@web/test/formula-eval';
import { progressionSheet } from './workbook';

/** The export's formulas reproduce the screen's YoY and total from the sheet's own cells. */
const person: SalaryProgression = {
  name: 'Almeida, Amy',
  position: 'World Language Teacher',
  building: 'Whitcomb Middle School',
  workGroup: 'Teachers',
  yearData: [
    {
      fiscalYear: 2025,
      currentSalary: 66431,
      yoyIncrease: null,
      basis: 'imported',
      colaApplied: 2.5,
      colaSource: 'SETTLED',
      stepsLanesApplied: 1.5,
      totalIncreaseApplied: 4,
    },
    {
      fiscalYear: 2026,
      currentSalary: 71346,
      yoyIncrease: 7.4,
      basis: 'imported',
      colaApplied: 4,
      colaSource: 'SETTLED',
      stepsLanesApplied: 1.5,
      totalIncreaseApplied: 5.5,
    },
    {
      fiscalYear: 2027,
      currentSalary: 74913.3,
      yoyIncrease: 5,
      basis: 'rule',
      colaApplied: 3.5,
      colaSource: 'NEGOTIATING',
      stepsLanesApplied: 1.5,
      totalIncreaseApplied: 5,
    },
    {
      fiscalYear: 2028,
      currentSalary: 80000,
      yoyIncrease: 6.79,
      basis: 'manual',
      colaApplied: 0,
      colaSource: null,
      stepsLanesApplied: 0,
      totalIncreaseApplied: 6.79,
    },
  ],
};

describe('Salary Progression workbook', () => {
  it('writes YoY and total as formulas that give the server’s figures', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await buildWorkbook([progressionSheet([person], 'Teacher')]));
    const sheet = workbook.worksheets[0];
    const ev = new SheetEvaluator(sheet);
    // Rows 4..7 hold the four years.
    expect(sheet.getCell('H4').value).toBeNull();
    expect((sheet.getCell('H5').value as { formula: string }).formula).toBe('ROUND((G5-G4)/G4*100,2)');
    for (const [row, y] of [5, 6, 7].map((r, i) => [r, person.yearData[i + 1]] as const)) {
      expect(ev.cell(`H${row}`)).toBe(y.yoyIncrease);
    }
    // Percent cells are read as hundredths by the evaluator: 3.5 + 1.5 -> 500.
    expect(ev.cell('K5')).toBe(550);
    expect(ev.cell('K6')).toBe(500);
    expect(sheet.getCell('K7').value).toBe(6.79); // a typed salary: its own change, not COLA + steps
    expect(sheet.getCell('F6').value).toBe('Projected by the rule');
  });
});
