import { expect, test } from '@playwright/test';
import {
  ADMIN,
  apiCall,
  axeViolations,
  BUDGET_KPI,
  budgetYearId,
  navigate,
  saveScreen,
  signIn,
} from './helpers';

/** An admin configures and publishes the public dashboard; residents keep the snapshot until the next Publish. */

const millions = (v: number) => `$${(v / 1_000_000).toFixed(1)}M`;
/** A 2x2 PNG (made by hand, so the test reads no file of the app). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGOQ9bsh63eDAUIBACB2BQ13e149AAAAAElFTkSuQmCC',
  'base64',
);

test('an admin configures, publishes, edits data, and residents see the snapshot until the next Publish', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await navigate(page, 'Public Dashboard');
  await expect(page.getByRole('heading', { name: 'Public Dashboard Configuration', level: 1 })).toBeVisible();

  // Settings: the address, the school's name, websites (http/https only) and the years.
  await page.getByLabel('URL path', { exact: true }).fill('admin-flow');
  await page.getByLabel('School name', { exact: true }).fill('Millbrook Public Schools');
  await page.getByLabel('Town website URL', { exact: true }).fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(
    page.getByText('Town website URL must be a web address starting with http:// or https://'),
  ).toBeVisible();
  await page.getByLabel('Town website URL', { exact: true }).fill('https://www.millbrook-town.example');
  // The logo by upload: a page of HTML named .png is refused; a real PNG is stored and its address filled in.
  const logoFile = page.getByLabel('Upload a logo');
  await logoFile.setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<html><script>alert(1)</script></html>'),
  });
  // The logo rule's words first, then why a file named .png was refused.
  await expect(
    page.getByRole('alert').filter({
      hasText:
        'Failed to upload logo: Only image files are allowed (JPEG, PNG, GIF, SVG): the file’s contents are not the image type its name says',
    }),
  ).toBeVisible();
  await expect(page.getByLabel('School logo URL', { exact: true })).toHaveValue('');
  await logoFile.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByLabel('School logo URL', { exact: true })).toHaveValue(
    /\/api\/public-dashboard\/logos\//,
  );
  const years = page.getByRole('group', { name: 'Published years' });
  for (const fy of ['FY26', 'FY27']) {
    await years.getByLabel(fy).check();
  }
  // Reorder by keyboard: the category chart moves up one place, above the progress bar.
  const order = page.getByRole('list', { name: 'Component order' });
  const before = await order.getByRole('listitem').allTextContents();
  const category = before.findIndex((t) => t.includes('Category chart'));
  await page.getByRole('button', { name: 'Move Category chart up' }).focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: `Category chart moved to position ${category}` }),
  ).toHaveCount(1);
  const after = await order.getByRole('listitem').allTextContents();
  expect(after[category - 1]).toContain('Category chart');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  // The live preview lists the sections in the new order.
  const preview = page.getByRole('list', { name: 'Sections residents see, in order' });
  await expect(preview).toContainText('Category chart');

  // A custom video link: a bad YouTube address is refused, then the link is added, edited and hidden.
  await page.getByRole('combobox', { name: 'Link type', exact: true }).click();
  await page.getByRole('option', { name: 'Video', exact: true }).click();
  await page.getByLabel('Title', { exact: true }).fill('Budget hearing');
  await page.getByLabel('YouTube URL or video ID', { exact: true }).fill('https://example.org/watch?v=nope');
  await page.getByRole('button', { name: 'Add Link' }).click();
  await expect(page.getByText('Invalid YouTube URL/ID')).toBeVisible();
  await page.getByLabel('YouTube URL or video ID', { exact: true }).fill('https://youtu.be/dQw4w9WgXcQ');
  await page.getByRole('button', { name: 'Add Link' }).click();
  const links = page.getByRole('list', { name: 'Links' });
  await expect(links).toContainText('Budget hearing');
  await links.getByRole('button', { name: 'Edit Budget hearing' }).first().click();
  await expect(page.getByRole('button', { name: 'Update Link' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill('FY27 budget hearing');
  await page.getByRole('button', { name: 'Update Link' }).click();
  await expect(links).toContainText('FY27 budget hearing');
  await saveScreen(page, 'public-dashboard-config-1440');
  expect(await axeViolations(page)).toEqual([]);

  // Publish: the confirmation lists the years.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Publish the public dashboard' });
  await expect(confirm).toContainText('FY26, FY27');
  await confirm.getByRole('button', { name: 'Publish' }).click();
  // Publish names each year's budget year and stage (its one home).
  await expect(
    page.getByText(/^Published FY26 \(budget year FY26, [^)]+\), FY27 \(budget year FY26, [^)]+\) at/),
  ).toBeVisible();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  const url = page.getByRole('link', { name: /\/public\/admin-flow$/ });
  await expect(url).toHaveAttribute('href', /\/public\/admin-flow$/);

  const resident = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const pub = await resident.newPage();
  await pub.goto('/public/admin-flow');
  const budget = pub.locator('.kpi').filter({ hasText: BUDGET_KPI });
  const view = await (await pub.request.get('/api/public-dashboard/view/admin-flow')).json();
  // Beside the goal, the general fund's budget: the part the town's goal pays for.
  const published = view.data['2027'].guidanceBudget as number;
  const allFunds = view.data['2027'].totalBudget as number;
  expect(published).toBeLessThan(allFunds);
  await expect(budget).toContainText(millions(published));
  // The uploaded logo shows to residents, served by the app under its CSP.
  const logo = pub.getByRole('img', { name: 'Millbrook Public Schools logo' });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);

  // Budget data changes after the Publish: residents still see the snapshot; the screen says so.
  await apiCall(page, 'POST', '/line-items', {
    isOperating: false,
    // The demo district keeps its FY27 figures in the FY26 budget year (FY27 is its projected year).
    budgetYearId: await budgetYearId(page, 'FY26'),
    fiscalYear: 2027,
    accountDescription: 'Public dashboard e2e: new reading program',
    amount: 2_000_000,
  });
  await page.reload();
  await expect(page.getByText('Budget data has changed since the last Publish')).toBeVisible();
  await saveScreen(page, 'public-dashboard-config-changed-1440');
  await pub.reload();
  await expect(budget).toContainText(millions(published));

  // The next Publish shows the new figures.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Budget data has changed since the last Publish')).toHaveCount(0);
  await pub.reload();
  await expect(budget).toContainText(millions(published + 2_000_000));
  await expect(pub.locator('.pub-funds')).toHaveText('All funds');

  // The general fund alone (the demo pays professional development from Title I and special
  // education transportation from IDEA): saved to the draft at once, shown to residents from the
  // next Publish, the heading saying which.
  const funds = page.getByRole('group', { name: 'Funds residents see' });
  await funds.getByRole('radio', { name: /^General fund only/ }).click();
  await expect(funds.getByRole('radio', { name: /^General fund only/ })).toBeChecked();
  await expect(page.getByText('Budget data has changed since the last Publish')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Budget data has changed since the last Publish')).toHaveCount(0);
  const general = (await (await pub.request.get('/api/public-dashboard/view/admin-flow')).json()).data[
    '2027'
  ];
  expect(general.fundsLabel).toBe('General fund only');
  expect(millions(general.totalBudget)).not.toBe(millions(allFunds + 2_000_000));
  expect(millions(general.totalBudget)).toBe(millions(published + 2_000_000));
  await pub.reload();
  await expect(pub.locator('.pub-funds')).toHaveText('General fund only');
  await expect(budget).toContainText(millions(general.totalBudget));
  await expect(pub.getByText("General fund only: the fund the town's goal pays for.")).toBeVisible();
  expect(await axeViolations(pub)).toEqual([]);
  await saveScreen(pub, 'public-dashboard-general-fund-390');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(funds.getByRole('radio', { name: /^General fund only/ })).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);
  await saveScreen(page, 'public-dashboard-config-390');
  // Back to all funds, published, for the specs after this one.
  const { config } = await apiCall(page, 'GET', '/public-dashboard/config');
  await apiCall(page, 'PATCH', `/public-dashboard/config/${config.id}`, { funds: 'all' });
  await apiCall(page, 'POST', `/public-dashboard/publish/${config.id}`, {});
  await resident.close();
});
