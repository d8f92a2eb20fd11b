import { describe, expect, it } from 'vitest';
import { applyAutomaticNextYearSalary } from '@server/domains/line-items/index';
import { buildRuleWorld, grow, insertPeople, toCents } from '../../test/factories';
import {
  dollars,
  nearest as nearestIn,
  readIndependently,
  scheduleKit,
} from '../../test/worlds/salary-schedules.suite';

/** Suggesting, confirming and setting placements on the Lunenburg schedule, and the line DTO showing them. */
const kit = scheduleKit();
const { importInto, snapshot, uniqueName } = kit;
const S = readIndependently();
const knex = () => kit.t.db.knex;
const nearest = (fy: number, salary: bigint) => nearestIn(S, fy, salary);

describe('suggest-placements', () => {
  it('places each employee on the nearest cell of FY26 (ties: lower lane, then lower step), within 10% of the salary', async () => {
    const w = await buildRuleWorld(knex());
    const top = S.at(2026, 13, 'Doctorate');
    // A salary exactly halfway between two cells that are both the nearest: the tie goes to the lower lane.
    let tie: bigint | null = null;
    for (const [ka, a] of S.cells) {
      for (const [kb, b] of S.cells) {
        const la = ka.split('|');
        const lb = kb.split('|');
        if (
          la[0] === '2026' &&
          lb[0] === '2026' &&
          la[2] !== lb[2] &&
          b > a &&
          (b - a) % 2n === 0n &&
          tie === null
        ) {
          const mid = (a + b) / 2n;
          if (nearest(2026, mid)!.d === (b - a) / 2n) {
            tie = mid;
          }
        }
      }
    }
    expect(tie).not.toBeNull();
    const salaries: [string, bigint][] = [
      ['Exact', S.at(2026, 3, 'Masters')],
      ['ExactTop', top],
      ['Near', S.at(2026, 6, 'M+30') + 12345n],
      ['Below', S.at(2026, 1, 'Bach') - 400000n],
      ['Tie', tie!],
      ['Edge', (top * 10n) / 9n], // within 10% of itself above the top cell
      ['Beyond', (top * 10n) / 9n + 1n], // a cent further: unmatched
      ['Low', 3000000n], // $30,000: far below every cell
    ];
    const ids = await insertPeople(
      knex(),
      w,
      salaries.map(([lastName, c]) => ({
        firstName: 'T',
        lastName,
        salary: dollars(c),
        workGroupId: w.teachers,
        workGroup: w.names.teachers,
      })),
    );
    const [confirmed, custodian, projected] = await insertPeople(knex(), w, [
      {
        firstName: 'C',
        lastName: 'Confirmed',
        salary: dollars(S.at(2026, 9, 'Bach')),
        workGroupId: w.teachers,
      },
      {
        firstName: 'O',
        lastName: 'Other',
        salary: dollars(S.at(2026, 3, 'Bach')),
        workGroupId: w.custodians,
      },
      {
        firstName: 'P',
        lastName: 'Projected',
        salary: dollars(S.at(2026, 3, 'Bach')),
        workGroupId: w.teachers,
        isProjected: true,
      },
    ]);
    await knex()('line_items')
      .where({ id: confirmed })
      .update({ salary_step: 1, salary_lane: 'Bach', salary_placement: 'confirmed' });
    // As an import leaves them: each with its automatic next-year salary.
    await knex().transaction((trx) => applyAutomaticNextYearSalary(trx, ids));

    const imported = await importInto(w, { name: uniqueName() });
    const id = imported.body.schedule.id;
    const res = await kit.t.api('post', `/cola/schedules/${id}/suggest-placements`, {
      token: kit.finance,
      body: {},
    });
    expect(res.status).toBe(200);

    const expected = salaries.map(([, c]) => ({ c, cell: nearest(2026, c) }));
    // A suggested cell prices next year before anyone confirms it: those it puts below this year's
    // salary ('Edge', paid above the top cell) are counted, with the pay they would lose.
    const cuts = expected.flatMap(({ c, cell }) => {
      const next = cell ? S.at(2027, Math.min(cell.step + 1, 13), cell.lane) : null;
      return next !== null && next < c ? [c - next] : [];
    });
    expect(cuts.length).toBeGreaterThan(0);
    expect(res.body).toEqual({
      exact: expected.filter((e) => e.cell?.d === 0n).length,
      suggested: expected.filter((e) => e.cell && e.cell.d > 0n).length,
      unmatched: expected.filter((e) => !e.cell).length,
      belowCurrent: { count: cuts.length, amount: Number(dollars(cuts.reduce((a, b) => a + b, 0n))) },
    });
    expect(res.body).toEqual(imported.body.placements);
    expect(res.body).toMatchObject({ exact: 2, suggested: 4, unmatched: 2 });

    const rows = await knex()('line_items').whereIn('id', ids).orderBy('id');
    rows.forEach((row: any, i: number) => {
      const cell = expected[i].cell;
      expect([row.salary_step, row.salary_lane, row.salary_placement], salaries[i][0]).toEqual(
        cell ? [cell.step, cell.lane, 'suggested'] : [null, null, null],
      );
      // The stored next-year salary follows the placement: FY27's amount one step up, same lane;
      // unplaced, the pooled rule (2% settled COLA + 1.5% steps).
      const next = cell
        ? S.at(2027, Math.min(cell.step + 1, 13), cell.lane)
        : grow(expected[i].c, w.teacherBp[2027]);
      expect(toCents(row.next_year_salary), salaries[i][0]).toBe(next);
    });
    expect([rows[0].salary_step, rows[0].salary_lane]).toEqual([3, 'Masters']);
    expect([rows[1].salary_step, rows[1].salary_lane]).toEqual([13, 'Doctorate']);
    expect([rows[5].salary_step, rows[5].salary_lane]).toEqual([13, 'Doctorate']);
    const untouched = await knex()('line_items')
      .whereIn('id', [confirmed, custodian, projected])
      .orderBy('id');
    expect(untouched.map((r: any) => [r.salary_step, r.salary_lane, r.salary_placement])).toEqual([
      [1, 'Bach', 'confirmed'],
      [null, null, null],
      [null, null, null],
    ]);

    const listed = await kit.t.api('get', `/cola/schedules/${id}/placements`, { token: kit.finance });
    expect(listed.body).toMatchObject({ budgetYearId: w.budgetYearId, fiscalYear: 2026 });
    const near = listed.body.placements.find((p: any) => p.id === ids[2]);
    expect(toCents(near.difference)).toBe(salaries[2][1] - toCents(near.cellAmount)!);
    expect(
      (await kit.t.api('get', `/cola/schedules/${id}`, { token: kit.finance })).body.schedule,
    ).toMatchObject({
      placedCount: 7,
      confirmedCount: 1,
    });
  });

  it('refuses a budget year whose current fiscal year the schedule does not print, and an id of nothing', async () => {
    const w = await buildRuleWorld(knex());
    const imported = await importInto(w);
    const [by] = await knex()('budget_years')
      .insert({
        fiscal_year: `FY30 ${uniqueName()}`,
        name: 'Later',
        current_fiscal_year: 2030,
        base_year: 2030,
      })
      .returning('id');
    const later = await kit.t.api('post', `/cola/schedules/${imported.body.schedule.id}/suggest-placements`, {
      token: kit.finance,
      body: { budgetYearId: by.id },
    });
    expect(later.status).toBe(400);
    expect(later.body.details).toEqual([
      { path: 'budgetYearId', message: 'FY30 is not a year of the schedule' },
    ]);
    const none = await kit.t.api('post', `/cola/schedules/${imported.body.schedule.id}/suggest-placements`, {
      token: kit.finance,
      body: { budgetYearId: 99999999 },
    });
    expect(none.status).toBe(400);
    expect(none.body.details[0].path).toBe('budgetYearId');
    expect(
      (
        await kit.t.api('post', '/cola/schedules/99999999/suggest-placements', {
          token: kit.finance,
          body: {},
        })
      ).status,
    ).toBe(404);
  });
});

