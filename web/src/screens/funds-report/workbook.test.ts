import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { centsOf } from '@shared/money';
import { buildWorkbook } from '@web/lib/workbook';
import {
  FUNDS_WITHHELD_REPORT,
  PAY_NOTE,
  PAYROLL_REPORT,
  REPORT,
  WITHHELD_FUND_IDS,
  WITHHELD_REPORT,
} from '@web/test/funds-report';
import { SheetEvaluator } from '@web/test/formula-eval';
import { fundBreakdownSheet, fundsReportSheet } from './workbook';

/** The export's formulas reproduce the server's change and totals from the sheet's own cells. */
describe('Budget of all funds workbook', () => {
  it('sums the funds into All funds and points the general fund appropriation at its row', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await buildWorkbook([fundsReportSheet(REPORT, 'FY27 Budget', 'FY27', 'FY26')]));
    const sheet = workbook.worksheets[0];
    const ev = new SheetEvaluator(sheet);
    expect(sheet.getCell('A1').value).toBe('Budget of all funds, FY27 (budget year FY27 Budget)');
    expect(sheet.getRow(3).values).toEqual([
      undefined,
      'Fund',
      'Code',
      'Kind',
      'Counts toward NSS',
      'FY27 budget',
      'FY26 budget',
      'Change',
      'Lines',
      'FY26 actual',
    ]);
    // Rows 4..7 hold the four funds, the general fund first; each change is this year less last.
    REPORT.funds.forEach((f, i) => {
      const r = 4 + i;
      expect(sheet.getCell(`A${r}`).value).toBe(f.name);
      expect((sheet.getCell(`G${r}`).value as { formula: string }).formula).toBe(`E${r}-F${r}`);
      expect(ev.cell(`G${r}`)).toBe(Number(centsOf(f.change!)));
    });
    // Row 8: All funds, SUMs over the funds, in cents to the server's.
    expect(sheet.getCell('A8').value).toBe('All funds');
    expect((sheet.getCell('E8').value as { formula: string }).formula).toBe('SUM(E4:E7)');
    expect(ev.cell('E8')).toBe(Number(centsOf(REPORT.allFunds.budget)));
    expect(ev.cell('F8')).toBe(Number(centsOf(REPORT.allFunds.previousBudget)));
    expect(ev.cell('G8')).toBe(Number(centsOf(REPORT.allFunds.change)));
    // The evaluator reads every literal number as dollars: 1,205 lines are 120,500 'cents'.
    expect(ev.cell('H8')).toBe(REPORT.allFunds.lineCount * 100);
    // Last year's actual: each fund's value, All funds their SUM, to the server's cent.
    expect((sheet.getCell('I8').value as { formula: string }).formula).toBe('SUM(I4:I7)');
    expect(ev.cell('I8')).toBe(Number(centsOf(REPORT.allFunds.previousActual!)));
    // Row 9: the general fund appropriation is the general fund's row.
    expect(sheet.getCell('A9').value).toBe('General fund appropriation');
    expect((sheet.getCell('E9').value as { formula: string }).formula).toBe('E4');
    expect(ev.cell('E9')).toBe(Number(centsOf(REPORT.generalFund.budget!)));
    expect((sheet.getCell('I9').value as { formula: string }).formula).toBe('I4');
  });

  it('writes each paying fund by function and by category, each subtotal a SUM equal to its budget', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await buildWorkbook([fundBreakdownSheet(REPORT, 'FY27')]));
    const sheet = workbook.worksheets[0];
    const ev = new SheetEvaluator(sheet);
    const totals: { fund: string; by: string; formula: string; cents: number }[] = [];
    sheet.eachRow((row, n) => {
      if (row.getCell(3).value === 'Total') {
        totals.push({
          fund: String(row.getCell(1).value),
          by: String(row.getCell(2).value),
          formula: (row.getCell(4).value as { formula: string }).formula,
          cents: Number(ev.cell(`D${n}`)),
        });
      }
    });
    // Three funds pay lines (School Choice none), each by function and by category.
    const paying = REPORT.funds.filter((f) => f.lineCount > 0);
    expect(totals.map((t) => `${t.fund} ${t.by}`)).toEqual(
      paying.flatMap((f) => [`${f.name} (${f.code}) DESE function`, `${f.name} (${f.code}) Category`]),
    );
    paying.forEach((f, i) => {
      expect(totals[2 * i].cents).toBe(Number(centsOf(f.budget!)));
      expect(totals[2 * i + 1].cents).toBe(Number(centsOf(f.budget!)));
    });
    // The general fund's staffing is row 4, its three functions rows 5 to 7, summed in row 8.
    expect(totals[0].formula).toBe('SUM(D5:D7)');
  });
});

