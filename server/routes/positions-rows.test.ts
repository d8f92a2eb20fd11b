import { beforeAll, describe, expect, it } from 'vitest';
import { decodePositionRows } from '@shared/schemas/positions-rows';
import { positionsFromLines } from '@server/domains/positions';
import { useApp } from '../../test/use-app';
import { buildPositionsWorld, type PositionsWorld } from '../../test/worlds/positions.world';

/**
 * GET /positions?format=rows, the compact form the Positions grid reads its whole list in: decoded,
 * it is exactly the object form (every field of every position, the totals), in fewer bytes, with
 * a vacancy that has no building, a note and an unpriced reason among the positions.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: PositionsWorld;

beforeAll(async () => {
  w = await buildPositionsWorld(t, admin.token);
  await positionsFromLines(t.db.knex, { budgetYearId: w.budgetYearId, actorLabel: 'test' });
  const made = await t.api('post', '/positions', {
    token: finance.token,
    body: {
      fiscalYear: 2026,
      title: 'Reading Specialist',
      buildingId: null,
      categoryId: w.teachers,
      fte: 0.5,
      notes: 'Shared by both schools',
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
});

const get = (query: string) => t.api('get', `/positions?fiscalYear=2026${query}`, { token: finance.token });

describe('the compact list', () => {
  it('decodes to the object form, field for field', async () => {
    const objects = await get('');
    const rows = await get('&format=rows');
    expect(rows.status, JSON.stringify(rows.body)).toBe(200);
    expect(rows.body.positions).toBeUndefined();
    expect(rows.body.rows).toHaveLength(5);
    expect(decodePositionRows(rows.body)).toEqual(objects.body);
    expect(objects.body.positions.some((p: { unpricedReason: string | null }) => p.unpricedReason)).toBe(
      true,
    );
    expect(JSON.stringify(rows.body).length).toBeLessThan(JSON.stringify(objects.body).length * 0.7);
  });

  it('keeps the filters and pages of the object form', async () => {
    const query = `&buildingId=${w.school}&status=filled&limit=2&offset=1`;
    const objects = await get(query);
    const rows = await get(`${query}&format=rows`);
    expect(decodePositionRows(rows.body)).toEqual(objects.body);
    expect(objects.body.positions).toHaveLength(2);
  });

  it('refuses a format it does not know, with nothing answered', async () => {
    const res = await get('&format=csv');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('format must be objects or rows');
  });
});
