import type { Knex } from 'knex';
import {
  buildBudgetYear,
  buildBuilding,
  buildCategory,
  buildScenario,
  buildWorkGroup,
  insertEmployees,
  insertProposed,
  type EmployeeInput,
  type ProposedInput,
} from '../factories';

/**
 * A district for the public dashboard tests, with figures a person can check by hand. FY2026 of
 * budget year 'FY26':
 * - staff: North 12 people (2 of them projected), South 7, East 3 (East is below 5, so it and the
 *   next smallest, South, are published together as 'Other'); teachers 6 in $50k-$60k, 5 in
 *   $60k-$70k and 1 at $91,000 (the $90k range is suppressed, so the $60k range is merged too);
 *   3 paraeducators, too few to publish at all.
 * - proposed budget: lines in three categories (one named like a formula) with DESE codes on the
 *   line, on the category, unknown, and none; a town goal; 150 + 50 students enrolled.
 */
export interface PublicWorld {
  budgetYearId: number;
  proposedScenarioId: number;
  operatingScenarioId: number;
  north: number;
  employees: EmployeeInput[];
  proposed: ProposedInput[];
  teachersCat: number;
  students: number;
  townGoal: string;
}

export const FY = 2026;

export async function buildPublicWorld(db: Knex): Promise<PublicWorld> {
  const budgetYearId = await buildBudgetYear(db, { currentFiscalYear: FY, label: 'FY26' });
  const operatingScenarioId = await buildScenario(db, budgetYearId, 'operating');
  const proposedScenarioId = await buildScenario(db, budgetYearId, 'proposed');
  const north = await buildBuilding(db, { name: 'North Elementary', buildingType: null });
  const south = await buildBuilding(db, { name: 'South Middle', buildingType: null });
  const east = await buildBuilding(db, { name: 'East Annex', buildingType: null });
  const teachers = await buildWorkGroup(db, 'Teachers');
  const paras = await buildWorkGroup(db, 'Paraprofessionals');
  const teachersCat = await buildCategory(db, { name: 'Teachers', color: '#1d4ed8', isPersonnel: true });
  const suppliesCat = await buildCategory(db, { name: 'Supplies', deseFunction: '2410' });
  const trickCat = await buildCategory(db, { name: '=HYPERLINK("http://evil.example","x")' });

  const base = { budgetYearId, fiscalYear: FY, scenarioId: operatingScenarioId };
  const employees: EmployeeInput[] = [];
  const person = (i: number) => ({ firstName: `Quintessa${i}`, lastName: `Vandermolen${i}` });
  // North: 6 teachers $50k-$60k, 2 paras, 2 clerks, and 2 projected teachers.
  for (let i = 0; i < 6; i++) {
    employees.push({
      ...base,
      ...person(i),
      salary: `5${i}123.4${i}`,
      workGroupId: teachers,
      buildingId: north,
    });
  }
  employees.push(
    { ...base, ...person(6), salary: '31234.56', workGroupId: paras, buildingId: north },
    { ...base, ...person(7), salary: '32345.67', workGroupId: paras, buildingId: north },
    { ...base, ...person(8), salary: '44444.44', buildingId: north },
    { ...base, ...person(9), salary: '45555.55', buildingId: north },
    {
      ...base,
      ...person(10),
      salary: '77777.77',
      workGroupId: teachers,
      buildingId: north,
      isProjected: true,
    },
    {
      ...base,
      ...person(11),
      salary: '78888.88',
      workGroupId: teachers,
      buildingId: north,
      isProjected: true,
    },
  );
  // South: 5 teachers $60k-$70k, 1 para, 1 clerk.
  for (let i = 12; i < 17; i++) {
    employees.push({
      ...base,
      ...person(i),
      salary: `6${i - 12}234.5${i - 12}`,
      workGroupId: teachers,
      buildingId: south,
    });
  }
  employees.push(
    { ...base, ...person(17), salary: '33456.78', workGroupId: paras, buildingId: south },
    { ...base, ...person(18), salary: '46666.66', buildingId: south },
  );
  // East: one teacher at $91,000 and two clerks.
  employees.push(
    { ...base, ...person(19), salary: '91000.00', workGroupId: teachers, buildingId: east },
    { ...base, ...person(20), salary: '47777.77', buildingId: east },
    { ...base, ...person(21), salary: '48888.88', buildingId: east },
  );
  await insertEmployees(db, employees);

  const p = { budgetYearId, fiscalYear: FY, scenarioId: proposedScenarioId };
  const proposed: ProposedInput[] = [
    {
      ...p,
      amount: '1250000.10',
      categoryId: teachersCat,
      buildingId: north,
      columns: { dese_code: '2305' },
    },
    { ...p, amount: '980000.05', categoryId: teachersCat, buildingId: south, columns: { dese_code: '2305' } },
    { ...p, amount: '150000.00', categoryId: teachersCat, columns: { dese_code: '1210' } },
    { ...p, amount: '42000.33', categoryId: suppliesCat, buildingId: north },
    { ...p, amount: '-2500.00', categoryId: suppliesCat, buildingId: east, columns: { dese_code: 'XXXX' } },
    { ...p, amount: '9999.99', categoryId: trickCat },
    { ...p, amount: '12345.67' },
  ];
  await insertProposed(db, proposed);
  const townGoal = '2500000.00';
  await db('town_goals').insert({ fiscal_year: FY, goal_type: 'DOLLAR', dollar_goal: townGoal });
  await db('enrollment').insert([
    { budget_year_id: budgetYearId, building_id: north, grade: 'K', student_count: 150 },
    { budget_year_id: budgetYearId, building_id: south, grade: '6', student_count: 50 },
  ]);
  return {
    budgetYearId,
    proposedScenarioId,
    operatingScenarioId,
    north,
    employees,
    proposed,
    teachersCat,
    students: 200,
    townGoal,
  };
}
