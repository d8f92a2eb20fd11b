import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, buildScenario } from '../../test/factories';

/**
 * 'Set as Active' pressed by many people at once. On PostgreSQL the calls used
 * to take the scenario's own row lock and then the rest of its group, so two calls each held the
 * row the other wanted: 'deadlock detected', answered 500. Every call must now succeed (or at
 * worst answer 409/503), and exactly one scenario of the group ends active. Run it on the real
 * server: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run <this file>.
 */

const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);

/** Fires every call at once over real HTTP and returns the statuses. */
async function storm(paths: string[], token: string): Promise<number[]> {
  const responses = await Promise.all(
    paths.map((path) =>
      fetch(`${t.url}/api${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } }),
    ),
  );
  await Promise.all(responses.map((r) => r.arrayBuffer()));
  return responses.map((r) => r.status);
}

const CALLS = 80;

describe('concurrent Set as Active', () => {
  it('budgets: 80 calls over 8 scenarios all answer 200 (never 500) and one scenario is active', async () => {
    const budgetYearId = await buildBudgetYear(t.db.knex, { currentFiscalYear: 2031 });
    const ids: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      ids.push(await buildScenario(t.db.knex, budgetYearId, 'proposed', i === 0));
    }
    const statuses = await storm(
      Array.from({ length: CALLS }, (_, i) => `/scenarios/${ids[i % ids.length]}/set-active`),
      admin.token,
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const active = await t.db.knex('scenarios').where({ budget_year_id: budgetYearId, is_active: true });
    expect(active).toHaveLength(1);
  });

  it('cut scenarios: 80 calls over 8 scenarios all answer 200 (never 500) and one plan is adopted', async () => {
    const budgetYearId = await buildBudgetYear(t.db.knex, { currentFiscalYear: 2032 });
    const ids: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await t.api('post', '/scenarios/cuts', {
        token: finance.token,
        body: { budgetYearId, name: `Plan ${i}` },
      });
      expect(res.status).toBe(201);
      ids.push(res.body.scenario.id);
    }
    const statuses = await storm(
      Array.from({ length: CALLS }, (_, i) => `/scenarios/cuts/${ids[i % ids.length]}/set-active`),
      finance.token,
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const active = await t.db.knex('cut_scenarios').where({ budget_year_id: budgetYearId, is_active: true });
    expect(active).toHaveLength(1);
  });
});
