import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../../test/use-app';
import { buildPositionsWorld, type PositionsWorld } from '../../../test/worlds/positions.world';
import { positionsFromLines } from './index';

/**
 * A person's FTE is not lowered below what they hold of positions: each position is priced at the
 * holder's salary for their share, so Ada at 0.8 FTE holding a whole 1.0 FTE position would price
 * it at her salary / 0.8, more than she is paid (QA saw $92,250 for a $73,800 next-year salary).
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: PositionsWorld;

beforeAll(async () => {
  w = await buildPositionsWorld(t, admin.token);
  await positionsFromLines(t.db.knex, { budgetYearId: w.budgetYearId, actorLabel: 'test' });
});

const edit = (id: number, body: Record<string, unknown>) =>
  t.api('patch', `/line-items/budget/${id}`, { token: finance.token, body });
const line = (id: number) =>
  t.db.knex('line_items').where({ id }).first('current_fte', 'current_salary', 'notes');
const shares = (id: number) => t.db.knex('position_holders').where({ line_item_id: id }).pluck('fte_share');
const audits = async () => Number((await t.db.knex('audit_log').count({ n: '*' }))[0]!.n);

describe("an employee's FTE against the positions they hold", () => {
  it('refuses an FTE below their shares, naming the position, and writes nothing', async () => {
    const ada = w.people.ada;
    expect((await shares(ada)).map(Number)).toEqual([1]);
    const before = await line(ada);
    const logged = await audits();
    const res = await edit(ada, { currentFTE: 0.8, currentSalary: 72000 });
    expect(res.status).toBe(400);
    const { name } = await t.db.knex('buildings').where({ id: w.school }).first('name');
    const [{ first_name, last_name }] = await t.db
      .knex('line_items')
      .where({ id: ada })
      .select('first_name', 'last_name');
    const message = `${first_name} ${last_name} holds 1 FTE of positions (Grade 3 Teacher at ${name}): more than an FTE of 0.8. Lower the share on Positions first.`;
    expect(res.body.details).toEqual([{ path: 'currentFTE', message }]);
    expect(await line(ada)).toEqual(before);
    expect(await audits()).toBe(logged);
  });

  it('saves the line when its FTE stays, rises, or stays at or above its shares', async () => {
    // The form sends every field: an unchanged FTE is no change of it.
    expect((await edit(w.people.ada, { currentFTE: 1, notes: 'kept' })).status).toBe(200);
    expect((await line(w.people.ada)).notes).toBe('kept');
    // Cy holds 0.5 of a position at 0.5 FTE: 0.5 stays allowed, raising is allowed, 0.4 is not.
    const cy = w.people.cy;
    expect((await shares(cy)).map(Number)).toEqual([0.5]);
    expect((await edit(cy, { currentFTE: 0.6 })).status).toBe(200);
    expect((await edit(cy, { currentFTE: 0.5 })).status).toBe(200);
    const lowered = await edit(cy, { currentFTE: 0.4 });
    expect(lowered.status).toBe(400);
    expect(lowered.body.details[0].message).toContain('holds 0.5 FTE of positions');
    expect(Number((await line(cy)).current_fte)).toBe(0.5);
  });
});
