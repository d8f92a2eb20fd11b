import { describe, expect, it } from 'vitest';
import { buildRuleWorld, insertPeople, toCents } from '../../test/factories';
import {
  dollars,
  nearest as nearestIn,
  readIndependently,
  scheduleKit,
} from '../../test/worlds/salary-schedules.suite';

/**
 * A schedule once placed only the budget year's current fiscal year ('Placements are in
 * FY26'), so the imported FY27 teachers of the year being planned could not be placed. Any fiscal
 * year of the budget year holding the work group's employees can be listed and placed; a year with
 * none, or one the schedule does not print, is a 400 naming the year, and nothing changes.
 */
const kit = scheduleKit();
const S = readIndependently();
const knex = () => kit.t.db.knex;

describe('placing the employees of the year being planned', () => {
  it('lists and suggests placements of FY27 in a budget year whose current year is FY26', async () => {
    const w = await buildRuleWorld(knex());
    const teacher = (lastName: string, salary: bigint, fiscalYear: number) => ({
      firstName: 'T',
      lastName,
      salary: dollars(salary),
      workGroupId: w.teachers,
      workGroup: w.names.teachers,
      fiscalYear,
    });
    const current = await insertPeople(knex(), w, [teacher('Now', S.at(2026, 4, 'Masters'), 2026)]);
    const planned: [string, bigint][] = [
      ['Exact', S.at(2027, 5, 'Bach')],
      ['Near', S.at(2027, 8, 'M+30') + 23456n],
      ['Low', 3000000n], // $30,000: far below every FY27 cell
    ];
    const ids = await insertPeople(
      knex(),
      w,
      planned.map(([name, c]) => teacher(name, c, 2027)),
    );
    await insertPeople(knex(), w, [teacher('Later', S.at(2027, 2, 'Bach'), 2028)]);
    const imported = await kit.importInto(w);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const id = imported.body.schedule.id;
    const path = `/cola/schedules/${id}`;

    const listed = await kit.t.api(
      'get',
      `${path}/placements?budgetYearId=${w.budgetYearId}&fiscalYear=FY27`,
      {
        token: kit.finance,
      },
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body).toMatchObject({
      budgetYearId: w.budgetYearId,
      fiscalYear: 2027,
      fiscalYears: [2026, 2027, 2028],
    });
    expect(listed.body.placements.map((p: { id: number }) => p.id).sort()).toEqual([...ids].sort());
    // The default is still the budget year's current fiscal year.
    const byDefault = await kit.t.api('get', `${path}/placements?budgetYearId=${w.budgetYearId}`, {
      token: kit.finance,
    });
    expect(byDefault.body.fiscalYear).toBe(2026);
    expect(byDefault.body.placements.map((p: { id: number }) => p.id)).toEqual(current);

    // Refusals: a year without the group's employees, one the schedule does not print, bad text.
    const before = await kit.snapshot(w);
    const empty = await kit.t.api('post', `${path}/suggest-placements`, {
      token: kit.finance,
      body: { budgetYearId: w.budgetYearId, fiscalYear: 2029 },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual([
      {
        path: 'fiscalYear',
        message: expect.stringMatching(
          /^FY29 has no .* employees in budget year .*: its employees are in FY26, FY27, FY28$/,
        ),
      },
    ]);
    const unprinted = await kit.t.api('post', `${path}/suggest-placements`, {
      token: kit.finance,
      body: { budgetYearId: w.budgetYearId, fiscalYear: 'FY28' },
    });
    expect(unprinted.status).toBe(400);
    expect(unprinted.body.details).toEqual([
      { path: 'fiscalYear', message: 'FY28 is not a year of the schedule' },
    ]);
    const garbled = await kit.t.api('post', `${path}/suggest-placements`, {
      token: kit.finance,
      body: { budgetYearId: w.budgetYearId, fiscalYear: 'next year' },
    });
    expect(garbled.status).toBe(400);
    expect(await kit.snapshot(w)).toEqual(before);

    const currentBefore = await knex()('line_items')
      .whereIn('id', current)
      .select('salary_step', 'salary_lane');
    const res = await kit.t.api('post', `${path}/suggest-placements`, {
      token: kit.finance,
      body: { budgetYearId: w.budgetYearId, fiscalYear: 'FY27' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = planned.map(([, c]) => nearestIn(S, 2027, c));
    expect(res.body).toMatchObject({
      exact: expected.filter((e) => e?.d === 0n).length,
      suggested: expected.filter((e) => e && e.d > 0n).length,
      unmatched: expected.filter((e) => !e).length,
    });
    expect(res.body).toMatchObject({ exact: 1, suggested: 1, unmatched: 1 });
    const rows = await knex()('line_items').whereIn('id', ids).orderBy('id');
    rows.forEach((row: any, i: number) => {
      const cell = expected[i];
      expect([row.salary_step, row.salary_lane, row.salary_placement], planned[i][0]).toEqual(
        cell ? [cell.step, cell.lane, 'suggested'] : [null, null, null],
      );
    });
    // The FY26 line is where it was.
    expect(await knex()('line_items').whereIn('id', current).select('salary_step', 'salary_lane')).toEqual(
      currentBefore,
    );
    const after = await kit.t.api(
      'get',
      `${path}/placements?budgetYearId=${w.budgetYearId}&fiscalYear=2027`,
      {
        token: kit.finance,
      },
    );
    const near = after.body.placements.find((p: { id: number }) => p.id === ids[1]);
    expect(toCents(near.cellAmount)).toBe(S.at(2027, expected[1]!.step, expected[1]!.lane));
  });
});
