import { expect, test } from '@playwright/test';
import { axeViolations, pageOverflow, saveScreen } from './helpers';
import { previewPayroll } from './import-steps';

/**
 * A district's payroll from its city's export, which holds every municipal department: in the
 * preview the finance officer checks 'Leave out rows whose building is not one of the district's
 * buildings', and the dry run says how many rows it leaves out and whose (the police, the fire
 * department) before anything is imported; a blank building stays District Wide. At 1440 and 390
 * px, axe clean. The dry run only: the version is made for this run, and nothing is imported.
 */
const STAMP = Date.now().toString(36);
const VERSION = `City payroll ${STAMP}`;
const PAYROLL = [
  'NAME,DEPARTMENT_NAME,TITLE,REGULAR',
  '"Demesmin,Stanley",Boston Police Department,Police Lieutenant (Det),"161,306.48"',
  '"Smith,Sean P",Boston Police Department,Police Lieutenant,"155,265.97"',
  '"McGrath,Robert J.",Boston Fire Department,Fire Fighter,"98,328.49"',
  '"Rivera,Ana",Center Street Elementary School,Teacher,"84,120.00"',
  '"Okafor,Jide",Millbrook High School,Teacher,"91,450.50"',
  '"Sordillo,Paul J",,Building Services Fleet Mgr,"108,815.78"',
].join('\n');
const LEAVE_OUT = "Leave out rows whose building is not one of the district's buildings";

test('a city payroll’s dry run leaves out the other departments’ rows, and says how many and whose', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await previewPayroll(page, { version: VERSION, name: 'city-earnings.csv', csv: PAYROLL });

  // Off at first: every row would be imported, the city's as District Wide.
  await expect(page.getByText('6 of 6 rows will be imported')).toBeVisible();
  const box = page.getByRole('checkbox', { name: LEAVE_OUT });
  await expect(box).not.toBeChecked();
  await expect(box).toHaveAccessibleDescription(/a blank building stays District Wide/);

  await box.check();
  await expect(page.getByText(/3 of 6 rows will be imported, 3 skipped/)).toBeVisible();
  await expect(page.getByRole('heading', { name: '3 rows left out ($414,900.94)' })).toBeVisible();
  await expect(page.getByText('Boston Police Department: 2 rows')).toBeVisible();
  await expect(page.getByText('Boston Fire Department: 1 row')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import 3 Rows' })).toBeEnabled();
  await saveScreen(page, 'import-leave-out-1440');
  expect(await axeViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(box).toBeVisible();
  await expect(page.getByText('Boston Police Department: 2 rows')).toBeVisible();
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await saveScreen(page, 'import-leave-out-390');
  expect(await axeViolations(page)).toEqual([]);
});
