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
/**
 * A closed FY2026 position (part of no roster a roll forward carries, nor of its counts), then
 * FY2027's proposed salary lines set from the roster, as Update Salary Budget sets them once.
 */
export async function closedPostAndSalaryLines(
  t: TestApp,
  w: PositionsWorld,
  finance: string,
): Promise<void> {
  await t.db.knex('positions').insert({
    budget_year_id: w.budgetYearId,
    fiscal_year: 2026,
    title: 'Closed Post',
    fte: 1,
    status: 'closed',
    category_id: w.teachers,
  });
  const update = await t.api('post', '/reconciliation/update-salary-budget', {
    token: finance,
    body: { budgetYearId: w.budgetYearId, fiscalYear: 2027 },
  });
  if (update.status !== 200) {
    throw new Error(`update salary budget: ${update.status} ${JSON.stringify(update.body)}`);
  }
}

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

/** '61800.01' -> 6180001n; '0.5' (thousandths) -> 500n. */
const cents = (text: string) => {
  const [whole, frac = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
};
const milli = (text: string) => {
  const [whole, frac = ''] = text.split('.');
  return BigInt(whole) * 1000n + BigInt(frac.padEnd(3, '0').slice(0, 3));
};
/** num / den rounded half away from zero (both non-negative here). */
const roundDiv = (num: bigint, den: bigint) => (2n * num + den) / (2n * den);

/**
 * What a roster's positions cost, budgeted for the year after, per 'category|building|code' of
 * personnel categories, in cents: worked out here from the stored positions, holders, lines,
 * schedule cells and vacancy placements in integer arithmetic, never through the cost rule.
 * Unpriced vacancies add nothing; places adding up to 0 are left out (no salary line is kept there).
 */
export async function positionCostByPlace(
  db: Knex,
  budgetYearId: number,
  rosterYear: number,
): Promise<Record<string, number>> {
  const positions = await db.raw(
    `SELECT p.id, p.status, p.fte::text AS fte, p.category_id, p.building_id, p.dese_code, p.work_group_id,
            p.vacancy_step, p.vacancy_lane, c.is_personnel
       FROM positions p LEFT JOIN budget_categories c ON c.id = p.category_id
      WHERE p.budget_year_id = ? AND p.fiscal_year = ? AND p.status <> 'closed'`,
    [budgetYearId, rosterYear],
  );
  const holders = await db.raw(
    `SELECT h.position_id, h.fte_share::text AS share, li.next_year_salary::text AS next,
            li.current_salary::text AS salary, li.current_fte::text AS fte
       FROM position_holders h JOIN line_items li ON li.id = h.line_item_id`,
  );
  const cells = await db.raw(
    `SELECT ss.work_group_id, a.step, a.lane, a.amount::text AS amount FROM salary_schedule_amounts a
       JOIN salary_schedules ss ON ss.id = a.schedule_id WHERE a.fiscal_year = ?`,
    [rosterYear + 1],
  );
  const placements = await db.raw(`SELECT work_group_id, step, lane FROM vacancy_placements`);
  const out: Record<string, number> = {};
  for (const p of positions.rows) {
    let cost: bigint | null = 0n;
    if (p.status === 'filled') {
      for (const h of holders.rows.filter((x: { position_id: number }) => x.position_id === p.id)) {
        const fte = h.fte && milli(h.fte) !== 0n ? milli(h.fte) : 1000n;
        cost += roundDiv(cents(h.next ?? h.salary ?? '0') * milli(h.share), fte);
      }
    } else if (p.status === 'vacant' || p.status === 'posted') {
      const placed = p.vacancy_step
        ? { step: p.vacancy_step, lane: p.vacancy_lane }
        : placements.rows.find((v: { work_group_id: number }) => v.work_group_id === p.work_group_id);
      const cell = placed
        ? cells.rows.find(
            (c: { work_group_id: number; step: number; lane: string }) =>
              c.work_group_id === p.work_group_id && c.step === placed.step && c.lane === placed.lane,
          )
        : undefined;
      cost = cell ? roundDiv(cents(cell.amount) * milli(p.fte), 1000n) : null;
    }
    if (!p.is_personnel || cost === null) {
      continue;
    }
    const key = `${p.category_id}|${p.building_id}|${p.dese_code}`;
    out[key] = (out[key] ?? 0) + Number(cost);
  }
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== 0));
}
