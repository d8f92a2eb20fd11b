import { describe, expect, it } from 'vitest';
import { fiscalYearLabel } from '@shared/budget-math';
import { countHoldings } from '../domains/budgets/queries/budget-year-holdings';
import { writeCounts } from '../../test/factories';
import { importSuite } from '../../test/worlds/import.suite';

/**
 * A payroll whose Fiscal Year column sends its rows to a year of their own: the run is where its
 * rows went, not the year it was aimed at. Before, it was recorded in (and a repeat matched on) the
 * target's year, so the same file aimed at another year put its rows in the routed year a second
 * time, and Holdings counted the import in the version's year.
 */
const s = importSuite('import-repeat-routed-test-');

describe('POST /import/execute of a payroll routed by its Fiscal Year column', () => {
  it('is recorded where its rows went, and refused there the second time whichever year it aims at', async () => {
    const tag = `${s.d.budgetYearId}rt`;
    const fy = (await s.t.db.knex('budget_versions').where({ id: s.d.versionId }).first())
      .fiscal_year as number;
    // The budget year plans two more years: a version of each.
    const versions = await s.t.db
      .knex('budget_versions')
      .insert(
        [1, 2].map((n) => ({
          fiscal_year: fy + n,
          label: `Plan ${n} ${tag}`,
          budget_year_id: s.d.budgetYearId,
        })),
      )
      .returning(['id', 'fiscal_year']);
    const versionOf = (year: number) => versions.find((v) => v.fiscal_year === year)!.id as number;
    // Four digits: the test's years run past FY50, which a two-digit 'FY58' reads as 1958.
    const routed = `FY${fy + 2}`;
    const csv = [
      'Employee Name,Title,Salary,Fiscal Year',
      `"Ruiz${tag}, Ana",Teacher,"61,000",${routed}`,
      `"Shaw${tag}, Bo",Counselor,"58,500",${routed}`,
    ].join('\n');
    const lines = async (year: number) =>
      Number(
        (
          await s.t.db
            .knex('line_items')
            .where({ budget_year_id: s.d.budgetYearId, fiscal_year: year })
            .whereLike('last_name', `%${tag}`)
            .count({ n: '*' })
        )[0].n,
      );
    const into = async (
      year: number,
      mapping: (m: Record<string, string | null>) => Record<string, string | null>,
    ) => {
      const file = await s.upload(csv, 'routed.csv');
      return s.execute({
        fileName: file.fileName,
        ...s.target(),
        versionId: year === fy ? s.d.versionId : versionOf(year),
        columnMappings: mapping(file.mapping),
      });
    };
    const asMapped = (m: Record<string, string | null>) => ({ ...m, fiscalYear: 'Fiscal Year' });
    const unrouted = (m: Record<string, string | null>) => ({ ...m, fiscalYear: null });

    // Aimed at FY+0, its column sends both rows to FY+2: the run is FY+2's.
    const first = await into(fy, asMapped);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.fiscalYears).toEqual([fy + 2]);
    const run = await s.t.db.knex('import_runs').where({ id: first.body.importRunId }).first();
    expect(run.fiscal_year).toBe(fy + 2);
    // Holdings counts the import in FY+2, where its lines are, not its version's FY+0.
    expect((await countHoldings(s.t.db.knex, s.d.budgetYearId, [fy + 2])).imports).toBe(1);
    expect((await countHoldings(s.t.db.knex, s.d.budgetYearId, [fy])).imports).toBe(0);

    // Aimed at FY+1, the same column sends the rows to FY+2 again: a repeat, named by FY+2.
    const before = await writeCounts(s.t.db.knex);
    const again = await into(fy + 1, asMapped);
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(again.body.code).toBe('ALREADY_IMPORTED');
    expect(again.body.error).toMatch(
      new RegExp(
        `^This file was imported into ${fiscalYearLabel(fy + 2)} of budget year [^ ]+ on .+ \\(2 lines\\); importing it again`,
      ),
    );
    expect(await writeCounts(s.t.db.knex)).toEqual(before);
    // Aimed at FY+2 with the column left unmapped, the rows go to FY+2 all the same: refused too.
    const direct = await into(fy + 2, unrouted);
    expect(direct.status, JSON.stringify(direct.body)).toBe(409);
    expect(await writeCounts(s.t.db.knex)).toEqual(before);
    expect([await lines(fy), await lines(fy + 1), await lines(fy + 2)]).toEqual([0, 0, 2]);

    // Aimed at FY+1 with the column unmapped, the rows are FY+1's: new lines of another year.
    const other = await into(fy + 1, unrouted);
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect((await s.t.db.knex('import_runs').where({ id: other.body.importRunId }).first()).fiscal_year).toBe(
      fy + 1,
    );
    expect([await lines(fy), await lines(fy + 1), await lines(fy + 2)]).toEqual([0, 2, 2]);
    // The routed file aimed at FY+1 again still sends its rows to FY+2: refused.
    expect((await into(fy + 1, asMapped)).status).toBe(409);
  });
});

describe('POST /import/execute of a Next Year Salary column whose values are not amounts', () => {
  it('says the column is mapped but unreadable, as it does of the salary, and takes a column with some amounts', async () => {
    const tag = `${s.d.budgetYearId}ny`;
    const csv = [
      'Employee Name,Title,Salary,Next Year Salary',
      `"Ode${tag}, Ty",Teacher,"60,000",TBD`,
      `"Pym${tag}, Al",Teacher,"62,000",TBD`,
    ].join('\n');
    const upload = async (text: string, name: string) => {
      const file = await s.upload(text, name);
      return { ...file, mapping: { ...file.mapping, nextYearSalary: 'Next Year Salary' } };
    };
    const file = await upload(csv, 'next-year.csv');
    // The analysis names the column for the wizard's Map step.
    expect(file.analysis.notAmounts['Next Year Salary']).toEqual({ row: 2, text: 'TBD' });
    const before = await writeCounts(s.t.db.knex);
    const res = await s.execute({ fileName: file.fileName, columnMappings: file.mapping, ...s.target() });
    expect(res.status).toBe(400);
    const words =
      'Next Year Salary is mapped to column "Next Year Salary", but its values are not amounts (row 2: "TBD")';
    expect(res.body.error).toBe(words);
    expect(res.body.details).toEqual([{ path: 'columnMappings.nextYearSalary', message: words }]);
    expect(await writeCounts(s.t.db.knex)).toEqual(before);

    // A column with some amounts imports row by row: the TBD row is left to the automatic rule.
    const mixed = await upload(csv.replace('"62,000",TBD', '"62,000","64,480"'), 'next-year-mixed.csv');
    const ok = await s.execute({ fileName: mixed.fileName, columnMappings: mixed.mapping, ...s.target() });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.imported).toBe(2);
    expect(ok.body.nextYearSalaries.manual).toBe(1);
    expect(JSON.stringify(ok.body.warnings)).toMatch(/Next Year Salary/);
  });
});
