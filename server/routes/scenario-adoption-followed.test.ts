import { expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { insertProposed } from '../../test/factories';
import { buildPositionsWorld } from '../../test/worlds/positions.world';
import { positionsFromLines } from '@server/domains/positions';
import { expectFollowed, startFollowing, type Planned } from '../domains/positions/follow-paths.helper';

/**
 * A cut scenario saved with a percent off a salary line while the year's salary lines did not yet
 * follow positions (the roster had none), adopted once they do: the line is the positions' cost
 * now, and the cut would leave it apart from them. The adoption is blocked, says which line and
 * what to do instead, and writes nothing; the lines are recomputed from the raw tables
 * (follow-paths.helper.ts).
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);

it('refuses to adopt a percent cut of a salary line that has come to follow the positions', async () => {
  const w = await buildPositionsWorld(t, admin.token);
  const db = t.db.knex;
  const proposed = await db('scenarios')
    .where({ budget_year_id: w.budgetYearId, scenario_type: 'proposed', is_active: true })
    .first('id');
  const [line] = await insertProposed(db, [
    {
      budgetYearId: w.budgetYearId,
      fiscalYear: 2027,
      scenarioId: proposed?.id ?? null,
      amount: '250000.00',
      categoryId: w.teachers,
      buildingId: w.school,
    },
  ]);
  const call = (method: string, path: string, body?: unknown, token = finance.token) =>
    t.api(method, path, { token, body });
  const made = await call('post', '/scenarios/cuts', {
    budgetYearId: w.budgetYearId,
    fiscalYear: 2027,
    name: 'Half the teachers line',
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.scenario.id as number;
  // No positions yet: a percent off the salary line may be saved.
  const saved = await call('put', `/scenarios/cuts/${id}/adjustments`, { adjustments: { [line]: 50 } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);

  // The roster's positions are made, and FY2027's salary lines follow them from here on.
  await positionsFromLines(db, { budgetYearId: w.budgetYearId, actorLabel: 'test' });
  const at: Planned = {
    t,
    token: finance.token,
    roster: { budgetYearId: w.budgetYearId, fiscalYear: 2026 },
    planned: { budgetYearId: w.budgetYearId, fiscalYear: 2027 },
  };
  await startFollowing(at);
  const lines = await expectFollowed(at, 'before the adoption');
  const adoptions = async () => Number((await db('scenario_adoptions').count({ n: '*' }))[0].n);

  const preview = await call('post', `/scenarios/cuts/${id}/adopt/preview`, {}, admin.token);
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  expect(preview.body.blocked).toBe(
    `Line ${line} is a salary line set from the FY26 positions' cost now: take its percent out of the scenario and cut positions instead (Cut positions)`,
  );
  const adopted = await call(
    'post',
    `/scenarios/cuts/${id}/adopt`,
    { basis: preview.body.basis },
    admin.token,
  );
  expect(adopted.status, JSON.stringify(adopted.body)).toBe(409);
  expect(adopted.body.error).toBe(preview.body.blocked);
  expect(await expectFollowed(at, 'after the refusal')).toEqual(lines);
  expect(await adoptions()).toBe(0);
});
