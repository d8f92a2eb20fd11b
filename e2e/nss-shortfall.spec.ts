import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  apiCall,
  axeViolations,
  budgetYearId,
  FINANCE,
  gridRowsShown,
  navigate,
  saveScreen,
  signIn,
} from './helpers';

// A budget $599.89 short of required net school spending once read '100.00% of required'. With the
// year's requirement set $599.89 above what the budget counts (an administrator's state figures),
// FINANCE sees 99.99% and the dollars short on the Budget Dashboard and in the Scenario Builder,
// reached through the menus, at both widths.

const SIZES = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
];
const SHORT = 59989n;

const dollarsText = (cents: bigint) =>
  `$${(cents / 100n).toLocaleString('en-US')}.${String(cents % 100n).padStart(2, '0')}`;
const centsOf = (dollars: number) => BigInt(Math.round(dollars * 100));

/** Sets the year's requirement SHORT above the budgeted NSS; returns the figures it replaced. */
async function requireJustAbove(admin: Page, byId: number, fiscalYear: number) {
  const meter = await apiCall(admin, 'GET', `/nss/meter?budgetYearId=${byId}&fiscalYear=${fiscalYear}`);
  const { figures } = await apiCall(admin, 'GET', '/nss/state-figures');
  const was = figures.find((f: { fiscalYear: number }) => f.fiscalYear === fiscalYear);
  const body = (f: typeof was, requiredNss: bigint) => ({
    foundationEnrollment: f.foundationEnrollment,
    foundationBudget: f.foundationBudget,
    chapter70Aid: f.chapter70Aid,
    requiredLocalContribution: Number(requiredNss - centsOf(f.chapter70Aid)) / 100,
    requiredNss: Number(requiredNss) / 100,
    carryForward: f.carryForward,
    municipal: f.municipal.map((m: { eoyrCode: string; amount: number; source: string | null }) => ({
      eoyrCode: m.eoyrCode,
      amount: m.amount,
      source: m.source,
    })),
  });
  const carriedIn = was.carryForward < 0 ? -centsOf(was.carryForward) : 0n;
  const required = centsOf(meter.columns.budgetedNss) + SHORT - carriedIn;
  await apiCall(admin, 'PUT', `/nss/state-figures/${fiscalYear}`, body(was, required));
  return () => apiCall(admin, 'PUT', `/nss/state-figures/${fiscalYear}`, body(was, centsOf(was.requiredNss)));
}

for (const size of SIZES) {
  test(`a budget $599.89 short reads 99.99% of required and the dollars short, at ${size.name}`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const admin = await browser.newPage();
    await signIn(admin, ADMIN);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, FINANCE, '/');
    const byId = await budgetYearId(page, 'FY26');
    await expect(page.getByRole('heading', { level: 1, name: 'Budget Dashboard' })).toBeVisible();
    const fyText = (await page.getByRole('combobox', { name: 'Fiscal year' }).textContent()) ?? '';
    const fiscalYear = 2000 + Number(/FY(\d\d)/.exec(fyText)![1]);
    const restore = await requireJustAbove(admin, byId, fiscalYear);
    try {
      const meter = await apiCall(page, 'GET', `/nss/meter?budgetYearId=${byId}&fiscalYear=${fiscalYear}`);
      expect(centsOf(meter.columns.overUnder)).toBe(-SHORT);
      // Hundredths of a percent, rounded down, from the meter's own dollars.
      const units = (centsOf(meter.columns.budgetedNss) * 10000n) / centsOf(meter.columns.requiredWithCarry);
      expect(units).toBe(9999n);
      const short = `${dollarsText(SHORT)} short`;

      await page.reload();
      const card = page.getByRole('region', { name: 'Net School Spending' });
      await expect(card.locator('.nss-card__percent')).toHaveText('99.99%');
      await expect(card).toContainText(`of required net school spending, ${short}`);
      await expect(card).not.toContainText('100.00%');
      expect(await axeViolations(page)).toEqual([]);
      await saveScreen(page, `nss-shortfall-dashboard-${size.name}`);

      await navigate(page, 'Scenario Builder');
      await page.getByRole('button', { name: 'New Scenario' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Scenario' });
      const name = `Short ${size.name} ${Date.now()}`;
      await dialog.getByLabel('Scenario name').fill(name);
      await dialog.getByRole('button', { name: 'Create Scenario' }).click();
      await expect(dialog).toHaveCount(0);
      // The new scenario is chosen in a route change, after the dialog closes: until then the grid
      // and the meter (which keeps its figures) still show the scenario chosen before.
      await expect(page.getByRole('combobox', { name: 'Scenario', exact: true })).toContainText(name);
      const meterBox = page.getByRole('region', { name: 'Net school spending' });
      await expect(meterBox.getByTestId('nss-percent')).toHaveText(`99.99% of required, ${short}`);
      await expect(meterBox.getByRole('meter')).toHaveAccessibleName(/net school spending/);
      // The scan waits for the new scenario's lines: a grid still loading them scrolls sideways at 390
      // with nothing in it to focus yet (axe's scrollable-region-focusable, seen in CI). Waiting for a
      // slider was not enough: the previous scenario's sliders were still there, the new lines loading.
      await gridRowsShown(page, 'Scenario lines');
      expect(await axeViolations(page)).toEqual([]);
      await saveScreen(page, `nss-shortfall-scenario-${size.name}`);
    } finally {
      await restore();
      await admin.close();
    }
  });
}
