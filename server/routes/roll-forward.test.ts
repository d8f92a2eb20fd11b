import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { grow } from '../../test/factories';
import { buildRollWorld, type RollWorld } from '../../test/worlds/roll-forward.world';

/**
 * Roll forward on a district set up through the API: FY2027's employees carried
 * into FY2028 at their next-year salaries and its proposed lines but the one-time one, in a new
 * budget year FY28 that starts in Draft; the totals recomputed here in integer cents from the
 * source lines; every refusal writing nothing; undo; two admins at once.
 */

const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
const knex = () => t.db.knex;
const roll = (body: unknown, token = admin.token) => t.api('post', '/roll-forward', { token, body });
const undo = (body: unknown, token = admin.token) => t.api('post', '/roll-forward/undo', { token, body });

const cents = (v: string | number | null) => {
  const [whole, frac = ''] = String(v).split('.');
  return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
};
// Money arrives as a JSON number (moneyOut): the number that exact decimal text parses to.
const money = (c: bigint) => Number(`${c / 100n}.${String(c % 100n).padStart(2, '0')}`);

/** Rows of every table a roll forward writes: a refusal must leave them unchanged. */
async function written() {
  const count = async (table: string) => Number((await knex()(table).count('* as c'))[0].c);
  return {
    lines: await count('line_items'),
    budgetYears: await count('budget_years'),
    stages: await count('budget_stages'),
    homes: await count('fiscal_year_homes'),
    rollForwards: await count('roll_forwards'),
    nss: await count('nss_parameters'),
    audit: Number(
      (
        await knex()('audit_log')
          .whereIn('entity', ['roll-forward', 'budget-year', 'budget-stage'])
          .count('* as c')
      )[0].c,
    ),
  };
}

let w: RollWorld;
/** What the test expects, worked out from FY2027's lines as stored. */
let expected: {
  operating: bigint;
  proposed: bigint;
  oneTime: bigint;
  nextYear: Map<string, bigint>;
  current: Map<string, bigint>;
};

describe('roll forward on an empty district', () => {
  it('on an empty district refuses a year no budget year holds, naming fromFiscalYear, writing nothing', async () => {
    const before = await written();
    const res = await roll({ fromFiscalYear: 'FY2027', dryRun: true });
    expect(res.status).toBe(400);
    expect(res.body.details[0]).toMatchObject({
      path: 'fromFiscalYear',
      message: 'FY27 has no budget: no budget year holds its lines',
    });
    await t.api('post', '/budget-years', { token: admin.token, body: { label: 'FY26' } });
    const empty = await roll({ fromFiscalYear: 2026, confirm: true });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(
      /^fromFiscalYear: FY26 in budget year FY26 has no lines to roll forward/,
    );
    expect((await written()).lines).toBe(before.lines);
    expect((await written()).rollForwards).toBe(0);
  });
});

