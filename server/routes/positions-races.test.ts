import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { insertEmployees } from '../../test/factories';
import { buildPositionsWorld, type PositionsWorld } from '../../test/worlds/positions.world';

/**
 * Writes that race: two requests at once must not together do what each alone is refused. On
 * PostgreSQL the requests run on their own connections at once; PGlite runs them one after the
 * other, so there these pin the same outcome without the race.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: PositionsWorld;

beforeAll(async () => {
  w = await buildPositionsWorld(t, admin.token);
});

const vacancy = async (title: string) => {
  const made = await t.api('post', '/positions', {
    token: finance.token,
    body: { fiscalYear: 2026, title, buildingId: w.school, categoryId: w.teachers, fte: 0.5 },
  });
  expect(made.status).toBe(201);
  return made.body.position as { id: number; version: number };
};

describe('one person filled into two positions at once', () => {
  it('holds no more than their FTE: one fill wins, the other is told why', async () => {
    // Half-time people holding nothing yet, each sent into two half-time vacancies at once: each
    // fill alone is within their FTE, both together are not.
    const people = await insertEmployees(
      t.db.knex,
      ['Fay', 'Gus', 'Hal', 'Ida', 'Jo', 'Kit'].map((firstName) => ({
        budgetYearId: w.budgetYearId,
        fiscalYear: 2026,
        firstName,
        salary: '30000.00',
        nextYearSalary: '31000.00',
        fte: 0.5,
      })),
    );
    const pairs = await Promise.all(
      people.map(async (person, i) => ({ person, posts: [await vacancy(`A${i}`), await vacancy(`B${i}`)] })),
    );
    const fills = await Promise.all(
      pairs.flatMap(({ person, posts }) =>
        posts.map((p) =>
          t.api('post', `/positions/${p.id}/fill`, {
            token: finance.token,
            body: { version: p.version, lineItemId: person, fteShare: 0.5 },
          }),
        ),
      ),
    );
    const held = await t.db
      .knex('position_holders')
      .whereIn('line_item_id', people)
      .groupBy('line_item_id')
      .select('line_item_id', t.db.knex.raw('sum(fte_share)::text AS total'));
    expect(held.map((h) => Number(h.total))).toEqual(people.map(() => 0.5));
    expect(fills.map((f) => f.status).sort()).toEqual([...people.map(() => 200), ...people.map(() => 400)]);
    for (const refused of fills.filter((f) => f.status === 400)) {
      expect(refused.body.error).toMatch(/would hold 1 FTE of positions, above their 0\.5 FTE/);
      expect(refused.body.details[0].path).toBe('fteShare');
    }
  });
});
