import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildWorkGroup } from '../../test/factories';
import { csvRecords, exportCents, realFile, skipWithout } from '../../test/real-files';
import { importSuite } from '../../test/worlds/import.suite';

/**
 * The real Boston payroll (four schools, 744 rows) has 27 rows with a blank
 * REGULAR, imported flagged 'No current salary' and stored as null. COLA Management's calculation,
 * Multi-Year Projections and the RIF gap once answered 500 ('Not an amount in whole cents: null'). Each
 * now counts such a person as $0 and says how many it met. Expected figures are the file's, read
 * here with the tests' own parser in BigInt cents.
 */

const s = importSuite('cola-no-salary-test-');
const BOSTON = realFile('boston_employee_earnings_report_2024.csv');
const SKIP_BOSTON = skipWithout(BOSTON);
const SCHOOLS = ['Curley K-8', 'Boston Latin', 'Condon K-8', 'Charlestown High'];

const text = SKIP_BOSTON ? '' : readFileSync(BOSTON, 'utf8');
const lines = text.split(/\r?\n/).filter((l) => l !== '');
const fields = (line: string) => csvRecords(line)[0];
const header = SKIP_BOSTON ? [] : fields(lines[0]);
const col = (name: string) => header.indexOf(name);
const kept = lines.slice(1).filter((l) => SCHOOLS.includes(fields(l)[col('DEPARTMENT_NAME')]));
const regular = kept.map((l) => fields(l)[col('REGULAR')]);
const blank = regular.filter((v) => v.trim() === '').length;
const payroll = regular.reduce((n, v) => n + exportCents(v), 0n);
const schoolsFile = [lines[0], ...kept].join('\n');

/** A JSON number of whole cents -> BigInt cents. */
const c = (v: number) => exportCents(v.toFixed(2));

describe.skipIf(SKIP_BOSTON)('planning tools on a payroll with blank salaries', () => {
  let fiscalYear: number;
  const api = (method: 'get' | 'post', path: string, body?: unknown) =>
    s.t.api(method, path, { token: s.admin.token, body });

  beforeAll(async () => {
    const { fileName, mapping } = await s.upload(schoolsFile, 'boston-four-schools.csv');
    const res = await s.execute({
      fileName,
      columnMappings: { ...mapping, currentSalary: 'REGULAR', locationCode: 'DEPARTMENT_NAME' },
      ...s.target(),
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    [fiscalYear] = res.body.fiscalYears;
    // Everyone in one bargaining unit, so every tool walks them (a unit with no salary at all
    // summed to NULL: the 500).
    const unit = await buildWorkGroup(s.t.db.knex, 'Boston Unit');
    await s.t.db
      .knex('line_items')
      .where({ import_run_id: res.body.importRunId })
      .update({ work_group_id: unit });
    const noSalaryUnit = await buildWorkGroup(s.t.db.knex, 'Boston Unit without salaries');
    await s.t.db
      .knex('line_items')
      .where({ import_run_id: res.body.importRunId })
      .whereNull('current_salary')
      .update({ work_group_id: noSalaryUnit });
  }, 120_000);

  it('the file has 744 rows, 27 of them with a blank salary, stored as null and flagged', async () => {
    expect([kept.length, blank, payroll]).toEqual([744, 27, 6_375_048_342n]);
    const stored = await s.t.db
      .knex('line_items')
      .where({ budget_year_id: s.d.budgetYearId, fiscal_year: fiscalYear, is_operating: true })
      .whereNull('current_salary')
      .count<{ count: string }[]>('* as count');
    expect(Number(stored[0].count)).toBe(blank);
  });

  it('COLA calculate counts them as $0 and says how many', async () => {
    const res = await api('post', '/cola/calculate', {
      budgetYearId: s.d.budgetYearId,
      startYear: fiscalYear + 1,
      endYear: fiscalYear + 2,
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body).toMatchObject({ employees: 744, employeesWithoutSalary: blank });
    expect(c(res.body.grandTotal)).toBe(payroll);
  });

  it('Multi-Year Projections counts them as $0 and says how many', async () => {
    const q = `budgetYearId=${s.d.budgetYearId}&startYear=${fiscalYear + 1}&endYear=${fiscalYear + 3}`;
    const res = await api(
      'get',
      `/cola/multi-year-projection?${q}&baselineBudget=70000000&townFunding=71000000`,
    );
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body).toMatchObject({ employees: 744, employeesWithoutSalary: blank });
    expect(res.body.projections).toHaveLength(3);
    // The first year's payroll is walked from the file's payroll: no one without a salary adds to it.
    expect(c(res.body.projections[0].payroll)).toBeGreaterThanOrEqual(payroll);
  });

  it('the RIF gap counts them as $0, says how many and saves the calculation', async () => {
    const res = await api('post', '/cola/calculate-rif-gap', {
      budgetYearId: s.d.budgetYearId,
      fiscalYear: fiscalYear + 1,
      baselineBudget: 70_000_000,
      townFundingAmount: 71_000_000,
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.calculation).toMatchObject({ employees: 744, employeesWithoutSalary: blank });
    const saved = await api('get', '/cola/rif-calculations?limit=1');
    expect(saved.body.calculations[0]).toMatchObject({
      id: res.body.calculation.id,
      employeesWithoutSalary: blank,
    });
  });
});
