import type { Knex } from 'knex';
import { createTestApp } from '../app';
import { buildBudgetYear, buildContract, buildScenario, buildStepsAndLanes } from './budget-years';
import { insertEmployees, insertProposed } from './lines';
import { buildBuilding, buildCategory, buildWorkGroup } from './reference';
import { unique } from './unique';

/**
 * Worlds: a budget year of a test's own with what a group of tests needs around it, so tests never
 * depend on the demo seed or on each other.
 */

export interface World {
  budgetYearId: number;
  label: string;
  operatingScenarioId: number;
  proposedScenarioId: number;
  buildingId: number;
  otherBuildingId: number;
  categoryId: number;
  teachersId: number;
  custodiansId: number;
}

/**
 * For the line-item and scenario tests: a budget year (label unique per call) with active operating
 * and proposed scenarios, two buildings, a category, and work groups Teachers (3% settled COLA for
 * FY27, steps and lanes 1.5%) and Custodians (2% negotiating COLA for FY27, no steps).
 */
export async function buildWorld(db: Knex): Promise<World> {
  const tag = unique();
  const label = `Test ${tag}`;
  const budgetYearId = await buildBudgetYear(db, { label, name: `Budget ${tag}`, notes: null });
  const operatingScenarioId = await buildScenario(db, budgetYearId, 'operating', true, `Operating ${tag}`);
  const proposedScenarioId = await buildScenario(db, budgetYearId, 'proposed', true, `Proposed ${tag}`);
  const buildingId = await buildBuilding(db, { name: `North School ${tag}`, code: null, buildingType: null });
  const otherBuildingId = await buildBuilding(db, {
    name: `South School ${tag}`,
    code: null,
    buildingType: null,
  });
  const categoryId = await buildCategory(db, { name: `Supplies ${tag}`, displayOrder: 1 });
  const teachersId = await buildWorkGroup(db, `Teachers ${tag}`);
  const custodiansId = await buildWorkGroup(db, `Custodians ${tag}`);
  await buildStepsAndLanes(db, budgetYearId, [teachersId]);
  await buildContract(db, {
    name: `Unit A ${tag}`,
    workGroupId: teachersId,
    status: 'SETTLED',
    rates: [
      [2026, 2.5],
      [2027, 3],
    ],
    endYear: 2028,
    contractYears: 3,
  });
  await buildContract(db, {
    name: `Custodial ${tag}`,
    workGroupId: custodiansId,
    status: 'NEGOTIATING',
    rates: [[2027, 2]],
  });
  return {
    budgetYearId,
    label,
    operatingScenarioId,
    proposedScenarioId,
    buildingId,
    otherBuildingId,
    categoryId,
    teachersId,
    custodiansId,
  };
}

/** An employee line in the world (FY2026, Teachers, North School, $60,000 unless overridden). */
export async function buildEmployee(
  db: Knex,
  w: World,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const [id] = await insertEmployees(db, [
    {
      budgetYearId: w.budgetYearId,
      scenarioId: w.operatingScenarioId,
      fiscalYear: 2026,
      firstName: 'Pat',
      lastName: `Lee${unique().replace(/\D/g, '')}`,
      position: 'Grade 2 Teacher',
      salary: '60000.00',
      nextYearSalary: '62700.00',
      workGroupId: w.teachersId,
      workGroup: 'Teachers',
      buildingId: w.buildingId,
      columns: { hire_date: '2015-08-25', ...overrides },
    },
  ]);
  return id;
}

/** A proposed line in the world (FY2026, the world's category, District Wide, $1,000 unless overridden). */
export async function buildProposed(
  db: Knex,
  w: World,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const [id] = await insertProposed(db, [
    {
      budgetYearId: w.budgetYearId,
      scenarioId: w.proposedScenarioId,
      fiscalYear: 2026,
      accountDescription: `Instructional supplies ${unique()}`,
      accountLine: '01-2430-5500',
      amount: '1000.00',
      categoryId: w.categoryId,
      columns: overrides,
    },
  ]);
  return id;
}

/**
 * For the next-year salary rule and projection tests: a budget year (current FY26) with Teachers
 * with steps and lanes (1.5%) and a settled contract (FY27 2%, FY28 3%, FY29 2.5%, nothing for FY30)
 * beside a negotiating one the settled one outranks; Custodians with a negotiating contract for
 * FY27 only (2.5%), no steps; Librarians with no contract at all.
 */
export interface RuleWorld {
  budgetYearId: number;
  operatingScenarioId: number;
  proposedScenarioId: number;
  teachers: number;
  custodians: number;
  librarians: number;
  /** The work groups' names, as lines spell them. */
  names: { teachers: string; custodians: string; librarians: string };
  /** Basis points (1% = 100) the rule adds moving a Teacher / Custodian into each fiscal year. */
  teacherBp: Record<number, bigint>;
  custodianBp: Record<number, bigint>;
}

