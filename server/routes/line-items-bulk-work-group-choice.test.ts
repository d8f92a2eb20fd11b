import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildEmployee, buildWorld, grow } from '../../test/factories';

/**
 * Work groups are chosen, not typed: Bulk Actions' work group must be one that
 * exists. A typo used to be stored as a new label linked to no group, which no contract covers, so
 * the line's next-year salary fell to 0% COLA without a word.
 */

const { t, finance } = useApp(['FINANCE']);

const post = (body: unknown) => t.api('post', '/line-items/bulk-work-group', { token: finance.token, body });
const cents = (v: string | number) => BigInt(Math.round(Number(v) * 100));

describe('POST /line-items/bulk-work-group with a work group by name', () => {
  it('refuses a name no work group has: 400 naming workGroup, nothing written, nothing recomputed', async () => {
    const w = await buildWorld(t.db.knex);
    const ids = [await buildEmployee(t.db.knex, w), await buildEmployee(t.db.knex, w)];
    const lines = () => t.db.knex('line_items').whereIn('id', ids).orderBy('id');
    const before = await lines();
    const audits = async () => Number((await t.db.knex('audit_log').count({ n: '*' }).first())?.n);
    const auditsBefore = await audits();

    const res = await post({ itemIds: ids, workGroup: 'Para Educator' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.error).toMatch(/^workGroup: No work group is named "Para Educator"/);
    expect(res.body.details).toEqual([expect.objectContaining({ path: 'workGroup' })]);
    expect(await lines()).toEqual(before);
    expect(await audits()).toBe(auditsBefore);
  });

  it('still takes an existing group by id, or by its name in any case', async () => {
    const w = await buildWorld(t.db.knex);
    const [a, b] = [await buildEmployee(t.db.knex, w), await buildEmployee(t.db.knex, w)];
    expect((await post({ itemIds: [a], workGroupId: w.custodiansId })).status).toBe(200);
    const custodians = (await t.db.knex('work_groups').where({ id: w.custodiansId }).first()).name as string;
    expect((await post({ itemIds: [b], workGroup: custodians.toUpperCase() })).status).toBe(200);
    const rows = await t.db.knex('line_items').whereIn('id', [a, b]).orderBy('id');
    // The world's custodians are bargaining at 2% for FY2027 (test/factories/worlds.ts).
    expect(rows.map((r) => [r.work_group_id, cents(r.next_year_salary)])).toEqual([
      [w.custodiansId, grow(6000000n, 200n)],
      [w.custodiansId, grow(6000000n, 200n)],
    ]);
  });
});
