import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { insertEmployees } from '../../test/factories';
import { buildPositionsWorld, footprint, type PositionsWorld } from '../../test/worlds/positions.world';
import { positionsFromLines } from '@server/domains/positions';

/** Every bad input of the positions API: a clear message, and nothing written. */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: PositionsWorld;
let eve: number;
/** Di's own position (0.8 FTE, held by her in full) and a vacancy of 0.5 FTE. */
let diPosition: { id: number; version: number };
let vacancy: { id: number; version: number };

beforeAll(async () => {
  w = await buildPositionsWorld(t, admin.token);
  await positionsFromLines(t.db.knex, { budgetYearId: w.budgetYearId, actorLabel: 'test' });
  // Eve is on the payroll after the positions were made: she holds nothing yet.
  [eve] = await insertEmployees(t.db.knex, [
    {
      budgetYearId: w.budgetYearId,
      fiscalYear: 2026,
      firstName: 'Eve',
      salary: '40000.00',
      nextYearSalary: '41000.00',
      fte: 1,
    },
  ]);
  const listed = await t.api('get', '/positions?fiscalYear=2026', { token: finance.token });
  diPosition = listed.body.positions.find((p: { holders: { lineItemId: number }[] }) =>
    p.holders.some((h) => h.lineItemId === w.people.di),
  );
  const made = await t.api('post', '/positions', {
    token: finance.token,
    body: {
      fiscalYear: 2026,
      title: 'Para',
      buildingId: w.school,
      categoryId: w.teachers,
      workGroupId: w.teacherGroup,
      fte: 0.5,
    },
  });
  vacancy = made.body.position;
});

/** Sends the request and expects the status, the message and an untouched database. */
async function refused(method: string, path: string, body: unknown, status: number, message: RegExp) {
  const before = await footprint(t.db.knex);
  const res = await t.api(method, path, { token: finance.token, body });
  expect(res.status).toBe(status);
  expect(res.body.error).toMatch(message);
  expect(await footprint(t.db.knex)).toEqual(before);
  return res;
}

