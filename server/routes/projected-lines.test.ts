import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildRuleWorld, insertPeople, type RuleWorld } from '../../test/factories';

/**
 * Projected employee lines are stored apart (projected_lines: year, salaries,
 * step, source line) and read through line_items_all with their source line's descriptive columns.
 * These are the seams a finance office meets: a projected line is listed, edited (it becomes a row
 * of its own, same id), follows a rename of its source until then, and goes with its source line.
 */
const { t, finance } = useApp(['FINANCE']);
let w: RuleWorld;
let ada: number;
let bo: number;
beforeAll(async () => {
  w = await buildRuleWorld(t.db.knex);
  [ada, bo] = await insertPeople(t.db.knex, w, [
    {
      firstName: 'Ada',
      lastName: 'Lane',
      salary: '60000.00',
      workGroupId: w.teachers,
      workGroup: w.names.teachers,
    },
    {
      firstName: 'Bo',
      lastName: 'Reed',
      salary: '45000.00',
      workGroupId: w.custodians,
      workGroup: w.names.custodians,
    },
  ]);
  const generated = await t.api('post', '/projections/generate', {
    token: finance.token,
    body: {
      budgetYearId: w.budgetYearId,
      toFiscalYear: 2028,
      projectionType: 'operating',
      forceRegenerate: true,
    },
  });
  expect(generated.status, JSON.stringify(generated.body)).toBe(200);
});

/** The employee lines of a fiscal year as GET /line-items/budget lists them. */
async function listed(fiscalYear: number) {
  const res = await t.api(
    'get',
    `/line-items/budget?budgetYearId=${w.budgetYearId}&fiscalYear=${fiscalYear}&isOperating=true`,
    { token: finance.token },
  );
  expect(res.status).toBe(200);
  return res.body.lineItems as {
    id: number;
    lastName: string;
    currentSalary: number;
    isProjected: boolean;
  }[];
}

const projectedOf = (source: number, fiscalYear: number) =>
  t.db
    .knex('line_items_all')
    .whereRaw(`metadata ->> 'sourceLineId' = ?`, [String(source)])
    .where({ fiscal_year: fiscalYear, is_projected: true })
    .first();

describe('projected lines stored apart', () => {
  it('are written to projected_lines, not line_items, and listed with their source’s names', async () => {
    const lean = await t.db.knex('projected_lines').where({ budget_year_id: w.budgetYearId }).count('* as n');
    expect(Number(lean[0].n)).toBe(4);
    const stored = await t.db
      .knex('line_items')
      .where({ budget_year_id: w.budgetYearId, is_projected: true, is_operating: true })
      .count('* as n');
    expect(Number(stored[0].n)).toBe(0);
    const fy27 = await listed(2027);
    expect(fy27.map((l) => [l.lastName, l.isProjected])).toEqual([
      ['Lane', true],
      ['Reed', true],
    ]);
  });

  it('follow a rename of their source line until someone edits them', async () => {
    const edited = await projectedOf(ada, 2027);
    const res = await t.api('patch', `/line-items/budget/${edited.id}`, {
      token: finance.token,
      body: { currentSalary: 61234.5 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Moved into line_items under the same id, with the edit.
    const row = await t.db.knex('line_items').where({ id: edited.id }).first();
    expect(row).toMatchObject({ is_projected: true, fiscal_year: 2027, last_name: 'Lane' });
    expect(row.current_salary).toBe(61234.5);
    expect(await t.db.knex('projected_lines').where({ id: edited.id }).first()).toBeUndefined();

    const renamed = await t.api('patch', `/line-items/budget/${ada}`, {
      token: finance.token,
      body: { lastName: 'Lane-Okafor' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    // The untouched FY28 projection shows the new name; the edited FY27 line keeps its own.
    expect((await projectedOf(ada, 2028)).last_name).toBe('Lane-Okafor');
    expect((await listed(2027)).find((l) => l.id === edited.id)!.lastName).toBe('Lane');
    expect((await listed(2028)).map((l) => l.lastName).sort()).toEqual(['Lane-Okafor', 'Reed']);
  });

  it('go with their source line when it is deleted; an edited one stays', async () => {
    const edited = await projectedOf(bo, 2027);
    const res = await t.api('patch', `/line-items/budget/${edited.id}`, {
      token: finance.token,
      body: { position: 'Head Custodian' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const gone = await t.api('delete', `/line-items/${bo}`, { token: finance.token });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(await projectedOf(bo, 2028)).toBeUndefined();
    expect((await listed(2027)).find((l) => l.id === edited.id)).toBeDefined();
    expect((await listed(2028)).map((l) => l.lastName)).toEqual(['Lane-Okafor']);
  });
});
