import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@seeds/demo';
import { useApp, type Agent } from '../../../test/use-app';

/**
 * The Stage Comparison's 'Positions changed' on the demo district: the superintendent's
 * recommendation of FY2027 (planned in budget year FY26, its salary lines following the FY2026
 * roster), then a Scenario Builder cut of a filled position and an add, adopted by a named user.
 * Each position a committee sees changed reads once per change, named by the person who made it;
 * the expected holders and names are read here from the raw tables.
 */
const { t } = useApp();
let dana: Agent;
let budgetYearId: number;
let stageId: number;
let cutId: number;
let holdersBefore: number;
let adoptionId: number;
let scenarioId: number;
/** Why the cut took its position, and its $0 warning, as the cut's own answer said them. */
let pick: { why: string; warning: string | null };
const REASON = 'Enrollment down at the school';

interface Listed {
  positionId: number;
  title: string;
  action: string;
  reason: string | null;
  by: string | null;
  holdersLeft: number;
  holdersJoined: number;
  pickWhy: string | null;
  pickWarning: string | null;
}

const call = (method: string, path: string, body?: unknown) =>
  t.api(method, path, { token: dana.token, body });

async function compared(): Promise<{ rows: Listed[]; count: number }> {
  const res = await call(
    'get',
    `/budget-stages/compare?budgetYearId=${budgetYearId}&fiscalYear=2027&from=${stageId}&to=current&lines=none`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { rows: res.body.positionChanges, count: res.body.positionChangeCount };
}

const danaName = async () => (await t.db.knex('users').where({ id: dana.id }).first('name')).name as string;

beforeAll(async () => {
  await seedDemo(t.db.knex, { personaPassword: 'stage-positions-pass', passwordCost: 4 });
  dana = await t.userWith('ADMIN', { name: 'Dana Whitfield' });
  budgetYearId = (await t.db.knex('budget_years').where({ fiscal_year: 'FY26' }).first('id')).id;
  const advanced = await call('post', '/budget-stages/advance', {
    budgetYearId,
    fiscalYear: 2027,
    stage: 'SUPERINTENDENT_RECOMMENDED',
    date: '2027-02-01',
  });
  expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
  stageId = advanced.body.events.at(-1).id;
}, 180_000);

describe('positions changed by an adopted cut scenario', () => {
  it('lists the cut position once, closed with its holders leaving folded in, and the add once, by name', async () => {
    const made = await call('post', '/scenarios/cuts', { budgetYearId, fiscalYear: 2027, name: 'Staffing' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const scenario = made.body.scenario.id;
    scenarioId = scenario;
    // A group of one filled position: the cut takes exactly it.
    const groups = await call('get', `/scenarios/cuts/${scenario}/position-groups?search=art teacher`);
    const group = groups.body.groups.find(
      (g: { positionCount: number; vacantFte: number; fte: number }) =>
        g.positionCount === 1 && g.vacantFte === 0 && g.fte === 1,
    );
    const cut = await call('post', `/scenarios/cuts/${scenario}/positions/cut`, {
      title: group.title,
      buildingId: group.building.id,
      fte: 1,
      reason: REASON,
    });
    expect(cut.status, JSON.stringify(cut.body)).toBe(200);
    cutId = cut.body.changes[0].positionId;
    pick = { why: cut.body.picked[0].why, warning: cut.body.picked[0].warning };
    expect(pick.why).toBeTruthy();
    holdersBefore = Number(
      (await t.db.knex('position_holders').where({ position_id: cutId }).count({ n: '*' }))[0].n,
    );
    expect(holdersBefore).toBeGreaterThan(0);
    const teachers = await t.db.knex('budget_categories').where({ name: 'Teachers' }).first('id');
    const added = await call('post', `/scenarios/cuts/${scenario}/positions/add`, {
      title: 'Reading Interventionist',
      buildingId: group.building.id,
      categoryId: teachers.id,
      fte: 1,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const preview = await call('post', `/scenarios/cuts/${scenario}/adopt/preview`, {});
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const adopted = await call('post', `/scenarios/cuts/${scenario}/adopt`, {
      basis: preview.body.basis,
      reason: 'Committee vote',
    });
    expect(adopted.status, JSON.stringify(adopted.body)).toBe(200);
    adoptionId = adopted.body.adoption.id;
    const addedId = (await t.db.knex('positions').where({ title: 'Reading Interventionist' }).first('id')).id;

    const { rows, count } = await compared();
    expect(rows.map((r) => [r.positionId, r.action])).toEqual([
      [addedId, 'created'],
      [cutId, 'closed'],
    ]);
    expect(count).toBe(rows.length);
    const closed = rows.find((r) => r.positionId === cutId)!;
    expect(closed.reason).toMatch(/Staffing.*Committee vote/);
    expect(closed.holdersLeft).toBe(holdersBefore);
    expect(rows.find((r) => r.positionId === addedId)!.holdersLeft).toBe(0);
    // The closing says why the scenario's cut took the position (the adoption's reason is beside
    // it); the add, made by hand, was not picked.
    expect([closed.pickWhy, closed.pickWarning]).toEqual([pick.why, pick.warning]);
    const add = rows.find((r) => r.positionId === addedId)!;
    expect([add.pickWhy, add.pickWarning]).toEqual([null, null]);
    // Named as the position's own history names the user: their name, not their sign-in email.
    const name = await danaName();
    expect(rows.map((r) => r.by)).toEqual([name, name]);
    const history = await call('get', `/positions/${cutId}`);
    expect(history.body.position.history[0].actorName).toBe(name);
  });

  it('the undo reads as one more change of the cut position, its holders back; the add is gone', async () => {
    const preview = await call('post', `/scenario-adoptions/${adoptionId}/undo/preview`, {});
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const undone = await call('post', `/scenario-adoptions/${adoptionId}/undo`, {
      basis: preview.body.basis,
    });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    const { rows, count } = await compared();
    expect(rows.map((r) => [r.positionId, r.action, r.holdersLeft, r.holdersJoined])).toEqual([
      [cutId, 'status_changed', 0, holdersBefore],
      [cutId, 'closed', holdersBefore, 0],
    ]);
    expect(count).toBe(2);
    // The closing still reads why it was picked; the undo was not picked.
    expect(rows.map((r) => r.pickWhy)).toEqual([null, pick.why]);
    // The cut given back to the scenario keeps why it was picked, as before the adoption.
    const back = await call('get', `/scenarios/cuts/${scenarioId}/positions`);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const given = back.body.changes.filter((c: { kind: string }) => c.kind === 'cut');
    expect(given.map((c: { positionId: number; why: string | null }) => [c.positionId, c.why])).toEqual([
      [cutId, pick.why],
    ]);
  });

  it("keeps a holder's leaving and a later closure for another reason as two changes", async () => {
    const [holder] = await t.db
      .knex('position_holders as h')
      .join('positions as p', 'p.id', 'h.position_id')
      .where({ 'p.fiscal_year': 2026, 'p.budget_year_id': budgetYearId, 'p.status': 'filled' })
      .whereNotIn('p.id', [cutId])
      .whereRaw('(SELECT count(*) FROM position_holders x WHERE x.position_id = p.id) = 1')
      .orderBy('p.id')
      .limit(1)
      .select('p.id');
    const read = async () => (await call('get', `/positions/${holder.id}`)).body.position;
    const vacated = await call('post', `/positions/${holder.id}/vacate`, {
      version: (await read()).version,
      reason: 'Retired in June',
    });
    expect(vacated.status, JSON.stringify(vacated.body)).toBe(200);
    const closed = await call('post', `/positions/${holder.id}/status`, {
      version: (await read()).version,
      status: 'closed',
      reason: 'Not refilled',
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const { rows, count } = await compared();
    const own = rows.filter((r) => r.positionId === holder.id);
    expect(own.map((r) => [r.action, r.reason, r.holdersLeft, r.pickWhy])).toEqual([
      ['closed', 'Not refilled', 0, null],
      ['vacated', 'Retired in June', 0, null],
    ]);
    expect(count).toBe(rows.length);
  });
});
