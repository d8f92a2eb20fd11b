import { expect, test, type Locator, type Page } from '@playwright/test';
import { decodeBaseline } from '@shared/schemas/scenario-line-rows';
import { ADMIN, apiCall, axeViolations, budgetYearId, navigate, saveScreen, signIn } from './helpers';
import { chooseOption } from './select';

// Closing a dialog (by Escape, by Cancel, by saving) puts keyboard focus back on the control that
// opened it, not at the top of the page; Escape closes every dialog. Each dialog is opened from the
// keyboard (focus the opener, Enter), its screen reached through the admin's menus. The shared
// Modal and ConfirmDialog carry the behaviour, so one dialog of each shape is checked: a form (Add
// User, New Version), a wide editor (Employee Manager's Edit), a confirmation (Set as Active,
// Budget Stages' Record) and a preview (Adopt).

const STAMP = Date.now();

type Close = (dialog: Locator) => Promise<void>;
const byEscape: Close = async (dialog) => dialog.page().keyboard.press('Escape');
const byCancel: Close = async (dialog) => dialog.getByRole('button', { name: 'Cancel' }).click();

/** Opens the dialog from its opener by keyboard, closes it, and checks where focus went. */
async function roundTrip(
  page: Page,
  opener: Locator,
  dialog: Locator,
  close: Close,
  prepare?: (dialog: Locator) => Promise<void>,
) {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await prepare?.(dialog);
  await close(dialog);
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test('Add User: focus returns to Add User after Escape, Cancel and saving', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'User Management' }).click();
  const opener = page.getByRole('button', { name: 'Add User' });
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await roundTrip(page, opener, dialog, byEscape);
  await roundTrip(page, opener, dialog, byCancel);
  await roundTrip(page, opener, dialog, async (d) => {
    await d.getByLabel('Name').fill(`Focus Tester ${STAMP}`);
    await d.getByLabel('Email').fill(`focus.${STAMP}@example.org`);
    await d.getByRole('button', { name: 'Generate' }).click();
    await d.getByRole('button', { name: 'Create User' }).click();
  });
  await expect(page.getByRole('cell', { name: `focus.${STAMP}@example.org` })).toBeVisible();
});

test('New Version (import wizard): focus returns to New Version', async ({ page }) => {
  await signIn(page, ADMIN);
  await navigate(page, 'Admin Dashboard');
  await chooseOption(page, 'Budget year', 'FY25 Budget');
  await page.getByRole('radio', { name: /Proposed budget \(lines\)/ }).click();
  const opener = page.getByRole('button', { name: 'New Version' });
  const dialog = page.getByRole('dialog', { name: 'New Version' });
  await roundTrip(page, opener, dialog, byEscape);
  await roundTrip(page, opener, dialog, byCancel);
  await roundTrip(page, opener, dialog, async (d) => {
    await d.getByLabel('Label').fill(`Focus ${STAMP}`);
    await d.getByRole('button', { name: 'Create Version' }).click();
  });
});

test('Set as Active (Budget Management): focus returns to the button, or to its table once it is gone', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  // FY25 is the closed demo year: an alternative proposed budget is made active, then the
  // original is restored, so later specs find the budgets as they were.
  const fy25 = await budgetYearId(page, 'FY25');
  const { scenarios } = await apiCall(page, 'GET', `/scenarios?budgetYearId=${fy25}`);
  const original = scenarios.find(
    (s: { scenarioType: string; isActive: boolean }) => s.scenarioType === 'proposed' && s.isActive,
  );
  const name = `Focus ${STAMP}`;
  await apiCall(page, 'POST', '/scenarios', { budgetYearId: fy25, name, scenarioType: 'proposed' });
  try {
    await navigate(page, 'Admin Dashboard');
    await page.getByRole('tab', { name: 'Budget Management' }).click();
    await page.getByRole('combobox', { name: 'Budget year' }).last().click();
    await page.getByRole('option', { name: 'FY25 Budget' }).click();
    // Its accessible name starts with the words it shows (WCAG 2.5.3).
    const opener = page.getByRole('button', { name: `Set as Active: ${name}`, exact: true });
    const dialog = page.getByRole('alertdialog');
    await roundTrip(page, opener, dialog, byEscape);
    await roundTrip(page, opener, dialog, byCancel);
    // Confirming makes it active: the button gives way to a badge, and focus stays in its table.
    await opener.focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Set as Active' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    const table = page.getByRole('table').filter({ has: row });
    await expect.poll(() => table.evaluate((t) => t.contains(document.activeElement))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await apiCall(page, 'POST', `/scenarios/${original.id}/set-active`);
  }
});

