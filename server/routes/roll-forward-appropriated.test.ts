import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildWorkGroup } from '../../test/factories';
import { exportCents } from '../../test/real-files';

/**
 * Roll forward with teachers placed on a step-and-lane schedule. Of a Town Appropriated year (the
 * usual spring case, no confirmation asked): in the new year the teacher is paid the cell they
 * moved to (step 2 of FY2031) and the rule's next-year salary is the next cell (step 3 of FY2032),
 * both read here from the schedule's own amounts, and the source year stays locked and unchanged.
 * Where the schedule has no row for the new year, and where a projected line's step (from the
 * projection) and lane (from the line it was projected from) disagree, step, lane and placement
 * are written together or not at all (line_items_salary_placement_check never fires).
 */

const { t, admin } = useApp(['ADMIN']);
const knex = () => t.db.knex;
const api = (method: string, path: string, body?: unknown) =>
  t.api(method, path, { token: admin.token, body });
/** Numeric text -> cents, never through a float. */
const cents = (v: string | number) => exportCents(String(v));

/**
 * A work group on a one-lane schedule paying `amounts` (by fiscal year, step 1 first), in a
 * budget year of its own: what each test starts from.
 */
async function scheduleWorld(o: {
  label: string;
  lastFiscalYear?: string;
  lane: string;
  amounts: Record<number, string[]>;
}) {
  const made = await api('post', '/budget-years', { label: o.label, lastFiscalYear: o.lastFiscalYear });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const workGroupId = await buildWorkGroup(knex(), `Teachers ${o.label}`);
  const [schedule] = await knex()('salary_schedules')
    .insert({
      name: `Unit ${o.label}`,
      work_group_id: workGroupId,
      lanes: JSON.stringify([o.lane]),
      printed_cola: '{}',
    })
    .returning('id');
  await knex()('salary_schedule_amounts').insert(
    Object.entries(o.amounts).flatMap(([fy, steps]) =>
      steps.map((amount, i) => ({
        schedule_id: schedule.id,
        fiscal_year: Number(fy),
        step: i + 1,
        lane: o.lane,
        amount,
      })),
    ),
  );
  return { budgetYearId: made.body.budgetYear.id as number, workGroupId };
}

/** A teacher entered through the API, then placed (or not: step null) on the schedule. */
async function teacher(
  w: { budgetYearId: number; workGroupId: number },
  o: { fiscalYear: number; lastName: string; salary: number; step: number | null; lane: string },
): Promise<number> {
  const made = await api('post', '/line-items', {
    isOperating: true,
    budgetYearId: w.budgetYearId,
    fiscalYear: o.fiscalYear,
    lastName: o.lastName,
    currentSalary: o.salary,
    workGroupId: w.workGroupId,
    deseCode: '2305',
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.id ?? made.body.lineItem?.id;
  if (o.step !== null) {
    await place(id, o.step, o.lane);
  }
  return id;
}

async function place(id: number, step: number | null, lane: string | null) {
  const placed = await api('patch', `/line-items/budget/${id}/placement`, {
    salaryStep: step,
    salaryLane: lane,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
}

/** Step, lane and placement of a line, and whether all three are set or all three are empty. */
const placementOf = (l: {
  salary_step: number | null;
  salary_lane: string | null;
  salary_placement: string | null;
}) => {
  const set = [l.salary_step, l.salary_lane, l.salary_placement].map((v) => v !== null);
  return {
    step: l.salary_step,
    lane: l.salary_lane,
    placement: l.salary_placement,
    together: set.every((s) => s === set[0]),
  };
};

describe('roll forward of teachers placed on a salary schedule', () => {
  // First: once FY2030 is appropriated (the next test), FY2028 is closed history.
  it('writes step, lane and placement together for projected lines whose step and lane disagree', async () => {
    // FY2027 entered, FY2028 projected from it; the schedule has rows for FY2027 and FY2028 only.
    const w = await scheduleWorld({
      label: 'FY27',
      lastFiscalYear: 'FY28',
      lane: 'BA',
      amounts: { 2027: ['40000.00', '41000.00', '42000.00'], 2028: ['40800.00', '41820.00', '42840.00'] },
    });
    // Unplaced after the projection: the projection keeps a step, the lane is gone from the source.
    const unplaced = await teacher(w, {
      fiscalYear: 2027,
      lastName: 'Unplaced',
      salary: 41000,
      step: 2,
      lane: 'BA',
    });
    // Placed after the projection: the lane comes from the source, the projection has no step.
    const late = await teacher(w, {
      fiscalYear: 2027,
      lastName: 'Late',
      salary: 40000,
      step: null,
      lane: 'BA',
    });
    const projected = await api('post', '/projections/generate', {
      budgetYearId: w.budgetYearId,
      toFiscalYear: 2028,
      projectionType: 'operating',
      forceRegenerate: true,
    });
    expect(projected.status, JSON.stringify(projected.body)).toBe(200);
    await place(unplaced, null, null);
    await place(late, 1, 'BA');
    // Projected years now follow their source's placement; a database written before they did
    // may still hold a projected step without its lane, or a lane without its step: set here.
    await knex()('projected_lines').where({ source_line_id: unplaced }).update({ salary_step: 2 });
    await knex()('projected_lines').where({ source_line_id: late }).update({ salary_step: null });
    const sources = await knex()('line_items_all')
      .where({ budget_year_id: w.budgetYearId, fiscal_year: 2028, is_operating: true })
      .orderBy('last_name');
    // The case under test: each projected line has a step without a lane, or a lane without a step.
    expect(
      sources.map((l) => [l.last_name, l.is_projected, l.salary_step !== null, l.salary_lane !== null]),
    ).toEqual([
      ['Late', true, false, true],
      ['Unplaced', true, true, false],
    ]);

    const res = await api('post', '/roll-forward', { fromFiscalYear: 'FY2028', confirm: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rolled = await knex()('line_items')
      .where({ fiscal_year: 2029, is_operating: true })
      .orderBy('last_name');
    expect(rolled.map((l) => l.last_name)).toEqual(['Late', 'Unplaced']);
    for (const line of rolled) {
      // All three set or all three empty: a step from the projection never goes without its lane.
      expect(placementOf(line), line.last_name).toMatchObject({ together: true });
    }
    expect(placementOf(rolled[1])).toMatchObject({ step: null, lane: null, placement: null });
  });

  it('carries the teacher one step up the schedule without asking to confirm', async () => {
    // Step amounts by fiscal year: what the teacher is paid at each step, year by year.
    const AMOUNTS: Record<number, string[]> = {
      2030: ['50000.00', '52500.55', '55125.10'],
      2031: ['51000.00', '53550.61', '56227.60'],
      2032: ['52020.00', '54621.62', '57352.15'],
    };
    const w = await scheduleWorld({ label: 'FY30', lane: 'BA', amounts: AMOUNTS });
    const { budgetYearId } = w;
    await teacher(w, { fiscalYear: 2030, lastName: 'Placed', salary: 50000, step: 1, lane: 'BA' });
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
    // Amounts for FY2033 only: the schedule says nothing of FY2034 yet.
    const w = await scheduleWorld({ label: 'FY33', lane: 'MA', amounts: { 2033: ['60000.00', '62000.00'] } });
    await teacher(w, { fiscalYear: 2033, lastName: 'Unscheduled', salary: 62000, step: 2, lane: 'MA' });

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
