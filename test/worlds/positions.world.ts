import type { Knex } from 'knex';
import type { TestApp } from '../app';
import { buildBuilding, buildCategory, buildWorkGroup, insertEmployees } from '../factories';
import { unique } from '../factories/unique';

/**
 * The positions tests' district: budget year FY26 made through the API (the home of FY2026), one
 * school, a personnel category (Teachers, 2305) and a non-personnel one, a Teachers work group on
 * a schedule with FY2027 cells (step 1 and 2 of lanes 'BA' and 'MA'), and four FY2026 employees
 * with next-year salaries: two full time, one at 0.5 FTE and one at 0.8 FTE.
 */
export interface PositionsWorld {
  budgetYearId: number;
  school: number;
  teachers: number;
  supplies: number;
  teacherGroup: number;
  /** Employee lines: Ada (1.0), Ben (1.0), Cy (0.5), Di (0.8). */
  people: { ada: number; ben: number; cy: number; di: number };
  /** The FY2027 cell amounts, step -> lane -> dollars as text. */
  cells: Record<number, Record<string, string>>;
}

export const CELLS: Record<number, Record<string, string>> = {
  1: { BA: '50000.00', MA: '55000.00' },
  2: { BA: '52000.00', MA: '57250.50' },
};

export async function buildPositionsWorld(t: TestApp, admin: string): Promise<PositionsWorld> {
  const made = await t.api('post', '/budget-years', { token: admin, body: { label: `FY26` } });
  if (made.status !== 201) {
    throw new Error(`budget year: ${made.status} ${JSON.stringify(made.body)}`);
  }
  const budgetYearId = made.body.budgetYear.id as number;
  const db: Knex = t.db.knex;
  const operating = await db('scenarios')
    .where({ budget_year_id: budgetYearId, scenario_type: 'operating', is_active: true })
    .first('id');
  const school = await buildBuilding(db, { name: `Hillside ${unique()}` });
  const teachers = await buildCategory(db, {
    name: `Teachers ${unique()}`,
    isPersonnel: true,
    deseFunction: '2305',
  });
  const supplies = await buildCategory(db, { name: `Supplies ${unique()}` });
  const teacherGroup = await buildWorkGroup(db, `Teachers ${unique()}`);
  const [schedule] = await db('salary_schedules')
    .insert({
      name: `Schedule ${unique()}`,
      work_group_id: teacherGroup,
      lanes: JSON.stringify(['BA', 'MA']),
    })
    .returning('id');
  await db('salary_schedule_amounts').insert(
    Object.entries(CELLS).flatMap(([step, lanes]) =>
      Object.entries(lanes).map(([lane, amount]) => ({
        schedule_id: schedule.id,
        fiscal_year: 2027,
        step: Number(step),
        lane,
        amount,
      })),
    ),
  );
  const person = (firstName: string, salary: string, next: string, fte: number) => ({
    budgetYearId,
    fiscalYear: 2026,
    scenarioId: operating?.id ?? null,
    firstName,
    lastName: `Teacher ${unique()}`,
    position: 'Grade 3 Teacher',
    salary,
    nextYearSalary: next,
    manual: true,
    fte,
    buildingId: school,
    categoryId: teachers,
    workGroupId: teacherGroup,
  });
  const [ada, ben, cy, di] = await insertEmployees(db, [
    person('Ada', '60000.00', '61800.01', 1),
    person('Ben', '70000.00', '72100.03', 1),
    person('Cy', '30000.00', '30900.05', 0.5),
    person('Di', '48000.00', '49440.07', 0.8),
  ]);
  return {
    budgetYearId,
    school,
    teachers,
    supplies,
    teacherGroup,
    people: { ada, ben, cy, di },
    cells: CELLS,
  };
}

/** Rows of the positions tables and the audit log: a refusal must leave all of them as they were. */
export async function footprint(db: Knex) {
  const count = async (table: string) => Number((await db(table).count({ n: '*' }))[0].n);
  return {
    positions: await count('positions'),
    holders: await count('position_holders'),
    history: await count('position_history'),
    // Refused roles are logged in the security log (audit_log too); the positions' entries are not.
    audit: Number(
      (await db('audit_log').whereIn('entity', ['position', 'vacancy_placement']).count({ n: '*' }))[0].n,
    ),
    versions: await db('positions').orderBy('id').pluck('version'),
  };
}

/**
 * A fiscal year's proposed personnel lines that count (active budget), by 'category|building|code'
 * (the code as the reports read it), in cents added from the stored text.
 */
export async function proposedSalaryLines(
  db: Knex,
  budgetYearId: number,
  fiscalYear = 2027,
): Promise<Record<string, number>> {
  const { rows } = await db.raw(
    `SELECT li.category_id, li.building_id, coalesce(li.dese_code, c.dese_function) AS code, li.amount::text AS amount
       FROM line_items li JOIN budget_categories c ON c.id = li.category_id AND c.is_personnel
       JOIN scenarios s ON s.id = li.scenario_id AND s.is_active
      WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND NOT li.is_operating`,
    [budgetYearId, fiscalYear],
  );
  const out: Record<string, number> = {};
  for (const r of rows) {
    const key = `${r.category_id}|${r.building_id}|${r.code}`;
    const [whole, frac = '0'] = r.amount.split('.');
    out[key] = (out[key] ?? 0) + Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  }
  return out;
}