test("Employee Manager's Edit dialog: focus returns to the row's Edit cell", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await navigate(page, 'Employee Manager');
  await expect(page.getByRole('heading', { name: 'Employee Budget Manager' })).toBeVisible();
  const cell = page.getByRole('gridcell', { name: /^Edit / }).first();
  await expect(cell).toBeVisible();
  const dialog = page.getByRole('dialog', { name: /^Edit / });
  await roundTrip(page, cell, dialog, byEscape);
  await roundTrip(page, cell, dialog, byCancel);
  await roundTrip(page, cell, dialog, async (d) => {
    await d.getByLabel('Position').fill(`Focus ${STAMP}`);
    await d.getByRole('button', { name: 'Save' }).click();
  });
  // Enter on the cell again opens the same row's editor: the grid's own focus followed too.
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Position')).toHaveValue(`Focus ${STAMP}`);
  await page.keyboard.press('Escape');
  await expect(cell).toBeFocused();
});

test('Adopt into the budget: focus returns to its button after Escape and Cancel', async ({ page }) => {
  await signIn(page, ADMIN);
  await navigate(page, 'Scenario Builder');
  const byId = await budgetYearId(page, 'FY26');
  const base = decodeBaseline(
    await apiCall(page, 'GET', `/scenarios/baseline?budgetYearId=${byId}&fiscalYear=2025&format=rows`),
  );
  const line = [...base.lines].sort((a, b) => b.fy26ProposedV3 - a.fy26ProposedV3)[0]!;
  const name = `Focus ${STAMP}`;
  const { scenario } = await apiCall(page, 'POST', '/scenarios/cuts', {
    budgetYearId: byId,
    fiscalYear: 2025,
    name,
  });
  await apiCall(page, 'PUT', `/scenarios/cuts/${scenario.id}/adjustments`, {
    adjustments: { [String(line.id)]: 50 },
  });
  await chooseOption(page, 'Fiscal year', /^FY25/);
  await chooseOption(page, 'Scenario', name);
  const opener = page.getByRole('button', { name: 'Adopt into the budget' });
  const dialog = page.getByRole('dialog', { name: 'Adopt into the budget' });
  await roundTrip(page, opener, dialog, byEscape);
  await roundTrip(page, opener, dialog, byCancel);
});

test("Budget Stages' confirmation closes on Escape and focus returns to the button, also after recording", async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await navigate(page, 'Budget Stages');
  // FY26 from Draft to the superintendent's recommendation, a stage that locks nothing (the
  // residents' page spec records it too when it finds FY26 still in Draft).
  const label = "Superintendent's Recommended";
  const opener = page.getByRole('button', { name: `Move to ${label}` });
  const dialog = page.getByRole('alertdialog', { name: `Record: ${label}` });
  await roundTrip(page, opener, dialog, byEscape);
  await expect(page.getByTestId('stage-caption')).not.toContainText(label);
  await roundTrip(page, opener, dialog, byCancel);
  await saveScreen(page, 'dialog-focus-stage-confirm-before');
  // Recording: the same button now offers the next stage, and has focus again.
  await opener.focus();
  await page.keyboard.press('Enter');
  await saveScreen(page, 'dialog-focus-stage-confirm');
  await dialog.getByRole('button', { name: `Record ${label}` }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('stage-caption')).toContainText(label);
  await expect(page.getByRole('button', { name: /^Move to / })).toBeFocused();
});
