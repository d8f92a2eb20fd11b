import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiCall, axeViolations, FINANCE, navigate, saveScreen, signIn } from './helpers';

// An ADMIN reads who changed a crosswalk rule and a function-code rule, when, and what: each rule's
// row has a History button opening the record's history (the audit log's entries, newest first).
// The rules are made and changed through the API with titles of their own, then deleted.

const TITLE = 'History Spec Registrar';

async function openHistory(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'History', exact: true })).toBeVisible();
  return dialog;
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a rule's history at ${viewport.width}px: the crosswalk and the function codes`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, ADMIN);
    const made: { crosswalk?: number; code?: number } = {};
    try {
      const body = { matchType: 'exact', pattern: TITLE, deseCode: '2305', titles: [TITLE] };
      made.crosswalk = (await apiCall(page, 'POST', '/crosswalk/rules', body)).rule.id;
      await apiCall(page, 'PUT', `/crosswalk/rules/${made.crosswalk}`, { ...body, deseCode: '2310' });

      await navigate(page, 'Position Crosswalk');
      let dialog = await openHistory(page, `History of rule ${TITLE}`);
      const changes = dialog.getByRole('table', { name: 'Fields changed' });
      await expect(changes.getByRole('row', { name: /DESE code 2305 2310/ })).toBeVisible();
      await expect(dialog.getByText(/^Updated$/)).toBeVisible();
      await expect(dialog.getByText(/^Created$/)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await saveScreen(page, `rule-history-crosswalk-${viewport.width}`);
      await page.keyboard.press('Escape');

      const rule = { kind: 'position', match: TITLE, functionCode: '2210' };
      made.code = (await apiCall(page, 'POST', '/function-codes/rules', rule)).rule.id;
      await apiCall(page, 'PUT', `/function-codes/rules/${made.code}`, { ...rule, note: 'Front office' });
      await navigate(page, 'Function Codes');
      await expect(
        page.getByRole('button', { name: `History of rule Position title is ${TITLE}` }),
      ).toBeVisible();
      await saveScreen(page, `rule-history-function-codes-list-${viewport.width}`);
      dialog = await openHistory(page, `History of rule Position title is ${TITLE}`);
      await expect(dialog.getByRole('row', { name: /Note — Front office/ })).toBeVisible();
      await saveScreen(page, `rule-history-function-code-${viewport.width}`);
      await page.keyboard.press('Escape');
    } finally {
      if (made.crosswalk) {
        await apiCall(page, 'DELETE', `/crosswalk/rules/${made.crosswalk}`);
      }
      if (made.code) {
        await apiCall(page, 'DELETE', `/function-codes/rules/${made.code}`);
      }
    }
  });
}

// A workbook the server makes (the DESE report) is logged by the server as it sends it; the screen
// no longer records it a second time, so the security log shows one export per download.
test('a DESE report downloaded from the screen is one export in the security log', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signIn(page, FINANCE);
  const { user } = await apiCall(page, 'GET', '/auth/me');
  const adminPage = await browser.newPage();
  try {
    await signIn(adminPage, ADMIN);
    const exports = async () =>
      (await apiCall(adminPage, 'GET', `/auth/security-log?event=data-exported&userId=${user.id}`))
        .events as { detail: Record<string, unknown> }[];
    const before = (await exports()).length;
    await navigate(page, 'DESE Report');
    await expect(page.getByRole('heading', { level: 1, name: 'DESE Report' })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Excel' }).click();
    expect(await (await download).failure()).toBeNull();
    // Give a second post from the browser time to arrive, were it still sent.
    await page.waitForTimeout(1500);
    const after = await exports();
    expect(after.length).toBe(before + 1);
    expect(after[0].detail).toMatchObject({ via: 'api', what: 'GET /dese-report.xlsx' });
  } finally {
    await adminPage.close();
  }
});
