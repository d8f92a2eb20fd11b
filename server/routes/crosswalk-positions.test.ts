import { describe, expect, it } from 'vitest';
import { buildCategory } from '../../test/factories';
import { importSuite } from '../../test/worlds/import.suite';

/**
 * The crosswalk's Apply reaches the positions, not only the lines. A district imports its payroll
 * first, then writes rules for the titles the import could not place (the documented order: the
 * rules are checked against the year's titles) and applies them. The import made each person's
 * position from their line while it had no category, and the planned year's salary lines follow
 * the positions by category: before the fix the lines got their category and the positions kept
 * none, so the proposed budget of the planned year had no salary line at all.
 * Expected figures are the file's own salaries, in cents.
 */
const s = importSuite('crosswalk-positions-test-');

const HEADER = 'Employee Name,Title,School,Salary,FTE';
const cents = (v: string | number) => {
  const [whole, frac = ''] = String(v).split('.');
  return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
};

describe('Apply gives the positions what it gives their lines', () => {
  it('categorizes the imported positions and the planned year gets their cost as salary lines', async () => {
    const knex = s.t.db.knex;
    const teachers = await buildCategory(knex, { name: `Classroom ${s.d.budgetYearId}`, isPersonnel: true });
    const tag = Object.keys(s.d.buildings)[1].slice(3);
    const csv = [
      HEADER,
      `"Lee, Ana",Grade 3 Teacher,HSE${tag},"61,234.50",1`,
      `"Ortiz, Sam",Grade 3 Teacher,HSE${tag},"58,000.25",1`,
      `"Moss, Eli",Custodian,HSE${tag},"45,000.00",1`,
    ].join('\r\n');
    const upload = await s.upload(csv, 'payroll.csv');
    const run = await s.execute({ fileName: upload.fileName, columnMappings: upload.mapping, ...s.target() });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const [fiscalYear] = run.body.fiscalYears as number[];
    const roster = { budgetYearId: s.d.budgetYearId, fiscalYear };

    const made = await s.t.api('post', '/crosswalk/rules', {
      token: s.admin.token,
      body: {
        ...roster,
        matchType: 'glob',
        pattern: '*Teacher',
        workGroupId: s.d.workGroupId,
        categoryId: teachers,
        deseCode: '2305',
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const dry = await s.t.api('post', '/crosswalk/apply', {
      token: s.admin.token,
      body: { ...roster, dryRun: true },
    });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.changedLines).toBe(2);
    const [{ n }] = await knex('positions').where({ category_id: teachers }).count({ n: '*' });
    expect(Number(n), 'a dry run writes nothing').toBe(0);
    const res = await s.t.api('post', '/crosswalk/apply', { token: s.admin.token, body: roster });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.changedLines).toBe(2);

    const positions = await knex('positions')
      .where({ budget_year_id: roster.budgetYearId, fiscal_year: fiscalYear })
      .orderBy('id')
      .select('id', 'title', 'category_id', 'work_group_id', 'dese_code');
    expect(positions.map((p) => [p.title, p.category_id, p.work_group_id, p.dese_code])).toEqual([
      ['Grade 3 Teacher', teachers, s.d.workGroupId, '2305'],
      ['Grade 3 Teacher', teachers, s.d.workGroupId, '2305'],
      // No rule matches the custodian: their position stays as it was.
      ['Custodian', null, null, null],
    ]);
    expect(
      [dry.body.changedPositions, res.body.changedPositions],
      'the dry run counts what Apply changes',
    ).toEqual([2, 2]);
    // Each changed position's history names the rule.
    const history = await knex('position_history')
      .whereIn(
        'position_id',
        positions.slice(0, 2).map((p) => p.id),
      )
      .where({ action: 'updated' })
      .select('reason');
    expect(history.map((h) => h.reason)).toEqual([
      expect.stringMatching(/^Position crosswalk: .*\*Teacher/),
      expect.stringMatching(/^Position crosswalk: .*\*Teacher/),
    ]);

    // The planned year's salary lines: the two teachers' next-year salaries (3% COLA of the
    // district's settled contract, to the cent), in the teachers' category at code 2305.
    const { rows } = await knex.raw(
      `SELECT li.category_id, li.dese_code, li.amount::text AS amount, h.next
         FROM line_items li,
              (SELECT sum(next_year_salary)::text AS next FROM line_items
                WHERE import_run_id = ? AND position LIKE '%Teacher') h
        WHERE li.fiscal_year = ? AND NOT li.is_operating AND li.category_id = ?`,
      [run.body.importRunId, fiscalYear + 1, teachers],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].dese_code).toBe('2305');
    expect(cents(rows[0].amount)).toBe(cents(rows[0].next));
    // 61,234.50 and 58,000.25 grown by 3%: 63,071.54 (63,071.535 rounded) + 59,740.26 (59,740.2575).
    expect(cents(rows[0].amount)).toBe(6_307_154n + 5_974_026n);
  });
});
