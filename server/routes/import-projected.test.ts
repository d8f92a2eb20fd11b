import { describe, expect, it } from 'vitest';
import { projectedYears, toCents, writeCounts } from '../../test/factories';
import { importSuite } from '../../test/worlds/import.suite';

const s = importSuite('import-projected-test-');

/** Imported lines supersede projections; imported employees get their next-year salary. */

async function versionYear(): Promise<number> {
  return (await s.t.db.knex('budget_versions').where({ id: s.d.versionId }).first()).fiscal_year;
}

async function workGroupName(): Promise<string> {
  return (await s.t.db.knex('work_groups').where({ id: s.d.workGroupId }).first()).name;
}

/** Round half away from zero to the cent of cents × (100 + percent) / 100, in BigInt. */
function raised(cents: bigint, percent: bigint): string {
  const scaled = cents * (100n + percent);
  const rounded = (scaled + 50n) / 100n;
  return `${rounded / 100n}.${String(rounded % 100n).padStart(2, '0')}`;
}

describe('an import replaces the projected lines of its fiscal year and kind', () => {
  it('counts them in the dry run, deletes them in the import, and records the count on the run', async () => {
    const knex = s.t.db.knex;
    const fy = await versionYear();
    const [inactive] = await knex('scenarios')
      .insert({
        budget_year_id: s.d.budgetYearId,
        name: 'Alt operating',
        scenario_type: 'operating',
        is_active: false,
      })
      .returning('id');
    const employee = (over: Record<string, unknown>) => ({
      budget_year_id: s.d.budgetYearId,
      scenario_id: s.d.operatingScenarioId,
      fiscal_year: fy,
      is_operating: true,
      is_projected: true,
      last_name: 'Projected',
      current_salary: 50000,
      ...over,
    });
    const replaced = await knex('line_items')
      .insert([employee({ first_name: 'A' }), employee({ first_name: 'B' }), employee({ scenario_id: null })])
      .returning('id');
    const kept = await knex('line_items')
      .insert([
        // another budget (inactive alternative), another year, another kind, an imported line, another budget year
        employee({ scenario_id: inactive.id }),
        employee({ fiscal_year: fy + 1 }),
        employee({ is_operating: false, scenario_id: s.d.proposedScenarioId, amount: 10, last_name: null }),
        employee({ is_projected: false }),
        employee({ budget_year_id: s.d.otherBudgetYearId, scenario_id: null }),
      ])
      .returning('id');

    const { fileName, mapping } = await s.upload('Name,Salary\nAna Lee,100.10\nBo Chan,200.20\n');
    const body = { fileName, columnMappings: mapping, ...s.target() };
    const before = await writeCounts(knex);
    const dry = await s.execute({ ...body, dryRun: true });
    expect(dry.body).toMatchObject({ dryRun: true, replacedProjected: replaced.length });
    expect(await writeCounts(knex)).toEqual(before);

    const res = await s.execute(body);
    expect(res.body).toMatchObject({ dryRun: false, imported: 2, replacedProjected: replaced.length });
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
    expect(await knex('line_items').whereIn('id', ids(replaced)).count('* as c').first()).toEqual({ c: 0 });
    expect(ids(await knex('line_items').whereIn('id', ids(kept)).select('id').orderBy('id'))).toEqual(
      ids(kept),
    );
    const run = await knex('import_runs').where({ id: res.body.importRunId }).first();
    expect(run.replaced_projected_count).toBe(replaced.length);
    const runs = await s.t.api('get', `/import/runs?budgetYearId=${s.d.budgetYearId}`, {
      token: s.admin.token,
    });
    expect(runs.body.runs[0]).toMatchObject({ id: run.id, replacedProjectedCount: replaced.length });
    const audit = await knex('audit_log')
      .where({ entity: 'import-run', entity_id: String(run.id) })
      .first();
    expect(audit.after).toMatchObject({ replacedProjected: replaced.length });
  });
});

