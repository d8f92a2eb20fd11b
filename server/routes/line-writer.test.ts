import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import {
  buildBudgetYear,
  buildContract,
  buildWorkGroup,
  grow,
  insertEmployees,
  toCents,
} from '../../test/factories';

/**
 * Every path that changes a line goes through the one writer, so the rule and
 * the audit apply the same way everywhere. Paths that used to skip the next-year salary rule (a
 * merge filling in the kept record's work group, a work group moved to another category) now
 * recompute it; every path's audit entries name their cause. Expected salaries are worked out
 * here in integer cents.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);

const nextYear = async (id: number) =>
  toCents((await t.db.knex('line_items').where({ id }).first('next_year_salary')).next_year_salary);

async function causes(ids: number[]): Promise<(string | undefined)[]> {
  const rows = await t.db
    .knex('audit_log')
    .where({ entity: 'line-item' })
    .whereIn('entity_id', ids.map(String))
    .orderBy('id')
    .select('after');
  return rows.map((r: { after: unknown }) => {
    const after = typeof r.after === 'string' ? JSON.parse(r.after) : r.after;
    return after?.cause;
  });
}

describe('the one writer of line items', () => {
  it('a merge that fills in the kept record’s work group recomputes its next-year salary (audited)', async () => {
    const knex = t.db.knex;
    const budgetYearId = await buildBudgetYear(knex);
    const teachers = await buildWorkGroup(knex);
    await buildContract(knex, { workGroupId: teachers, status: 'SETTLED', rates: [[2027, 3]] });
    const base = { budgetYearId, fiscalYear: 2026, firstName: 'Dana', lastName: `Merge ${budgetYearId}` };
    const [keep] = await insertEmployees(knex, [{ ...base, salary: '51234.57', position: null }]);
    const [drop] = await insertEmployees(knex, [
      { ...base, salary: '51234.57', position: 'Teacher', workGroupId: teachers, workGroup: 'Teachers' },
    ]);
    expect(await nextYear(keep)).toBeNull();

    const res = await t.api('post', '/line-items/merge-duplicates', {
      token: admin.token,
      body: { keepId: keep, deleteId: drop },
    });
    expect(res.status).toBe(200);
    expect(res.body.lineItem.workGroupId).toBe(teachers);
    // 51,234.57 x 1.03 = 52,771.6071 -> 52,771.61
    expect(await nextYear(keep)).toBe(grow(toCents('51234.57')!, 300n));
    expect(await causes([keep, drop])).toEqual(['Duplicates merged', 'Duplicates merged']);
  });

  it('a work group moved to another category takes that category’s COLA scenario percent at once', async () => {
    const knex = t.db.knex;
    const budgetYearId = await buildBudgetYear(knex);
    const group = await buildWorkGroup(knex);
    const [plain, raised] = await knex('work_group_categories')
      .insert([{ name: `Plain ${budgetYearId}` }, { name: `Raised ${budgetYearId}` }])
      .returning('id');
    await knex('work_groups').where({ id: group }).update({ category_id: plain.id });
    await knex('cola_scenarios').update({ is_default: false });
    const [scenario] = await knex('cola_scenarios')
      .insert({ name: `Default ${budgetYearId}`, is_default: true })
      .returning('id');
    await knex('cola_settings').insert({
      scenario_id: scenario.id,
      work_group_category_id: raised.id,
      fiscal_year: 2027,
      cola_percentage: 4.25,
    });
    const salaries = ['48000.33', '61111.11'];
    const ids = await insertEmployees(
      knex,
      salaries.map((salary) => ({ budgetYearId, fiscalYear: 2026, workGroupId: group, salary })),
    );

    const res = await t.api('put', `/cola/work-groups/${group}`, {
      token: admin.token,
      body: { categoryId: raised.id },
    });
    expect(res.status).toBe(200);
    expect(await Promise.all(ids.map(nextYear))).toEqual(salaries.map((s) => grow(toCents(s)!, 425n)));
    expect(await causes(ids)).toEqual(ids.map(() => expect.stringMatching(/moved to another category/)));
  });

  it('Fix Base Year gives the moved employees the next-year salary of their new year', async () => {
    const knex = t.db.knex;
    const budgetYearId = await buildBudgetYear(knex, { currentFiscalYear: 2026 });
    const teachers = await buildWorkGroup(knex);
    await buildContract(knex, {
      workGroupId: teachers,
      status: 'SETTLED',
      rates: [
        [2027, 3],
        [2028, 5],
      ],
    });
    // Imported under FY27 by mistake: their stored values are FY28's raise (5%).
    const salaries = ['51234.57', '60000.01'];
    const ids = await insertEmployees(
      knex,
      salaries.map((salary) => ({
        budgetYearId,
        fiscalYear: 2027,
        workGroupId: teachers,
        salary,
        nextYearSalary: (Number(grow(toCents(salary)!, 500n)) / 100).toFixed(2),
      })),
    );
    const res = await t.api('post', '/projections/fix-base-year', {
      token: finance.token,
      body: { budgetYearId, correctBaseYear: 2026, isOperating: true },
    });
    expect(res.status).toBe(200);
    // Now FY26 lines: next year is FY27, at 3%.
    expect(await Promise.all(ids.map(nextYear))).toEqual(salaries.map((s) => grow(toCents(s)!, 300n)));
  });

  it('every path names its cause on each line it changes', async () => {
    const knex = t.db.knex;
    const budgetYearId = await buildBudgetYear(knex);
    const group = await buildWorkGroup(knex);
    const [a, b, c] = await insertEmployees(knex, [
      { budgetYearId, fiscalYear: 2026, salary: '40000.00', position: `Clerk ${budgetYearId}` },
      { budgetYearId, fiscalYear: 2026, salary: '41000.00', position: `Clerk ${budgetYearId}` },
      { budgetYearId, fiscalYear: 2026, salary: '42000.00', position: 'Other' },
    ]);
    const call = async (method: string, path: string, body: unknown, token = finance.token) => {
      const res = await t.api(method as 'post', path, { token, body });
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
    };
    await call('patch', `/line-items/budget/${c}`, { notes: 'Edited' });
    await call('post', '/line-items/bulk-status', { itemIds: [c], employeeStatus: 'Retiring' });
    await call(
      'post',
      '/bulk-update/work-groups',
      { budgetYearId, fiscalYear: 2026, match: { position: `Clerk ${budgetYearId}` }, workGroupId: group },
      admin.token,
    );
    await call(
      'post',
      '/bulk-update/employee-status',
      {
        budgetYearId,
        fiscalYear: 2026,
        match: { position: `Clerk ${budgetYearId}` },
        employeeStatus: 'Inactive',
      },
      admin.token,
    );
    expect(await causes([c])).toEqual(['Employee line edited', 'Bulk: status set to Retiring']);
    for (const id of [a, b]) {
      expect(await causes([id])).toEqual([
        expect.stringMatching(/^Bulk update: work group set to /),
        'Bulk update: status set to Inactive',
      ]);
    }
  });
});
