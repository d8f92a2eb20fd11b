import { mkdirSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { fiscalYearLabel } from '@shared/budget-math';
import { formatAmount } from '@shared/money';
import { apiCall, axeViolations, budgetYearId, FINANCE, navigate, signIn } from './helpers';
import { chooseOption } from './select';

// COLA Management, reached through the navigation as a finance user. The contract is written for
// Technology (a work group without a contract in the demo) and deleted again, and settings go to a
// new scenario that is not the default, so next-year salaries end as they began.

const RUN = Date.now()
  .toString(36)
  .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]);
const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

const money = (n: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(n);

async function openCola(page: Page, tab?: string) {
  await signIn(page, FINANCE);
  await navigate(page, 'COLA Management');
  // Retried until the new screen's heading shows (the screen left may still draw its own).
  await expect(page.getByRole('heading', { level: 1, name: 'COLA Management', exact: true })).toBeVisible();
  if (tab) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page).toHaveURL(/[?&]tab=/);
  }
}

test.describe('COLA Management at 1440x900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('contract modal: validation messages, settlement date only when SETTLED, rows kept', async ({
    page,
  }) => {
    await openCola(page);
    await expect(page.getByRole('tab', { name: 'Contracts', selected: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add Contract' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Contract' });
    await expect(dialog.getByLabel('Start year')).toHaveValue('2027');
    await expect(dialog.getByLabel('End year')).toHaveValue('2029');
    for (const fy of [2027, 2028, 2029]) {
      await expect(dialog.getByLabel(new RegExp(`^${fiscalYearLabel(fy)} COLA %`))).toHaveAttribute(
        'step',
        '0.01',
      );
    }

    // The settlement date shows only while the status is SETTLED.
    await expect(dialog.getByLabel('Settlement date')).toHaveCount(0);
    await chooseOption(page, 'Status', 'Settled');
    await expect(dialog.getByLabel('Settlement date')).toBeVisible();
    await chooseOption(page, 'Status', 'Expired');
    await expect(dialog.getByLabel('Settlement date')).toHaveCount(0);
    await chooseOption(page, 'Status', 'Negotiating');

    await dialog.getByLabel('Contract name').fill(`E2E contract ${RUN}`);
    await chooseOption(page, 'Work group', 'Technology');
    await dialog.getByLabel('FY27 COLA % (year 1)').fill('2');
    await dialog.getByLabel('FY28 COLA % (year 2)').fill('150');
    await dialog.getByRole('button', { name: 'Create Contract' }).click();
    const bad = 'Please enter a valid COLA percentage for FY28 (between 0 and 100, at most 2 decimals)';
    await expect(dialog.getByRole('alert')).toHaveText(bad);
    await expect(dialog.getByLabel('FY28 COLA % (year 2)')).toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({ path: `${SHOTS}/cola-contract-modal-desktop.png` });

    // Rows follow the years and keep what was typed.
    await dialog.getByLabel('FY28 COLA % (year 2)').fill('2.25');
    await dialog.getByLabel('End year').fill('2027');
    await expect(dialog.getByLabel(/^FY28 COLA/)).toHaveCount(0);
    await dialog.getByLabel('End year').fill('2029');
    await expect(dialog.getByLabel('FY28 COLA % (year 2)')).toHaveValue('2.25');
    await dialog.getByLabel('Start year').fill('');
    await dialog.getByRole('button', { name: 'Create Contract' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Please set the start and end years to generate COLA fields',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('creates, edits and deletes a contract, saying how many next-year salaries moved', async ({
    page,
  }) => {
    await openCola(page);
    const name = `E2E Technology ${RUN}`;
    await page.getByRole('button', { name: 'Add Contract' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Contract' });
    await dialog.getByLabel('Contract name').fill(name);
    await chooseOption(page, 'Work group', 'Technology');
    await dialog.getByLabel('FY27 COLA % (year 1)').fill('2.5');
    await dialog.getByLabel('FY28 COLA % (year 2)').fill('2.25');
    await dialog.getByLabel('FY29 COLA % (year 3)').fill('2');
    await dialog.getByRole('button', { name: 'Create Contract' }).click();
    await expect(dialog).toHaveCount(0);
    const created = page.getByRole('status').filter({ hasText: `Contract “${name}” created` });
    await expect(created).toContainText(/\d+ employees?’s? next-year salar(y|ies) (was|were) recomputed/);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Negotiating');
    await expect(row).toContainText('FY27–FY29');
    await expect(row).toContainText('FY28 2.25%');

    // Edit: settle it, with a date.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Contract' });
    await expect(edit.getByLabel('FY27 COLA % (year 1)')).toHaveValue('2.5');
    await chooseOption(page, 'Status', 'Settled');
    await edit.getByLabel('Settlement date').fill('2026-06-15');
    await edit.getByRole('button', { name: 'Save Contract' }).click();
    await expect(edit).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: `Contract “${name}” saved` })).toBeVisible();
    await expect(row).toContainText('Settled');
    await expect(row).toContainText('Jun 15, 2026');
    const { contracts } = await apiCall(page, 'GET', '/cola/contracts');
    const saved = contracts.find((c: { name: string }) => c.name === name);
    expect(saved).toMatchObject({ status: 'SETTLED', settlementDate: '2026-06-15', contractYears: 3 });
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/cola-contracts-desktop.png`, fullPage: true });

    // Delete, after confirming.
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete contract' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Contract “${name}” deleted` })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  });

  test('COLA scenario grid: its messages, saving, and the COLA calculation', async ({ page }) => {
    await openCola(page, 'COLA Scenarios');
    await expect(page.getByLabel('TEACHERS FY27 COLA percent')).toHaveAttribute('step', '0.1');
    const scenario = `E2E plan ${RUN}`;
    await page.getByRole('button', { name: 'New Scenario' }).click();
    const dialog = page.getByRole('dialog', { name: 'New COLA Scenario' });
    await dialog.getByRole('button', { name: 'Create Scenario' }).click();
    await expect(dialog.getByText('Scenario name cannot be empty')).toBeVisible();
    await dialog.getByLabel('Scenario name').fill(scenario);
    await dialog.getByRole('button', { name: 'Create Scenario' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveText(scenario);

    const save = page.getByRole('button', { name: 'Save Settings' });
    await save.click();
    await expect(page.getByRole('alert')).toHaveText(
      'No COLA percentages to save. Please enter at least one value.',
    );
    await page.getByLabel('TEACHERS FY27 COLA percent').fill('120');
    await save.click();
    await expect(page.getByRole('alert')).toHaveText(
      'Enter a percent from 0 to 100 with at most 2 decimals for TEACHERS FY27',
    );
    // The long-term assumption: out of range is refused where it was typed, then saved.
    await page.getByLabel('Long-term COLA (%)').fill('101');
    await page.getByRole('button', { name: 'Save Long-Term Assumption' }).click();
    await expect(page.getByLabel('Long-term COLA (%)')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Long-term COLA (%)').fill('2.5');
    await page.getByRole('button', { name: 'Save Long-Term Assumption' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Long-term COLA assumption saved for ${scenario}` }),
    ).toBeVisible();
    await page.getByLabel('TEACHERS FY27 COLA percent').fill('3.5');
    await page.getByLabel('SUPPORT FY28 COLA percent').fill('2.5');
    await page.getByLabel('OPERATIONS FY29 COLA percent').fill('2');
    await save.click();
    await expect(
      page.getByRole('status').filter({ hasText: `COLA settings saved for ${scenario}` }),
    ).toBeVisible();
    const { scenarios } = await apiCall(page, 'GET', '/cola/scenarios');
    const saved = scenarios.find((s: { name: string }) => s.name === scenario);
    expect(saved.longTermColaPercentage).toBe(2.5);
    const id = saved.id;
    const { settings } = await apiCall(page, 'GET', `/cola/settings?scenarioId=${id}`);
    expect(
      settings
        .map((s: { fiscalYear: number; colaPercentage: number }) => [s.fiscalYear, s.colaPercentage])
        .sort(),
    ).toEqual([
      [2027, 3.5],
      [2028, 2.5],
      [2029, 2],
    ]);

    // The calculation of the scenario: baseline, each year, and the work groups.
    await page.getByRole('button', { name: 'Calculate COLA Impact' }).click();
    const result = page.getByRole('region', { name: `COLA impact of ${scenario}` });
    await expect(result).toBeVisible();
    const calc = await apiCall(page, 'POST', '/cola/calculate', { scenarioId: id });
    await expect(result.getByText(money(calc.grandTotal)).first()).toBeVisible();
    await expect(result.getByText(money(calc.totalIncrease)).first()).toBeVisible();
    for (const y of calc.years) {
      await expect(
        result.getByRole('row', { name: new RegExp(`^${fiscalYearLabel(y.fiscalYear)} `) }).first(),
      ).toContainText(money(y.amount));
    }
    await expect(result.getByRole('region', { name: 'How this is calculated' })).toContainText(
      `FY27 payroll ${money(calc.years[0].amount)} = ${fiscalYearLabel(calc.baseYear)} payroll ${money(calc.grandTotal)}`,
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/cola-scenarios-desktop.png`, fullPage: true });
  });

  test('RIF gap calculator: defaults, result with its working, saved list and Excel formulas', async ({
    page,
  }) => {
    await openCola(page, 'RIF Gap Calculator');
    // The district's own figures, with where they come from: FY2026's budget and FY2027's town goal.
    const defaults = await apiCall(
      page,
      'GET',
      `/cola/planning-defaults?budgetYearId=${await budgetYearId(page, 'FY26')}`,
    );
    expect(defaults.baseline.source).toMatch(/^FY26 proposed budget, general fund, \d+ lines$/);
    expect(defaults.townFunding.source).toMatch(/^FY27 town goal, set [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(page.getByLabel('Fiscal year')).toHaveValue('2027');
    // FY2027 is the year being built (it has its own proposed lines): its need is that budget, as
    // Town Guidance totals it, so no baseline is asked for.
    expect(defaults.ownBudget.source).toMatch(
      /^FY27 proposed budget, general fund, \d+ lines, as Town Guidance totals it$/,
    );
    await expect(page.getByLabel('Baseline budget ($)')).toHaveValue('');
    await expect(page.getByLabel('Town funding ($)')).toHaveValue(String(defaults.townFunding.amount));
    const form = page.getByRole('form', { name: 'RIF gap inputs' });
    await expect(form).toContainText(defaults.ownBudget.source);
    await expect(form).toContainText(defaults.townFunding.source);
    await expect(form).not.toContainText('87,834,567');
    await expect(page.getByLabel('Include steps and lanes')).toBeChecked();

    // A funding below the baseline: a RIF is required.
    const funding = Math.floor(defaults.ownBudget.amount / 2);
    await page.getByLabel('Town funding ($)').fill(String(funding));
    await page.getByRole('button', { name: 'Calculate RIF Gap' }).click();
    const result = page.getByRole('region', { name: /FY27 RIF gap/ });
    await expect(result).toBeVisible();
    const { calculations } = await apiCall(page, 'GET', '/cola/rif-calculations');
    const latest = calculations[0];
    expect(latest.townFundingAmount).toBe(funding);
    expect([latest.baselineBudget, latest.districtNeed]).toEqual([
      defaults.ownBudget.amount,
      defaults.ownBudget.amount,
    ]);
    expect(latest.rifRequired).toBe(true);
    await expect(result).toContainText('RIF required');
    await expect(result).toContainText(money(latest.districtNeed));
    const how = result.getByRole('region', { name: 'How this is calculated' });
    await expect(how).toContainText(`District need ${money(latest.districtNeed)} = the ${latest.needSource}`);
    await expect(how).toContainText(`Positions ${latest.positionsEstimate} =`);
    await expect(result.getByRole('table', { name: 'Cost of 1% COLA' })).toBeVisible();
    await expect(result.getByRole('table', { name: 'Breakdown by work group' })).toBeVisible();

    // Saved list: newest first, at most 10.
    const saved = page.getByRole('table', { name: 'Saved calculations' });
    await expect(saved.getByRole('row').nth(1)).toContainText(money(latest.districtNeed));
    expect(await saved.getByRole('row').count()).toBeLessThanOrEqual(11);

    // The export's cells hold the formulas.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      how.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0];
    expect(sheet.getCell('B13').value).toMatchObject({ formula: 'B6', result: latest.districtNeed });
    expect(sheet.getCell('B15').value).toMatchObject({ formula: 'B13-B14', result: latest.gap });
    expect(sheet.getCell('B18').value).toMatchObject({
      formula: 'IF(B15>0,ROUNDUP(B15/B17,0),0)',
      result: latest.positionsEstimate,
    });

    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/cola-rif-desktop.png`, fullPage: true });
  });

  test('multi-year projections: the table, the chart’s table view and the working', async ({ page }) => {
    await openCola(page, 'Multi-Year Projections');
    // It opens and runs on the district's FY2026 budget, saying so, never on a sample figure.
    const d = await apiCall(
      page,
      'GET',
      `/cola/planning-defaults?budgetYearId=${await budgetYearId(page, 'FY26')}`,
    );
    await expect(page.getByLabel('Start year')).toHaveValue('2027');
    // Written as money boxes are ('45,342,684.50'), not the raw number.
    await expect(page.getByLabel('Baseline budget ($)')).toHaveValue(formatAmount(d.baseline.amount));
    const inputs = page.getByRole('form', { name: 'Projection inputs' });
    await expect(inputs).toContainText(d.baseline.source);
    await expect(inputs).toContainText(d.townFunding.source);
    const data = await apiCall(
      page,
      'GET',
      `/cola/multi-year-projection?startYear=${d.fiscalYear}&endYear=${d.endYear}&baselineBasis=budget&budgetYearId=${d.budgetYearId}`,
    );
    await expect(page.getByRole('region', { name: /^FY27 to FY31/ })).toBeVisible();
    await expect(page.getByText(/87,834,567/)).toHaveCount(0);
    // FY2027 has its own proposed lines: its need is that budget.
    expect(data.projections[0].districtNeed).toBe(d.ownBudget.amount);
    // Past the demo's contracts and scenario years nothing sets a COLA: the projection warns.
    const last = data.projections.at(-1);
    if (last.colaWarnings.length) {
      await expect(page.getByText(last.colaWarnings[0])).toBeVisible();
    }
    await expect(page.getByRole('table', { name: /COLA by work group and year/ })).toBeVisible();
    const table = page.getByRole('table', { name: 'Multi-year projection' });
    await expect(table.getByRole('row')).toHaveCount(6);
    for (const y of data.projections) {
      const row = table.getByRole('row', { name: new RegExp(`^${fiscalYearLabel(y.fiscalYear)} `) });
      await expect(row).toContainText(money(y.districtNeed));
      if (y.townFundingAssumed) {
        await expect(row).toContainText('assumed');
      }
      await expect(row).toContainText(y.rifRequired ? 'Required' : 'No');
    }
    await expect(page.getByRole('region', { name: 'How this is calculated' })).toContainText(
      `district need ${money(data.projections[1].districtNeed)} = baseline ${money(data.projections[0].districtNeed)} (FY27’s need)`,
    );
    const chart = page.getByRole('region', { name: 'District need and town funding' });
    await chart.getByRole('radio', { name: 'Table' }).click();
    await expect(chart.getByRole('table')).toContainText(money(data.projections[4].districtNeed));

    // Another span and scenario choice.
    await page.getByLabel('End year').fill('2029');
    await page.getByRole('button', { name: 'Project' }).click();
    await expect(table.getByRole('row')).toHaveCount(4);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/cola-multi-year-desktop.png`, fullPage: true });
  });
});

test.describe('COLA Management at 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every tab fits the phone’s width', async ({ page }) => {
    await openCola(page);
    const tabs = [
      'Contracts',
      'COLA Scenarios',
      'RIF Gap Calculator',
      'Multi-Year Projections',
      'Salary Schedules',
    ];
    for (const tab of tabs) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2 }).first()).toBeVisible();
      if (tab === 'RIF Gap Calculator') {
        // The form fills from the year's planning defaults: calculate once they are in, as a person
        // would (a click before they arrived asked for a baseline once in CI).
        await expect(page.getByText(/Not needed: FY27’s need is its own/)).toBeVisible();
        await page.getByRole('button', { name: 'Calculate RIF Gap' }).click();
        await expect(page.getByRole('region', { name: /FY27 RIF gap/ })).toBeVisible();
      }
      if (tab === 'Multi-Year Projections') {
        await expect(page.getByRole('table', { name: 'Multi-year projection' })).toBeVisible();
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${tab} scrolls sideways`).toBeLessThanOrEqual(0);
      const slug = tab.toLowerCase().replace(/[^a-z]+/g, '-');
      await page.screenshot({ path: `${SHOTS}/cola-${slug}-phone.png`, fullPage: true });
    }
    await page.getByRole('tab', { name: 'Contracts' }).click();
    await page.getByRole('button', { name: 'Add Contract' }).click();
    await chooseOption(page, 'Status', 'Settled');
    await page.screenshot({ path: `${SHOTS}/cola-contract-modal-phone.png` });
    expect(await axeViolations(page)).toEqual([]);
  });
});