describe('roll forward of FY2027 into FY2028', () => {
  beforeAll(async () => {
    w = await buildRollWorld(t, admin.token);
    const rows = await knex()('line_items')
      .where({ budget_year_id: w.budgetYearId, fiscal_year: 2027 })
      .orderBy('id');
    const staying = rows.filter((r) => r.is_operating && r.employee_status === 'Active');
    expected = { operating: 0n, proposed: 0n, oneTime: 0n, nextYear: new Map(), current: new Map() };
    for (const r of staying) {
      const now = cents(r.next_year_salary ?? r.current_salary);
      expected.current.set(r.last_name, now);
      expected.operating += now;
      const bp = r.work_group_id === w.teachers ? w.bpInto2029.teachers : w.bpInto2029.custodians;
      expected.nextYear.set(r.last_name, grow(now, bp));
    }
    for (const r of rows.filter((x) => !x.is_operating)) {
      if (r.one_time) {
        expected.oneTime += cents(r.amount);
      } else {
        expected.proposed += cents(r.amount);
      }
    }
  });

  it('refuses FINANCE and VIEW_ONLY with 403 and malformed years with 400 naming the field, writing nothing', async () => {
    const before = await written();
    for (const token of [finance.token, viewer.token]) {
      expect((await roll({ fromFiscalYear: 2027, dryRun: true }, token)).status).toBe(403);
      expect((await undo({ toFiscalYear: 2028 }, token)).status).toBe(403);
    }
    for (const [from, message] of [
      ['FY20x7', 'FY20x7 is not a fiscal year (write FY28 or 2028)'],
      [2019, 'Choose a fiscal year from FY2020 to FY2034'],
      ['FY2034', 'FY35 is past the last fiscal year the workbench plans (FY34)'],
    ] as const) {
      const res = await roll({ fromFiscalYear: from, dryRun: true });
      expect(res.status).toBe(400);
      expect(res.body.details[0]).toMatchObject({ path: 'fromFiscalYear', message });
    }
    expect((await undo({ toFiscalYear: 'next' })).status).toBe(400);
    expect(await written()).toEqual(before);
  });

  it('asks for confirmation of a year not yet Town Appropriated, naming confirm, writing nothing', async () => {
    const before = await written();
    const res = await roll({ fromFiscalYear: 'FY2027' });
    expect(res.status).toBe(400);
    expect(res.body.details[0].path).toBe('confirm');
    expect(res.body.error).toMatch(/^confirm: FY27 is Draft, not yet Town Appropriated: FY28 would start/);
    expect(await written()).toEqual(before);
  });

  it('dry run shows the totals recomputed from the source lines and writes nothing; the real run writes the same', async () => {
    const before = await written();
    const dry = await roll({ fromFiscalYear: 'FY2027', dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(await written()).toEqual(before);
    expect(dry.body).toMatchObject({ dryRun: true, id: null, warning: expect.stringMatching(/Draft/) });
    // No roster anywhere: none carried, and none before it to name.
    expect(dry.body.rosterBefore).toBeNull();
    expect(dry.body.to).toEqual({
      fiscalYear: 2028,
      budgetYearId: expect.any(Number),
      budgetYear: 'FY28',
      createsBudgetYear: true,
    });
    const nextYearTotal = [...expected.nextYear.values()].reduce((a, b) => a + b, 0n);
    expect(dry.body.totals).toEqual({
      employeesCarried: 3,
      employeesLeftOut: 2,
      proposedCarried: 2,
      oneTimeLeftOut: 1,
      operatingTotal: money(expected.operating),
      proposedTotal: money(expected.proposed),
      oneTimeTotal: money(expected.oneTime),
      nextYearSalaryTotal: money(nextYearTotal),
      // No line here is on a grant (roll-forward-fund-shares.test.ts carries some that are).
      proposedToGeneralFund: 0,
      proposedToGeneralFundTotal: 0,
    });
    expect(money(expected.proposed)).toBe(262345.68);

    const real = await roll({ fromFiscalYear: 'FY2027', confirm: true });
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    expect(real.body.totals).toEqual(dry.body.totals);
    expect(real.body.undoable).toBe(true);
    // The dry run says what a run would do; the real run says what it did.
    expect(dry.body.warning).toBe(
      'FY27 is Draft, not yet Town Appropriated: FY28 would start from figures that may still change',
    );
    expect(real.body.warning).toBe(
      'FY27 is Draft, not yet Town Appropriated: FY28 starts from figures that may still change',
    );

    const by = await knex()('budget_years').where({ fiscal_year: 'FY28' }).first();
    expect(by.id).toBe(real.body.to.budgetYearId);
    const lines = await knex()('line_items')
      .where({ budget_year_id: by.id, fiscal_year: 2028 })
      .orderBy('id');
    const people = lines.filter((l) => l.is_operating);
    expect(people.map((p) => p.last_name).sort()).toEqual(['Alvarez', 'Brooks', 'Chen']);
    for (const p of people) {
      expect([p.last_name, cents(p.current_salary)]).toEqual([
        p.last_name,
        expected.current.get(p.last_name),
      ]);
      expect([p.last_name, cents(p.next_year_salary)]).toEqual([
        p.last_name,
        expected.nextYear.get(p.last_name),
      ]);
      expect(p.next_year_salary_manual).toBe(false);
    }
    expect(lines.filter((l) => !l.is_operating).map((l) => l.account_description)).toEqual([
      'Textbooks',
      'Bus contract',
    ]);

    const stages = await t.api('get', `/budget-stages?budgetYearId=${by.id}&fiscalYear=2028`, {
      token: admin.token,
    });
    expect(stages.body.current.stage).toBe('DRAFT');
    expect(stages.body.events).toHaveLength(1);
    expect(stages.body.events[0].note).toMatch(
      /^Rolled forward from FY27 \(budget year FY27, Draft\): 3 employees, 2 proposed lines/,
    );
    expect(by.notes).toBe('Rolled forward from FY27 (budget year FY27)');
    const audit = await knex()('audit_log').where({ entity: 'roll-forward', entity_id: real.body.id });
    expect(audit).toHaveLength(1);
    // Only the words changed: the audit record keeps the years as it always stored them.
    expect(audit[0].after).toMatchObject({ from: 'FY2027', to: 'FY2028' });
  });

  it('refuses a second roll forward into a year that has lines with 409 naming fromFiscalYear, writing nothing', async () => {
    const before = await written();
    const res = await roll({ fromFiscalYear: 2027, confirm: true });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      // It says what to do: the year it would fill is planned already, so the next one starts from it.
      'FY28 already has 5 lines in budget year FY28: a roll forward starts an empty year, so roll FY28 forward into FY29 instead',
    );
    expect(res.body.details[0].path).toBe('fromFiscalYear');
    expect(await written()).toEqual(before);
  });

  it('undo removes everything the roll forward wrote, in one audited step', async () => {
    const res = await undo({ toFiscalYear: 'FY2028' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      toFiscalYear: 2028,
      linesRemoved: 5,
      positionsRemoved: 0,
      budgetYearRemoved: 'FY28',
    });
    expect(await knex()('budget_years').where({ fiscal_year: 'FY28' }).first()).toBeUndefined();
    expect(Number((await knex()('line_items').where({ fiscal_year: 2028 }).count('* as c'))[0].c)).toBe(0);
    expect(await knex()('fiscal_year_homes').where({ fiscal_year: 2028 }).first()).toBeUndefined();
    expect(await knex()('audit_log').where({ entity: 'roll-forward', action: 'delete' })).toHaveLength(1);
    const gone = await undo({ toFiscalYear: 2028 });
    expect([gone.status, gone.body.error]).toEqual([404, 'A roll forward into FY28 not found']);
  });

  it('of two admins rolling forward at once, one wins and the other is told with 409', async () => {
    const other = await t.userWith('ADMIN');
    const [a, b] = await Promise.all([
      roll({ fromFiscalYear: 2027, confirm: true }),
      roll({ fromFiscalYear: 2027, confirm: true }, other.token),
    ]);
    expect([a.status, b.status].sort(), JSON.stringify([a.body, b.body])).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.error).toMatch(/^(FY28 already has|Another administrator is rolling FY28 forward)/);
    expect(Number((await knex()('line_items').where({ fiscal_year: 2028 }).count('* as c'))[0].c)).toBe(5);
    const latest = await t.api('get', '/roll-forward/latest?toFiscalYear=FY2028', { token: admin.token });
    expect(latest.body.rollForward).toMatchObject({ undoable: true });
    expect(
      (await t.api('get', '/roll-forward/latest?toFiscalYear=2028', { token: finance.token })).status,
    ).toBe(403);
  });

  it('cannot be undone once the new year is edited', async () => {
    const line = await knex()('line_items').where({ fiscal_year: 2028, is_operating: false }).first();
    const edit = await t.api('put', `/line-items/${line.id}`, {
      token: admin.token,
      body: { accountDescription: line.account_description, amount: 1 },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const before = await written();
    const res = await undo({ toFiscalYear: 2028 });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      'FY28 has been edited since the roll forward: the roll forward can no longer be undone',
    );
    expect(await written()).toEqual(before);
    const latest = await t.api('get', '/roll-forward/latest?toFiscalYear=2028', { token: admin.token });
    expect(latest.body.rollForward).toMatchObject({ undoable: false });
  });
});
