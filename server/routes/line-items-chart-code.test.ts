import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { auditOf, buildEmployee, buildProposed, buildWorld, lineRow, type World } from '../../test/factories';

/**
 * A line's function code is one of DESE's chart on every path that writes one, as
 * bulk assignment and the rules already required. A code outside it is a 400 naming the value, and
 * the line (or the year's lines, for a create) and its audit trail are as they were.
 */

const { t, finance } = useApp(['FINANCE']);

const countLines = async (w: World) =>
  Number((await t.db.knex('line_items').where({ budget_year_id: w.budgetYearId }).count('* as c'))[0].c);

const refusal = (body: { details?: { path: string; message: string }[] }) => body.details?.[0];

describe('a function code outside DESE chart', () => {
  it('is refused by POST /line-items, naming the value, and no line is added', async () => {
    const w = await buildWorld(t.db.knex);
    const before = await countLines(w);
    for (const isOperating of [true, false]) {
      const res = await t.api('post', '/line-items', {
        token: finance.token,
        body: {
          isOperating,
          budgetYearId: w.budgetYearId,
          fiscalYear: 2026,
          ...(isOperating
            ? { lastName: 'New', currentSalary: 50000 }
            : { accountDescription: 'Books', amount: 5 }),
          deseCode: 'X305',
        },
      });
      expect(res.status).toBe(400);
      expect(refusal(res.body)).toEqual({ path: 'deseCode', message: expect.stringContaining("'X305'") });
    }
    expect(await countLines(w)).toBe(before);
  });

  it('is refused by PUT /line-items/:id and PATCH /line-items/budget/:id, and the line is unchanged', async () => {
    const w = await buildWorld(t.db.knex);
    const proposed = await buildProposed(t.db.knex, w);
    const employee = await buildEmployee(t.db.knex, w);
    const rows = [await lineRow(t.db.knex, proposed), await lineRow(t.db.knex, employee)];
    const audits = [(await auditOf(t.db.knex, proposed)).length, (await auditOf(t.db.knex, employee)).length];

    const put = await t.api('put', `/line-items/${proposed}`, {
      token: finance.token,
      body: { deseCode: '9999', amount: 7 },
    });
    expect(put.status).toBe(400);
    expect(refusal(put.body)?.message).toContain("'9999'");

    const patch = await t.api('patch', `/line-items/budget/${employee}`, {
      token: finance.token,
      body: { deseCode: '2399', notes: 'x' },
    });
    expect(patch.status).toBe(400);
    expect(refusal(patch.body)).toEqual({ path: 'deseCode', message: expect.stringContaining("'2399'") });

    // A series heading is DESE's, but not a code a line can carry.
    const series = await t.api('patch', `/line-items/budget/${employee}`, {
      token: finance.token,
      body: { deseCode: '2000' },
    });
    expect(series.status).toBe(400);
    expect(refusal(series.body)?.message).toMatch(/^2000 is the .* series/);

    expect([await lineRow(t.db.knex, proposed), await lineRow(t.db.knex, employee)]).toEqual(rows);
    expect([
      (await auditOf(t.db.knex, proposed)).length,
      (await auditOf(t.db.knex, employee)).length,
    ]).toEqual(audits);
  });

  it('leaves chart codes and clearing a code as they were', async () => {
    const w = await buildWorld(t.db.knex);
    const employee = await buildEmployee(t.db.knex, w);
    const set = await t.api('patch', `/line-items/budget/${employee}`, {
      token: finance.token,
      body: { deseCode: ' 2305 ' },
    });
    expect(set.status).toBe(200);
    expect(set.body.lineItem.deseCode).toBe('2305');
    const cleared = await t.api('patch', `/line-items/budget/${employee}`, {
      token: finance.token,
      body: { deseCode: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.lineItem.deseCode).toBeNull();
  });
});
