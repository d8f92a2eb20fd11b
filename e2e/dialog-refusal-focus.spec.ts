import { expect, test } from '@playwright/test';
import { ADMIN, apiCall, FINANCE, navigate, signIn } from './helpers';
import { choose } from './positions-screen';

// A save the server refuses leaves keyboard focus where it was. The button pressed is disabled
// while its request runs, and a disabled button loses focus: after the refusal focus sat on the
// page's body, behind the dialog, and a screen reader user no longer knew where they were. The
// position is placed in a building an administrator deletes while the dialog is open, so the
// server refuses it (the building no longer exists), with nothing written.

test('a position the server refuses keeps focus on Add Position, in its dialog', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await browser.newPage();
  await signIn(admin, ADMIN);
  const name = `E2E Refusal Building ${Date.now()}`;
  const { building } = await apiCall(admin, 'POST', '/buildings', { name });
  let deleted = false;
  try {
    await signIn(page, FINANCE);
    await navigate(page, 'Positions');
    await page.getByRole('button', { name: 'Add Position' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Position' });
    await dialog.getByLabel('Title').fill('E2E Refused Position');
    await choose(page, dialog, 'Building', name);
    await choose(page, dialog, 'Budget category', 'Teachers');
    await dialog.getByLabel('FTE', { exact: true }).fill('1');
    await apiCall(admin, 'DELETE', `/buildings/${building.id}`);
    deleted = true;
    const save = dialog.getByRole('button', { name: 'Add Position' });
    await save.focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('The building you chose no longer exists; choose another')).toBeVisible();
    await expect(save).toBeFocused();
  } finally {
    if (!deleted) {
      await apiCall(admin, 'DELETE', `/buildings/${building.id}`);
    }
    await admin.close();
  }
});
