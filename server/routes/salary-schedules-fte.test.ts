import { describe, expect, it } from 'vitest';
import { buildRuleWorld, grow, insertPeople, toCents, type RuleWorld } from '../../test/factories';
import { dollars, nearest, readIndependently, scheduleKit } from '../../test/worlds/salary-schedules.suite';

/**
 * Part-time staff on the real Lunenburg schedule: a cell is a full-time salary,
 * so a line is placed by its full-time equivalent (salary / FTE) and paid the next cell times its
 * FTE; an FTE change moves the salary by the same rule; an FTE of 0 or above 1.5 is refused.
 * Expected money is worked out here in integer cents from the CSV file itself.
 */
const kit = scheduleKit();
const { importInto, snapshot } = kit;
const S = readIndependently();
const knex = () => kit.t.db.knex;

/** cents x fte (fte in hundredths), rounded half up to the cent once. */
const atFte = (cents: bigint, fteHundredths: bigint) => {
  const scaled = cents * fteHundredths;
  return scaled / 100n + ((scaled % 100n) * 2n >= 100n ? 1n : 0n);
};

// Eight 0.8 FTE teachers across the schedule, as the demo district has them: paid 80% of a cell.
const CELLS: [number, string][] = [
  [1, 'Bach'],
  [3, 'Masters'],
  [5, 'M+15'],
  [7, 'B+30'],
  [9, 'M+30'],
  [11, 'M+60'],
  [12, 'Doctorate'],
  [13, 'M+45'],
];

async function partTimers(w: RuleWorld, offset = 0n) {
  const salaries = CELLS.map(([step, lane]) => atFte(S.at(2026, step, lane), 80n) + offset);
  const ids = await insertPeople(
    knex(),
    w,
    salaries.map((c, i) => ({
      firstName: 'P',
      lastName: `PartTime${i}`,
      salary: dollars(c),
      workGroupId: w.teachers,
      workGroup: w.names.teachers,
    })),
  );
  await knex()('line_items').whereIn('id', ids).update({ current_fte: 0.8 });
  return { ids, salaries };
}