describe('imported employees get their next-year salary', () => {
  it('by the automatic rule, unless the file gives one (kept as manual)', async () => {
    const knex = s.t.db.knex;
    const unit = await workGroupName();
    const csv = [
      'Name,Salary,Union,Next Year Salary',
      `Ana Lee,"61,234.50",${unit},`,
      `Bo Chan,"48,000.00",${unit},"50,000.00"`,
      `Cy Diaz,"30,001.01",${unit},`,
    ].join('\n');
    const { fileName, mapping } = await s.upload(csv);
    expect(mapping).toMatchObject({ workGroup: 'Union', nextYearSalary: 'Next Year Salary' });
    const body = { fileName, columnMappings: mapping, ...s.target() };
    const dry = await s.execute({ ...body, dryRun: true });
    expect(dry.body.nextYearSalaries).toEqual({ automatic: 2, manual: 1, flagged: 0 });

    const res = await s.execute(body);
    expect(res.body.nextYearSalaries).toEqual({ automatic: 2, manual: 1, flagged: 0 });
    const lines = await knex('line_items').where({ import_run_id: res.body.importRunId }).orderBy('id');
    const percent = BigInt(s.d.colaPercent);
    expect(
      lines.map((l) => [l.last_name, l.next_year_salary?.toFixed(2), l.next_year_salary_manual]),
    ).toEqual([
      ['Lee', raised(6123450n, percent), false],
      ['Chan', '50000.00', true],
      ['Diaz', raised(3000101n, percent), false],
    ]);
  });

  it('gives an Inactive or Retiring employee no next-year salary, even when the file gives one', async () => {
    const unit = await workGroupName();
    const csv = [
      'Name,Salary,Union,Next Year Salary,Status',
      `Ed Fox,"52,000.00",${unit},"54,000.00",Retiring`,
      `Flo Gee,"47,500.00",${unit},"49,000.00",Inactive`,
      `Gus Hale,"45,000.00",${unit},"46,000.00",Active`,
    ].join('\n');
    const { fileName, mapping } = await s.upload(csv);
    expect(mapping).toMatchObject({ employeeStatus: 'Status', nextYearSalary: 'Next Year Salary' });
    const res = await s.execute({ fileName, columnMappings: mapping, ...s.target() });
    expect(res.status).toBe(200);
    const lines = await s.t.db
      .knex('line_items')
      .where({ import_run_id: res.body.importRunId })
      .orderBy('id');
    expect(
      lines.map((l) => [
        l.last_name,
        l.employee_status,
        l.next_year_salary?.toFixed(2) ?? null,
        l.next_year_salary_manual,
      ]),
    ).toEqual([
      ['Fox', 'Retiring', null, false],
      ['Gee', 'Inactive', null, false],
      ['Hale', 'Active', '46000.00', true],
    ]);
  });

  it('flags employees the rule cannot serve (no work group) and counts them', async () => {
    const { fileName, mapping } = await s.upload('Name,Salary\nDee Eve,"40,000"\n');
    const res = await s.execute({ fileName, columnMappings: mapping, ...s.target() });
    expect(res.body.nextYearSalaries).toMatchObject({ manual: 0, flagged: 1 });
    const line = await s.t.db.knex('line_items').where({ import_run_id: res.body.importRunId }).first();
    expect(line.needs_review).toBe(true);
  });
});

describe('employees imported into a year projections grow from', () => {
  it('join the projected years, as Generate Projections would have projected them', async () => {
    const knex = s.t.db.knex;
    const fy = await versionYear();
    const unit = await workGroupName();
    await knex('line_items').insert({
      budget_year_id: s.d.budgetYearId,
      scenario_id: s.d.operatingScenarioId,
      fiscal_year: fy,
      is_operating: true,
      last_name: 'Already',
      current_salary: '50000.00',
      work_group_id: s.d.workGroupId,
    });
    const generated = await s.t.api('post', '/projections/generate', {
      token: s.admin.token,
      body: {
        budgetYearId: s.d.budgetYearId,
        toFiscalYear: fy + 2,
        projectionType: 'operating',
        forceRegenerate: true,
      },
    });
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);

    const { fileName, mapping } = await s.upload(`Name,Salary,Union\nIvy Jones,"55,555.55",${unit}\n`);
    const res = await s.execute({ fileName, columnMappings: mapping, ...s.target() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await projectedYears(knex, s.d.budgetYearId, 'Jones');
    // The first projected year is paid the imported line's next-year salary (the contract's COLA);
    // each later year its year before's next-year salary.
    expect(rows.map((r) => r[0])).toEqual([fy + 1, fy + 2]);
    expect(rows[0][1]).toBe(toCents(raised(5555555n, BigInt(s.d.colaPercent))));
    expect(rows[1][1]).toBe(rows[0][2]);
  });
});
