import { describe, expect, it } from 'vitest';
import { fiscalYearLabel } from '@shared/budget-math';
import { formatDateTime } from '@shared/day-words';
import { writeCounts } from '../../test/factories';
import { importSuite } from '../../test/worlds/import.suite';

const s = importSuite('import-repeat-test-');
const { upload, execute } = s;

/** Lines of a kind the suite's budget year holds, counted from the table. */
async function linesOf(operating: boolean): Promise<number> {
  const row = await s.t.db
    .knex('line_items')
    .where({ budget_year_id: s.d.budgetYearId, is_operating: operating })
    .count({ n: '*' })
    .first();
  return Number(row?.n);
}

async function adminEmail(): Promise<string> {
  return (await s.t.db.knex('users').where({ id: s.admin.id }).first('email')).email as string;
}

describe('POST /import/execute of a file already imported into the budget year', () => {
  it('refuses a budget file the second time, naming the first import, unless allowRepeat says so', async () => {
    const tag = s.d.budgetYearId;
    const csv = [
      'Account Description,Function,Amount',
      `Textbooks ${tag},2410,"1,000.00"`,
      `Paper ${tag},2410,250.50`,
      `Laptops ${tag},2451,"12,000"`,
    ].join('\n');
    const first = await upload(csv, 'fy-budget.csv', 'proposed');
    expect(first.analysis.previousImports).toEqual([]);
    const body = { columnMappings: first.mapping, ...s.target('proposed') };
    const done = await execute({ fileName: first.fileName, ...body });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await linesOf(false)).toBe(3);
    const run = await s.t.db.knex('import_runs').where({ id: done.body.importRunId }).first();
    const byLabel = (await s.t.db.knex('budget_years').where({ id: s.d.budgetYearId }).first()).fiscal_year;
    // The version's fiscal year, FY40 or so, is not the budget year's label ('T123'): both are named.
    const year = `${fiscalYearLabel(run.fiscal_year)} of budget year ${byLabel}`;
    const email = await adminEmail();

    // The analysis of the same bytes names the earlier import: when, by whom, how many, into which year.
    const again = await upload(csv, 'fy-budget-copy.csv', 'proposed');
    expect(again.analysis.previousImports).toEqual([
      {
        id: run.id,
        createdAt: new Date(run.created_at).toISOString(),
        user: email,
        importedCount: 3,
        budgetYearId: s.d.budgetYearId,
        budgetYear: byLabel,
        fiscalYear: run.fiscal_year,
      },
    ]);
    // A payroll analysis of the same bytes is another kind: no earlier import of its own.
    expect((await upload(csv, 'as-payroll.csv', 'operating')).analysis.previousImports).toEqual([]);

    // The dry run writes nothing and is not refused; the import is, and changes nothing.
    const dry = await execute({ fileName: again.fileName, ...body, dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    const before = await writeCounts(s.t.db.knex);
    const refused = await execute({ fileName: again.fileName, ...body });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('ALREADY_IMPORTED');
    expect(refused.body.error).toBe(
      `This file was imported into ${year} on ${formatDateTime(new Date(run.created_at).toISOString())} by ${email} (3 lines); importing it again adds them a second time.`,
    );
    expect(await writeCounts(s.t.db.knex)).toEqual(before);
    expect(await linesOf(false)).toBe(3);

    // Asked explicitly, the lines come a second time (the upload was kept by the refusal).
    const repeated = await execute({ fileName: again.fileName, ...body, allowRepeat: true });
    expect(repeated.status, JSON.stringify(repeated.body)).toBe(200);
    expect(await linesOf(false)).toBe(6);
  });

  it('refuses a payroll the second time too: its employees would be added again', async () => {
    const tag = s.d.budgetYearId;
    const csv = [
      'Employee Name,Title,Salary',
      `"Lee${tag}, Ana",Teacher,"61,234.50"`,
      `"Park${tag}, Jo",Paraprofessional,"31,000"`,
    ].join('\n');
    const first = await upload(csv);
    const body = { columnMappings: first.mapping, ...s.target() };
    expect((await execute({ fileName: first.fileName, ...body })).status).toBe(200);
    const employees = await linesOf(true);
    const again = await upload(csv);
    const refused = await execute({ fileName: again.fileName, ...body });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(
      /^This file was imported into .+ \(2 lines\); importing it again adds them a second time\.$/,
    );
    expect(await linesOf(true)).toBe(employees);
    const repeated = await execute({ fileName: again.fileName, ...body, allowRepeat: true });
    expect(repeated.status, JSON.stringify(repeated.body)).toBe(200);
    // A payroll adds its employees beside the year's: the same two people twice.
    expect(await linesOf(true)).toBe(employees + 2);
  });
});

describe('POST /import/execute of a file imported into another fiscal year of the budget year', () => {
  it('takes the same payroll into FY+2 without allowRepeat, and refuses it there the second time', async () => {
    const tag = `${s.d.budgetYearId}fy`;
    const csv = ['Employee Name,Title,Salary', `"Kim${tag}, Lu",Teacher,"55,000"`].join('\n');
    const lines = async (fiscalYear: number) =>
      Number(
        (
          await s.t.db
            .knex('line_items')
            .where({ budget_year_id: s.d.budgetYearId, fiscal_year: fiscalYear, last_name: `Kim${tag}` })
            .count({ n: '*' })
            .first()
        )?.n,
      );
    const first = await upload(csv);
    const done = await execute({ fileName: first.fileName, columnMappings: first.mapping, ...s.target() });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const fy = (await s.t.db.knex('budget_versions').where({ id: s.d.versionId }).first()).fiscal_year;
    expect((await s.t.db.knex('import_runs').where({ id: done.body.importRunId }).first()).fiscal_year).toBe(
      fy,
    );

    // The budget year plans FY+2 too: a version of it, the payroll's next budget's year.
    const [later] = await s.t.db
      .knex('budget_versions')
      .insert({ fiscal_year: fy + 2, label: `Later ${tag}`, budget_year_id: s.d.budgetYearId })
      .returning('id');
    const again = await upload(csv);
    expect(again.analysis.previousImports).toMatchObject([
      { id: done.body.importRunId, budgetYearId: s.d.budgetYearId, fiscalYear: fy },
    ]);
    const into = { ...s.target(), versionId: later.id, columnMappings: again.mapping };
    const other = await execute({ fileName: again.fileName, ...into });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect([await lines(fy), await lines(fy + 2)]).toEqual([1, 1]);

    // Into FY+2 a second time it is a repeat, named by its fiscal year and budget year.
    const third = await upload(csv);
    const before = await writeCounts(s.t.db.knex);
    const refused = await execute({ fileName: third.fileName, ...into });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(
      new RegExp(
        `^This file was imported into ${fiscalYearLabel(fy + 2)} of budget year [^ ]+ on .+ \\(1 line\\); importing it again adds them a second time\\.$`,
      ),
    );
    expect(await writeCounts(s.t.db.knex)).toEqual(before);
    expect([await lines(fy), await lines(fy + 2)]).toEqual([1, 1]);
  });
});

describe('POST /import/execute of an amount column whose values are not amounts', () => {
  it('says the column is mapped but unreadable, not that Amount is unmapped', async () => {
    const csv = [
      'Account Description,Function,Budget',
      'Supplies,2330,TBD',
      'Books,2410,TBD',
      'Paper,2410,n/a',
    ].join('\n');
    // The header names the amount: it is suggested though its values are not amounts.
    const { fileName, mapping } = await upload(csv, 'tbd.csv', 'proposed');
    expect(mapping.amount).toBe('Budget');
    const before = await writeCounts(s.t.db.knex);
    const res = await execute({ fileName, columnMappings: mapping, ...s.target('proposed'), dryRun: true });
    expect(res.status).toBe(400);
    const words = 'Amount is mapped to column "Budget", but its values are not amounts (row 2: "TBD")';
    expect(res.body.error).toBe(words);
    expect(res.body.details).toEqual([{ path: 'columnMappings.amount', message: words }]);
    // Unmapped is another mistake, with its own words.
    const unmapped = await execute({
      fileName,
      columnMappings: { ...mapping, amount: null },
      ...s.target('proposed'),
      dryRun: true,
    });
    expect(unmapped.body.error).toBe('Please map required fields: Amount');
    expect(await writeCounts(s.t.db.knex)).toEqual(before);

    // A column with some amounts imports, its unreadable rows warned one by one.
    const mixed = await upload(csv.replace('Books,2410,TBD', 'Books,2410,"1,000"'), 'mixed.csv', 'proposed');
    const ok = await execute({
      fileName: mixed.fileName,
      columnMappings: mixed.mapping,
      ...s.target('proposed'),
      dryRun: true,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.totalAmount).toBe(1000);
  });
});
