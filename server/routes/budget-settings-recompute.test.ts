import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import {
  buildBudgetYear,
  buildContract,
  buildStepsAndLanes,
  buildWorkGroup,
  grow,
  insertEmployees,
  toCents,
} from '../../test/factories';

/**
 * Saving the step-and-lane settings moves every automatic next-year salary they
 * reach, in the same transaction and audited, so the stored values and the COLA calculation agree.
 * Expected values are worked out here in integer cents from the salaries, the contract's COLA and
 * the setting: round(salary x (1 + COLA/100) + pooled part, 2).
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);

const COLA_BP = 325n; // the teachers' settled FY2027 COLA, 3.25%
const SALARIES = ['61234.57', '48000.33', '75555.55', '52001.01', '39999.99'];

async function world() {
  const knex = t.db.knex;
  const budgetYearId = await buildBudgetYear(knex);
  const otherYearId = await buildBudgetYear(knex);
  const teachers = await buildWorkGroup(knex);
  const paras = await buildWorkGroup(knex);
  await buildContract(knex, { workGroupId: teachers, status: 'SETTLED', rates: [[2027, 3.25]] });
  await buildContract(knex, { workGroupId: paras, status: 'SETTLED', rates: [[2027, 2]] });
  await buildStepsAndLanes(knex, budgetYearId, [teachers], 1.5);
  await buildStepsAndLanes(knex, otherYearId, [teachers], 1.5);
  const line = { budgetYearId, fiscalYear: 2026, workGroupId: teachers };
  const rule = await insertEmployees(
    knex,
    SALARIES.map((salary) => ({ ...line, salary, nextYearSalary: '1.00' })),
  );
  const [manual] = await insertEmployees(knex, [
    { ...line, salary: '50000.00', nextYearSalary: '55555.55', manual: true },
  ]);
  const [inactive] = await insertEmployees(knex, [{ ...line, salary: '50000.00', status: 'Inactive' }]);
  const [para] = await insertEmployees(knex, [
    { budgetYearId, fiscalYear: 2026, workGroupId: paras, salary: '40000.00', nextYearSalary: '2.00' },
  ]);
  const [elsewhere] = await insertEmployees(knex, [
    {
      budgetYearId: otherYearId,
      fiscalYear: 2026,
      workGroupId: teachers,
      salary: '40000.00',
      nextYearSalary: '3.00',
    },
  ]);
  const [scenario] = await knex('cola_scenarios')
    .insert({ name: `Settings ${budgetYearId}` })
    .returning('id');
  const settingsId = (await knex('budget_settings').where({ budget_year_id: budgetYearId }).first('id')).id;
  return {
    budgetYearId,
    teachers,
    rule,
    manual,
    inactive,
    para,
    elsewhere,
    settingsId,
    scenarioId: scenario.id,
  };
}
type World = Awaited<ReturnType<typeof world>>;

const stored = async (ids: number[]) => {
  const rows = await t.db.knex('line_items').whereIn('id', ids).orderBy('id').select('next_year_salary');
  return rows.map((r: { next_year_salary: string | null }) => toCents(r.next_year_salary));
};

/** The rule's value in cents for a setting: PERCENTAGE adds salary x p%, DOLLAR adds the dollars. */
function expected(salary: string, setting: { type: 'PERCENTAGE' | 'DOLLAR'; value: string }): bigint {
  const cents = toCents(salary)!;
  if (setting.type === 'PERCENTAGE') {
    const [whole, frac = ''] = setting.value.split('.');
    const bp = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'));
    return grow(cents, COLA_BP + bp);
  }
  return grow(cents, COLA_BP) + toCents(setting.value)!;
}

async function save(w: World, setting: { type: 'PERCENTAGE' | 'DOLLAR'; value: string }) {
  return t.api('put', `/budget-settings/${w.settingsId}`, {
    token: admin.token,
    body: { stepLaneAdjustmentType: setting.type, stepLaneAdjustmentValue: Number(setting.value) },
  });
}

/** The teachers' FY2027 payroll by the COLA calculation: the rule over every Active teacher line. */
async function colaTeachersFy27(w: World): Promise<bigint> {
  const res = await t.api('post', '/cola/calculate', {
    token: finance.token,
    body: { scenarioId: w.scenarioId, budgetYearId: w.budgetYearId },
  });
  expect(res.status).toBe(200);
  const row = res.body.byWorkGroup.find((g: { workGroupId: number }) => g.workGroupId === w.teachers);
  return toCents(row.years.find((y: { fiscalYear: number }) => y.fiscalYear === 2027).amount)!;
}

