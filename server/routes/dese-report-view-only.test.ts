import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeseReport } from '@shared/schemas/dese-report';
import { useApp } from '../../test/use-app';
import {
  buildBudgetYear,
  buildCategory,
  buildScenario,
  insertEmployees,
  insertProposed,
  sumCents,
} from '../../test/factories';

/**
 * The DESE report's Salaries column is the proposed salary lines by function code, and those lines
 * follow the positions: the one Assistant Superintendent's code (1220) holds exactly their next-year
 * salary. A school committee member (VIEW_ONLY) may not read one person's pay, so that code's
 * salaries, and its total beside its other expenses, are withheld from them, in the JSON and the
 * workbook, as its payroll already was; FINANCE reads them. Expected figures come from the lines
 * this test wrote, in integer cents.
 */
const { t, finance, viewer } = useApp(['FINANCE', 'VIEW_ONLY']);
const FY = 2027;
const PAY = '177625.56';
const OFFICE_SUPPLIES = '3000.00';
const proposed: [string, string, 'central' | 'teaching' | 'supplies'][] = [
  ['1220', PAY, 'central'],
  ['1220', OFFICE_SUPPLIES, 'supplies'],
  ['2305', '612345.67', 'teaching'],
  ['2410', '12000.00', 'supplies'],
];
let by: number;

beforeAll(async () => {
  const db = t.db.knex;
  by = await buildBudgetYear(db, { currentFiscalYear: FY, label: 'FY27' });
  const operating = await buildScenario(db, by, 'operating');
  const budget = await buildScenario(db, by, 'proposed');
  const cats = {
    central: await buildCategory(db, { name: 'Central Office', isPersonnel: true, deseFunction: '1220' }),
    teaching: await buildCategory(db, { name: 'Teaching', isPersonnel: true, deseFunction: '2305' }),
    supplies: await buildCategory(db, { name: 'Supplies' }),
  };
  const base = { budgetYearId: by, fiscalYear: FY, scenarioId: operating };
  await insertEmployees(db, [
    { ...base, salary: '171000.00', nextYearSalary: PAY, manual: true, categoryId: cats.central },
    ...Array.from({ length: 6 }, (_, i) => ({
      ...base,
      salary: `6${i}000.00`,
      nextYearSalary: `6${i}500.00`,
      manual: true,
      categoryId: cats.teaching,
    })),
  ]);
  await insertProposed(
    db,
    proposed.map(([code, amount, cat]) => ({
      budgetYearId: by,
      fiscalYear: FY,
      scenarioId: budget,
      amount,
      categoryId: cats[cat],
      columns: { dese_code: code },
    })),
  );
});

const report = async (token: string): Promise<DeseReport> => {
  const res = await t.api('get', `/dese-report?budgetYearId=${by}&fiscalYear=${FY}`, { token });
  expect(res.status).toBe(200);
  return res.body;
};
const row = (r: DeseReport, code: string) => r.series.flatMap((s) => s.rows).find((x) => x.code === code)!;
const dollars = (cents: number) => cents / 100;

describe('the DESE report of a code whose salary lines are one person’s pay', () => {
  it('gives FINANCE the code’s salaries: the person’s next-year salary, to the cent', async () => {
    const staff = await report(finance.token);
    expect(row(staff, '1220')).toMatchObject({
      salaries: dollars(sumCents([PAY])),
      otherExpenses: dollars(sumCents([OFFICE_SUPPLIES])),
      total: dollars(sumCents([PAY, OFFICE_SUPPLIES])),
      employeeCount: 1,
    });
  });

  it('withholds them from VIEW_ONLY, with the total that would give them back, keeping the budget’s total', async () => {
    const r = await report(viewer.token);
    expect(row(r, '1220')).toMatchObject({
      salaries: null,
      otherExpenses: dollars(sumCents([OFFICE_SUPPLIES])),
      total: null,
      payroll: null,
      employeeCount: 1,
    });
    // Administration (1000) holds only that person, so it is withheld too, and the next smallest
    // series with staff (2000, six teachers), whose total would otherwise give it back.
    const admin = r.series.find((s) => s.code === '1000')!;
    const instruction = r.series.find((s) => s.code === '2000')!;
    expect([admin.salaries, admin.total, instruction.salaries, instruction.total]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(r.totals.total).toBe(dollars(sumCents(proposed.map((p) => p[1]))));
    expect(r.totals.total).toBe(r.dashboard.proposedBudget);
    const numbers: number[] = [];
    JSON.stringify(r, (_k, v) => (typeof v === 'number' && numbers.push(v), v));
    for (const alone of [[PAY], [PAY, OFFICE_SUPPLIES]]) {
      expect(numbers).not.toContain(dollars(sumCents(alone)));
    }
  });

  it('writes Withheld in VIEW_ONLY’s workbook, never the amount', async () => {
    const res = await fetch(`${t.url}/api/dese-report.xlsx?budgetYearId=${by}&fiscalYear=${FY}`, {
      headers: { Authorization: `Bearer ${viewer.token}` },
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const cells: { text: string; value: unknown }[] = [];
    book.eachSheet((sheet) =>
      sheet.eachRow((r) => r.eachCell((cell) => cells.push({ text: String(cell.text), value: cell.value }))),
    );
    const amounts = cells.map((c) =>
      typeof c.value === 'number'
        ? c.value
        : c.value && typeof c.value === 'object' && 'result' in c.value
          ? c.value.result
          : null,
    );
    for (const alone of [[PAY], [PAY, OFFICE_SUPPLIES]]) {
      expect(amounts).not.toContain(dollars(sumCents(alone)));
    }
    const schedule = book.getWorksheet('Schedule 19')!;
    const line = schedule.getRows(1, schedule.rowCount)!.find((r) => r.getCell(1).value === '1220')!;
    expect([line.getCell(3).text, line.getCell(5).text]).toEqual(['Withheld', 'Withheld']);
  });
});
