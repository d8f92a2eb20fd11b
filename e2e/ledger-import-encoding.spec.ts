import { expect, test } from '@playwright/test';
import { ADMIN, navigate, saveScreen, signIn } from './helpers';

// A ledger saved by Excel on Windows (Windows-1252, not UTF-8): the map step names the rows read as
// Windows-1252 and shows their accents as the file meant them, at 1440 and on a phone. Nothing is
// imported (the wizard stops at its second step), so no row is left behind.

const HEADER = 'account,description,revised_budget,ytd_expended,period';
const windows1252 = Buffer.from(
  [
    HEADER,
    '0100-3-300-2305-01-1-74-2-511001,TEACHERS,1000.00,400.00,6',
    '0100-3-300-2305-01-1-74-2-511002,Caf\xe9 supplies \x96 kitchen,100.00,40.00,6',
    '',
  ].join('\r\n'),
  'latin1',
);

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the ledger wizard names the rows it read as Windows-1252 (${size.width})`, async ({ page }) => {
    await page.setViewportSize(size);
    await signIn(page, ADMIN);
    await navigate(page, 'Admin Dashboard');
    await page.getByRole('tab', { name: 'CSV Import' }).click();
    await page.getByRole('radio', { name: /Ledger \(actuals\)/ }).click();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'ytd-windows.csv', mimeType: 'text/csv', buffer: windows1252 });
    await page.getByRole('button', { name: 'Analyze File' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Not all of the file is UTF-8 text' });
    await expect(notice).toContainText('Row 3 is not UTF-8 text: read as Windows-1252');
    await expect(notice).toContainText('Café supplies – kitchen');
    await notice.scrollIntoViewIfNeeded();
    await saveScreen(page, `ledger-import-encoding-${size.width}`);
  });
}
