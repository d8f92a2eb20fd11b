import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildPositionsWorld, footprint, type PositionsWorld } from '../../test/worlds/positions.world';

/**
 * Malformed bodies and queries of the positions API (and the Scenario Builder's cuts by position):
 * each refused with 400, a message naming the field in words a person can act on, nothing written.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: PositionsWorld;
let vacancy: { id: number; version: number };

beforeAll(async () => {
  w = await buildPositionsWorld(t, admin.token);
  const made = await t.api('post', '/positions', {
    token: finance.token,
    body: { fiscalYear: 2026, title: 'Para', buildingId: w.school, categoryId: w.teachers, fte: 0.5 },
  });
  vacancy = made.body.position;
});

/** Sends it, expects 400 with exactly this message on this field, and an untouched database. */
async function refused(method: string, path: string, body: unknown, field: string, message: string) {
  const before = await footprint(t.db.knex);
  const res = await t.api(method, path, { token: finance.token, body });
  expect(res.status).toBe(400);
  expect(res.body.details).toEqual([{ path: field, message }]);
  expect(await footprint(t.db.knex)).toEqual(before);
}

describe('malformed input is refused by name', () => {
  it('a version no position can have is bad input, not somebody else’s change', async () => {
    await refused(
      'patch',
      `/positions/${vacancy.id}`,
      { version: 2 ** 40, title: 'Later' },
      'version',
      'version must be the version of the position you read, at most 2147483647',
    );
    await refused(
      'post',
      `/positions/${vacancy.id}/status`,
      { version: 2.5, status: 'frozen' },
      'version',
      'version is required: the version of the position you read',
    );
  });

  it('a new position without a fiscal year, or with one of the wrong kind, says so', async () => {
    const body = { title: 'Para', buildingId: w.school, categoryId: w.teachers, fte: 1 };
    await refused('post', '/positions', body, 'fiscalYear', 'Fiscal year is required');
    await refused(
      'post',
      '/positions',
      { ...body, fiscalYear: true },
      'fiscalYear',
      'A fiscal year is a year such as 2026 or a label such as FY26',
    );
  });

  it('a delete without its version says which field is missing', async () => {
    await refused(
      'delete',
      `/positions/${vacancy.id}`,
      undefined,
      'version',
      'version must be a whole number from 1 to 2147483647',
    );
  });

  it('a new position without a title or a building', async () => {
    const body = { fiscalYear: 2026, buildingId: w.school, categoryId: w.teachers, fte: 1 };
    await refused('post', '/positions', body, 'title', 'Title is required');
    await refused(
      'post',
      '/positions',
      { ...body, title: 'X', buildingId: undefined },
      'buildingId',
      'Building is required: a building id, or null for District Wide',
    );
    await refused(
      'post',
      '/positions',
      { ...body, title: 'X', buildingId: String(w.school) },
      'buildingId',
      'Building is required: a building id, or null for District Wide',
    );
  });

  it('an employee line sent as text', async () => {
    const message = 'lineItemId must be the id of an employee line (a number)';
    const body = { version: vacancy.version, lineItemId: String(w.people.ada) };
    await refused('post', `/positions/${vacancy.id}/fill`, body, 'lineItemId', message);
    await refused(
      'post',
      '/positions',
      {
        fiscalYear: 2026,
        title: 'X',
        buildingId: w.school,
        categoryId: w.teachers,
        fte: 1,
        holders: [{ lineItemId: String(w.people.ada), fteShare: 1 }],
      },
      'holders.0.lineItemId',
      message,
    );
  });

  it('a cut or an add by position without its building', async () => {
    const message = 'Building is required: a building id, or null for District Wide';
    await refused(
      'post',
      '/scenarios/cuts/1/positions/cut',
      { title: 'Para', fte: 1 },
      'buildingId',
      message,
    );
    await refused(
      'post',
      '/scenarios/cuts/1/positions/add',
      { title: 'Para', categoryId: w.teachers, fte: 1 },
      'buildingId',
      message,
    );
  });
});
