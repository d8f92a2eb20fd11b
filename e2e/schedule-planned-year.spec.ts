import { expect, test } from '@playwright/test';
import { apiCall, axeViolations, budgetYearId, FINANCE, navigate, saveScreen, signIn } from './helpers';
import { amount, teachersSchedule, workGroupId } from './teachers-schedule';

// A salary schedule once placed only the budget year's current fiscal year ('Placements are in
// FY26'), so the employees of the year being planned (FY27 lines imported into the FY26 budget
// year) could not be placed. FINANCE, through COLA Management's Salary Schedules tab, picks FY27,
// suggests placements for its teachers and confirms them, at both widths, axe clean.

const RUN = Date.now()
  .toString(36)
  .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]);

const SIZES = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
];

for (const size of SIZES) {
  test(`FINANCE places the planned year's teachers on the schedule, at ${size.name}`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, FINANCE);
    const byId = await budgetYearId(page, 'FY26');
    const teachers = await workGroupId(page, 'Teachers');
    const schedule = await teachersSchedule(page, teachers);
    // Three FY27 teachers of this run, as an import of next year's roster leaves them (not projected).
    const cells: [number, string][] = [
      [2, 'Bach'],
      [5, 'Masters'],
      [9, 'M+30'],
    ];
    const ids: number[] = [];
    for (const [i, [step, lane]] of cells.entries()) {
      const { lineItem } = await apiCall(page, 'POST', '/line-items', {
        isOperating: true,
        budgetYearId: byId,
        fiscalYear: 2027,
        firstName: `Planned${i}`,
        lastName: `Teacher ${RUN}`,
        currentSalary: amount('FY27', step, lane),
        currentFTE: 1,
        employeeStatus: 'Active',
        workGroupId: teachers,
      });
      ids.push(lineItem.id);
    }
    try {
      await navigate(page, 'COLA Management');
      await expect(
        page.getByRole('heading', { level: 1, name: 'COLA Management', exact: true }),
      ).toBeVisible();
      await page.getByRole('tab', { name: 'Salary Schedules' }).click();
      await page.getByRole('button', { name: `Show ${schedule.name}` }).click();
      const detail = page.getByRole('region', { name: schedule.name });
      await expect(detail).toContainText('Placements are in FY26.');
      await detail.getByRole('combobox', { name: 'Fiscal year placed' }).click();
      await page.getByRole('option', { name: 'FY27', exact: true }).click();
      await expect(detail).toContainText('Placements are in FY27.');

      await detail.getByRole('button', { name: 'Suggest placements' }).click();
      await expect(page.getByText('Placements suggested').first()).toBeVisible();
      const listed = await apiCall(
        page,
        'GET',
        `/cola/schedules/${schedule.id}/placements?budgetYearId=${byId}&fiscalYear=2027`,
      );
      // Each of this run's teachers sits on the FY27 cell its salary is.
      for (const [i, id] of ids.entries()) {
        const row = listed.placements.find((p: { id: number }) => p.id === id);
        expect([row.salaryStep, row.salaryLane, row.salaryPlacement]).toEqual([...cells[i], 'suggested']);
      }
      const suggested = listed.placements.filter(
        (p: { salaryPlacement: string }) => p.salaryPlacement === 'suggested',
      );
      const confirm = detail.getByRole('button', { name: `Confirm all suggested (${suggested.length})` });
      await expect(confirm).toBeEnabled();
      expect(await axeViolations(page)).toEqual([]);
      await saveScreen(page, `schedule-planned-year-${size.name}`);
      await confirm.click();
      await expect(page.getByText(`${suggested.length} placements confirmed`).first()).toBeVisible();
      const after = await apiCall(
        page,
        'GET',
        `/cola/schedules/${schedule.id}/placements?budgetYearId=${byId}&fiscalYear=2027`,
      );
      for (const id of ids) {
        expect(after.placements.find((p: { id: number }) => p.id === id).salaryPlacement).toBe('confirmed');
      }
    } finally {
      for (const id of ids) {
        await apiCall(page, 'DELETE', `/line-items/${id}`);
      }
    }
  });
}
