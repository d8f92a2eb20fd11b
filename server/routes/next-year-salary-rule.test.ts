import { describe, expect, it } from 'vitest';
import { applyAutomaticNextYearSalary } from '@server/domains/line-items/index';
import { useApp } from '../../test/use-app';
import { buildRuleWorld, grow, insertPeople, toCents } from '../../test/factories';

const { t, finance } = useApp(['FINANCE']);

const NO_GROUP = 'Next-year salary not computed: the line has no work group, so no contract COLA applies';

describe('applyAutomaticNextYearSalary on imported lines', () => {
  it('computes the rule, flags the lines it cannot serve, and the totals count them', async () => {
    const db = t.db.knex;
    const w = await buildRuleWorld(db);
    const noCola = `Next-year salary computed at 0% COLA: ${w.names.librarians} has no settled or negotiating contract COLA and no COLA scenario percentage for FY27`;
    // As an import writes them: no next-year salaries yet, metadata with the import's warnings.
    const clean = { needsReview: false, importWarnings: [], importRow: 2 };
    const ids = await insertPeople(db, w, [
      { firstName: 'T', lastName: 'Teacher', salary: '61234.57', workGroupId: w.teachers, metadata: clean },
      {
        firstName: 'C',
        lastName: 'Custodian',
        salary: '45678.91',
        workGroupId: w.custodians,
        metadata: clean,
      },
      {
        firstName: 'L',
        lastName: 'Librarian',
        salary: '52000.01',
        workGroupId: w.librarians,
        workGroup: w.names.librarians,
        metadata: clean,
      },
      {
        firstName: 'N',
        lastName: 'Nogroup',
        salary: '40000.00',
        workGroup: 'Lunch Aides',
        metadata: { needsReview: true, importWarnings: ['Hire date missing'], importRow: 5 },
      },
      {
        firstName: 'H',
        lastName: 'Newhire',
        salary: '0.00',
        nextYearSalary: '45000.00',
        workGroupId: w.teachers,
      },
      {
        firstName: 'R',
        lastName: 'Retiring',
        salary: '70000.00',
        status: 'Retiring',
        workGroupId: w.teachers,
      },
      {
        firstName: 'M',
        lastName: 'Manual',
        salary: '50000.00',
        nextYearSalary: '55000.00',
        manual: true,
        workGroupId: w.librarians,
      },
    ]);
    const changed = await db.transaction((trx) => applyAutomaticNextYearSalary(trx, ids));
    expect(changed).toEqual(ids.slice(0, 4));
    const rows = await db('line_items').whereIn('id', ids).orderBy('id');
    expect(rows.map((r: any) => [r.last_name, toCents(r.next_year_salary), r.needs_review])).toEqual([
      ['Teacher', grow(6123457n, w.teacherBp[2027]), false],
      ['Custodian', grow(4567891n, w.custodianBp[2027]), false],
      ['Librarian', 5200001n, true],
      ['Nogroup', null, true],
      ['Newhire', 4500000n, false],
      ['Retiring', null, false],
      ['Manual', 5500000n, false],
    ]);
    // Each flag records its cause: fixable ones clear themselves once fixed.
    expect(rows[2].metadata).toEqual({
      needsReview: true,
      importWarnings: [noCola],
      reviewCauses: ['next-year-salary'],
      importRow: 2,
    });
    expect(rows[3].metadata).toEqual({
      needsReview: true,
      importWarnings: ['Hire date missing', NO_GROUP],
      reviewCauses: ['other', 'work-group'],
      importRow: 5,
    });
    // Running again changes nothing (the warning is not repeated).
    expect(await db.transaction((trx) => applyAutomaticNextYearSalary(trx, ids))).toEqual([]);

    // Totals: one Active line without a next-year salary; Change leaves it out, Retiring leaves.
    const base = `/line-items/budget/totals?budgetYearId=${w.budgetYearId}&fiscalYear=2026&isOperating=true`;
    const totals = await t.api('get', base, { token: finance.token });
    let change = 0n;
    for (const r of rows) {
      const current = toCents(r.current_salary)!;
      const next = toCents(r.next_year_salary);
      if (r.employee_status !== 'Active') {
        change -= current;
      } else if (next !== null) {
        change += next - current;
      }
    }
    expect(totals.body).toMatchObject({
      count: 7,
      missingNextYearSalaryCount: 1,
      leavingCount: 1,
    });
    expect(toCents(totals.body.totalChange)).toBe(change);

    // Giving the line a work group serves it: a value, and the rule's warning goes (the import's stays).
    const patched = await t.api('patch', `/line-items/${ids[3]}`, {
      token: finance.token,
      body: { workGroupId: w.custodians },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.lineItem).toMatchObject({
      nextYearSalary: Number(grow(4000000n, w.custodianBp[2027])) / 100,
      metadata: { needsReview: true, importWarnings: ['Hire date missing'] },
    });
    expect((await t.api('get', base, { token: finance.token })).body.missingNextYearSalaryCount).toBe(0);
  });
});

describe('a next-year salary beyond the column', () => {
  it('is a 400 naming nextYearSalary on create and edit, and writes nothing', async () => {
    const db = t.db.knex;
    const w = await buildRuleWorld(db);
    const body = {
      isOperating: true,
      budgetYearId: w.budgetYearId,
      fiscalYear: 2026,
      lastName: 'Near Max',
      workGroupId: w.teachers,
      currentSalary: 999999999000,
    };
    const before = await db('line_items').where({ budget_year_id: w.budgetYearId }).count({ n: '*' });
    const created = await t.api('post', '/line-items', { token: finance.token, body });
    expect(created.status).toBe(400);
    expect(created.body.error).toMatch(
      /^nextYearSalary: the automatic next-year salary would exceed \$999,999,999,999\.99/,
    );
    expect(created.body.details).toEqual([
      {
        path: 'nextYearSalary',
        message: expect.stringMatching(/the automatic next-year salary \$1,034,999,998,965\.00 exceeds/),
      },
    ]);
    expect(await db('line_items').where({ budget_year_id: w.budgetYearId }).count({ n: '*' })).toEqual(
      before,
    );

    const [id] = await insertPeople(db, w, [
      { firstName: 'Ok', lastName: 'Now', salary: '50000.00', workGroupId: w.teachers },
    ]);
    const edited = await t.api('patch', `/line-items/budget/${id}`, {
      token: finance.token,
      body: { currentSalary: 999999999000 },
    });
    expect(edited.status).toBe(400);
    expect(edited.body.details[0].path).toBe('nextYearSalary');
    expect((await db('line_items').where({ id }).first()).current_salary).toBe(50000);
  });
});
