import { beforeAll, describe, expect, it } from 'vitest';
import { isChartCode } from '@shared/function-code';
import { centsOf } from '@shared/money';
import { useApp } from '../../test/use-app';
import {
  buildCategory,
  buildRuleWorld,
  insertPeople,
  insertProposed,
  type RuleWorld,
} from '../../test/factories';

/**
 * Every screen that counts a year's lines without a DESE function code counts them by one rule (a
 * line's own code, else its category's, and only a code in DESE's chart), so the DESE report, the
 * NSS meter, the dashboard and the School Committee Adopted check agree, and each says which lines
 * it counts. Here the counts are worked out again from the tables, apart from the app's queries. A
 * line coded '9999' (not a DESE code) was listed under 'No function code' by the DESE report while
 * the NSS meter counted its dollars; the adoption check named only the lines with dollars, so its
 * count and the dashboard's and the DESE report's were three different numbers for the same lines.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: RuleWorld;
const FY = 2027;

interface Line {
  is_operating: boolean;
  dese_code: string | null;
  category_code: string | null;
  counts: boolean | null;
  amount: string | null;
  current_salary: string | null;
}

/** The year's lines, read straight from the tables, with the rule written again here. */
async function recount() {
  const rows: Line[] = await t.db
    .knex('line_items as li')
    .leftJoin('budget_categories as c', 'c.id', 'li.category_id')
    .leftJoin('funds as f', 'f.id', 'li.fund_id')
    .where({ 'li.budget_year_id': w.budgetYearId, 'li.fiscal_year': FY })
    .select(
      'li.is_operating',
      'li.dese_code',
      'c.dese_function as category_code',
      'f.counts_toward_nss as counts',
      'li.amount',
      'li.current_salary',
    );
  const none = rows.filter((r) => !isChartCode(r.dese_code?.trim() || r.category_code?.trim() || ''));
  const cents = (v: string | null) => centsOf(v ?? 0);
  const dollars = (r: Line) => cents(r.is_operating ? r.current_salary : r.amount);
  const proposed = none.filter((r) => !r.is_operating);
  // A line naming no fund is the general fund's, which counts.
  const counting = proposed.filter((r) => r.counts !== false);
  return {
    all: none.length,
    employee: none.length - proposed.length,
    proposed: proposed.length,
    zero: none.filter((r) => dollars(r) === 0n).length,
    cents: none.reduce((s, r) => s + dollars(r), 0n),
    proposedCents: proposed.reduce((s, r) => s + dollars(r), 0n),
    counting: counting.length,
    countingCents: counting.reduce((s, r) => s + dollars(r), 0n),
  };
}

const advance = (stage: string, date: string) =>
  t.api('post', '/budget-stages/advance', {
    token: admin.token,
    body: { budgetYearId: w.budgetYearId, fiscalYear: `FY${FY}`, stage, date },
  });

beforeAll(async () => {
  w = await buildRuleWorld(t.db.knex);
  const coded = await buildCategory(t.db.knex, { name: `Coded ${w.budgetYearId}`, deseFunction: '2430' });
  const [grant] = await t.db
    .knex('funds')
    .insert({
      name: `Title I ${w.budgetYearId}`,
      code: `G${w.budgetYearId}`,
      kind: 'federal_grant',
      counts_toward_nss: false,
    })
    .returning('id');
  const line = (amount: string, columns = {}, categoryId?: number) => ({
    budgetYearId: w.budgetYearId,
    fiscalYear: FY,
    amount,
    scenarioId: w.proposedScenarioId,
    categoryId,
    columns,
  });
  await insertProposed(t.db.knex, [
    line('1200000.10'), // no code
    line('350000.45', { dese_code: '2305' }),
    line('99999.99', {}, coded), // its category's code
    line('0.00'), // no code, no dollars
    line('0.00'),
    line('4321.00', { dese_code: '9999' }), // four digits, but not a DESE code
    line('75000.00', { fund_id: grant.id }), // no code, paid by a grant
  ]);
  await insertPeople(t.db.knex, w, [
    {
      firstName: 'Ada',
      lastName: 'Lane',
      salary: '61000.00',
      workGroupId: w.teachers,
      workGroup: w.names.teachers,
      fiscalYear: FY,
    },
    {
      firstName: 'Bo',
      lastName: 'Cole',
      salary: '52000.00',
      workGroupId: w.teachers,
      workGroup: w.names.teachers,
      fiscalYear: FY,
    },
  ]);
  const recommended = await advance('SUPERINTENDENT_RECOMMENDED', '2027-03-01');
  expect(recommended.status, JSON.stringify(recommended.body)).toBe(200);
});

describe('lines without a DESE function code, counted once', () => {
  it('gives the dashboard, the DESE report, its NSS computation and the adoption check the same lines', async () => {
    const n = await recount();
    // The world as built: 2 employees, 5 proposed lines (2 of $0, 1 coded 9999, 1 on the grant).
    expect(n).toMatchObject({ all: 7, employee: 2, proposed: 5, zero: 2, counting: 4 });
    const query = `budgetYearId=${w.budgetYearId}&fiscalYear=${FY}`;

    // Soft: a failure names every screen that disagrees, not only the first.
    const dashboard = (await t.api('get', `/function-codes/unmapped?${query}`, { token: finance.token }))
      .body;
    expect.soft(dashboard.lineCount).toBe(n.all);
    expect.soft(centsOf(dashboard.amount)).toBe(n.cents);

    const report = (await t.api('get', `/dese-report?${query}`, { token: finance.token })).body;
    expect.soft(report.unmapped.lineCount).toBe(n.proposed);
    expect.soft(report.unmapped.employeeCount).toBe(n.employee);
    expect.soft(centsOf(report.unmapped.total)).toBe(n.proposedCents);
    expect
      .soft(report.notes)
      .toContain(
        "Without a function code: 5 proposed lines (the row 'No function code') and 2 employee lines " +
          '(payroll, outside the totals), the 7 lines the Budget Dashboard counts.',
      );

    // The meter leaves out the grant's line by its fund; the others, the 9999 one too, have no code.
    expect.soft(report.nss.school.unmapped.lineCount).toBe(n.counting);
    expect.soft(centsOf(report.nss.school.unmapped.amount)).toBe(n.countingCents);
    expect
      .soft(report.nss.warnings.join(' '))
      .toContain(
        `${n.counting} lines ($1,204,321.10) of funds that count toward NSS have no DESE function code`,
      );

    const res = await advance('SCHOOL_COMMITTEE_ADOPTED', '2027-03-12');
    expect(res.status).toBe(409);
    // The dashboard's own words and figure, then which lines they are and that the $0 ones do not block.
    expect
      .soft(res.body.error)
      .toBe(
        `FY27 cannot be School Committee Adopted with unmapped dollars: ${dashboard.message} ` +
          `(2 employee lines, 5 proposed lines; ${n.zero} lines of $0 do not block it). Give them DESE function ` +
          'codes first (the function-code rules, or Set function code in the budget grids).',
      );
  });
});
