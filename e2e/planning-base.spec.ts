import { expect, test } from '@playwright/test';
import { formatAmount } from '@shared/money';
import { apiCall, axeViolations, budgetYearId, FINANCE, navigate, saveScreen, signIn } from './helpers';

// On the COLA screen's Multi-Year tab reached through FINANCE's menu: the base is last year's
// budget or last year's actual spending. The demo district has no ledger for FY2026, so asking for
// actual spending says so in the server's words and projects nothing; going back to the budget
// projects from the FY2026 proposed budget again.

for (const size of [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
]) {
  test(`the multi-year base is the budget or the ledger's actual spending, at ${size.name}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, FINANCE);
    await navigate(page, 'COLA Management');
    await expect(page.getByRole('heading', { level: 1, name: 'COLA Management', exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Multi-Year Projections' }).click();
    const inputs = page.getByRole('form', { name: 'Projection inputs' });
    const base = inputs.getByRole('radiogroup', { name: 'Base' });
    await expect(base.getByRole('radio', { name: 'Last year’s budget' })).toBeChecked();
    const byId = await budgetYearId(page, 'FY26');
    const d = await apiCall(page, 'GET', `/cola/planning-defaults?budgetYearId=${byId}`);
    await expect(page.getByLabel('Baseline budget ($)')).toHaveValue(formatAmount(d.baseline.amount));

    await base.getByRole('radio', { name: 'Last year’s actual spending' }).click();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const refused = await page.request.get(`/api/cola/planning-defaults?budgetYearId=${byId}&basis=actual`, {
      headers: { Authorization: `Bearer ${token ?? ''}` },
    });
    const words = refused.ok()
      ? ((await refused.json()).baseline.source as string)
      : ((await refused.json()).error as string);
    await expect(page.getByText(words).first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, `planning-base-actual-${size.name}`);

    await base.getByRole('radio', { name: 'Last year’s budget' }).click();
    await expect(page.getByLabel('Baseline budget ($)')).toHaveValue(formatAmount(d.baseline.amount));
    await page.getByRole('button', { name: 'Project' }).click();
    await expect(page.getByRole('table', { name: 'Multi-year projection' })).toBeVisible();
    await expect(page.getByText(/^Base: last year’s budget \(/).first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, `planning-base-budget-${size.name}`);
  });
}