describe('Budget of all funds workbook, the staffing each fund pays', () => {
  /** The breakdown sheet's staffing rows: fund -> its words. */
  const staffing = async (report: typeof REPORT) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await buildWorkbook([fundBreakdownSheet(report, 'FY27')]));
    const out: [string, string][] = [];
    workbook.worksheets[0].eachRow((row) => {
      if (row.getCell(2).value === 'Staffing') {
        out.push([String(row.getCell(1).value), String(row.getCell(3).value)]);
      }
    });
    return out;
  };

  it("says as the screen does what each fund pays of the roster its year's lines follow", async () => {
    expect(await staffing(REPORT)).toEqual([
      ['General Fund (0100)', "Pays 412.500 FTE of 420 positions of FY26's roster"],
      ['Title I, Part A (2401)', "Pays 3.000 FTE of 6 positions of FY26's roster"],
      ['IDEA Special Education Entitlement (2402)', "Pays 3.000 FTE of 6 positions of FY26's roster"],
    ]);
  });

  it("says as the screen does what each fund pays of a payroll year's own people", async () => {
    expect(await staffing(PAYROLL_REPORT)).toEqual([
      ['General Fund (0100)', "Pays 483.100 FTE of 495 people on FY27's payroll"],
      ['Title I, Part A (2401)', "Pays 2.500 FTE of 3 people on FY27's payroll"],
      ['IDEA Special Education Entitlement (2402)', "Pays 1.000 FTE of 1 person on FY27's payroll"],
    ]);
    expect(await staffing({ ...PAYROLL_REPORT, payroll: null })).toEqual([]);
  });
});

describe('Budget of all funds workbook, for a reader who may not see individual pay', () => {
  it("writes 'Withheld' for a withheld row, never its amount, the subtotal the fund's budget, and the note", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await buildWorkbook([fundBreakdownSheet(WITHHELD_REPORT, 'FY27')]));
    const sheet = workbook.worksheets[0];
    const ev = new SheetEvaluator(sheet);
    const general = WITHHELD_REPORT.funds.find((f) => f.kind === 'general')!;
    const rows: { what: string; budget: unknown; cents: number | null }[] = [];
    sheet.eachRow((row, n) => {
      if (row.getCell(1).value === 'General Fund (0100)' && row.getCell(2).value !== 'Staffing') {
        const v = row.getCell(4).value;
        rows.push({
          what: `${row.getCell(2).value} ${row.getCell(3).value}`,
          budget: v,
          cents: typeof v === 'string' ? null : Number(ev.cell(`D${n}`)),
        });
      }
    });
    expect(rows.map((r) => [r.what, r.budget === 'Withheld' ? 'Withheld' : r.cents])).toEqual([
      ['DESE function 2305 Teachers, Classroom', 'Withheld'],
      ['DESE function 4220 Maintenance of Buildings', 'Withheld'],
      ['DESE function No function code', 50_000_000],
      ['DESE function Total', Number(centsOf(general.budget!))],
      ['Category Teachers', 'Withheld'],
      ['Category Operations', 'Withheld'],
      ['Category Total', Number(centsOf(general.budget!))],
    ]);
    // The amounts withheld are nowhere in the sheet.
    const numbers: number[] = [];
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        const v = cell.value;
        const n = typeof v === 'number' ? v : v && typeof v === 'object' && 'result' in v ? v.result : null;
        if (typeof n === 'number') {
          numbers.push(Number(centsOf(n)));
        }
      }),
    );
    for (const hidden of [20_000_000.2, 4_000_000.2, 4_500_000.2]) {
      expect(numbers).not.toContain(Number(centsOf(hidden)));
    }
    expect(sheet.getCell(`A${sheet.rowCount}`).value).toBe(PAY_NOTE);
  });

  it("writes 'Withheld' for a fund's own figures, never their amounts, and All funds as the server's", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      await buildWorkbook([
        fundsReportSheet(FUNDS_WITHHELD_REPORT, 'FY27 Budget', 'FY27', 'FY26'),
        fundBreakdownSheet(FUNDS_WITHHELD_REPORT, 'FY27'),
      ]),
    );
    const [sheet, breakdown] = workbook.worksheets;
    const ev = new SheetEvaluator(sheet);
    // Rows 5 and 6: Title I and IDEA.
    for (const r of [5, 6]) {
      expect(['E', 'F', 'G', 'I'].map((c) => sheet.getCell(`${c}${r}`).value)).toEqual([
        'Withheld',
        'Withheld',
        'Withheld',
        'Withheld',
      ]);
    }
    // All funds stays, to the server's cent, though the funds shown do not add up to it.
    expect(sheet.getCell('A8').value).toBe('All funds');
    expect(ev.cell('E8')).toBe(Number(centsOf(REPORT.allFunds.budget)));
    expect(ev.cell('G8')).toBe(Number(centsOf(REPORT.allFunds.change)));
    const numbers: number[] = [];
    for (const s of [sheet, breakdown]) {
      s.eachRow((row) =>
        row.eachCell((cell) => {
          const v = cell.value;
          const n = typeof v === 'number' ? v : v && typeof v === 'object' && 'result' in v ? v.result : null;
          if (typeof n === 'number') {
            numbers.push(Number(centsOf(n)));
          }
        }),
      );
    }
    for (const f of REPORT.funds.filter((x) => WITHHELD_FUND_IDS.includes(x.fundId))) {
      for (const n of [f.budget!, f.previousBudget!, f.change!, f.previousActual!].filter((x) => x !== 0)) {
        expect(numbers).not.toContain(Number(centsOf(n)));
      }
    }
  });
});
