import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, buildBuilding, buildScenario, insertEmployees } from '../../test/factories';

/**
 * Headcount by Location and the staff cards read one scan of a year's employee lines by building
 * (server/domains/budgets/staff-figures.ts): the cards list buildings by payroll, Headcount by
 * Location by head count, then by name as the database orders names (its collation, not
 * JavaScript's), District Wide last among equals. Names here sort differently by case in different
 * collations ('beta' beside 'Bravo'), so the expected order is the database's own ORDER BY name.
 */
const { t, finance } = useApp(['FINANCE']);
const FY = 2026;
let budgetYearId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  const db = t.db.knex;
  budgetYearId = await buildBudgetYear(db, { currentFiscalYear: FY });
  const op = await buildScenario(db, budgetYearId, 'operating');
  for (const name of ['Bravo School', 'beta annex', 'Alpha School', 'Zed School']) {
    ids[name] = await buildBuilding(db, { name });
  }
  const at = (name: string | null, salaries: string[]) =>
    salaries.map((salary) => ({
      budgetYearId,
      fiscalYear: FY,
      scenarioId: op,
      salary,
      buildingId: name === null ? null : ids[name],
    }));
  await insertEmployees(db, [
    ...at('Zed School', ['41000.00', '41000.00', '41000.00']),
    ...at('Bravo School', ['50000.00', '50000.01']),
    ...at('beta annex', ['60000.00', '60000.00']),
    ...at('Alpha School', ['30000.00', '30000.00']),
    // District Wide: the largest payroll, last among the buildings of 2 people.
    ...at(null, ['90000.00', '90000.00']),
  ]);
}, 60_000);

describe('headcount by location of a year with its own lines', () => {
  it('lists most people first, then names in the database’s order, District Wide last among equals', async () => {
    const { rows } = await t.db.knex.raw(`SELECT name FROM buildings WHERE id = ANY(?) ORDER BY name`, [
      [ids['Bravo School'], ids['beta annex'], ids['Alpha School']],
    ]);
    const tied = rows.map((r: { name: string }) => r.name);
    const res = await t.api(
      'get',
      `/line-items/headcount-by-location?budgetYearId=${budgetYearId}&fiscalYear=${FY}`,
      {
        token: finance.token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.locations.map((l: { location: string; count: number }) => [l.location, l.count])).toEqual(
      [['Zed School', 3], ...tied.map((name: string) => [name, 2]), ['District Wide', 2]],
    );
    expect(res.body.totalEmployees).toBe(11);
    expect(res.body.source).toBe('lines');
  });

  it('the staff cards list the same buildings by payroll, largest first', async () => {
    const res = await t.api('get', `/line-items/budget/stats?budgetYearId=${budgetYearId}&fiscalYear=${FY}`, {
      token: finance.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.byBuilding.map((b: { building: string }) => b.building)).toEqual([
      'District Wide',
      'Zed School',
      'beta annex',
      'Bravo School',
      'Alpha School',
    ]);
  });
});
