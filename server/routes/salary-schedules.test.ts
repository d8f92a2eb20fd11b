import { describe, expect, it } from 'vitest';
import { buildRuleWorld, buildWorkGroup, grow, insertPeople, toCents } from '../../test/factories';
import {
  dollars,
  editedLunenburg,
  LUNENBURG_FILE as FILE,
  LUNENBURG_TEXT,
  readIndependently,
  scheduleKit,
  uploadSchedule,
} from '../../test/worlds/salary-schedules.suite';

/** Importing, listing, renaming, moving and deleting salary schedules, and who may. */
const kit = scheduleKit();
const { importInto, snapshot, uniqueName } = kit;
const S = readIndependently();
const knex = () => kit.t.db.knex;

describe('POST /cola/schedules/import with the real Lunenburg schedule', () => {
  it('stores all 390 amounts exactly as the file has them, attached to the work group', async () => {
    const w = await buildRuleWorld(knex());
    const res = await importInto(w, { name: 'Lunenburg Teachers FY25-FY27 (test)' });
    expect(res.status).toBe(201);
    expect(res.body.schedule).toMatchObject({
      name: 'Lunenburg Teachers FY25-FY27 (test)',
      workGroupId: w.teachers,
      workGroup: w.names.teachers,
      lanes: S.lanes,
      fiscalYears: [2025, 2026, 2027],
      steps: 13,
      printedCola: { 2025: 2.5, 2026: 4, 2027: 3.5 },
      sourceFileName: FILE.name,
      placedCount: 0,
      confirmedCount: 0,
    });
    expect(res.body.placements).toEqual({
      suggested: 0,
      exact: 0,
      unmatched: 0,
      belowCurrent: { count: 0, amount: 0 },
    });

    const detail = await kit.t.api('get', `/cola/schedules/${res.body.schedule.id}`, { token: kit.admin });
    expect(detail.status).toBe(200);
    expect(detail.body.amounts).toHaveLength(390);
    const seen = new Set<string>();
    for (const a of detail.body.amounts) {
      const key = `${a.fiscalYear}|${a.step}|${a.lane}`;
      expect(toCents(a.amount), key).toBe(S.cells.get(key));
      seen.add(key);
    }
    expect(seen.size).toBe(390);
    // Ordered by year, step, then the schedule's lane order.
    expect(detail.body.amounts.slice(0, 10).map((a: any) => a.lane)).toEqual(S.lanes);

    const list = await kit.t.api('get', '/cola/schedules', { token: kit.finance });
    expect(list.body.schedules.find((s: any) => s.id === res.body.schedule.id)).toEqual(res.body.schedule);
  });

  it('names the schedule after the file when no name is given', async () => {
    const res = await uploadSchedule(kit.t, kit.finance, {
      name: 'sched-unattached-a.csv',
      data: LUNENBURG_TEXT,
    });
    expect(res.status).toBe(201);
    expect(res.body.schedule).toMatchObject({
      name: 'sched-unattached-a',
      workGroupId: null,
      workGroup: null,
    });
  });

  it('refuses a second schedule for a work group (409) unless replace=true; a replacement keeps confirmed placements', async () => {
    const w = await buildRuleWorld(knex());
    const cell = S.at(2026, 4, 'Masters');
    const [kept] = await insertPeople(knex(), w, [
      {
        firstName: 'Kay',
        lastName: 'Kept',
        salary: dollars(cell),
        workGroupId: w.teachers,
        workGroup: w.names.teachers,
      },
    ]);
    const first = await importInto(w);
    expect(first.body.placements).toMatchObject({ suggested: 0, exact: 1, unmatched: 0 });
    const confirm = await kit.t.api('post', `/cola/schedules/${first.body.schedule.id}/confirm-placements`, {
      token: kit.finance,
      body: { ids: [kept] },
    });
    expect(confirm.body).toEqual({ confirmed: 1 });

    const before = await snapshot(w);
    const again = await importInto(w);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/already has the salary schedule .*replace=true/);
    expect(await snapshot(w)).toEqual(before);

    const replaced = await importInto(w, { replace: 'true' });
    expect(replaced.status).toBe(201);
    expect(await knex()('salary_schedules').where({ id: first.body.schedule.id }).first()).toBeUndefined();
    expect(replaced.body.schedule).toMatchObject({ placedCount: 1, confirmedCount: 1 });
    const line = await knex()('line_items').where({ id: kept }).first();
    expect([line.salary_step, line.salary_lane, line.salary_placement]).toEqual([4, 'Masters', 'confirmed']);
  });

  it('refuses a name already taken (409), an unknown work group and a missing file (400), writing nothing', async () => {
    const w = await buildRuleWorld(knex());
    const name = uniqueName();
    expect((await uploadSchedule(kit.t, kit.finance, FILE, { name })).status).toBe(201);
    const before = await snapshot(w);
    const taken = await importInto(w, { name: name.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatch(/already exists/);
    const group = await importInto(w, { workGroupId: '999999' });
    expect(group.status).toBe(400);
    expect(group.body.details).toEqual([{ path: 'workGroupId', message: 'No such work group' }]);
    const none = await uploadSchedule(kit.t, kit.finance, null, { workGroupId: String(w.teachers) });
    expect(none.status).toBe(400);
    expect(none.body.details).toEqual([{ path: 'file', message: 'Required' }]);
    expect(await snapshot(w)).toEqual(before);
  });

  // Row 8 of the file is FY25 step 7; column 3 is the first lane (Bach).
  const bad: [string, string, RegExp][] = [
    ['a missing step', editedLunenburg(8, () => null), /FY25 has no row for step 7/],
    [
      'a missing lane value',
      editedLunenburg(8, (c) => c.map((v, i) => (i === 5 ? '' : v))),
      /Row 8, column 'B\+30': the amount is missing/,
    ],
    [
      'a non-numeric amount',
      editedLunenburg(8, (c) => c.map((v, i) => (i === 4 ? 'TBD' : v))),
      /Row 8, column 'B\+15': 'TBD' is not an amount/,
    ],
    [
      'a non-positive amount',
      editedLunenburg(8, (c) => c.map((v, i) => (i === 3 ? '0' : v))),
      /Row 8, column 'Bach': 0.00 must be more than 0/,
    ],
    [
      'more than 2 decimals',
      editedLunenburg(8, (c) => c.map((v, i) => (i === 3 ? '63825.001' : v))),
      /'63825.001' has more than 2 decimals/,
    ],
    [
      'a row not increasing across lanes',
      editedLunenburg(8, (c) => c.map((v, i) => (i === 4 ? '63825' : v))),
      /Row 8 \(FY25 step 7\), column 'B\+15': \$63,825 is not more than \$63,825 in 'Bach'/,
    ],
    [
      'a lane not increasing across steps',
      editedLunenburg(9, (c) => c.map((v, i) => (i === 12 ? '87000' : v))),
      /Row 9 \(FY25 step 8\), column 'Doctorate': \$87,000 is not more than \$87,282 at step 7/,
    ],
    [
      'a duplicate (year, step)',
      editedLunenburg(9, (c) => c.map((v, i) => (i === 2 ? '7' : v))),
      /Row 9: FY25 step 7 appears twice/,
    ],
  ];
  it.each(bad)(
    'refuses %s with a 400 naming the row and column, and writes nothing',
    async (_what, csv, message) => {
      const w = await buildRuleWorld(knex());
      await insertPeople(knex(), w, [
        {
          firstName: 'Ann',
          lastName: 'Bad',
          salary: dollars(S.at(2026, 2, 'Bach')),
          workGroupId: w.teachers,
        },
      ]);
      const before = await snapshot(w);
      const res = await importInto(w, {}, kit.finance, { name: 'bad.csv', data: csv });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/^The salary schedule was not imported: /);
      expect(res.body.details.map((d: any) => d.message).join('\n')).toMatch(message);
      expect(await snapshot(w)).toEqual(before);
    },
  );
});

