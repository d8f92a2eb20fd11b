import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import {
  buildCategory,
  buildScenario,
  buildWorld,
  insertEmployees,
  insertProposed,
  type World,
} from '../../test/factories';

/**
 * The budget in DESE's shape. Every figure is worked out here again in integer
 * cents from the rows this file writes, and the total is the dashboard's to the cent. The workbook
 * is opened and each formula evaluated from the cells it names, which must give its cached value.
 */
const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
let w: World;
const FY = 2027;

interface Line {
  amount: string;
  /** The code the report should file it under ('' = no function code), and salaries or other. */
  expect: string;
  salary: boolean;
  columns?: Record<string, unknown>;
  categoryId?: number;
  isProjected?: boolean;
  counts?: boolean;
}
let lines: Line[];
let people: { salary: string; expect: string; categoryId?: number; columns?: Record<string, unknown> }[];

const cents = (v: string | number) => {
  const [whole, frac = ''] = String(v).replace('-', '').split('.');
  const c = BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2));
  return String(v).startsWith('-') ? -c : c;
};
const dollars = (c: bigint) => Number(c) / 100;

beforeAll(async () => {
  w = await buildWorld(t.db.knex);
  const db = t.db.knex;
  const teach = await buildCategory(db, {
    name: `Teachers ${w.label}`,
    isPersonnel: true,
    deseFunction: '2305',
  });
  const util = await buildCategory(db, { name: `Utilities ${w.label}`, deseFunction: '4130' });
  lines = [
    { amount: '1234567.89', expect: '2305', salary: true, categoryId: teach },
    { amount: '345678.01', expect: '2330', salary: true, categoryId: teach, columns: { dese_code: '2330' } },
    { amount: '98765.43', expect: '4130', salary: false, categoryId: util },
    {
      amount: '12345.67',
      expect: '2430',
      salary: false,
      categoryId: w.categoryId,
      columns: { dese_code: '2430' },
    },
    { amount: '-500.00', expect: '2430', salary: false, columns: { dese_code: '2430' } },
    { amount: '54321.09', expect: '3300', salary: false, columns: { dese_code: ' 3300 ' } },
    { amount: '1000.00', expect: '2000', salary: false, columns: { dese_code: '2000' } },
    { amount: '777.77', expect: '', salary: false, columns: { dese_code: 'XXXX' } },
    { amount: '222.22', expect: '', salary: false },
    { amount: '1111.11', expect: '2410', salary: false, isProjected: true, columns: { dese_code: '2410' } },
  ];
  await insertProposed(
    db,
    lines.map((l) => ({
      budgetYearId: w.budgetYearId,
      scenarioId: w.proposedScenarioId,
      fiscalYear: FY,
      amount: l.amount,
      categoryId: l.categoryId ?? null,
      isProjected: l.isProjected,
      columns: l.columns,
    })),
  );
  // Lines the dashboard does not count: an inactive alternative budget, another fiscal year.
  const alternative = await buildScenario(db, w.budgetYearId, 'proposed', false, `Alt ${w.label}`);
  await insertProposed(db, [
    {
      budgetYearId: w.budgetYearId,
      scenarioId: alternative,
      fiscalYear: FY,
      amount: '5000000.00',
      columns: { dese_code: '2305' },
    },
    {
      budgetYearId: w.budgetYearId,
      scenarioId: w.proposedScenarioId,
      fiscalYear: 2026,
      amount: '7000.00',
      columns: { dese_code: '2305' },
    },
  ]);
  people = [
    { salary: '61000.00', expect: '2305', columns: { dese_code: '2305' } },
    { salary: '45000.50', expect: '2305', categoryId: teach },
    { salary: '50000.00', expect: '' },
  ];
  await insertEmployees(
    db,
    people.map((p) => ({
      budgetYearId: w.budgetYearId,
      scenarioId: w.operatingScenarioId,
      fiscalYear: FY,
      salary: p.salary,
      categoryId: p.categoryId ?? null,
      columns: p.columns,
    })),
  );
});

