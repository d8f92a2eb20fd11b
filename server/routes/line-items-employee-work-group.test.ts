import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildEmployee, buildWorld } from '../../test/factories';

/**
 * Work groups are chosen, not typed, in one employee's editor too: a label no
 * work group has is a 400 naming workGroup, nothing written; a group chosen by id links it and its
 * name; 'No work group' clears both.
 */
const { t, finance } = useApp(['FINANCE']);

const audits = async () => Number((await t.db.knex('audit_log').count({ n: '*' }).first())?.n);

describe('the employee editor chooses a work group', () => {
  it('refuses a typed name no group has on PATCH and POST, nothing written', async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildEmployee(t.db.knex, w);
    const before = await t.db.knex('line_items').where({ id }).first();
    const auditsBefore = await audits();

    const res = await t.api('patch', `/line-items/budget/${id}`, {
      token: finance.token,
      body: { workGroup: 'Para Educatr', currentFTE: 0.5 },
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([expect.objectContaining({ path: 'workGroup' })]);
    expect(res.body.error).toMatch(/No work group is named "Para Educatr"/);
    const created = await t.api('post', '/line-items', {
      token: finance.token,
      body: {
        isOperating: true,
        budgetYearId: w.budgetYearId,
        fiscalYear: 2026,
        lastName: 'Typo',
        currentSalary: 40000,
        workGroup: 'Para Educatr',
      },
    });
    expect(created.status).toBe(400);
    expect(created.body.details).toEqual([expect.objectContaining({ path: 'workGroup' })]);
    expect(await t.db.knex('line_items').where({ id }).first()).toEqual(before);
    expect(await t.db.knex('line_items').where({ last_name: 'Typo' })).toEqual([]);
    expect(await audits()).toBe(auditsBefore);
  });

  it('links a group chosen by id (its name too) and clears both with No work group', async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildEmployee(t.db.knex, w);
    const chose = await t.api('patch', `/line-items/budget/${id}`, {
      token: finance.token,
      body: { workGroupId: w.custodiansId },
    });
    expect(chose.status).toBe(200);
    const name = (await t.db.knex('work_groups').where({ id: w.custodiansId }).first()).name;
    expect(chose.body.lineItem).toMatchObject({ workGroupId: w.custodiansId, workGroup: name });
    const cleared = await t.api('patch', `/line-items/budget/${id}`, {
      token: finance.token,
      body: { workGroupId: null, workGroup: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.lineItem).toMatchObject({ workGroupId: null, workGroup: null });
  });
});
