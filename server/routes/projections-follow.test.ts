import { describe, expect, it } from 'vitest';
import { applyAutomaticNextYearSalary } from '@server/domains/line-items/index';
import { useApp } from '../../test/use-app';
import { contractBody } from '../../test/worlds/contract-requests';
import {
  buildRuleWorld,
  grow,
  insertPeople,
  projectedChain,
  projectedYears,
  toCents,
  type RuleWorld,
} from '../../test/factories';

/**
 * Projected years follow what moves their base: a projected year's current salary is its year
 * before's next-year salary, so a contract's COLA, or an edit of the person's line, carries into
 * every later year without a regeneration; and who is in them follows the base year: a person set
 * Retiring or Inactive leaves them, comes back when set Active again, and a person added to the
 * base year after Generate Projections joins them. Expected figures are chained in BigInt cents.
 */

const { t, finance, admin } = useApp(['FINANCE', 'ADMIN']);

const projected = (w: RuleWorld, lastName: string) => projectedYears(t.db.knex, w.budgetYearId, lastName);

type Person = Parameters<typeof insertPeople>[2][number];

/** A budget year whose FY26 people are projected through FY29 by Generate Projections; their line ids. */
async function projectedWorld(people: (w: RuleWorld) => Person[]) {
  const w = await buildRuleWorld(t.db.knex);
  const ids = await insertPeople(t.db.knex, w, people(w));
  await t.db.knex.transaction((trx) => applyAutomaticNextYearSalary(trx, ids));
  const res = await t.api('post', '/projections/generate', {
    token: finance.token,
    body: { budgetYearId: w.budgetYearId, toFiscalYear: 2029, projectionType: 'operating' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { w, ids };
}

/** A custodian and a teacher, projected. */
async function ruleWorld() {
  const { w, ids } = await projectedWorld((w) => [
    { firstName: 'Cy', lastName: 'Custodian', salary: '45678.91', workGroupId: w.custodians },
    { firstName: 'Ben', lastName: 'Rule', salary: '61234.57', workGroupId: w.teachers },
  ]);
  return { w, custodian: ids[0], teacher: ids[1] };
}

/** The custodians' contract settled at 3%, 2% and 1% for FY27 to FY29. */
async function settleCustodians(w: RuleWorld) {
  const negotiating = await t.db.knex('contracts').where({ work_group_id: w.custodians }).first();
  const res = await t.api('put', `/cola/contracts/${negotiating.id}`, {
    token: finance.token,
    body: contractBody(w.custodians, negotiating.name, [
      [2027, 3],
      [2028, 2],
      [2029, 1],
    ]),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('projected years follow their base', () => {
  it('a settled contract moves every projected year of its work group, not only the next-year salaries', async () => {
    const { w } = await ruleWorld();
    expect(await projected(w, 'Custodian')).toEqual(projectedChain(4567891n, w.custodianBp));
    const teachersBefore = await projected(w, 'Rule');

    await settleCustodians(w);
    // FY27 starts at 45,678.91 × 1.03; FY28 at that × 1.02; FY29 at that × 1.01; each is the year before's next.
    expect(await projected(w, 'Custodian')).toEqual(
      projectedChain(4567891n, { 2027: 300n, 2028: 200n, 2029: 100n }),
    );
    // Another work group's years are left as they were.
    expect(await projected(w, 'Rule')).toEqual(teachersBefore);
  });

  it('an edit of the person’s salary carries into the projected years', async () => {
    const { w, teacher } = await ruleWorld();
    const res = await t.api('patch', `/line-items/budget/${teacher}`, {
      token: finance.token,
      body: { currentSalary: 70000 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await projected(w, 'Rule')).toEqual(projectedChain(7000000n, w.teacherBp));

    // A typed next-year salary is the first projected year's salary; the rule grows it after.
    const typed = await t.api('patch', `/line-items/budget/${teacher}/next-year-salary`, {
      token: finance.token,
      body: { nextYearSalary: 80000 },
    });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    const rows = await projected(w, 'Rule');
    expect(rows[0]).toEqual([2027, 8000000n, grow(8000000n, w.teacherBp[2028])]);
    expect(rows[2][1]).toBe(grow(grow(8000000n, w.teacherBp[2028]), w.teacherBp[2029]));
  });
});

/** The projected employee lines of a fiscal year, summed in SQL, in cents. */
async function yearTotal(w: RuleWorld, fiscalYear: number): Promise<bigint> {
  const row = await t.db
    .knex('line_items_all')
    .where({
      budget_year_id: w.budgetYearId,
      fiscal_year: fiscalYear,
      is_projected: true,
      is_operating: true,
    })
    .sum({ total: 'current_salary' })
    .first();
  return toCents(row?.total ?? '0') ?? 0n;
}

const setStatus = (id: number, employeeStatus: string) =>
  t.api('patch', `/line-items/budget/${id}/status`, { token: finance.token, body: { employeeStatus } });

describe('who is in the projected years follows the base year', () => {
  it('a person set Retiring leaves every projected year, and comes back when set Active again', async () => {
    const { w, ids } = await projectedWorld((w) => [
      { firstName: 'Ada', lastName: 'Leaving', salary: '61234.57', workGroupId: w.teachers },
      { firstName: 'Ben', lastName: 'Staying', salary: '58765.43', workGroupId: w.teachers },
    ]);
    const leaving = ids[0];
    const leavingChain = projectedChain(6123457n, w.teacherBp);
    const stayingChain = projectedChain(5876543n, w.teacherBp);
    expect(await projected(w, 'Leaving')).toEqual(leavingChain);
    expect(await yearTotal(w, 2028)).toBe(leavingChain[1][1] + stayingChain[1][1]);

    const retiring = await setStatus(leaving, 'Retiring');
    expect(retiring.status, JSON.stringify(retiring.body)).toBe(200);
    expect(await projected(w, 'Leaving')).toEqual([]);
    expect(await projected(w, 'Staying')).toEqual(stayingChain);
    for (const [fy, salary] of stayingChain) {
      expect(await yearTotal(w, fy)).toBe(salary);
    }

    const back = await setStatus(leaving, 'Active');
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(await projected(w, 'Leaving')).toEqual(leavingChain);
    expect(await yearTotal(w, 2029)).toBe(leavingChain[2][1] + stayingChain[2][1]);
  });

  it('a person added to the base year after Generate Projections is projected with everyone else', async () => {
    const { w } = await projectedWorld((w) => [
      { firstName: 'Ben', lastName: 'Staying', salary: '58765.43', workGroupId: w.teachers },
    ]);
    const created = await t.api('post', '/line-items', {
      token: finance.token,
      body: {
        isOperating: true,
        budgetYearId: w.budgetYearId,
        fiscalYear: 2026,
        firstName: 'Cal',
        lastName: 'Newhire',
        currentSalary: 52345.67,
        workGroupId: w.teachers,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await projected(w, 'Newhire')).toEqual(projectedChain(5234567n, w.teacherBp));
  });
});

/** A person's projected line of one fiscal year (its id). */
async function projectedLineId(w: RuleWorld, lastName: string, fiscalYear: number): Promise<number> {
  const row = await t.db
    .knex('line_items_all')
    .where({
      budget_year_id: w.budgetYearId,
      is_projected: true,
      last_name: lastName,
      fiscal_year: fiscalYear,
    })
    .first('id');
  return row.id;
}

describe('a projected year someone edited carries into the years after it', () => {
  it('the years after an edited year start from it, stop when it is set Retiring, and come back', async () => {
    const { w, teacher } = await ruleWorld();
    const chain = projectedChain(6123457n, w.teacherBp);
    const fy28 = await projectedLineId(w, 'Rule', 2028);
    const edit = await t.api('patch', `/line-items/budget/${fy28}`, {
      token: finance.token,
      body: { currentSalary: 70000 },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    // FY27 is still walked from the base; FY28 is what was typed (the rule grows it); FY29 starts from it.
    const fromEdit: [number, bigint, bigint][] = [
      [2028, 7000000n, grow(7000000n, w.teacherBp[2029])],
      [2029, grow(7000000n, w.teacherBp[2029]), grow(grow(7000000n, w.teacherBp[2029]), w.teacherBp[2030])],
    ];
    expect(await projected(w, 'Rule')).toEqual([chain[0], ...fromEdit]);

    // An edit of the base moves the years before the edited one, not the edited one or those after.
    const base = await t.api('patch', `/line-items/budget/${teacher}`, {
      token: finance.token,
      body: { currentSalary: 65000 },
    });
    expect(base.status, JSON.stringify(base.body)).toBe(200);
    expect(await projected(w, 'Rule')).toEqual([projectedChain(6500000n, w.teacherBp)[0], ...fromEdit]);

    // Retiring in FY28: gone from FY29 on, FY27 and FY28 kept; Active again: FY29 follows FY28 again.
    const retiring = await setStatus(fy28, 'Retiring');
    expect(retiring.status, JSON.stringify(retiring.body)).toBe(200);
    expect((await projected(w, 'Rule')).map((r) => r[0])).toEqual([2027, 2028]);
    // FY29's total is the custodian's alone.
    expect(await yearTotal(w, 2029)).toBe(projectedChain(4567891n, w.custodianBp)[2][1]);
    const back = await setStatus(fy28, 'Active');
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(await projected(w, 'Rule')).toEqual([projectedChain(6500000n, w.teacherBp)[0], ...fromEdit]);
  });

  it('a contract change moves the years after an edited year from the edited salary', async () => {
    const { w } = await ruleWorld();
    const fy27 = await projectedLineId(w, 'Custodian', 2027);
    const edit = await t.api('patch', `/line-items/budget/${fy27}`, {
      token: finance.token,
      body: { currentSalary: 50000 },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    await settleCustodians(w);
    // FY27 is the typed 50,000.00, its next-year salary by the new contract; FY28 and FY29 follow it.
    const fy28 = grow(5000000n, 200n);
    expect(await projected(w, 'Custodian')).toEqual([
      [2027, 5000000n, fy28],
      [2028, fy28, grow(fy28, 100n)],
      [2029, grow(fy28, 100n), grow(grow(fy28, 100n), 0n)],
    ]);
  });

  it('the years after an adopted year start from what was adopted, whatever moves the base after the vote', async () => {
    const { w, teacher } = await ruleWorld();
    const chain = projectedChain(6123457n, w.teacherBp);
    // A year is adopted only with every dollar under a DESE function (classroom teachers, 2305).
    await t.db.knex('line_items').where({ budget_year_id: w.budgetYearId }).update({ dese_code: '2305' });
    for (const [stage, date] of [
      ['SUPERINTENDENT_RECOMMENDED', '2026-02-01'],
      ['SCHOOL_COMMITTEE_ADOPTED', '2026-03-01'],
    ]) {
      const moved = await t.api('post', '/budget-stages/advance', {
        token: admin.token,
        body: { budgetYearId: w.budgetYearId, fiscalYear: 2027, stage, date },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const base = await t.api('patch', `/line-items/budget/${teacher}`, {
      token: finance.token,
      body: { currentSalary: 65000 },
    });
    expect(base.status, JSON.stringify(base.body)).toBe(200);
    // FY27 was voted at the old figures; FY28 and FY29 go on from them, not from the new base.
    expect(await projected(w, 'Rule')).toEqual(chain);
  });
});