const url = (suffix = '') => `/dese-report${suffix}?budgetYearId=${w.budgetYearId}&fiscalYear=FY2027`;

/** The report's figures of one code, worked out from the rows written above. */
function expected(code: string) {
  const mine = lines.filter((l) => l.expect === code);
  const sal = mine.filter((l) => l.salary).reduce((s, l) => s + cents(l.amount), 0n);
  const other = mine.filter((l) => !l.salary).reduce((s, l) => s + cents(l.amount), 0n);
  const staff = people.filter((p) => p.expect === code);
  return {
    salaries: dollars(sal),
    otherExpenses: dollars(other),
    total: dollars(sal + other),
    lineCount: mine.length,
    employeeCount: staff.length,
    payroll: dollars(staff.reduce((s, p) => s + cents(p.salary), 0n)),
  };
}

describe('GET /dese-report', () => {
  it('returns 401, lets VIEW_ONLY read the report FINANCE reads, then 400 for a bad fiscal year', async () => {
    expect((await t.api('get', url())).status).toBe(401);
    const seen = await t.api('get', url(), { token: viewer.token });
    expect(seen.status).toBe(200);
    const staff = (await t.api('get', url(), { token: finance.token })).body;
    // The same report, but pay summed over fewer than five people is withheld (and said so): a
    // row's payroll, and its salaries with the total that would give them back beside its other
    // expenses; the budget's total stays (it is the dashboard's).
    const rowsOf = (r: any): any[] => [
      ...r.series.map((x: any) => ({ ...x, rows: null })),
      ...r.series.flatMap((x: any) => x.rows),
      r.unmapped,
    ];
    const staffRows = rowsOf(staff);
    const seenRows = rowsOf(seen.body);
    expect(seenRows.some((x) => x.payroll === null)).toBe(true);
    seenRows.forEach((x, i) =>
      expect(x, `${x.code} ${x.name}`).toEqual(
        x.payroll === null ? { ...staffRows[i], payroll: null, salaries: null, total: null } : staffRows[i],
      ),
    );
    const seenTotals = seen.body.totals;
    expect(seenTotals).toEqual(
      seenTotals.payroll === null ? { ...staff.totals, payroll: null, salaries: null } : staff.totals,
    );
    const rest = (r: any) => ({
      ...r,
      series: null,
      unmapped: null,
      totals: null,
      generatedAt: null,
      notes: null,
    });
    expect(rest(seen.body)).toEqual({
      ...rest(staff),
      dashboard: { ...staff.dashboard, payroll: seen.body.dashboard.payroll },
    });
    const withheldNote = (n: string) => n.includes('shown only to administrators and finance staff');
    expect(seen.body.notes.filter((n: string) => !withheldNote(n))).toEqual(staff.notes);
    expect(seen.body.notes.some(withheldNote)).toBe(true);
    expect(staff.notes.some(withheldNote)).toBe(false);
    expect((await t.api('get', url('.xlsx'), { token: viewer.token })).status).toBe(200);
    const bad = await t.api('get', `/dese-report?budgetYearId=${w.budgetYearId}&fiscalYear=next`, {
      token: finance.token,
    });
    expect(bad.status).toBe(400);
    expect((await t.api('get', '/dese-report?budgetYearId=999999', { token: finance.token })).status).toBe(
      404,
    );
  });

  it('files every dollar under its function code, salaries apart, with totals equal to the dashboard’s', async () => {
    const res = await t.api('get', url(), { token: finance.token });
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r.series.map((s: { code: string }) => s.code)).toEqual([
      '1000',
      '2000',
      '3000',
      '4000',
      '5000',
      '6000',
      '7000',
      '8000',
      '9000',
    ]);
    const rows = new Map<string, Record<string, unknown>>();
    for (const s of r.series) {
      for (const row of s.rows) {
        rows.set(row.code, row);
      }
    }
    for (const code of ['2305', '2330', '4130', '2430', '3300', '2410']) {
      expect(rows.get(code), code).toMatchObject(expected(code));
    }
    expect(rows.get('2000')).toMatchObject({ detail: false, ...expected('2000') });
    expect(rows.get('1110')).toMatchObject({ total: 0, lineCount: 0 });
    expect(r.unmapped).toMatchObject(expected(''));
    const instruction = r.series.find((s: { code: string }) => s.code === '2000');
    const inSeries = lines.filter((l) => l.expect[0] === '2');
    expect(instruction.total).toBe(dollars(inSeries.reduce((s, l) => s + cents(l.amount), 0n)));

    const all = lines.reduce((s, l) => s + cents(l.amount), 0n);
    const salaries = lines.filter((l) => l.salary).reduce((s, l) => s + cents(l.amount), 0n);
    const payroll = people.reduce((s, p) => s + cents(p.salary), 0n);
    expect(r.totals).toMatchObject({
      total: dollars(all),
      salaries: dollars(salaries),
      otherExpenses: dollars(all - salaries),
      lineCount: lines.length,
      employeeCount: people.length,
      payroll: dollars(payroll),
    });
    const dash = await t.api(
      'get',
      `/line-items/budget/summary?budgetYearId=${w.budgetYearId}&fiscalYear=${FY}`,
      {
        token: viewer.token,
      },
    );
    expect(dash.body.proposedBudget).toBe(dollars(all));
    expect(dash.body.proposedCount).toBe(lines.length);
    expect(r.dashboard).toEqual({
      proposedBudget: dollars(all),
      proposedCount: lines.length,
      payroll: dollars(payroll),
    });
    // The NSS computation beneath reads the same budget.
    expect(r.nss.school.budgetTotal).toBe(dollars(all));
    expect(r.nss.school.unmapped.amount).toBe(r.unmapped.total);
  });

  it('downloads a workbook whose totals are formulas giving the report’s figures', async () => {
    // The state figures, so the NSS sheet computes every column.
    const figures = await t.api('put', '/nss/state-figures/FY2027', {
      token: admin.token,
      body: {
        foundationEnrollment: 1200,
        foundationBudget: 1500000,
        requiredLocalContribution: 900000,
        chapter70Aid: 300000,
        requiredNss: 1200000,
        carryForward: -5000,
        municipal: [{ eoyrCode: '5200', amount: 40000.5 }],
      },
    });
    expect(figures.status, JSON.stringify(figures.body)).toBeLessThan(300);
    const report = (await t.api('get', url(), { token: admin.token })).body;
    expect(report.nss.columns).not.toBeNull();
    const res = await fetch(`${t.url}/api${url('.xlsx')}`, {
      headers: { Authorization: `Bearer ${finance.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="DESE-report-FY2027.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Schedule 19', 'By function', 'NSS']);
    const schedule = book.getWorksheet('Schedule 19')!;
    expect(schedule.pageSetup.paperSize).toBe(1);

    let formulas = 0;
    for (const sheet of book.worksheets) {
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          const v = cell.value as ExcelJS.CellFormulaValue;
          if (v && typeof v === 'object' && 'formula' in v) {
            formulas += 1;
            const got = evaluate(book, sheet, v.formula);
            if (typeof v.result === 'number') {
              expect(Math.round(Number(got) * 100), `${sheet.name}!${cell.address} =${v.formula}`).toBe(
                Math.round(v.result * 100),
              );
            }
          }
        }),
      );
    }
    expect(formulas).toBeGreaterThan(100);

    const totalRow = findRow(schedule, 'Total budget');
    const total = schedule.getCell(`E${totalRow}`).value as ExcelJS.CellFormulaValue;
    expect(total).toMatchObject({ formula: `C${totalRow}+D${totalRow}`, result: report.totals.total });
    const sal = schedule.getCell(`C${totalRow}`).value as ExcelJS.CellFormulaValue;
    expect(sal.formula).toMatch(/^C\d+(\+C\d+){9}$/);
    expect(sal.result).toBe(report.totals.salaries);
    const instruction = findRow(schedule, 'Total 2000 Instruction');
    const sub = schedule.getCell(`E${instruction}`).value as ExcelJS.CellFormulaValue;
    expect(sub.result).toBe(report.series[1].total);
    expect((schedule.getCell(`C${instruction}`).value as ExcelJS.CellFormulaValue).formula).toMatch(
      /^SUM\(C\d+:C\d+\)$/,
    );
    const diff = schedule.getCell(`E${findRow(schedule, 'Difference (0 when the report agrees)')}`)
      .value as ExcelJS.CellFormulaValue;
    expect(diff.formula).toMatch(/^E\d+-E\d+$/);
    expect(diff.result ?? 0).toBe(0);
    const byFunction = book.getWorksheet('By function')!;
    const fnTotal = byFunction.getCell(`E${findRow(byFunction, 'Total budget')}`)
      .value as ExcelJS.CellFormulaValue;
    expect(fnTotal.result).toBe(report.totals.total);
    const nss = book.getWorksheet('NSS')!;
    const budgeted = nss.getCell(`B${findRow(nss, 'Budgeted net school spending', 'A')}`)
      .value as ExcelJS.CellFormulaValue;
    expect(budgeted.formula).toMatch(/^B\d+\+B\d+$/);
    expect(budgeted.result).toBe(report.nss.columns.budgetedNss);
    const pct = nss.getCell(`B${findRow(nss, 'Percent of required', 'A')}`).value as ExcelJS.CellFormulaValue;
    expect(pct).toMatchObject({ result: report.nss.columns.percentOfRequired });
    expect(pct.formula).toMatch(/^ROUNDDOWN\(B\d+\/B\d+\*100,2\)$/);
  });
});

function findRow(sheet: ExcelJS.Worksheet, label: string, col = 'B'): number {
  let found = 0;
  sheet.eachRow((row, n) => {
    if (!found && String(row.getCell(col).value ?? '') === label) {
      found = n;
    }
  });
  expect(found, label).toBeGreaterThan(0);
  return found;
}

/** A cell's number: its value, or a formula's cached result. */
function numberAt(sheet: ExcelJS.Worksheet, address: string): number {
  const v = sheet.getCell(address).value as unknown;
  if (v && typeof v === 'object' && 'result' in (v as object)) {
    return Number((v as ExcelJS.CellFormulaValue).result ?? 0);
  }
  return typeof v === 'number' ? v : 0;
}

/**
 * Evaluates the formulas the workbook uses (SUM of a column range, + - * /, ROUND, ROUNDDOWN, cell references on
 * this or another sheet, IF(x=0,"",y)) from the cells they name.
 */
function evaluate(book: ExcelJS.Workbook, sheet: ExcelJS.Worksheet, formula: string): number | null {
  const branch = /^IF\((.+?)=0,"",(.+)\)$/.exec(formula);
  if (branch) {
    return evaluate(book, sheet, branch[1]) === 0 ? null : evaluate(book, sheet, branch[2]);
  }
  const ref = /(?:'([^']+)'!)?\$?([A-Z]+)\$?(\d+)/g;
  const at = (name: string | undefined, col: string, row: number) =>
    numberAt(name ? book.getWorksheet(name)! : sheet, `${col}${row}`);
  let expr = formula.replace(
    /SUM\((?:'([^']+)'!)?([A-Z]+)(\d+):([A-Z]+)(\d+)\)/g,
    (_, name, col, a, _c2, b) => {
      let sum = 0;
      for (let n = Number(a); n <= Number(b); n += 1) {
        sum += at(name, col, n);
      }
      return String(sum);
    },
  );
  expr = expr.replace(ref, (_, name, col, row) => `(${at(name, col, Number(row))})`);
  expr = expr.replace(/ROUNDDOWN\(/g, 'rounddown(').replace(/ROUND\(/g, 'round(');
  const round = (x: number, p: number) => Math.round(x * 10 ** p) / 10 ** p;
  // Toward zero, as Excel's ROUNDDOWN; the nudge absorbs binary fractions such as 10665.999999.
  const rounddown = (x: number, p: number) => Math.trunc(x * 10 ** p + Math.sign(x) * 1e-7) / 10 ** p;
  return new Function('round', 'rounddown', `return ${expr};`)(round, rounddown) as number;
}
