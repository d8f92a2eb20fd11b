import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { auditOf, buildEmployee, buildWorld, lineRow } from '../../test/factories';

const { t, finance, viewer } = useApp(['FINANCE', 'VIEW_ONLY']);

const patch = (path: string, body: unknown, token = finance.token) => t.api('patch', path, { token, body });

describe('PATCH /line-items/budget/:id', () => {
  it('returns 401, 400 for invalid fields, 403 for VIEW_ONLY, 404 for a missing line, and changes nothing', async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildEmployee(t.db.knex, w);
    const before = await lineRow(t.db.knex, id);
    expect((await t.api('patch', `/line-items/budget/${id}`, { body: { notes: 'x' } })).status).toBe(401);
    for (const bad of [
      {},
      { currentSalary: -5 },
      { currentSalary: 'abc' },
      { currentFTE: 2 },
      { hireDate: '08/25/2015' },
      { metadata: { needsReview: 'no' } },
      { metadata: { importWarnings: [] } },
      { isOperating: false },
      { id: 5 },
    ]) {
      const res = await patch(`/line-items/budget/${id}`, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const salary = await patch(`/line-items/budget/${id}`, { currentSalary: -5, currentFTE: 9 });
    expect(salary.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'currentFTE',
      'currentSalary',
    ]);
    expect((await patch(`/line-items/budget/${id}`, { notes: 'x' }, viewer.token)).status).toBe(403);
    expect((await patch('/line-items/budget/999999', { notes: 'x' })).status).toBe(404);
    expect(await lineRow(t.db.knex, id)).toEqual(before);
    expect(await auditOf(t.db.knex, id)).toHaveLength(0);
  });

  it('edits fields, clears the review flag keeping the import warnings, and audits before and after', async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildEmployee(t.db.knex, w, {
      metadata: JSON.stringify({ needsReview: true, importWarnings: ['Hire date missing'] }),
    });
    const res = await patch(`/line-items/budget/${id}`, {
      firstName: 'Patricia',
      position: 'Grade 3 Teacher',
      hireDate: '2016-08-29',
      dateOfDeparture: null,
      notes: 'Checked against payroll',
      metadata: { needsReview: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.lineItem).toMatchObject({
      firstName: 'Patricia',
      position: 'Grade 3 Teacher',
      hireDate: '2016-08-29',
      metadata: { needsReview: false, importWarnings: ['Hire date missing'] },
      // Nothing that feeds the automatic rule changed: the stored value stays.
      nextYearSalary: 62700,
    });
    expect((await lineRow(t.db.knex, id)).needs_review).toBe(false);
    const [audit] = await auditOf(t.db.knex, id);
    expect(audit.before).toMatchObject({ firstName: 'Pat', metadata: { needsReview: true } });
    expect(audit.after).toMatchObject({ firstName: 'Patricia', metadata: { needsReview: false } });
  });

  it('recomputes the automatic next-year salary when the current salary changes, but not a manual one', async () => {
    const w = await buildWorld(t.db.knex);
    const auto = await buildEmployee(t.db.knex, w);
    const manual = await buildEmployee(t.db.knex, w, {
      next_year_salary_manual: true,
      next_year_salary: '70000',
    });
    // 61,000 x 1.03 + 1.5% = 63,745.00
    expect(
      (await patch(`/line-items/budget/${auto}`, { currentSalary: 61000 })).body.lineItem.nextYearSalary,
    ).toBe(63745);
    expect(
      (await patch(`/line-items/budget/${manual}`, { currentSalary: 61000 })).body.lineItem.nextYearSalary,
    ).toBe(70000);
  });

  it('an editor sending unchanged salary and work group leaves the stored next-year salary alone', async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildEmployee(t.db.knex, w, { next_year_salary: '65000.00' });
    const res = await patch(`/line-items/budget/${id}`, {
      currentSalary: 60000,
      workGroupId: w.teachersId,
      workGroup: 'Teachers',
      notes: 'Reviewed',
    });
    expect(res.body.lineItem).toMatchObject({ nextYearSalary: 65000, notes: 'Reviewed' });
  });

  it('setting Retiring in the editor clears the next-year salary; a salary for it is refused', async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildEmployee(t.db.knex, w);
    const refused = await patch(`/line-items/budget/${id}`, {
      employeeStatus: 'Retiring',
      nextYearSalary: 5,
    });
    expect(refused.status).toBe(400);
    expect((await lineRow(t.db.knex, id)).employee_status).toBe('Active');
    const res = await patch(`/line-items/budget/${id}`, {
      employeeStatus: 'Retiring',
      dateOfDeparture: '2026-06-30',
    });
    expect(res.body.lineItem).toMatchObject({
      employeeStatus: 'Retiring',
      nextYearSalary: null,
      nextYearSalaryManual: false,
    });
  });
});

