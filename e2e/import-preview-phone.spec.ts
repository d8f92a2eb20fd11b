import { expect, test, type Locator } from '@playwright/test';
import { axeViolations, pageOverflow, saveScreen } from './helpers';
import { previewPayroll } from './import-steps';

/**
 * A new district's first payroll on a phone: the real Boston earnings file has reversals (negative
 * pay), so the preview lists the rows whose stored salary differs from the file, and the lines as
 * stored carry a note (no building matched). At 390 px those tables' last columns (the reason, the
 * note) were squeezed to a word a line: each row stood 190 to 235 px tall, and the reconciliation's
 * table scrolled sideways without a way in from the keyboard (axe: scrollable-region-focusable).
 * The dry run only: the version is made for this run, and nothing is imported into it.
 */
const STAMP = Date.now().toString(36);
const VERSION = `Phone preview ${STAMP}`;
const PAYROLL = [
  'NAME,DEPARTMENT_NAME,TITLE,REGULAR',
  '"Anderson,Marcus",Boston Police Department,Police Officer,"-0.02"',
  '"McGrath,Robert J.",Boston Fire Department,Fire Fighter,"-328.49"',
  '"Demesmin,Stanley",Boston Police Department,Police Lieutenant (Det),"161,306.48"',
  '"Sordillo,Paul J",Facilities Management,Building Services Fleet Mgr,"108,815.78"',
].join('\n');

/** The tallest row of a table, in CSS pixels. */
async function tallestRow(table: Locator): Promise<number> {
  return table.evaluate((t) =>
    Math.max(...[...t.querySelectorAll('tbody tr')].map((r) => r.getBoundingClientRect().height)),
  );
}

test('the payroll preview reads on a phone: reversals and notes in rows of a few lines, each table reachable', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await previewPayroll(page, { version: VERSION, name: 'boston-earnings-reversals.csv', csv: PAYROLL });
  await expect(page.getByText('4 of 4 rows will be imported')).toBeVisible();

  const differences = page.getByRole('table', { name: 'Rows whose stored amount differs from the file' });
  const lines = page.getByRole('table', { name: 'The first rows of the file as they will be imported' });
  await expect(differences.getByRole('row')).toHaveCount(3);
  await expect(
    lines.getByText(/Marked for review: Building 'Boston Police Department'/).first(),
  ).toBeVisible();
  const wide = { differences: await tallestRow(differences), lines: await tallestRow(lines) };
  await saveScreen(page, 'import-preview-phone-1440');
  expect(await axeViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  // A row may wrap to a line or two more on a phone, never to a word a line (190 px and more).
  await expect.poll(() => tallestRow(differences)).toBeLessThanOrEqual(wide.differences * 1.5);
  await expect.poll(() => tallestRow(lines)).toBeLessThanOrEqual(wide.lines * 1.5);
  // The reason is read whole, beside its row (scrolled to, not cut).
  await expect(differences.getByRole('cell', { name: /negative pay \(a reversal\)/ }).first()).toBeVisible();
  // Each table scrolls sideways inside the page, reachable from the keyboard.
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await expect(
    page.getByRole('group', { name: 'Rows whose stored amount differs from the file' }),
  ).toHaveAttribute('tabindex', '0');
  await saveScreen(page, 'import-preview-phone-390');
  expect(await axeViolations(page)).toEqual([]);
});