describe('refusals write nothing', () => {
  it("a person's shares above their FTE", async () => {
    // Di holds 0.8 of her 0.8 FTE already.
    const res = await refused(
      'post',
      `/positions/${vacancy.id}/fill`,
      { version: vacancy.version, lineItemId: w.people.di, fteShare: 0.2 },
      400,
      /would hold 1 FTE of positions, above their 0\.8 FTE \(0\.8 FTE held already\)/,
    );
    expect(res.body.details[0].path).toBe('fteShare');
  });

  it("a position's shares above its FTE", async () => {
    await refused(
      'post',
      `/positions/${vacancy.id}/fill`,
      { version: vacancy.version, lineItemId: eve, fteShare: 0.6 },
      400,
      /holders would hold 0\.6 FTE, above its 0\.5 FTE/,
    );
    await refused(
      'patch',
      `/positions/${diPosition.id}`,
      { version: diPosition.version, fte: 0.5 },
      400,
      /Its holders hold 0\.8 FTE/,
    );
  });

  it('an FTE of 0, above 1.5, or finer than a thousandth', async () => {
    const body = { fiscalYear: 2026, title: 'X', buildingId: null, categoryId: w.teachers };
    await refused('post', '/positions', { ...body, fte: 0 }, 400, /FTE must be above 0 and at most 1\.5/);
    await refused('post', '/positions', { ...body, fte: 1.6 }, 400, /FTE must be above 0 and at most 1\.5/);
    await refused('post', '/positions', { ...body, fte: 0.0005 }, 400, /at most 3 decimal places/);
    await refused(
      'patch',
      `/positions/${vacancy.id}`,
      { version: vacancy.version, fte: 2 },
      400,
      /at most 1\.5/,
    );
  });

  it('a vacancy at a step or lane the schedule does not have', async () => {
    const body = { version: vacancy.version };
    await refused(
      'patch',
      `/positions/${vacancy.id}`,
      { ...body, vacancyStep: 9, vacancyLane: 'BA' },
      400,
      /has no step 9, lane 'BA' in FY27/,
    );
    await refused(
      'patch',
      `/positions/${vacancy.id}`,
      { ...body, vacancyStep: 1, vacancyLane: 'PhD' },
      400,
      /has no step 1, lane 'PhD'/,
    );
    await refused(
      'put',
      `/positions/vacancy-placement/${w.teacherGroup}`,
      { step: 7, lane: 'MA' },
      400,
      /has no step 7, lane 'MA'/,
    );
    await refused(
      'put',
      `/positions/vacancy-placement/${w.teacherGroup}`,
      { step: 1, lane: null },
      400,
      /both a step and a lane/,
    );
  });

  it('a building or function code that does not exist, a category that is not personnel', async () => {
    const body = { version: vacancy.version };
    const res = await refused(
      'patch',
      `/positions/${vacancy.id}`,
      { ...body, buildingId: 999999 },
      400,
      /^The building you chose no longer exists; choose another$/,
    );
    expect(res.body.details).toEqual([
      { path: 'buildingId', message: 'The building you chose no longer exists; choose another' },
    ]);
    await refused(
      'patch',
      `/positions/${vacancy.id}`,
      { ...body, deseCode: '9999' },
      400,
      /'9999' is not in DESE's chart/,
    );
    await refused('patch', `/positions/${vacancy.id}`, { ...body, deseCode: '23' }, 400, /4 digits/);
    await refused(
      'patch',
      `/positions/${vacancy.id}`,
      { ...body, categoryId: w.supplies },
      400,
      /is not a personnel category/,
    );
    await refused(
      'post',
      '/positions',
      { fiscalYear: 2026, title: 'X', buildingId: 999999, categoryId: w.teachers, fte: 1 },
      400,
      /The building you chose no longer exists/,
    );
  });

  it('a building deleted while a dialog had it chosen: named by what the user chose, never by its id', async () => {
    // An administrator adds a building and deletes it again while the finance officer's dialog
    // (Add Position, the bulk bar's 'Move to ...') still offers it.
    const made = await t.api('post', '/buildings', { token: admin.token, body: { name: 'Annex' } });
    expect(made.status).toBe(201);
    const gone = made.body.building.id as number;
    expect((await t.api('delete', `/buildings/${gone}`, { token: admin.token })).status).toBe(200);
    const said = 'The building you chose no longer exists; choose another';
    const writes: [string, string, unknown][] = [
      [
        'post',
        '/positions',
        { fiscalYear: 2026, title: 'Annex Teacher', buildingId: gone, categoryId: w.teachers, fte: 1 },
      ],
      ['patch', `/positions/${vacancy.id}`, { version: vacancy.version, buildingId: gone }],
      [
        'post',
        '/positions/bulk',
        { items: [{ id: vacancy.id, version: vacancy.version }], patch: { buildingId: gone } },
      ],
    ];
    for (const [method, path, body] of writes) {
      const res = await refused(method, path, body, 400, new RegExp(`^${said}$`));
      expect(res.body.details).toEqual([{ path: 'buildingId', message: said }]);
    }
  });

  it('deleting a position somebody holds', async () => {
    await refused(
      'delete',
      `/positions/${diPosition.id}?version=${diPosition.version}`,
      undefined,
      409,
      /is held by Di Teacher \S+: vacate it before deleting it/,
    );
  });

  it('a stale version: one of two editors wins, the other is told', async () => {
    const [a, b] = await Promise.all(
      ['First', 'Second'].map((title) =>
        t.api('patch', `/positions/${vacancy.id}`, {
          token: finance.token,
          body: { version: vacancy.version, title },
        }),
      ),
    );
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.error).toMatch(
      /^Someone else changed this position \(#\d+\) since you opened it: it is now at version 2/,
    );
    const after = await t.api('get', `/positions/${vacancy.id}`, { token: finance.token });
    expect(after.body.position.version).toBe(2);
    expect(
      after.body.position.history.filter((h: { action: string }) => h.action === 'updated'),
    ).toHaveLength(1);
    await refused(
      'post',
      `/positions/${vacancy.id}/status`,
      { version: 1, status: 'frozen' },
      409,
      /Someone else changed this position/,
    );
    await refused(
      'post',
      '/positions/bulk',
      { items: [{ id: vacancy.id, version: 1 }], patch: { status: 'posted' } },
      409,
      /Someone else changed/,
    );
  });

  it('a closed year refuses every write with the lock message', async () => {
    const closed = await t.api('post', '/budget-stages/close', {
      token: admin.token,
      body: { budgetYearId: w.budgetYearId, fiscalYear: 2026, note: 'Books done' },
    });
    expect(closed.status).toBe(200);
    const lock = /FY26 is closed \(Draft\): it is read-only history/;
    await refused('patch', `/positions/${vacancy.id}`, { version: 2, title: 'Later' }, 409, lock);
    await refused(
      'post',
      '/positions',
      { fiscalYear: 2026, title: 'X', buildingId: null, categoryId: w.teachers, fte: 1 },
      409,
      lock,
    );
    await refused('post', `/positions/${vacancy.id}/fill`, { version: 2, lineItemId: eve }, 409, lock);
    const list = await t.api('get', '/positions?fiscalYear=2026', { token: finance.token });
    expect(list.status).toBe(200);
  });
});
