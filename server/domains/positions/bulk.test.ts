import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../../test/use-app';
import { insertEmployees } from '../../../test/factories';
import { buildPositionsWorld, footprint, type PositionsWorld } from '../../../test/worlds/positions.world';
import { positionsFromLines } from '@server/domains/positions';

/**
 * A change refused because someone holds the position, through the real API: the clerk reads
 * which position (its title and building) and who holds it, never an id or a field name, and the
 * bulk call, the single status change and the delete say it in the same words (one message).
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: PositionsWorld;
let school: string;
/** An ABA Technician at the school held half each by Eve and Fay, and Ada's own position. */
let aba: { id: number; version: number };
let ada: { id: number; version: number; title: string };
let names: { eve: string; fay: string; ada: string };

const api = (method: 'get' | 'post' | 'delete', path: string, body?: object) =>
  t.api(method, path, { token: finance.token, body });
const nameOf = async (lineItemId: number) => {
  const row = await t.db.knex('line_items').where({ id: lineItemId }).first('first_name', 'last_name');
  return `${row.first_name} ${row.last_name}`;
};

beforeAll(async () => {
  w = await buildPositionsWorld(t, admin.token);
  await positionsFromLines(t.db.knex, { budgetYearId: w.budgetYearId, actorLabel: 'test' });
  school = (await t.db.knex('buildings').where({ id: w.school }).first('name')).name;
  const [eve, fay] = await insertEmployees(
    t.db.knex,
    ['Eve', 'Fay'].map((firstName) => ({
      budgetYearId: w.budgetYearId,
      fiscalYear: 2026,
      firstName,
      salary: '40000.00',
      nextYearSalary: '41000.00',
      fte: 1,
    })),
  );
  names = { eve: await nameOf(eve), fay: await nameOf(fay), ada: await nameOf(w.people.ada) };
  const made = await api('post', '/positions', {
    fiscalYear: 2026,
    title: 'ABA Technician',
    buildingId: w.school,
    categoryId: w.teachers,
    workGroupId: w.teacherGroup,
    fte: 1,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  let position = made.body.position;
  for (const lineItemId of [eve, fay]) {
    const filled = await api('post', `/positions/${position.id}/fill`, {
      version: position.version,
      lineItemId,
      fteShare: 0.5,
    });
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    position = filled.body.position;
  }
  aba = position;
  const listed = await api('get', '/positions?fiscalYear=2026');
  ada = listed.body.positions.find((p: { holders: { lineItemId: number }[] }) =>
    p.holders.some((h) => h.lineItemId === w.people.ada),
  );
});

/** The refusal's words carry no '#id' nor a field name such as 'status: '. */
const expectPlain = (message: string) => {
  expect(message).not.toMatch(/#\d/);
  expect(message).not.toMatch(/^\w+: /);
  expect(message).not.toMatch(/someone/);
};

describe('closing positions somebody holds', () => {
  it('the bulk change names the title, the building and the holders, and changes nothing', async () => {
    const before = await footprint(t.db.knex);
    const res = await api('post', '/positions/bulk', {
      items: [aba, ada].map((p) => ({ id: p.id, version: p.version })),
      patch: { status: 'closed' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      `ABA Technician at ${school} is held by ${names.eve} and ${names.fay}: vacate it before closing it`,
    );
    expectPlain(res.body.error);
    expect(await footprint(t.db.knex)).toEqual(before);
  });

  it('one position closed on its own is refused in the same words', async () => {
    const before = await footprint(t.db.knex);
    const res = await api('post', `/positions/${ada.id}/status`, { version: ada.version, status: 'closed' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      `${ada.title} at ${school} is held by ${names.ada}: vacate it before closing it`,
    );
    expectPlain(res.body.error);
    expect(await footprint(t.db.knex)).toEqual(before);
  });

  it('deleting it is refused in the same words', async () => {
    const before = await footprint(t.db.knex);
    const res = await api('delete', `/positions/${aba.id}?version=${aba.version}`);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      `ABA Technician at ${school} is held by ${names.eve} and ${names.fay}: vacate it before deleting it, or close it to keep its history`,
    );
    expectPlain(res.body.error);
    expect(await footprint(t.db.knex)).toEqual(before);
  });
});

describe('adding a position without a budget category', () => {
  it("the API's refusal reads as the form's", async () => {
    const res = await api('post', '/positions', {
      fiscalYear: 2026,
      title: 'Para',
      buildingId: null,
      fte: 1,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/Budget category is required/);
    expect(res.body.error).not.toMatch(/Invalid input|expected number/);
  });
});
