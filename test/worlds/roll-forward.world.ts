import type { Knex } from 'knex';
import { expect } from 'vitest';
import type { TestApp } from '../app';
import { buildContract, buildWorkGroup } from '../factories';

/**
 * The roll forward tests' district: budget year FY27 made through the API (its one home of FY2027),
 * Teachers on a settled contract (3% into FY2028, 2.5% into FY2029) with 1.5% steps and lanes,
 * Custodians with no COLA for FY2029; employees and proposed lines entered through the API, so
 * their next-year salaries are the rule's. One retiring and one inactive employee, and one proposed
 * line marked one-time (PUT /line-items/:id { oneTime: true }).
 */
export interface RollWorld {
  budgetYearId: number;
  teachers: number;
  custodians: number;
  /** Percent points (in basis points) the rule adds moving each group's line into FY2029. */
  bpInto2029: { teachers: bigint; custodians: bigint };
  employees: number[];
  proposed: number[];
  oneTime: number;
}

export async function buildRollWorld(t: TestApp, admin: string): Promise<RollWorld> {
  const api = (method: string, path: string, body: unknown) => t.api(method, path, { token: admin, body });
  const made = await api('post', '/budget-years', { label: 'FY27' });
  expect(made.status).toBe(201);
  const budgetYearId = made.body.budgetYear.id as number;
  const db: Knex = t.db.knex;
  const teachers = await buildWorkGroup(db, 'Teachers RF');
  const custodians = await buildWorkGroup(db, 'Custodians RF');
  await buildContract(db, {
    workGroupId: teachers,
    status: 'SETTLED',
    rates: [
      [2027, 2],
      [2028, 3],
      [2029, 2.5],
    ],
  });
  await db('budget_settings')
    .where({ budget_year_id: budgetYearId })
    .update({
      step_lane_adjustment_type: 'PERCENTAGE',
      step_lane_adjustment_value: 1.5,
      steps_lanes_work_groups: JSON.stringify([teachers]),
    });
  const person = (lastName: string, currentSalary: number, workGroupId: number | null, extra = {}) =>
    api('post', '/line-items', {
      isOperating: true,
      budgetYearId,
      fiscalYear: 2027,
      lastName,
      firstName: 'Pat',
      currentSalary,
      workGroupId,
      ...extra,
    });
  const employees: number[] = [];
  for (const [name, salary, group, extra] of [
    ['Alvarez', 61234.57, teachers, {}],
    ['Brooks', 48999.99, custodians, {}],
    ['Chen', 75000.01, teachers, { nextYearSalary: 80000.5 }],
    ['Dunn', 52000, teachers, { employeeStatus: 'Retiring' }],
    ['Ellis', 39999.95, custodians, { employeeStatus: 'Inactive' }],
  ] as const) {
    const res = await person(name, salary, group, extra);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    employees.push(res.body.id ?? res.body.lineItem?.id);
  }
  const proposed: number[] = [];
  for (const [description, amount] of [
    ['Textbooks', 12345.67],
    ['Bus contract', 250000.01],
    ['Roof repair (one time)', 98000.33],
  ] as const) {
    const res = await api('post', '/line-items', {
      isOperating: false,
      budgetYearId,
      fiscalYear: 2027,
      accountDescription: description,
      amount,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    proposed.push(res.body.id ?? res.body.lineItem?.id);
  }
  const oneTime = proposed[2];
  const marked = await api('put', `/line-items/${oneTime}`, {
    accountDescription: 'Roof repair (one time)',
    amount: 98000.33,
    oneTime: true,
  });
  expect(marked.status, JSON.stringify(marked.body)).toBe(200);
  expect((await db('line_items').where({ id: oneTime }).first('one_time')).one_time).toBe(true);
  return {
    budgetYearId,
    teachers,
    custodians,
    bpInto2029: { teachers: 400n, custodians: 0n },
    employees,
    proposed,
    oneTime,
  };
}
