import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { c, dollarsOf, FIGURES_FY27, FY, LINES, nssWorld, type NssWorld } from '../../test/worlds/nss.world';

/**
 * The DESE report's workbook when a grant pays part of the budget: its NSS sheet works out the
 * school committee's counted spending with a formula from the budget, less every line it leaves out.
 * It listed the codes left out and the lines without a code, but not what the funds that do not
 * count pay, so the formula Excel works out on opening gave the budget less those alone: the grant's
 * spending counted toward NSS in the file while the screen left it out.
 */

const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: NssWorld;

/** A cell's number: its value, or a formula's cached result. */
const numberOf = (cell: ExcelJS.Cell) => {
  const v = cell.value as number | ExcelJS.CellFormulaValue | null;
  return typeof v === 'number' ? v : Number((v as ExcelJS.CellFormulaValue | null)?.result ?? 0);
};
const rowOf = (sheet: ExcelJS.Worksheet, label: string) => {
  let found = 0;
  sheet.eachRow((row, n) => {
    if (!found && String(row.getCell(1).value ?? '').startsWith(label)) {
      found = n;
    }
  });
  expect(found, label).toBeGreaterThan(0);
  return found;
};

beforeAll(async () => {
  w = await nssWorld(t);
  expect(
    (await t.api('put', `/nss/state-figures/${FY}`, { token: admin.token, body: FIGURES_FY27 })).status,
  ).toBe(200);
  const grant = await t.api('post', '/funds', {
    token: admin.token,
    body: { name: 'Title I', code: 'T2401', kind: 'federal_grant' },
  });
  expect(grant.status, JSON.stringify(grant.body)).toBe(201);
  // Line 0 (2305, $6,000,000.00) on the grant.
  const moved = await t.api('put', `/line-items/${w.ids[0]}`, {
    token: finance.token,
    body: { fundId: grant.body.fund.id },
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
});

describe('the DESE workbook’s NSS sheet with a grant', () => {
  it('leaves out what the grant pays, so its formula gives the counted spending the screen shows', async () => {
    const query = `budgetYearId=${w.budgetYearId}&fiscalYear=FY${FY}`;
    const report = (await t.api('get', `/dese-report?${query}`, { token: finance.token })).body;
    const res = await fetch(`${t.url}/api/dese-report.xlsx?${query}`, {
      headers: { Authorization: `Bearer ${finance.token}` },
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const nss = book.getWorksheet('NSS')!;
    const countedRow = rowOf(nss, 'School committee spending that counts');
    const counted = nss.getCell(`B${countedRow}`).value as ExcelJS.CellFormulaValue;
    const m = /^B(\d+)-SUM\(B(\d+):B(\d+)\)$/.exec(counted.formula);
    expect(m, counted.formula).not.toBeNull();
    // The formula worked out from the cells it names, in cents, as Excel does on opening.
    const cents = (n: number) => dollarsOf(n);
    let worked = cents(numberOf(nss.getCell(`B${m![1]}`)));
    for (let r = Number(m![2]); r <= Number(m![3]); r += 1) {
      worked -= cents(numberOf(nss.getCell(`B${r}`)));
    }
    expect(worked).toBe(dollarsOf(report.nss.school.counted));
    // And the grant's line is named on the sheet, with its amount.
    const grantRow = rowOf(nss, 'Not counted: fund T2401 Title I');
    expect(cents(numberOf(nss.getCell(`B${grantRow}`)))).toBe(c(LINES[0][1]));
  });
});
