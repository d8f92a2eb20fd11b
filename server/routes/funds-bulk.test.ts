import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { auditOf, buildBudgetYear, insertEmployees, insertProposed } from '../../test/factories';

/** POST /line-items/bulk-fund: the fund that pays many proposed lines, through the one line writer. */

const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
const FY = 2030;
let proposed: number[];
let employee: number;
let grant: number;
let closed: number;

const fundsOf = async (ids: number[]) =>
  (await t.db.knex('line_items').whereIn('id', ids).orderBy('id').select('fund_id')).map((r) => r.fund_id);
const bulk = (body: object, token = finance.token) => t.api('post', '/line-items/bulk-fund', { token, body });

beforeAll(async () => {
  const budgetYearId = await buildBudgetYear(t.db.knex, { currentFiscalYear: FY });
  proposed = await insertProposed(
    t.db.knex,
    ['100.00', '200.00', '300.00'].map((amount) => ({ budgetYearId, fiscalYear: FY, amount })),
  );
  [employee] = await insertEmployees(t.db.knex, [{ budgetYearId, fiscalYear: FY, salary: '50000.00' }]);
  const made = async (body: object) =>
    (await t.api('post', '/funds', { token: admin.token, body })).body.fund.id as number;
  grant = await made({
    name: 'IDEA 2030',
    code: `ID${process.pid}`,
    kind: 'federal_grant',
    periodStart: '2029-07-01',
  });
  closed = await made({
    name: 'ESSER II',
    code: `ES${process.pid}`,
    kind: 'federal_grant',
    periodEnd: '2023-09-30',
  });
});

describe('POST /line-items/bulk-fund', () => {
  it('puts proposed lines on a grant and back on the general fund, each change audited', async () => {
    const res = await bulk({ itemIds: proposed.slice(0, 2), fundId: grant });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toBe(2);
    expect(await fundsOf(proposed)).toEqual([grant, grant, null]);
    const audit = await auditOf(t.db.knex, proposed[0]);
    expect(audit.at(-1)).toMatchObject({ action: 'update' });
    expect(JSON.stringify(audit.at(-1))).toContain('Bulk: fund assigned');
    expect((await bulk({ itemIds: proposed, fundId: null })).status).toBe(200);
    expect(await fundsOf(proposed)).toEqual([null, null, null]);
  });

  it('refuses an employee line, a closed grant, a missing fund or line, and VIEW_ONLY: nothing written', async () => {
    const before = await fundsOf([...proposed, employee]);
    const withEmployee = await bulk({ itemIds: [proposed[0], employee], fundId: grant });
    expect(withEmployee.status).toBe(400);
    expect(withEmployee.body.error).toContain(`employees are paid through their positions): ${employee}`);
    const late = await bulk({ itemIds: proposed, fundId: closed });
    expect(late.status).toBe(400);
    expect(late.body.details).toEqual([
      { path: 'fundId', message: "ESSER II's grant period (… to 2023-09-30) does not reach FY30" },
    ]);
    expect((await bulk({ itemIds: proposed, fundId: 999999 })).status).toBe(400);
    expect((await bulk({ itemIds: [...proposed, 999999], fundId: grant })).status).toBe(404);
    expect((await bulk({ itemIds: proposed, fundId: grant }, viewer.token)).status).toBe(403);
    expect((await bulk({ itemIds: [], fundId: grant })).status).toBe(400);
    expect(await fundsOf([...proposed, employee])).toEqual(before);
  });
});