describe('PATCH /line-items/budget/:id/placement', () => {
  it('confirms a step and lane, recomputes the next-year salary at once and audits; refuses cells the schedule lacks', async () => {
    const w = await buildRuleWorld(knex());
    const salary = S.at(2026, 5, 'B+30') + 10000n;
    const [id, other] = await insertPeople(knex(), w, [
      {
        firstName: 'Pat',
        lastName: 'Placed',
        salary: dollars(salary),
        workGroupId: w.teachers,
        workGroup: w.names.teachers,
      },
      { firstName: 'Cy', lastName: 'Custodian', salary: '45000.00', workGroupId: w.custodians },
    ]);
    const imported = await importInto(w);
    expect(imported.body.placements).toMatchObject({ exact: 0, suggested: 1, unmatched: 0 });
    const patch = (body: unknown, token = kit.finance, line = id) =>
      kit.t.api('patch', `/line-items/budget/${line}/placement`, { token, body });

    const ok = await patch({ salaryStep: 13, salaryLane: 'Doctorate' });
    expect(ok.status).toBe(200);
    expect(ok.body.lineItem).toMatchObject({
      id,
      salaryStep: 13,
      salaryLane: 'Doctorate',
      salaryPlacement: 'confirmed',
    });
    // Step 13 is the top: next year stays on step 13 at FY27's amount.
    expect(toCents(ok.body.lineItem.nextYearSalary)).toBe(S.at(2027, 13, 'Doctorate'));
    const audit = await knex()('audit_log').where({
      entity: 'line-item',
      entity_id: String(id),
      action: 'placement',
    });
    expect(audit).toHaveLength(1);
    expect(audit[0].after.salaryStep).toBe(13);

    const before = await snapshot(w);
    const refusals: [unknown, string, number][] = [
      [{ salaryStep: 14, salaryLane: 'Masters' }, 'salaryStep', 400],
      [{ salaryStep: 2, salaryLane: 'PhD' }, 'salaryLane', 400],
      [{ salaryStep: 2, salaryLane: null }, 'salaryLane', 400],
      [{ salaryStep: 0, salaryLane: 'Bach' }, 'salaryStep', 400],
      [{ salaryStep: 2.5, salaryLane: 'Bach' }, 'salaryStep', 400],
    ];
    for (const [body, path, status] of refusals) {
      const res = await patch(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.details.map((d: any) => d.path)).toContain(path);
    }
    const noSchedule = await patch({ salaryStep: 1, salaryLane: 'Bach' }, kit.finance, other);
    expect(noSchedule.status).toBe(400);
    expect(noSchedule.body.details[0].path).toBe('salaryStep');
    expect((await patch({ salaryStep: 1, salaryLane: 'Bach' }, kit.viewer)).status).toBe(403);
    expect((await patch({ salaryStep: 1, salaryLane: 'Bach' }, kit.finance, 99999999)).status).toBe(404);
    expect(await snapshot(w)).toEqual(before);

    const cleared = await patch({ salaryStep: null, salaryLane: null }, kit.admin);
    expect(cleared.status).toBe(200);
    expect(cleared.body.lineItem).toMatchObject({
      salaryStep: null,
      salaryLane: null,
      salaryPlacement: null,
    });
    expect(toCents(cleared.body.lineItem.nextYearSalary)).toBe(grow(salary, w.teacherBp[2027]));
  });

  it('shows the placement in both forms of GET /line-items/budget', async () => {
    const w = await buildRuleWorld(knex());
    const [id] = await insertPeople(knex(), w, [
      { firstName: 'Row', lastName: 'Form', salary: dollars(S.at(2026, 2, 'M+15')), workGroupId: w.teachers },
    ]);
    await importInto(w);
    const query = `budgetYearId=${w.budgetYearId}&isOperating=true&fiscalYear=2026`;
    const objects = await kit.t.api('get', `/line-items/budget?${query}`, { token: kit.finance });
    expect(objects.body.lineItems.find((l: any) => l.id === id)).toMatchObject({
      salaryStep: 2,
      salaryLane: 'M+15',
      salaryPlacement: 'suggested',
    });
    const rows = await kit.t.api('get', `/line-items/budget?${query}&format=rows`, { token: kit.finance });
    const { columns, rows: values } = rows.body.employees;
    const row = values.find((r: unknown[]) => r[columns.indexOf('id')] === id);
    expect(['salaryStep', 'salaryLane', 'salaryPlacement'].map((c) => row[columns.indexOf(c)])).toEqual([
      2,
      'M+15',
      'suggested',
    ]);
  });
});
