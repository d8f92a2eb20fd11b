import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildWorkGroup } from '../../test/factories';
import { exportCents } from '../../test/real-files';

/**
 * Roll forward of a Town Appropriated year (the usual spring case, no confirmation asked) with a
 * teacher placed on a step-and-lane schedule: in the new year the teacher is paid the cell they
 * moved to (step 2 of FY2031) and the rule's next-year salary is the next cell (step 3 of FY2032),
 * both read here from the schedule's own amounts. The source year stays locked and unchanged.
 */

const { t, admin } = useApp(['ADMIN']);
const knex = () => t.db.knex;
const api = (method: string, path: string, body?: unknown) =>
  t.api(method, path, { token: admin.token, body });
/** Numeric text -> cents, never through a float. */
const cents = (v: string | number) => exportCents(String(v));

describe('roll forward of a Town Appropriated year with a placed teacher', () => {
  it('carries the teacher one step up the schedule without asking to confirm', async () => {
    const made = await api('post', '/budget-years', { label: 'FY30' });
    expect(made.status).toBe(201);
    const budgetYearId = made.body.budgetYear.id;
    const teachers = await buildWorkGroup(knex(), 'Teachers AP');
    const [schedule] = await knex()('salary_schedules')
      .insert({ name: 'Unit A', work_group_id: teachers, lanes: JSON.stringify(['BA']), printed_cola: '{}' })
      .returning('id');
    // Step amounts by fiscal year: what the teacher is paid at each step, year by year.
    const AMOUNTS: Record<number, string[]> = {
      2030: ['50000.00', '52500.55', '55125.10'],
      2031: ['51000.00', '53550.61', '56227.60'],
      2032: ['52020.00', '54621.62', '57352.15'],
    };
    await knex()('salary_schedule_amounts').insert(
      Object.entries(AMOUNTS).flatMap(([fy, steps]) =>
        steps.map((amount, i) => ({
          schedule_id: schedule.id,
          fiscal_year: Number(fy),
          step: i + 1,
          lane: 'BA',
          amount,
        })),
      ),
    );
    const teacher = await api('post', '/line-items', {
      isOperating: true,
      budgetYearId,
      fiscalYear: 2030,
      lastName: 'Placed',
      currentSalary: 50000,
      workGroupId: teachers,
      deseCode: '2305',
    });
    expect(teacher.status, JSON.stringify(teacher.body)).toBe(201);
    const id = teacher.body.id ?? teacher.body.lineItem?.id;
    const placed = await api('patch', `/line-items/budget/${id}/placement`, {
      salaryStep: 1,
      salaryLane: 'BA',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const books = await api('post', '/line-items', {
      isOperating: false,
      budgetYearId,
      fiscalYear: 2030,
      accountDescription: 'Library books',
      amount: 4321.09,
      deseCode: '2410',
    });
    expect(books.status, JSON.stringify(books.body)).toBe(201);
    for (const stage of ['SUPERINTENDENT_RECOMMENDED', 'SCHOOL_COMMITTEE_ADOPTED', 'TOWN_APPROPRIATED']) {
      const moved = await api('post', '/budget-stages/advance', {
        budgetYearId,
        fiscalYear: 2030,
        stage,
        date: '2029-05-01',
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const source = await knex()('line_items')
      .where({ budget_year_id: budgetYearId, fiscal_year: 2030 })
      .orderBy('id');

    const res = await api('post', '/roll-forward', { fromFiscalYear: 'FY2030' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.warning).toBeNull();
    expect(res.body.from).toMatchObject({ stage: 'TOWN_APPROPRIATED', stageLabel: 'Town Appropriated' });
    const [rolled] = await knex()('line_items').where({ fiscal_year: 2031, is_operating: true });
    expect(rolled).toMatchObject({
      last_name: 'Placed',
      salary_step: 2,
      salary_lane: 'BA',
      fiscal_year: 2031,
    });
    expect(cents(rolled.current_salary)).toBe(cents(AMOUNTS[2031][1]));
    expect(cents(rolled.next_year_salary)).toBe(cents(AMOUNTS[2032][2]));
    expect(res.body.totals).toMatchObject({
      employeesCarried: 1,
      operatingTotal: Number(AMOUNTS[2031][1]),
      nextYearSalaryTotal: Number(AMOUNTS[2032][2]),
      proposedTotal: 4321.09,
    });
    // The appropriated year is as it was.
    expect(
      await knex()('line_items').where({ budget_year_id: budgetYearId, fiscal_year: 2030 }).orderBy('id'),
    ).toEqual(source);
  });

  it('keeps a placed teacher on their step where the schedule has no row for the new year', async () => {
    const made = await api('post', '/budget-years', { label: 'FY33' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const budgetYearId = made.body.budgetYear.id;
    const teachers = await buildWorkGroup(knex(), 'Teachers FY33');
    const [schedule] = await knex()('salary_schedules')
      .insert({ name: 'Unit B', work_group_id: teachers, lanes: JSON.stringify(['MA']), printed_cola: '{}' })
      .returning('id');
    // Amounts for FY2033 only: the schedule says nothing of FY2034 yet.
    await knex()('salary_schedule_amounts').insert(
      ['60000.00', '62000.00'].map((amount, i) => ({
        schedule_id: schedule.id,
        fiscal_year: 2033,
        step: i + 1,
        lane: 'MA',
        amount,
      })),
    );
    const teacher = await api('post', '/line-items', {
      isOperating: true,
      budgetYearId,
      fiscalYear: 2033,
      lastName: 'Unscheduled',
      currentSalary: 62000,
      workGroupId: teachers,
      deseCode: '2305',
    });
    expect(teacher.status, JSON.stringify(teacher.body)).toBe(201);
    const id = teacher.body.id ?? teacher.body.lineItem?.id;
    const placed = await api('patch', `/line-items/budget/${id}/placement`, {
      salaryStep: 2,
      salaryLane: 'MA',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);

    const res = await api('post', '/roll-forward', { fromFiscalYear: 'FY2033', confirm: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [rolled] = await knex()('line_items').where({ fiscal_year: 2034, is_operating: true });
    expect(rolled).toMatchObject({
      last_name: 'Unscheduled',
      salary_lane: 'MA',
      salary_placement: 'confirmed',
    });
    expect(rolled.salary_step).not.toBeNull();
  });
});