async function cola(w: RuleWorld) {
  const res = await kit.t.api('post', '/cola/calculate', {
    token: kit.finance,
    body: { budgetYearId: w.budgetYearId, startYear: 2027, endYear: 2028 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('0.8 FTE teachers on the Lunenburg schedule', () => {
  it('are placed on the full-time-equivalent cell and paid the next cell x 0.8; the COLA calculation agrees', async () => {
    const w = await buildRuleWorld(knex());
    // 80% of a cell plus $123.44 (full time: the cell plus $154.30): still nearest that cell.
    const { ids, salaries } = await partTimers(w, 12344n);
    const imported = await importInto(w);
    expect(imported.status).toBe(201);

    const rows = await knex()('line_items').whereIn('id', ids).orderBy('id');
    let fy27 = 0n;
    let colaPart = 0n;
    rows.forEach((row: any, i: number) => {
      const [step, lane] = CELLS[i];
      // The full-time equivalent (salary / 0.8 = salary x 5 / 4, exact here) finds the cell.
      expect((salaries[i] * 5n) % 4n).toBe(0n);
      const cell = nearest(S, 2026, (salaries[i] * 5n) / 4n)!;
      expect([cell.step, cell.lane]).toEqual([step, lane]);
      expect([row.salary_step, row.salary_lane, row.salary_placement], `${step} ${lane}`).toEqual([
        step,
        lane,
        'suggested',
      ]);
      const next = atFte(S.at(2027, Math.min(step + 1, 13), lane), 80n);
      expect(toCents(row.next_year_salary), `${step} ${lane}`).toBe(next);
      // Never a full-time salary for a part-timer: under 10% raise even on the top step.
      expect(next * 100n < salaries[i] * 110n || step < 12).toBe(true);
      fy27 += next;
      colaPart += atFte(S.at(2027, step, lane), 80n) - atFte(S.at(2026, step, lane), 80n);
    });

    // The review list shows what the cell pays each of them (the cell x 0.8) and the difference.
    const listed = await kit.t.api('get', `/cola/schedules/${imported.body.schedule.id}/placements`, {
      token: kit.finance,
    });
    for (const [i, id] of ids.entries()) {
      const p = listed.body.placements.find((x: any) => x.id === id);
      const [step, lane] = CELLS[i];
      expect(toCents(p.cellAmount)).toBe(atFte(S.at(2026, step, lane), 80n));
      expect(toCents(p.difference)).toBe(12344n);
    }

    // The walk pays them what the stored next-year salaries say, and splits the change exactly.
    const body = await cola(w);
    const y27 = body.years.find((y: any) => y.fiscalYear === 2027);
    const base = salaries.reduce((a, b) => a + b, 0n);
    expect(toCents(y27.amount)).toBe(fy27);
    expect(toCents(y27.colaIncrease)).toBe(colaPart);
    expect(toCents(y27.stepsLanesIncrease)).toBe(fy27 - base - colaPart);
    // The RIF gap for FY2027 walks the same: its COLA and steps are the stored change, exactly.
    const rif = await kit.t.api('post', '/cola/calculate-rif-gap', {
      token: kit.finance,
      body: { budgetYearId: w.budgetYearId, fiscalYear: 2027, townFundingAmount: 0, baselineBudget: 0 },
    });
    expect(rif.status, JSON.stringify(rif.body)).toBe(200);
    const r = rif.body.calculation ?? rif.body;
    expect(toCents(r.colaImpact.total)).toBe(colaPart);
    expect(toCents(r.stepsLanesAmount)).toBe(fy27 - base - colaPart);
    expect(toCents(r.districtNeed)).toBe(fy27 - base);
    // FY2028: past the printed schedule, FY27's row grows by the settled 3% (to the cent), then x 0.8.
    const y28 = body.years.find((y: any) => y.fiscalYear === 2028);
    const fy28 = CELLS.reduce(
      (sum, [step, lane]) => sum + atFte(grow(S.at(2027, Math.min(step + 2, 13), lane), 300n), 80n),
      0n,
    );
    expect(toCents(y28.amount)).toBe(fy28);
  });
});

describe('an FTE change through the API', () => {
  const patch = (id: number, body: unknown) =>
    kit.t.api('patch', `/line-items/budget/${id}`, { token: kit.finance, body });

  it('pays a placed line its cell x the new FTE and an unplaced one its salary x new / old FTE', async () => {
    const w = await buildRuleWorld(knex());
    const placedSalary = S.at(2026, 3, 'Masters');
    const [placed, unplaced, typed] = await insertPeople(knex(), w, [
      {
        firstName: 'F',
        lastName: 'Placed',
        salary: dollars(placedSalary),
        workGroupId: w.teachers,
        workGroup: w.names.teachers,
      },
      {
        firstName: 'F',
        lastName: 'Unplaced',
        salary: '50000.01',
        workGroupId: w.custodians,
        workGroup: w.names.custodians,
      },
      {
        firstName: 'F',
        lastName: 'Typed',
        salary: '40000.00',
        workGroupId: w.custodians,
        workGroup: w.names.custodians,
      },
    ]);
    expect((await importInto(w)).status).toBe(201);
    expect((await knex()('line_items').where({ id: placed }).first()).salary_step).toBe(3);

    // The form sends the unchanged salary with the new FTE: the rule moves it.
    let res = await patch(placed, { currentFTE: 0.6, currentSalary: Number(dollars(placedSalary)) });
    expect(res.status).toBe(200);
    expect(toCents(res.body.lineItem.currentSalary)).toBe(atFte(placedSalary, 60n));
    expect(toCents(res.body.lineItem.nextYearSalary)).toBe(atFte(S.at(2027, 4, 'Masters'), 60n));

    res = await patch(unplaced, { currentFTE: 0.5 });
    expect(res.status).toBe(200);
    const half = atFte(5000001n, 50n); // $25,000.005 -> $25,000.01
    expect(toCents(res.body.lineItem.currentSalary)).toBe(half);
    expect(toCents(res.body.lineItem.nextYearSalary)).toBe(grow(half, w.custodianBp[2027]));

    // A salary typed with the FTE is the person's decision.
    res = await patch(typed, { currentFTE: 0.5, currentSalary: 21000 });
    expect(res.status).toBe(200);
    expect(toCents(res.body.lineItem.currentSalary)).toBe(2100000n);
    expect(toCents(res.body.lineItem.nextYearSalary)).toBe(grow(2100000n, w.custodianBp[2027]));

    // Each change is one audit entry naming the FTE and the salary it moved.
    const audits = await knex()('audit_log').where({ entity: 'line-item', entity_id: String(placed) });
    const fteAudit = audits.filter((a: any) => a.after?.currentFTE === 0.6);
    expect(fteAudit).toHaveLength(1);
  });

  it('refuses an FTE of 0 or above 1.5 with a 400 naming currentFTE, nothing written', async () => {
    const w = await buildRuleWorld(knex());
    const [id] = await insertPeople(knex(), w, [
      {
        firstName: 'F',
        lastName: 'Refused',
        salary: '60000.00',
        workGroupId: w.teachers,
        workGroup: w.names.teachers,
      },
    ]);
    const before = await snapshot(w);
    for (const fte of [0, 1.6, -0.5]) {
      const res = await patch(id, { currentFTE: fte });
      expect(res.status, String(fte)).toBe(400);
      expect(res.body.details.map((d: any) => d.path)).toContain('currentFTE');
      const created = await kit.t.api('post', '/line-items', {
        token: kit.finance,
        body: {
          budgetYearId: w.budgetYearId,
          fiscalYear: 2026,
          isOperating: true,
          lastName: 'New',
          currentSalary: 1000,
          currentFTE: fte,
        },
      });
      expect(created.status, String(fte)).toBe(400);
      expect(created.body.details.map((d: any) => d.path)).toContain('currentFTE');
    }
    expect(await snapshot(w)).toEqual(before);
  });

  it('refuses an FTE change that would move the salary past what a line holds, nothing written', async () => {
    const w = await buildRuleWorld(knex());
    const [id] = await insertPeople(knex(), w, [
      {
        firstName: 'F',
        lastName: 'Large',
        salary: '900000000000.00',
        workGroupId: w.custodians,
        workGroup: w.names.custodians,
      },
    ]);
    await knex()('line_items').where({ id }).update({ current_fte: 0.5 });
    const before = await snapshot(w);
    // 0.5 -> 1.0 doubles it to $1.8 trillion: more than numeric(14,2) holds.
    const res = await patch(id, { currentFTE: 1 });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: any) => d.path)).toEqual(['currentFTE']);
    expect(await snapshot(w)).toEqual(before);
  });
});

describe('a placement that would move a salary past what a line holds', () => {
  it('is a 400 naming salaryStep, nothing written', async () => {
    const w = await buildRuleWorld(knex());
    const [id] = await insertPeople(knex(), w, [
      {
        firstName: 'F',
        lastName: 'Huge',
        salary: '60000.00',
        workGroupId: w.teachers,
        workGroup: w.names.teachers,
      },
    ]);
    await knex()('line_items').where({ id }).update({ current_fte: 1.5 });
    const imported = await importInto(w);
    expect(imported.status).toBe(201);
    // A cell no real schedule has, written straight to the table: FY27 step 5 Bach at the most a
    // money column holds; at 1.5 FTE it would pay 1.5 times that.
    await knex()('salary_schedule_amounts')
      .where({ schedule_id: imported.body.schedule.id, fiscal_year: 2027, step: 5, lane: 'Bach' })
      .update({ amount: '999999999999.00' });
    const before = await snapshot(w);
    const res = await kit.t.api('patch', `/line-items/budget/${id}/placement`, {
      token: kit.finance,
      body: { salaryStep: 4, salaryLane: 'Bach' },
    });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: any) => d.path)).toEqual(['salaryStep']);
    expect(await snapshot(w)).toEqual(before);
  });
});
