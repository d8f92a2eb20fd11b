import { afterEach, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildEmployee, buildProposed, buildWorld } from '../../test/factories';

const { t, finance } = useApp(['FINANCE']);

// Each test's world imports fiscal year 2026, which has one home: a test's lines go after it.
afterEach(async () => {
  await t.db.knex('line_items').del();
});

async function importRun(budgetYearId: number, importType: 'operating' | 'proposed'): Promise<number> {
  const [run] = await t.db
    .knex('import_runs')
    .insert({ file_name: 'budget.csv', import_type: importType, budget_year_id: budgetYearId })
    .returning('id');
  return run.id as number;
}

describe('line sources', () => {
  it("names each line's source: imported by a run, projected, or entered by hand", async () => {
    const w = await buildWorld(t.db.knex);
    const imported = await buildProposed(t.db.knex, w, {
      account_description: 'Imported supplies',
      import_run_id: await importRun(w.budgetYearId, 'proposed'),
    });
    const projected = await buildProposed(t.db.knex, w, {
      account_description: 'Projected supplies',
      fiscal_year: 2027,
      is_projected: true,
    });
    const created = await t.api('post', '/line-items', {
      token: finance.token,
      body: {
        isOperating: false,
        budgetYearId: w.budgetYearId,
        fiscalYear: 2026,
        accountDescription: 'Entered supplies',
        amount: 500,
        categoryId: w.categoryId,
        buildingId: null,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.lineItem.source).toBe('entered');

    const sources: Record<number, string> = {};
    for (const fiscalYear of [2026, 2027]) {
      const query = `budgetYearId=${w.budgetYearId}&fiscalYear=${fiscalYear}&isOperating=false`;
      const res = await t.api('get', `/line-items/budget?${query}`, { token: finance.token });
      expect(res.status).toBe(200);
      for (const line of res.body.lineItems as { id: number; source: string }[]) {
        sources[line.id] = line.source;
      }
    }
    expect(sources).toEqual({
      [imported]: 'imported',
      [projected]: 'projected',
      [created.body.lineItem.id]: 'entered',
    });
  });

  it('names employee lines the same way', async () => {
    const w = await buildWorld(t.db.knex);
    const imported = await buildEmployee(t.db.knex, w, {
      import_run_id: await importRun(w.budgetYearId, 'operating'),
    });
    const entered = await buildEmployee(t.db.knex, w);
    const res = await t.api('get', `/line-items/budget?budgetYearId=${w.budgetYearId}&isOperating=true`, {
      token: finance.token,
    });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.lineItems.map((l: { id: number; source: string }) => [l.id, l.source]));
    expect(byId.get(imported)).toBe('imported');
    expect(byId.get(entered)).toBe('entered');
  });
});
