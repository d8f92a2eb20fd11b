import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildEmployee, buildProposed, buildWorld, type World } from '../../test/factories';

/** The totals apply the grids' search rule (shared/schemas/line-search.ts) in SQL. */
const { t, finance } = useApp(['FINANCE']);

/** The FY2026 totals of the world's operating or proposed lines that match `search`. */
async function totalsOf(w: World, isOperating: boolean, search: string) {
  const res = await t.api(
    'get',
    `/line-items/budget/totals?budgetYearId=${w.budgetYearId}&fiscalYear=2026&isOperating=${isOperating}&search=${encodeURIComponent(search)}`,
    { token: finance.token },
  );
  expect(res.status, search).toBe(200);
  return res.body;
}

describe('GET /line-items/budget/totals?search=', () => {
  it('finds a name as the grid shows it: the same lines and sums for "Almeida, Amy" and "Amy Almeida"', async () => {
    const w = await buildWorld(t.db.knex);
    await buildEmployee(t.db.knex, w, {
      first_name: 'Amy',
      last_name: 'Almeida',
      current_salary: '60000.10',
      next_year_salary: '61800.20',
    });
    await buildEmployee(t.db.knex, w, { first_name: 'Beth', last_name: 'Almeida', current_salary: '0.20' });
    await buildEmployee(t.db.knex, w, { first_name: 'Amy', last_name: 'Barrett', current_salary: '0.70' });
    const totals = (search: string) => totalsOf(w, true, search);
    const spoken = await totals('Amy Almeida');
    expect(spoken).toMatchObject({ count: 1, totalCurrentSalary: 60000.1, totalNextYearSalary: 61800.2 });
    expect(await totals('Almeida, Amy')).toEqual(spoken);
    expect(await totals('amy alm')).toEqual(spoken);
    expect(await totals('Alme')).toMatchObject({ count: 2, totalCurrentSalary: 60000.3 });
    expect(await totals('Almeida, Zoe')).toMatchObject({ count: 0, totalCurrentSalary: 0 });
    // No terms: every line.
    expect(await totals(' , ')).toMatchObject({ count: 3, totalCurrentSalary: 60001 });
  });

  it('searches a proposed line’s fields term by term, LIKE wildcards literal', async () => {
    const w = await buildWorld(t.db.knex);
    await buildProposed(t.db.knex, w, {
      account_description: 'Library books',
      account_line: '01-2430-5500',
      notes: 'Per pupil 100%',
      amount: '1234.50',
    });
    await buildProposed(t.db.knex, w, { account_description: 'Library_staff', amount: '10.00' });
    const count = (search: string) => totalsOf(w, false, search);
    expect(await count('books, 2430')).toMatchObject({ count: 1, totalAmount: 1234.5 });
    expect(await count('library 100%')).toMatchObject({ count: 1, totalAmount: 1234.5 });
    expect(await count('y_s')).toMatchObject({ count: 1, totalAmount: 10 });
    expect(await count('books 9999')).toMatchObject({ count: 0 });
  });
});