describe('PATCH /line-items/budget/:id/next-year-salary', () => {
  it('returns 400 for negative, non-numeric or missing values', async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildEmployee(t.db.knex, w);
    expect(
      (await t.api('patch', `/line-items/budget/${id}/next-year-salary`, { body: { nextYearSalary: 1 } }))
        .status,
    ).toBe(401);
    for (const body of [
      {},
      { nextYearSalary: -1 },
      { nextYearSalary: '70000' },
      { nextYearSalary: 1.005 },
      { nextYearSalary: 1, x: 1 },
    ]) {
      expect(
        (await patch(`/line-items/budget/${id}/next-year-salary`, body)).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect(
      (await patch(`/line-items/budget/${id}/next-year-salary`, { nextYearSalary: 1 }, viewer.token)).status,
    ).toBe(403);
    expect((await patch('/line-items/budget/999999/next-year-salary', { nextYearSalary: 1 })).status).toBe(
      404,
    );
  });

  it('a number makes it manual; null reverts to the automatic value (COLA + steps and lanes)', async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildEmployee(t.db.knex, w, { current_salary: '58123.45' });
    const manual = await patch(`/line-items/budget/${id}/next-year-salary`, { nextYearSalary: 65000.5 });
    expect(manual.status).toBe(200);
    expect(manual.body.lineItem).toMatchObject({ nextYearSalary: 65000.5, nextYearSalaryManual: true });
    const auto = await patch(`/line-items/budget/${id}/next-year-salary`, { nextYearSalary: null });
    // 58,123.45 x 1.03 = 59,867.1535 plus 1.5% (871.851750) = 60,739.00525 -> 60,739.01
    expect(auto.body.lineItem).toMatchObject({ nextYearSalary: 60739.01, nextYearSalaryManual: false });
    expect((await auditOf(t.db.knex, id)).map((a) => a.after.nextYearSalary)).toEqual([65000.5, 60739.01]);
  });

  it('uses a DOLLAR step, ignores an EXPIRED contract, and keeps a new hire’s entered value', async () => {
    const w = await buildWorld(t.db.knex);
    await t.db
      .knex('budget_settings')
      .where({ budget_year_id: w.budgetYearId })
      .update({ step_lane_adjustment_type: 'DOLLAR', step_lane_adjustment_value: 1200 });
    const teacher = await buildEmployee(t.db.knex, w, { current_salary: '50000' });
    expect(
      (await patch(`/line-items/budget/${teacher}/next-year-salary`, { nextYearSalary: null })).body.lineItem
        .nextYearSalary,
    ).toBe(52700);
    await t.db.knex('contracts').where({ work_group_id: w.teachersId }).update({ status: 'EXPIRED' });
    expect(
      (await patch(`/line-items/budget/${teacher}/next-year-salary`, { nextYearSalary: null })).body.lineItem
        .nextYearSalary,
    ).toBe(51200);
    const newHire = await buildEmployee(t.db.knex, w, { current_salary: '0', next_year_salary: '47000' });
    expect(
      (await patch(`/line-items/budget/${newHire}/next-year-salary`, { nextYearSalary: null })).body.lineItem,
    ).toMatchObject({ nextYearSalary: 47000, nextYearSalaryManual: false });
  });

  it('is refused while the employee is Inactive or Retiring', async () => {
    const w = await buildWorld(t.db.knex);
    for (const status of ['Inactive', 'Retiring']) {
      const id = await buildEmployee(t.db.knex, w, { employee_status: status, next_year_salary: null });
      const res = await patch(`/line-items/budget/${id}/next-year-salary`, { nextYearSalary: 70000 });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(new RegExp(`while the employee is ${status}`));
      expect((await lineRow(t.db.knex, id)).next_year_salary).toBeNull();
    }
  });
});

describe('PATCH /line-items/budget/:id/status', () => {
  it('returns 400 for an unknown status or an empty body', async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildEmployee(t.db.knex, w);
    expect(
      (await t.api('patch', `/line-items/budget/${id}/status`, { body: { employeeStatus: 'Inactive' } }))
        .status,
    ).toBe(401);
    expect((await patch(`/line-items/budget/${id}/status`, { employeeStatus: 'Retired' })).status).toBe(400);
    expect((await patch(`/line-items/budget/${id}/status`, {})).status).toBe(400);
    expect(
      (await patch(`/line-items/budget/${id}/status`, { employeeStatus: 'Inactive' }, viewer.token)).status,
    ).toBe(403);
    expect((await patch('/line-items/budget/999999/status', { employeeStatus: 'Inactive' })).status).toBe(
      404,
    );
  });

  it('Inactive clears a manual next-year salary; Active recomputes the automatic value', async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildEmployee(t.db.knex, w, {
      next_year_salary_manual: true,
      next_year_salary: '99999',
    });
    const off = await patch(`/line-items/budget/${id}/status`, {
      employeeStatus: 'Inactive',
      budgetStatus: 'Not budgeted',
    });
    expect(off.body.lineItem).toMatchObject({
      employeeStatus: 'Inactive',
      budgetStatus: 'Not budgeted',
      nextYearSalary: null,
      nextYearSalaryManual: false,
    });
    const retiring = await patch(`/line-items/budget/${id}/status`, { employeeStatus: 'Retiring' });
    expect(retiring.body.lineItem.nextYearSalary).toBeNull();
    const back = await patch(`/line-items/budget/${id}/status`, { employeeStatus: 'Active' });
    // 60,000 x 1.03 + 1.5% = 62,700
    expect(back.body.lineItem).toMatchObject({
      employeeStatus: 'Active',
      nextYearSalary: 62700,
      nextYearSalaryManual: false,
    });
    expect((await auditOf(t.db.knex, id)).map((a) => a.action)).toEqual(['status', 'status', 'status']);
  });

  it('changing only the budget status leaves the salary alone', async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildEmployee(t.db.knex, w, {
      next_year_salary_manual: true,
      next_year_salary: '99999',
    });
    const res = await patch(`/line-items/budget/${id}/status`, { budgetStatus: 'Funded by grant' });
    expect(res.body.lineItem).toMatchObject({
      budgetStatus: 'Funded by grant',
      nextYearSalary: 99999,
      nextYearSalaryManual: true,
    });
  });
});
