import { describe, expect, it } from 'vitest';
import { analyze, buildRuleWorld, insertPeople, toCents, type RuleWorld } from '../../test/factories';
import { suggestedMapping } from '../../test/worlds/import.suite';
import { dollars, readIndependently, scheduleKit } from '../../test/worlds/salary-schedules.suite';

/**
 * An employee line's FTE is kept to the thousandth, as a position's is: a payroll import of 0.875
 * (or 87.5%) stores 0.875, the schedule pays the cell x 0.875 to the cent (not x 0.88), the position
 * the import makes is 0.875 FTE, and an edit takes 0.875 but refuses a fourth decimal. Expected
 * money is worked out here in integer cents from the schedule file itself.
 */
const kit = scheduleKit();
const S = readIndependently();
const knex = () => kit.t.db.knex;
// One world for the file: the payroll import makes FY2026 its budget year's.
let world: Promise<RuleWorld> | undefined;
const theWorld = () => (world ??= buildRuleWorld(knex()));

/** cents x fte (fte in thousandths), rounded half up to the cent once. */
const atFte = (cents: bigint, thousandths: bigint) => {
  const scaled = cents * thousandths;
  return scaled / 1000n + ((scaled % 1000n) * 2n >= 1000n ? 1n : 0n);
};

/** Imports `csv` as the world's FY2026 payroll through the API; the response body. */
async function importPayroll(w: RuleWorld, csv: string) {
  const analysis = await analyze(kit.t, kit.admin, { name: 'part-time.csv', data: csv });
  expect(analysis.status, JSON.stringify(analysis.body)).toBe(200);
  const [version] = await knex()('budget_versions')
    .insert({ fiscal_year: 2026, label: `Payroll ${w.budgetYearId}`, budget_year_id: w.budgetYearId })
    .returning('id');
  const res = await kit.t.api('post', '/import/execute', {
    token: kit.admin,
    body: {
      fileName: analysis.body.fileName,
      columnMappings: { ...suggestedMapping(analysis), workGroup: 'Work Group', currentFTE: 'FTE' },
      importType: 'operating',
      budgetYearId: w.budgetYearId,
      versionId: version.id,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('a payroll import of a 0.875 FTE teacher on the schedule', () => {
  it('stores 0.875, pays the next cell x 0.875 to the cent, and makes a 0.875 FTE position', async () => {
    const w = await theWorld();
    // Two 0.875 teachers, one written as a percent: salary = this year's cell x 0.875.
    const people: [string, number, string, string][] = [
      ['Seven, Eighths', 4, 'Masters', '0.875'],
      ['Percent, Pat', 9, 'M+30', '87.5%'],
    ];
    const salaries = people.map(([, step, lane]) => atFte(S.at(2026, step, lane), 875n));
    const csv = [
      'Employee Name,Title,Work Group,Salary,FTE',
      ...people.map(
        ([name, , , fte], i) => `"${name}",Teacher,${w.names.teachers},${dollars(salaries[i])},${fte}`,
      ),
    ].join('\r\n');
    await importPayroll(w, csv);

    // The schedule for the teachers places them by their full-time equivalent (salary / 0.875).
    const imported = await kit.importInto(w);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);

    const rows = await knex()('line_items')
      .where({ budget_year_id: w.budgetYearId, is_operating: true })
      .whereIn('last_name', ['Seven', 'Percent'])
      .orderBy('id')
      .select('id', 'current_fte', 'salary_step', 'salary_lane', 'current_salary', 'next_year_salary');
    expect(rows).toHaveLength(2);
    for (const [i, row] of rows.entries()) {
      const [, step, lane] = people[i];
      expect(Number(row.current_fte), people[i][0]).toBe(0.875);
      expect(toCents(row.current_salary)).toBe(salaries[i]);
      expect([row.salary_step, row.salary_lane]).toEqual([step, lane]);
      // Next year: one step up at FY2027's amount, x 0.875, rounded once.
      expect(toCents(row.next_year_salary), people[i][0]).toBe(atFte(S.at(2027, step + 1, lane), 875n));
    }

    // The position each person was given is 0.875 FTE, held in full.
    const held = await knex()('position_holders as h')
      .join('positions as p', 'p.id', 'h.position_id')
      .whereIn(
        'h.line_item_id',
        rows.map((r) => r.id),
      )
      .select(knex().raw('p.fte::text AS fte'), knex().raw('h.fte_share::text AS share'));
    expect(held).toEqual([
      { fte: '0.875', share: '0.875' },
      { fte: '0.875', share: '0.875' },
    ]);
  });
});

describe("an edit of a line's FTE", () => {
  it('takes 0.875 and refuses 0.8755 with a 400 naming currentFTE, nothing written', async () => {
    const w = await theWorld();
    const [id] = await insertPeople(knex(), w, [
      { firstName: 'F', lastName: 'Thousandth', salary: '70000.00', workGroupId: w.custodians },
    ]);
    const patch = (body: unknown) =>
      kit.t.api('patch', `/line-items/budget/${id}`, { token: kit.finance, body });

    let res = await patch({ currentFTE: 0.875, currentSalary: 70000 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.lineItem.currentFTE).toBe(0.875);
    const stored = await knex()('line_items').where({ id }).first(knex().raw('current_fte::text AS fte'));
    expect(stored.fte).toBe('0.875');

    res = await patch({ currentFTE: 0.8755 });
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual({ path: 'currentFTE', message: 'Use at most 3 decimal places' });
    expect(Number((await knex()('line_items').where({ id }).first()).current_fte)).toBe(0.875);

    // A new line takes it too.
    const created = await kit.t.api('post', '/line-items', {
      token: kit.finance,
      body: {
        budgetYearId: w.budgetYearId,
        fiscalYear: 2026,
        isOperating: true,
        lastName: 'New',
        currentSalary: 1000,
        currentFTE: 0.625,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.lineItem.currentFTE).toBe(0.625);
  });
});
