import { describe, expect, it } from 'vitest';
import { applyAutomaticNextYearSalary } from '@server/domains/line-items/index';
import { useApp } from '../../test/use-app';
import { contractBody } from '../../test/worlds/contract-requests';
import { buildRuleWorld, grow, insertPeople, toCents, type RuleWorld } from '../../test/factories';

/**
 * Projected years follow what moves their base: a projected year's current salary is its year
 * before's next-year salary, so a contract's COLA, or an edit of the person's line, carries into
 * every later year without a regeneration. Expected figures are chained here in BigInt cents.
 */

const { t, finance } = useApp(['FINANCE']);

const projected = async (w: RuleWorld, lastName: string) =>
  (
    await t.db
      .knex('line_items_all')
      .where({ budget_year_id: w.budgetYearId, is_projected: true, is_operating: true, last_name: lastName })
      .orderBy('fiscal_year')
  ).map((r) => [r.fiscal_year, toCents(r.current_salary), toCents(r.next_year_salary)]);

/** Year by year from a base salary: [fiscal year, current, next] with the growth of each year in basis points. */
function chain(base: bigint, bp: Record<number, bigint>, years = [2027, 2028, 2029]) {
  const rows: [number, bigint, bigint][] = [];
  let salary = grow(base, bp[2027]);
  for (const fy of years) {
    const next = grow(salary, bp[fy + 1] ?? 0n);
    rows.push([fy, salary, next]);
    salary = next;
  }
  return rows;
}

async function projectedWorld() {
  const w = await buildRuleWorld(t.db.knex);
  const ids = await insertPeople(t.db.knex, w, [
    { firstName: 'Cy', lastName: 'Custodian', salary: '45678.91', workGroupId: w.custodians },
    { firstName: 'Ben', lastName: 'Rule', salary: '61234.57', workGroupId: w.teachers },
  ]);
  await t.db.knex.transaction((trx) => applyAutomaticNextYearSalary(trx, ids));
  const res = await t.api('post', '/projections/generate', {
    token: finance.token,
    body: { budgetYearId: w.budgetYearId, toFiscalYear: 2029, projectionType: 'operating' },
  });
  expect(res.status).toBe(200);
  return { w, custodian: ids[0], teacher: ids[1] };
}

describe('projected years follow their base', () => {
  it('a settled contract moves every projected year of its work group, not only the next-year salaries', async () => {
    const { w } = await projectedWorld();
    expect(await projected(w, 'Custodian')).toEqual(chain(4567891n, w.custodianBp));
    const teachersBefore = await projected(w, 'Rule');

    const negotiating = await t.db.knex('contracts').where({ work_group_id: w.custodians }).first();
    const res = await t.api('put', `/cola/contracts/${negotiating.id}`, {
      token: finance.token,
      body: contractBody(w.custodians, negotiating.name, [
        [2027, 3],
        [2028, 2],
        [2029, 1],
      ]),
    });
    expect(res.status).toBe(200);
    // FY27 starts at 45,678.91 × 1.03; FY28 at that × 1.02; FY29 at that × 1.01; each is the year before's next.
    expect(await projected(w, 'Custodian')).toEqual(chain(4567891n, { 2027: 300n, 2028: 200n, 2029: 100n }));
    // Another work group's years are left as they were.
    expect(await projected(w, 'Rule')).toEqual(teachersBefore);
  });

  it('an edit of the person’s salary carries into the projected years', async () => {
    const { w, teacher } = await projectedWorld();
    const res = await t.api('patch', `/line-items/budget/${teacher}`, {
      token: finance.token,
      body: { currentSalary: 70000 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await projected(w, 'Rule')).toEqual(chain(7000000n, w.teacherBp));

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