describe('confirm, rename, move and delete', () => {
  it('confirms suggestions, refuses lines not placed, and clears placements when the schedule leaves the group', async () => {
    const w = await buildRuleWorld(knex());
    const salary = S.at(2026, 7, 'Masters');
    const [placed, unplaced] = await insertPeople(knex(), w, [
      { firstName: 'A', lastName: 'Placed', salary: dollars(salary), workGroupId: w.teachers },
      { firstName: 'B', lastName: 'Unplaced', salary: '20000.00', workGroupId: w.teachers },
    ]);
    const imported = await importInto(w);
    const id = imported.body.schedule.id;

    const before = await snapshot(w);
    const wrong = await kit.t.api('post', `/cola/schedules/${id}/confirm-placements`, {
      token: kit.finance,
      body: { ids: [placed, unplaced] },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details[0].path).toBe('ids');
    expect(await snapshot(w)).toEqual(before);
    const ok = await kit.t.api('post', `/cola/schedules/${id}/confirm-placements`, {
      token: kit.finance,
      body: { ids: [placed] },
    });
    expect(ok.body).toEqual({ confirmed: 1 });

    const renamed = await kit.t.api('put', `/cola/schedules/${id}`, {
      token: kit.finance,
      body: { name: 'Renamed (test)' },
    });
    expect(renamed.body).toMatchObject({
      schedule: { name: 'Renamed (test)', confirmedCount: 1 },
      recomputedLines: 0,
    });
    const empty = await kit.t.api('put', `/cola/schedules/${id}`, {
      token: kit.finance,
      body: { name: ' ' },
    });
    expect(empty.status).toBe(400);

    // Moving the schedule to another group: the teachers fall back to the pooled rule.
    const librarians = await buildWorkGroup(knex(), `Librarians moved ${uniqueName()}`);
    const moved = await kit.t.api('put', `/cola/schedules/${id}`, {
      token: kit.finance,
      body: { workGroupId: librarians },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      schedule: { workGroupId: librarians, placedCount: 0 },
      recomputedLines: 1,
    });
    const line = await knex()('line_items').where({ id: placed }).first();
    expect([line.salary_step, line.salary_lane, line.salary_placement]).toEqual([null, null, null]);
    expect(toCents(line.next_year_salary)).toBe(grow(salary, w.teacherBp[2027]));

    const del = await kit.t.api('delete', `/cola/schedules/${id}`, { token: kit.admin });
    expect(del.body).toEqual({ message: "Salary schedule 'Renamed (test)' deleted", recomputedLines: 0 });
    expect((await kit.t.api('get', `/cola/schedules/${id}`, { token: kit.admin })).status).toBe(404);
  });

  it('deleting a schedule clears its work group’s placements and recomputes their next-year salaries', async () => {
    const w = await buildRuleWorld(knex());
    const salary = S.at(2026, 10, 'M+60');
    const [id] = await insertPeople(knex(), w, [
      { firstName: 'D', lastName: 'Deleted', salary: dollars(salary), workGroupId: w.teachers },
    ]);
    const imported = await importInto(w);
    expect(toCents((await knex()('line_items').where({ id }).first()).next_year_salary)).toBe(
      S.at(2027, 11, 'M+60'),
    );
    const del = await kit.t.api('delete', `/cola/schedules/${imported.body.schedule.id}`, {
      token: kit.finance,
    });
    expect(del.body.recomputedLines).toBe(1);
    const line = await knex()('line_items').where({ id }).first();
    expect([line.salary_step, toCents(line.next_year_salary)]).toEqual([
      null,
      grow(salary, w.teacherBp[2027]),
    ]);
    expect(
      await knex()('audit_log').where({
        entity: 'salary-schedule',
        action: 'delete',
        entity_id: String(imported.body.schedule.id),
      }),
    ).toHaveLength(1);
  });

  it('refuses VIEW_ONLY on every schedule call', async () => {
    const w = await buildRuleWorld(knex());
    const imported = await importInto(w);
    const id = imported.body.schedule.id;
    const before = await snapshot(w);
    expect((await importInto(w, { replace: 'true' }, kit.viewer)).status).toBe(403);
    const calls: [string, string, unknown?][] = [
      ['get', '/cola/schedules'],
      ['get', `/cola/schedules/${id}`],
      ['get', `/cola/schedules/${id}/placements`],
      ['put', `/cola/schedules/${id}`, { name: 'x' }],
      ['delete', `/cola/schedules/${id}`],
      ['post', `/cola/schedules/${id}/suggest-placements`, {}],
      ['post', `/cola/schedules/${id}/confirm-placements`, { ids: [1] }],
    ];
    for (const [method, path, body] of calls) {
      expect((await kit.t.api(method, path, { token: kit.viewer, body })).status, `${method} ${path}`).toBe(
        403,
      );
    }
    expect(await snapshot(w)).toEqual(before);
  });
});
