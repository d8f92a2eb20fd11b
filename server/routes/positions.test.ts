import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildPositionsWorld, footprint, type PositionsWorld } from '../../test/worlds/positions.world';
import { positionsFromLines } from '@server/domains/positions';

const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
let w: PositionsWorld;

/** Dollars (a JSON number or numeric text) as integer cents, by its decimal text: no float sums. */
const cents = (v: number | string) => {
  const [whole, frac = ''] = String(v).split('.');
  const sign = whole.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number(frac.padEnd(2, '0').slice(0, 2)));
};

beforeAll(async () => {
  w = await buildPositionsWorld(t, admin.token);
  await positionsFromLines(t.db.knex, { budgetYearId: w.budgetYearId, actorLabel: 'test' });
});

const list = (query = '') => t.api('get', `/positions?fiscalYear=2026${query}`, { token: finance.token });
const byHolder = async (lineItemId: number) =>
  (await list()).body.positions.find((p: { holders: { lineItemId: number }[] }) =>
    p.holders.some((h) => h.lineItemId === lineItemId),
  );

describe('employee lines become positions', () => {
  it('one filled position per employee line, FTE and dollars as the lines had them', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const lines = await t.db
      .knex('line_items')
      .where({ budget_year_id: w.budgetYearId, is_operating: true })
      .select('id', 'current_fte', 'next_year_salary');
    expect(res.body.total).toBe(lines.length);
    // Independent sums: FTE in thousandths, next-year salaries in cents, from the lines' own text.
    const fte = lines.reduce((s, l) => s + Math.round(Number(l.current_fte) * 1000), 0);
    const dollars = lines.reduce((s, l) => s + cents(l.next_year_salary), 0);
    expect(Math.round(res.body.totals.fte * 1000)).toBe(fte);
    expect(cents(res.body.totals.budgetedCost)).toBe(dollars);
    expect(res.body.totals.filledFte).toBe(res.body.totals.fte);
    const cy = await byHolder(w.people.cy);
    expect(cy).toMatchObject({
      status: 'filled',
      fte: 0.5,
      title: 'Grade 3 Teacher',
      deseCode: '2305',
      buildingId: w.school,
    });
    expect(cents(cy.budgetedCost)).toBe(cents('30900.05'));
  });

  it('runs again without making a second position for anyone', async () => {
    expect(await positionsFromLines(t.db.knex, { budgetYearId: w.budgetYearId, actorLabel: 'test' })).toBe(0);
  });

  it('filters in SQL and totals what matches', async () => {
    const res = await list(`&status=filled&buildingId=${w.school}&search=ada`);
    expect(res.body.total).toBe(1);
    expect(res.body.positions[0].holders[0].lineItemId).toBe(w.people.ada);
    expect((await list('&status=vacant,posted')).body.total).toBe(0);
    expect((await list('&buildingId=none')).body.total).toBe(0);
    expect((await list('&limit=2')).body.positions).toHaveLength(2);
    expect((await list('&status=gone')).status).toBe(400);
  });
});

describe('vacancies', () => {
  it('a vacancy at its own step and lane costs the FY2027 cell times its FTE; without one it is unpriced', async () => {
    const base = {
      fiscalYear: 2026,
      title: 'Grade 3 Teacher',
      buildingId: w.school,
      categoryId: w.teachers,
      workGroupId: w.teacherGroup,
    };
    const own = await t.api('post', '/positions', {
      token: finance.token,
      body: { ...base, fte: 0.6, vacancyStep: 2, vacancyLane: 'MA', reason: 'Enrollment growth' },
    });
    expect(own.status).toBe(201);
    // 57,250.50 x 0.6 = 34,350.30
    expect(own.body.position).toMatchObject({
      status: 'vacant',
      budgetedStep: 2,
      budgetedLane: 'MA',
      placementSource: 'position',
    });
    expect(cents(own.body.position.budgetedCost)).toBe(Math.round((5725050 * 6) / 10));
    expect(own.body.position.history[0]).toMatchObject({ action: 'created', reason: 'Enrollment growth' });

    const bare = await t.api('post', '/positions', { token: finance.token, body: { ...base, fte: 1 } });
    expect(bare.body.position).toMatchObject({ budgetedCost: null, budgetedStep: null });
    expect(bare.body.position.unpricedReason).toMatch(/No step and lane/);

    const set = await t.api('put', `/positions/vacancy-placement/${w.teacherGroup}`, {
      token: finance.token,
      body: { step: 1, lane: 'BA' },
    });
    expect(set.status).toBe(200);
    expect(set.body.placement).toMatchObject({ step: 1, lane: 'BA', lanes: ['BA', 'MA'], topStep: 2 });
    const priced = await t.api('get', `/positions/${bare.body.position.id}`, { token: finance.token });
    expect(priced.body.position).toMatchObject({ budgetedCost: 50000, placementSource: 'workGroup' });
    const placements = await t.api('get', '/positions/vacancy-placement', { token: viewer.token });
    expect(placements.status).toBe(403);
  });
});

