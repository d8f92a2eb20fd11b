import { describe, expect, it } from 'vitest';
import { buildBudgetYear, buildCategory, insertEmployees } from '../../test/factories';
import { useApp } from '../../test/use-app';

/**
 * A person holding two positions whose function codes fall into one row of the DESE report (2305
 * and 2330, both of the 2000 series) is one employee there, not two. The report counts employee
 * lines by each line's own code (its own, else its category's), never through the positions the
 * line holds, so a holder is counted once whatever codes their positions carry.
 */
const { t, finance } = useApp(['FINANCE']);

describe('the DESE report of a person holding positions under two codes of one series', () => {
  it('counts the person once in the series and once under their own code', async () => {
    const db = t.db.knex;
    const budgetYearId = await buildBudgetYear(db, { currentFiscalYear: 2027 });
    const teachers = await buildCategory(db, {
      name: 'Teachers (one holder)',
      isPersonnel: true,
      deseFunction: '2305',
    });
    const [line] = await insertEmployees(db, [
      { budgetYearId, fiscalYear: 2027, salary: '60000.00', categoryId: teachers, fte: 1 },
    ]);
    const positions = await db('positions')
      .insert(
        ['2305', '2330'].map((code) => ({
          budget_year_id: budgetYearId,
          fiscal_year: 2027,
          title: `Teacher ${code}`,
          dese_code: code,
          category_id: teachers,
          fte: 0.5,
          status: 'filled',
        })),
      )
      .returning('id');
    await db('position_holders').insert(
      positions.map((p: { id: number }) => ({ position_id: p.id, line_item_id: line, fte_share: 0.5 })),
    );

    const res = await t.api('get', `/dese-report?budgetYearId=${budgetYearId}&fiscalYear=2027`, {
      token: finance.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const series = res.body.series.find((s: { code: string }) => s.code === '2000');
    expect(series.employeeCount).toBe(1);
    const row = (code: string) => series.rows.find((r: { code: string }) => r.code === code);
    expect(row('2305').employeeCount).toBe(1);
    expect(row('2330').employeeCount).toBe(0);
    expect(res.body.totals.employeeCount).toBe(1);
  });
});
