import { expect, test, type Page } from '@playwright/test';
import { apiCall, axeViolations, budgetYearId, FINANCE, navigate, saveScreen, signIn } from './helpers';

/**
 * Budget Comparison's 'Update Salary Budget', pressed by finance through
 * its menu. The update runs for real, in budget year FY25's later years (no other test uses them,
 * and the demo's FY26 and FY27 stay as other tests expect them); the test puts its own employees
 * and a stale salary line there first and removes what is left afterwards.
 */

interface Person {
  category: string;
  code: string;
  cents: bigint;
}

/** Whole dollars as the screen shows money: '$219,266'. */
const dollars = (cents: bigint) => `$${((cents + 50n) / 100n).toLocaleString('en-US')}`;
const amount = (cents: bigint) => Number(cents) / 100;

async function idByName(page: Page, path: string, key: string, name: string): Promise<number> {
  const list = (await apiCall(page, 'GET', path))[key] as { id: number; name: string }[];
  const found = list.find((x) => x.name === name);
  expect(found, `${key} ${name}`).toBeTruthy();
  return found!.id;
}

/** Deletes every line of the fiscal year in budget year FY25, of both kinds. */
async function clearYear(page: Page, yearId: number, fiscalYear: number) {
  for (const isOperating of [true, false]) {
    const { lineItems } = await apiCall(
      page,
      'GET',
      `/line-items/budget?budgetYearId=${yearId}&fiscalYear=${fiscalYear}&isOperating=${isOperating}`,
    );
    for (const line of lineItems as { id: number }[]) {
      await apiCall(page, 'DELETE', `/line-items/${line.id}`);
    }
  }
}

for (const { width, height, fiscalYear } of [
  { width: 1440, height: 900, fiscalYear: 2030 },
  { width: 390, height: 844, fiscalYear: 2029 },
]) {
  test(`finance updates a year's salary budget and reads what changed, at ${width}x${height}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await signIn(page, FINANCE);
    const yearId = await budgetYearId(page, 'FY25');
    await clearYear(page, yearId, fiscalYear);
    const categories = {
      Teachers: await idByName(page, '/categories', 'categories', 'Teachers'),
      Administration: await idByName(page, '/categories', 'categories', 'Administration'),
    };
    const school = await idByName(page, '/buildings', 'buildings', 'Hillside Elementary School');
    const other = await idByName(page, '/buildings', 'buildings', 'Whitcomb Middle School');
    const people: Person[] = [
      { category: 'Teachers', code: '2305', cents: 6_100_000n },
      { category: 'Teachers', code: '2305', cents: 5_950_050n },
      // A principal in the administration category, coded to School Leadership as the crosswalk does.
      { category: 'Administration', code: '2210', cents: 9_876_543n },
    ];
    for (const [i, p] of people.entries()) {
      await apiCall(page, 'POST', '/line-items', {
        isOperating: true,
        budgetYearId: yearId,
        fiscalYear,
        lastName: `Salary budget ${i}`,
        currentSalary: amount(p.cents),
        categoryId: categories[p.category as keyof typeof categories],
        buildingId: school,
        deseCode: p.code,
      });
    }
    // A salary line where no one is paid any more: stale.
    await apiCall(page, 'POST', '/line-items', {
      isOperating: false,
      budgetYearId: yearId,
      fiscalYear,
      accountDescription: 'Teachers Salaries - Whitcomb Middle School',
      amount: 500_000,
      categoryId: categories.Teachers,
      buildingId: other,
      deseCode: '2305',
    });

    const picker = page.getByRole('banner').getByRole('combobox', { name: 'Budget year' });
    await picker.click();
    await page.getByRole('option', { name: /^FY25/ }).click();
    await navigate(page, 'Budget Comparison');
    await page.getByRole('combobox', { name: 'Fiscal year' }).click();
    const fy = `FY${fiscalYear % 100}`;
    await page.getByRole('option', { name: fy, exact: true }).click();
    await page.getByRole('button', { name: `Update ${fy} Salary Budget` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Update the ${fy} salary budget?` });
    await expect(confirm).toContainText('a line removed where no one is paid');
    // Before confirming, the dry run lists what the update will do: two lines added, one removed.
    const planned = confirm.getByRole('list', { name: 'Salary lines to change' });
    await expect(planned.getByRole('listitem')).toHaveCount(3);
    await expect(planned.getByRole('listitem').filter({ hasText: /^Add / })).toHaveCount(2);
    await expect(planned.getByRole('listitem').filter({ hasText: /^Remove / })).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Update Salary Budget' }).click();

    const payroll = people.reduce((s, p) => s + p.cents, 0n);
    const message = page.getByText(`${fy} salary budget updated`).locator('..');
    await expect(message).toContainText(
      `0 lines changed, 2 lines added and 1 line removed: ${dollars(payroll)} of ${dollars(payroll)} payroll is now in the proposed budget.`,
    );
    // The proposed salary lines are the payroll by category, building and code, nothing else.
    const { lineItems } = await apiCall(
      page,
      'GET',
      `/line-items/budget?budgetYearId=${yearId}&fiscalYear=${fiscalYear}&isOperating=false`,
    );
    const got = (lineItems as { categoryId: number; buildingId: number; deseCode: string; amount: number }[])
      .map((l) => `${l.categoryId}|${l.buildingId}|${l.deseCode}|${l.amount.toFixed(2)}`)
      .sort();
    expect(got).toEqual(
      [
        `${categories.Teachers}|${school}|2305|${amount(people[0].cents + people[1].cents).toFixed(2)}`,
        `${categories.Administration}|${school}|2210|${amount(people[2].cents).toFixed(2)}`,
      ].sort(),
    );
    await saveScreen(page, `salary-budget-updated-${width}`);
    expect(await axeViolations(page)).toEqual([]);
    await clearYear(page, yearId, fiscalYear);
  });
}
