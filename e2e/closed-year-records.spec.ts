import { expect, test, type Page } from '@playwright/test';
import { lockedYearMessage } from '@shared/schemas/budget-stages';
import { ADMIN, apiCall, axeViolations, budgetYearId, navigate, saveScreen, signIn } from './helpers';

// A closed year is read-only history beyond its lines: with the demo's FY2026 closed (through the
// API, as the Close button does), Town Budget Goals, the State Figures tab and the Enrollment tab
// show it with the one-line note instead of their edit controls, and still show its figures.
// The year is reopened at the end, so the specs after this one find it as it was (Draft).

const FY = 2026;
const NOTE = `${lockedYearMessage(FY, 'DRAFT', true)}.`;

async function setClosed(page: Page, closed: boolean) {
  const by = await budgetYearId(page, 'FY26');
  const stages = await apiCall(page, 'GET', `/budget-stages?budgetYearId=${by}&fiscalYear=${FY}`);
  if (stages.current.closed === closed) {
    return;
  }
  await apiCall(page, 'POST', closed ? '/budget-stages/close' : '/budget-stages/reopen-closed', {
    budgetYearId: by,
    fiscalYear: FY,
    ...(closed ? {} : { reason: 'Reopened by the closed-year-records spec' }),
  });
}

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page, ADMIN);
  await setClosed(page, false);
  await page.close();
});

for (const { width, height } of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a closed FY2026's town goal, state figures and enrollment are read-only at ${width}x${height}`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    await signIn(page, ADMIN);
    await setClosed(page, true);

    await navigate(page, 'Town Guidance');
    const card = page.getByRole('article', { name: 'FY26' });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('closed-year-note')).toHaveText(NOTE);
    await expect(card.getByRole('button', { name: /Edit/ })).toHaveCount(0);
    await expect(
      page.getByRole('article', { name: 'FY27' }).getByRole('button', { name: /Edit/ }),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, `closed-year-goals-${width}`);

    await navigate(page, 'Admin Dashboard');
    await page.getByRole('tab', { name: 'State Figures' }).click();
    await page.getByRole('combobox', { name: 'Fiscal year' }).click();
    await page.getByRole('option', { name: /^FY26/ }).click();
    await expect(page.getByTestId('closed-year-note')).toHaveText(NOTE);
    await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, `closed-year-state-figures-${width}`);

    await page.getByRole('tab', { name: 'Enrollment' }).click();
    await expect(page.getByTestId('closed-year-note')).toHaveText(NOTE);
    await expect(page.getByRole('button', { name: /^Edit enrollment for/ })).toHaveCount(0);
    await expect(page.getByRole('table').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, `closed-year-enrollment-${width}`);
  });
}
