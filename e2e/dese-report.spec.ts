import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { apiCall, axeViolations, budgetYearId, FINANCE, navigate, saveScreen, signIn } from './helpers';
import { chooseOption } from './select';

// FINANCE opens the DESE Report through the Budget Tools menu, for FY27. Its total is the proposed
// lines' sum (worked out here in integer cents from the lines the API lists) and the Budget
// Dashboard's proposed budget; each series' subtotal is the sum of its codes; the NSS computation
// beneath is the server's meter; the workbook downloads; the print view is the report alone.

const FY = 2027;
const SIZES = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
];

const cents = (text: string) => {
  const m = /^(-?)\$([\d,]+)\.(\d\d)$/.exec(text.trim());
  expect(m, `money text ${text}`).toBeTruthy();
  return (BigInt(m![2].replace(/,/g, '')) * 100n + BigInt(m![3])) * (m![1] ? -1n : 1n);
};
const dollarsToCents = (v: number) => BigInt(Math.round(v * 100));
const money = (c: bigint) => {
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}$${(abs / 100n).toLocaleString('en-US')}.${String(abs % 100n).padStart(2, '0')}`;
};

/**
 * DESE's chart as shipped (fixtures/dese_function_codes.csv): a code's name_fy2025 is its name in
 * DESE's FY2025 list, the newest, in force for FY2026 on; empty when DESE no longer lists it.
 */
const chart = (
  parse(readFileSync(path.resolve(import.meta.dirname, '../fixtures/dese_function_codes.csv'), 'utf8'), {
    columns: true,
  }) as { code: string; level: string; name_fy2025: string }[]
).filter((r) => r.level === 'detail');
const inForce = new Set(chart.filter((r) => r.name_fy2025 !== '').map((r) => r.code));
const retired = new Set(chart.filter((r) => r.name_fy2025 === '').map((r) => r.code));

/**
 * The codes the year's report should list: those in force, and a retired code only where a line of
 * the year carries it (its own code, as the API lists the lines), marked as not current.
 */
async function expectCodesOfTheYear(page: Page, byId: number) {
  const carried = new Set<string>();
  for (const operating of [false, true]) {
    const { lineItems } = await apiCall(
      page,
      'GET',
      `/line-items/budget?budgetYearId=${byId}&fiscalYear=${FY}&isOperating=${operating}`,
    );
    for (const l of lineItems as { deseCode: string | null }[]) {
      if (l.deseCode && retired.has(l.deseCode.trim())) {
        carried.add(l.deseCode.trim());
      }
    }
  }
  // Function code rows (a series code lines carry, 2000, is a row of its own: not one of them).
  const codeRows = page.locator('[data-testid=dese-schedule] tbody tr:has(td.dese-code)');
  const codesOf = async (rows: typeof codeRows) =>
    (await rows.locator('td.dese-code').allTextContents())
      .map((c) => c.trim())
      .filter((c) => !c.endsWith('000'));
  const byNumber = (codes: Iterable<string>) => [...codes].sort((a, b) => Number(a) - Number(b));
  expect(await codesOf(codeRows)).toEqual(byNumber(new Set([...inForce, ...carried])));
  const marked = codeRows.filter({ hasText: 'not a current DESE code' });
  expect(await codesOf(marked)).toEqual(byNumber(carried));
}

const chooseYear = (page: Page) => chooseOption(page, 'Fiscal year', new RegExp(`FY${String(FY).slice(2)}`));

for (const size of SIZES) {
  test(`FINANCE reads FY27 in DESE's shape; totals are the dashboard's, at ${size.name}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, FINANCE);
    const byId = await budgetYearId(page, 'FY26');
    await navigate(page, 'DESE Report');
    await expect(page.getByRole('heading', { level: 1, name: 'DESE Report' })).toBeVisible();
    await chooseYear(page);
    const schedule = page.getByTestId('dese-schedule');
    await expect(schedule).toContainText('FY27 school committee budget by DESE function');

    // The total: the proposed lines' sum, in cents, and the dashboard's summary.
    const { lineItems } = await apiCall(
      page,
      'GET',
      `/line-items/budget?budgetYearId=${byId}&fiscalYear=${FY}&isOperating=false`,
    );
    const linesTotal = (lineItems as { amount: number }[]).reduce((s, l) => s + dollarsToCents(l.amount), 0n);
    const summary = await apiCall(
      page,
      'GET',
      `/line-items/budget/summary?budgetYearId=${byId}&fiscalYear=${FY}`,
    );
    expect(dollarsToCents(summary.proposedBudget)).toBe(linesTotal);
    const totalRow = page.getByTestId('dese-total');
    await expect(totalRow.locator('td').nth(2)).toHaveText(money(linesTotal));
    const [salaries, other] = await Promise.all([
      totalRow.locator('td').nth(0).textContent(),
      totalRow.locator('td').nth(1).textContent(),
    ]);
    expect(cents(salaries!) + cents(other!)).toBe(linesTotal);

    // Each series' subtotal is the sum of its codes; the series add up to the total.
    let seriesSum = 0n;
    const bodies = schedule.locator('tbody');
    for (let i = 0; i < (await bodies.count()); i += 1) {
      const rows = bodies.nth(i).locator('tr');
      const head = cents((await rows.nth(0).locator('td').nth(2).textContent())!);
      let codes = 0n;
      for (let r = 1; r < (await rows.count()); r += 1) {
        // Code rows: code, description, salaries, other expenses, total.
        codes += cents((await rows.nth(r).locator('td').nth(4).textContent())!);
      }
      expect(codes).toBe(head);
      seriesSum += head;
    }
    const unmapped = page.locator('.dese-unmapped td').nth(2);
    if (await unmapped.count()) {
      seriesSum += cents((await unmapped.textContent())!);
    }
    expect(seriesSum).toBe(linesTotal);
    // The codes in force for FY2027, not DESE's 2009-era codes as rows of zero.
    await expectCodesOfTheYear(page, byId);
    await expect(page.getByTestId('dese-check')).toContainText(
      "Equals the Budget Dashboard's proposed budget",
    );

    // The NSS computation is the meter's.
    const meter = await apiCall(page, 'GET', `/nss/meter?budgetYearId=${byId}&fiscalYear=${FY}`);
    const nss = page.getByTestId('dese-nss');
    await expect(nss.getByRole('row', { name: /^Budgeted net school spending/ })).toContainText(
      money(dollarsToCents(meter.columns.budgetedNss)),
    );
    await expect(nss.getByRole('row', { name: /^Percent of required/ })).toContainText(
      `${meter.columns.percentOfRequired.toFixed(2)}%`,
    );
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, `dese-report-${size.name}`);

    // The workbook.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(await file.failure()).toBeNull();

    // Printed: the report alone, without the app's header and controls.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.app-header')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Download Excel' })).toBeHidden();
    await expect(schedule).toBeVisible();
    await saveScreen(page, `dese-report-print-${size.name}`);
    await page.emulateMedia({ media: 'screen' });

    // The dashboard, same year: its proposed budget is the report's total.
    await navigate(page, 'Dashboard');
    await chooseYear(page);
    await page.getByRole('button', { name: 'Show Budget Calculation' }).click();
    await expect(page.getByRole('row', { name: /^= Proposed budget/ })).toContainText(money(linesTotal));
  });
}