describe('PUT /budget-settings/:id recomputes the next-year salaries it reaches', () => {
  it.each([[{ type: 'PERCENTAGE', value: '2.5' }], [{ type: 'DOLLAR', value: '1000' }]] as const)(
    '%o: every automatic teacher line moves, audited; the COLA calculation agrees',
    async (setting) => {
      const w = await world();
      const before = await stored([w.manual, w.inactive, w.para, w.elsewhere]);
      const res = await save(w, setting);
      expect(res.status).toBe(200);
      expect(res.body.settings).toMatchObject({ stepLaneAdjustmentType: setting.type });
      expect(res.body.recomputedLines).toBe(SALARIES.length);

      const want = SALARIES.map((s) => expected(s, setting));
      expect(await stored(w.rule)).toEqual(want);
      // A manual value, a leaver, another work group and another budget year are not the settings'.
      expect(await stored([w.manual, w.inactive, w.para, w.elsewhere])).toEqual(before);

      // The COLA tab's figure for the same raise: the Active teachers' next-year salaries (the
      // manual line at its typed value), the same cents as the stored values.
      expect(await colaTeachersFy27(w)).toBe(want.reduce((a, b) => a + b, 0n) + toCents('55555.55')!);

      // One audit entry per moved line, naming the settings change.
      const audits = await t.db
        .knex('audit_log')
        .where({ entity: 'line-item' })
        .whereIn('entity_id', w.rule.map(String))
        .select('entity_id', 'after');
      expect(audits).toHaveLength(SALARIES.length);
      for (const a of audits) {
        const after = typeof a.after === 'string' ? JSON.parse(a.after) : a.after;
        expect(after.cause).toMatch(/^Step-and-lane settings changed: 1.5% of salary to /);
        expect(toCents(after.nextYearSalary)).toBe(want[w.rule.indexOf(Number(a.entity_id))]);
      }
    },
  );

  it('PERCENTAGE 1.5 -> 2.5 -> DOLLAR 1000: each save moves the same lines again', async () => {
    const w = await world();
    expect((await save(w, { type: 'PERCENTAGE', value: '2.5' })).status).toBe(200);
    expect((await save(w, { type: 'DOLLAR', value: '1000' })).status).toBe(200);
    expect(await stored(w.rule)).toEqual(SALARIES.map((s) => expected(s, { type: 'DOLLAR', value: '1000' })));
  });

  it('a refused save (an unknown type, or a value moving a salary past the column) writes and recomputes nothing', async () => {
    const w = await world();
    const big = (
      await insertEmployees(t.db.knex, [
        {
          budgetYearId: w.budgetYearId,
          fiscalYear: 2026,
          workGroupId: w.teachers,
          salary: '968523000000.00',
        },
      ])
    )[0];
    const lines = [...w.rule, big];
    const linesBefore = await stored(lines);
    const settingsBefore = await t.db.knex('budget_settings').where({ id: w.settingsId }).first();
    const auditsBefore = Number((await t.db.knex('audit_log').count({ n: '*' }))[0].n);

    const badType = await t.api('put', `/budget-settings/${w.settingsId}`, {
      token: admin.token,
      body: { stepLaneAdjustmentType: 'STEPS', stepLaneAdjustmentValue: 2 },
    });
    expect(badType.status).toBe(400);
    expect(badType.body.details.map((d: { path: string }) => d.path)).toContain('stepLaneAdjustmentType');

    // 968,523,000,000.00 x 1.0325 fits; with 1% more it passes 999,999,999,999.99.
    const tooBig = await save(w, { type: 'PERCENTAGE', value: '1' });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.details.map((d: { path: string }) => d.path)).toContain('stepLaneAdjustmentValue');

    expect(await stored(lines)).toEqual(linesBefore);
    expect(await t.db.knex('budget_settings').where({ id: w.settingsId }).first()).toEqual(settingsBefore);
    expect(Number((await t.db.knex('audit_log').count({ n: '*' }))[0].n)).toBe(auditsBefore);
  });
});