export async function buildRuleWorld(db: Knex): Promise<RuleWorld> {
  const budgetYearId = await buildBudgetYear(db, { currentFiscalYear: 2026 });
  const operatingScenarioId = await buildScenario(db, budgetYearId, 'operating');
  const proposedScenarioId = await buildScenario(db, budgetYearId, 'proposed');
  const names = {
    teachers: `Teachers ${budgetYearId}`,
    custodians: `Custodians ${budgetYearId}`,
    librarians: `Librarians ${budgetYearId}`,
  };
  const teachers = await buildWorkGroup(db, names.teachers);
  const custodians = await buildWorkGroup(db, names.custodians);
  const librarians = await buildWorkGroup(db, names.librarians);
  await buildStepsAndLanes(db, budgetYearId, [teachers]);
  const contract = (workGroupId: number, status: string, rates: [number, number][]) =>
    buildContract(db, { name: `Contract ${workGroupId} ${status}`, workGroupId, status, rates });
  await contract(teachers, 'NEGOTIATING', [[2027, 9.9]]);
  await contract(teachers, 'SETTLED', [
    [2027, 2],
    [2028, 3],
    [2029, 2.5],
  ]);
  await contract(custodians, 'NEGOTIATING', [[2027, 2.5]]);
  await contract(librarians, 'EXPIRED', [[2027, 4]]);
  return {
    budgetYearId,
    operatingScenarioId,
    proposedScenarioId,
    teachers,
    custodians,
    librarians,
    names,
    teacherBp: { 2027: 350n, 2028: 450n, 2029: 400n, 2030: 150n },
    custodianBp: { 2027: 250n, 2028: 0n, 2029: 0n, 2030: 0n },
  };
}

export interface PersonInput {
  firstName: string;
  lastName: string;
  salary: string | null;
  nextYearSalary?: string | null;
  manual?: boolean;
  workGroupId?: number | null;
  workGroup?: string | null;
  status?: 'Active' | 'Retiring' | 'Inactive';
  position?: string;
  fiscalYear?: number;
  isProjected?: boolean;
  metadata?: Record<string, unknown>;
}

/** Employee lines of the rule world's active operating budget (FY2026, 'Staff' unless given). */
export function insertPeople(db: Knex, w: RuleWorld, people: PersonInput[]): Promise<number[]> {
  return insertEmployees(
    db,
    people.map((p) => ({
      ...p,
      budgetYearId: w.budgetYearId,
      scenarioId: w.operatingScenarioId,
      fiscalYear: p.fiscalYear ?? 2026,
      position: p.position ?? 'Staff',
    })),
  );
}

export type BulkUpdateWorld = Awaited<ReturnType<typeof buildBulkUpdateWorld>>;

let bulkSeq = 0;

/**
 * For the bulk-update route tests: a real server with an ADMIN, a FINANCE and a VIEW_ONLY user,
 * three buildings (one without a code), and factories that give each test its own budget year and
 * employee lines.
 */
export async function buildBulkUpdateWorld() {
  const t = await createTestApp();
  const admin = await t.userWith('ADMIN');
  const finance = await t.userWith('FINANCE');
  const viewer = await t.userWith('VIEW_ONLY');
  const knex = t.db.knex;
  const buildings: Record<string, number> = {};
  for (const [name, code] of [
    ['Bulk High School', 'BHS'],
    ['Brookside Elementary School', 'BES'],
    ['Riverview Middle School', null],
  ] as const) {
    buildings[name] = await buildBuilding(knex, { name, code, buildingType: null });
  }

  return {
    t,
    admin,
    finance,
    viewer,
    /** Ids by name: Bulk High School (BHS), Brookside Elementary School (BES), Riverview Middle School. */
    buildings,
    /** A new budget year (current fiscal year 2026, no base year). */
    async budgetYear(): Promise<number> {
      bulkSeq += 1;
      return buildBudgetYear(knex, {
        label: `FY-bu${bulkSeq}`,
        name: `Bulk ${bulkSeq}`,
        baseYear: null,
        notes: null,
      });
    },
    /** Employee lines (FY2026, operating, $60,000, no building unless overridden); their ids in order. */
    async employees(budgetYearId: number, rows: Record<string, unknown>[]): Promise<number[]> {
      const inserted = await knex('line_items')
        .insert(
          rows.map((r) => ({
            budget_year_id: budgetYearId,
            fiscal_year: 2026,
            is_operating: true,
            current_salary: 60000,
            ...r,
          })),
        )
        .returning('id');
      return inserted.map((r: { id: number }) => r.id);
    },
    /** The line_items rows, by id. */
    lines: (ids: number[]) => knex('line_items').whereIn('id', ids).orderBy('id'),
    /** The line-item audit rows of those lines, oldest first. */
    audits: (ids: number[]) =>
      knex('audit_log').where({ entity: 'line-item' }).whereIn('entity_id', ids.map(String)).orderBy('id'),
    /** POST as the admin unless another token is given. */
    post: (path: string, body: unknown, token = admin.token) => t.api('post', path, { token, body }),
  };
}
