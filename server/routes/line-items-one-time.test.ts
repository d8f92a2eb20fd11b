import { beforeAll, describe, expect, it } from 'vitest';
import { decodeProposedRows } from '@shared/schemas/line-item-rows';
import { useApp } from '../../test/use-app';
import { buildRollWorld, type RollWorld } from '../../test/worlds/roll-forward.world';

/**
 * One-time proposed lines: a line the district means for this year only (a roof, a
 * one-time grant match) is marked through the API, listed with oneTime in both forms of the list,
 * and left out of next year's roll forward, whose dry run says so before anything is written.
 */

const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
const knex = () => t.db.knex;

let w: RollWorld;
beforeAll(async () => {
  w = await buildRollWorld(t, admin.token);
});

const put = (id: number, body: unknown, token = finance.token) =>
  t.api('put', `/line-items/${id}`, { token, body });

async function listed() {
  const query = `budgetYearId=${w.budgetYearId}&fiscalYear=2027&isOperating=false`;
  const objects = await t.api('get', `/line-items/budget?${query}`, { token: finance.token });
  expect(objects.status).toBe(200);
  const rows = await t.api('get', `/line-items/budget?${query}&format=rows`, { token: finance.token });
  expect(rows.status).toBe(200);
  const byId = (lines: { id: number; oneTime: boolean }[]) =>
    Object.fromEntries(lines.filter((l) => w.proposed.includes(l.id)).map((l) => [l.id, l.oneTime]));
  const fromObjects = byId(objects.body.lineItems);
  expect(byId(decodeProposedRows(rows.body))).toEqual(fromObjects);
  return fromObjects;
}

const dryRun = async () => {
  const res = await t.api('post', '/roll-forward', {
    token: admin.token,
    body: { fromFiscalYear: 'FY2027', dryRun: true },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.totals as { proposedCarried: number; oneTimeLeftOut: number; oneTimeTotal: number };
};

describe('one-time proposed lines', () => {
  it('are listed with oneTime, and the roll forward dry run leaves them out', async () => {
    const [textbooks, bus, roof] = w.proposed;
    expect(await listed()).toEqual({ [textbooks]: false, [bus]: false, [roof]: true });
    expect(await dryRun()).toMatchObject({ proposedCarried: 2, oneTimeLeftOut: 1, oneTimeTotal: 98000.33 });

    // Textbooks bought once this year: ticked one-time, it leaves the roll forward too.
    const marked = await put(textbooks, { oneTime: true });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.lineItem.oneTime).toBe(true);
    expect(await listed()).toEqual({ [textbooks]: true, [bus]: false, [roof]: true });
    expect(await dryRun()).toMatchObject({ proposedCarried: 1, oneTimeLeftOut: 2, oneTimeTotal: 110346 });

    // Unticked again: it is carried.
    expect((await put(textbooks, { oneTime: false })).status).toBe(200);
    expect(await dryRun()).toMatchObject({ proposedCarried: 2, oneTimeLeftOut: 1 });
    const audit = await knex()('audit_log')
      .where({ entity: 'line-item', entity_id: String(textbooks) })
      .orderBy('id');
    expect(audit.map((a) => a.after?.one_time ?? a.after?.oneTime).filter((v) => v !== undefined)).toEqual(
      expect.arrayContaining([true, false]),
    );
  });

  it('refuses a one-time mark that is not yes or no (400 naming oneTime), and VIEW_ONLY (403), changing nothing', async () => {
    const [textbooks] = w.proposed;
    const bad = await put(textbooks, { oneTime: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].path).toBe('oneTime');
    expect((await put(textbooks, { oneTime: true }, viewer.token)).status).toBe(403);
    expect((await knex()('line_items').where({ id: textbooks }).first('one_time')).one_time).toBe(false);
  });
});