describe('fill, vacate, status, delete', () => {
  it('fills a vacancy with part of a person, vacates it, closes and deletes it, with history', async () => {
    // Ada gives up her own position first (it becomes vacant), then takes half of a new one.
    const ada = await byHolder(w.people.ada);
    const vacated = await t.api('post', `/positions/${ada.id}/vacate`, {
      token: finance.token,
      body: { version: ada.version, status: 'posted', reason: 'Moved to a new post' },
    });
    expect(vacated.status).toBe(200);
    expect(vacated.body.position).toMatchObject({
      status: 'posted',
      holderCount: 0,
      version: ada.version + 1,
    });
    const made = await t.api('post', '/positions', {
      token: finance.token,
      body: {
        fiscalYear: 2026,
        title: 'Reading Specialist',
        buildingId: null,
        deseCode: '2310',
        categoryId: w.teachers,
        fte: 1,
      },
    });
    const id = made.body.position.id;
    const filled = await t.api('post', `/positions/${id}/fill`, {
      token: finance.token,
      body: { version: 1, lineItemId: w.people.ada, fteShare: 0.5 },
    });
    expect(filled.status).toBe(200);
    expect(filled.body.position).toMatchObject({
      status: 'filled',
      filledFte: 0.5,
      unfilledFte: 0.5,
      buildingName: null,
    });
    // Half of Ada's 61,800.01 is 30,900.005, rounded to the cent once: 30,900.01.
    expect(cents(filled.body.position.budgetedCost)).toBe(3090001);
    expect(filled.body.position.holderDetails[0]).toMatchObject({ employeeTotalShare: 0.5, fteShare: 0.5 });

    const v = filled.body.position.version;
    const closed = await t.api('post', `/positions/${id}/status`, {
      token: finance.token,
      body: { version: v, status: 'closed' },
    });
    expect(closed.status).toBe(400);
    expect(closed.body.error).toMatch(
      /^Reading Specialist \(District Wide\) is held by Ada Teacher \S+: vacate it before closing it$/,
    );
    const out = await t.api('post', `/positions/${id}/vacate`, {
      token: finance.token,
      body: { version: v },
    });
    expect(out.body.position.status).toBe('vacant');
    const shut = await t.api('post', `/positions/${id}/status`, {
      token: finance.token,
      body: { version: v + 1, status: 'closed', reason: 'Grant ended' },
    });
    expect(shut.body.position).toMatchObject({ status: 'closed', budgetedCost: 0 });
    expect(shut.body.position.history.map((h: { action: string }) => h.action)).toEqual([
      'closed',
      'vacated',
      'filled',
      'created',
    ]);
    const gone = await t.api('delete', `/positions/${id}?version=${v + 2}`, { token: admin.token });
    expect(gone.status).toBe(200);
    expect((await t.api('get', `/positions/${id}`, { token: finance.token })).status).toBe(404);
    const audit = await t.db
      .knex('audit_log')
      .where({ entity: 'position', entity_id: String(id) })
      .orderBy('id');
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update', 'update', 'delete']);
  });

  it("shows a position's audit entries in GET /history to FINANCE, not to VIEW_ONLY", async () => {
    const made = await t.api('post', '/positions', {
      token: finance.token,
      body: { fiscalYear: 2026, title: 'Library Aide', buildingId: null, categoryId: w.teachers, fte: 0.5 },
    });
    const id = made.body.position.id;
    const moved = await t.api('patch', `/positions/${id}`, {
      token: finance.token,
      body: { version: made.body.position.version, fte: 0.6, reason: 'More hours' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const history = await t.api('get', `/history/position/${id}`, { token: finance.token });
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body.entries.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    expect((await t.api('get', `/history/position/${id}`, { token: viewer.token })).status).toBe(403);
    expect((await t.api('get', '/history/position/99999999', { token: finance.token })).status).toBe(404);
  });
});

describe('an employee line deleted', () => {
  it('leaves the position it held vacant, with the history saying why', async () => {
    const ben = await byHolder(w.people.ben);
    expect((await t.api('delete', `/line-items/${w.people.ben}`, { token: finance.token })).status).toBe(200);
    const after = await t.api('get', `/positions/${ben.id}`, { token: finance.token });
    expect(after.body.position).toMatchObject({ status: 'vacant', holderCount: 0, version: ben.version + 1 });
    expect(after.body.position.history[0]).toMatchObject({
      action: 'vacated',
      reason: 'The employee line was deleted',
      before: { lineItemId: w.people.ben },
    });
  });
});

describe('bulk', () => {
  it('changes many positions at once, all or nothing', async () => {
    const make = (title: string) =>
      t.api('post', '/positions', {
        token: finance.token,
        body: {
          fiscalYear: 2026,
          title,
          buildingId: null,
          categoryId: w.teachers,
          workGroupId: w.teacherGroup,
          fte: 1,
        },
      });
    const a = (await make('Bulk A')).body.position;
    const b = (await make('Bulk B')).body.position;
    const held = await byHolder(w.people.di);
    const items = [a, b].map((p) => ({ id: p.id, version: p.version }));
    const before = await footprint(t.db.knex);
    const refused = await t.api('post', '/positions/bulk', {
      token: finance.token,
      body: { items: [...items, { id: held.id, version: held.version }], patch: { status: 'frozen' } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/is held by Di Teacher \S+: vacate it before freezing it/);
    expect(await footprint(t.db.knex)).toEqual(before);
    const done = await t.api('post', '/positions/bulk', {
      token: finance.token,
      body: {
        items,
        patch: { status: 'posted', buildingId: w.school, vacancyStep: 2, vacancyLane: 'BA' },
        reason: 'Hiring season',
      },
    });
    expect(done.status).toBe(200);
    expect(done.body.updated).toBe(2);
    for (const p of done.body.positions) {
      expect(p).toMatchObject({ status: 'posted', buildingId: w.school, budgetedCost: 52000, version: 2 });
    }
    const detail = await t.api('get', `/positions/${a.id}`, { token: finance.token });
    expect(detail.body.position.history.map((h: { action: string }) => h.action)).toEqual([
      'updated',
      'status_changed',
      'moved',
      'created',
    ]);
  });
});

describe('roles', () => {
  it('VIEW_ONLY reads the staffing summary without names, not the positions; writes need FINANCE or ADMIN', async () => {
    expect((await t.api('get', '/positions?fiscalYear=2026', { token: viewer.token })).status).toBe(403);
    const summary = await t.api('get', '/positions/staffing?fiscalYear=2026', { token: viewer.token });
    expect(summary.status).toBe(200);
    expect(JSON.stringify(summary.body)).not.toMatch(/Teacher \d|Ada|Ben/);
    // Fewer than five people at the school: their pay is withheld from VIEW_ONLY, shown to FINANCE.
    expect(summary.body.byBuilding.find((g: { key: number }) => g.key === w.school).budgetedCost).toBeNull();
    const staff = await t.api('get', '/positions/staffing?fiscalYear=2026', { token: finance.token });
    expect(
      staff.body.byBuilding.find((g: { key: number }) => g.key === w.school).budgetedCost,
    ).not.toBeNull();
    const before = await footprint(t.db.knex);
    const body = { fiscalYear: 2026, title: 'X', buildingId: null, categoryId: w.teachers, fte: 1 };
    expect((await t.api('post', '/positions', { token: viewer.token, body })).status).toBe(403);
    expect((await t.api('post', '/positions', { body })).status).toBe(401);
    expect(await footprint(t.db.knex)).toEqual(before);
  });
});
