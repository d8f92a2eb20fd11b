import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toCents } from '@shared/money';
import { insertEmployees, insertProposed } from '../../test/factories';
import { csvRecords, decimalText, realFile, skipWithout } from '../../test/real-files';
import { importSuite } from '../../test/worlds/import.suite';

const s = importSuite('import-added-lines-test-');
const BOSTON = realFile('boston_employee_earnings_report_2024.csv');
/** Skipped without ../shared locally, required under CI (test/real-files.ts). */
const SKIP_BOSTON = skipWithout(BOSTON);

/**
 * An import adds its lines to those its year already holds: only projected lines are replaced. QA
 * imported a 200-row Boston payroll into a new version of FY26, which held 504 employees, and the
 * preview said only '200 of 200 rows will be imported': the year went to 704. The dry run (and the
 * import) now say what the year already holds, read before the COPY in the scope the import writes
 * to: the budget year's stored lines of the kind and fiscal year in the budgets that count.
 */

/** QA's slice: the header and the first 200 rows of Boston's 2024 earnings, as the file writes them. */
function bostonSlice(rows: number): string {
  const lines = readFileSync(BOSTON, 'utf8').split(/\r?\n/);
  const slice = `${lines.slice(0, rows + 1).join('\n')}\n`;
  // No record of the slice runs over two lines, so it holds exactly the rows asked for.
  expect(csvRecords(slice)).toHaveLength(rows + 1);
  return slice;
}

async function fiscalYear(): Promise<number> {
  return (await s.t.db.knex('budget_versions').where({ id: s.d.versionId }).first()).fiscal_year;
}

/** A second version of the year, as the wizard's New Version makes one: it narrows nothing. */
async function newVersion(fy: number, label: string): Promise<number> {
  const [row] = await s.t.db
    .knex('budget_versions')
    .insert({ fiscal_year: fy, label, budget_year_id: s.d.budgetYearId })
    .returning('id');
  return row.id;
}

/** The money column of a run's stored lines, summed in SQL, as exact decimal text. */
async function runSum(runId: number, column: string): Promise<string> {
  const row = await s.t.db
    .knex('line_items')
    .where({ import_run_id: runId })
    .first(s.t.db.knex.raw('coalesce(sum(??), 0)::numeric(16,2)::text AS total', [column]));
  return row.total;
}

const cents = (money: number | string) => toCents(money)!;

describe('what the target year already holds, said before an import adds to it', () => {
  it.skipIf(SKIP_BOSTON)(
    'a payroll into a new version: the year’s stored employees, counted before the COPY',
    async () => {
      const knex = s.t.db.knex;
      const fy = await fiscalYear();
      const mine = { budgetYearId: s.d.budgetYearId, fiscalYear: fy, scenarioId: s.d.operatingScenarioId };
      // Stored employees of the year, whatever their status or version: the import adds beside them.
      await insertEmployees(knex, [
        { ...mine, salary: '61234.56' },
        { ...mine, salary: '45000.10' },
        { ...mine, salary: '0.01', status: 'Inactive' },
        { ...mine, salary: '1000.00', scenarioId: null, columns: { version_id: s.d.versionId } },
      ]);
      const heldCents = 6123456n + 4500010n + 1n + 100000n;
      // Not in the scope: a projected employee (replaced, not kept), another year, another kind.
      await insertEmployees(knex, [
        { ...mine, salary: '99999.99', isProjected: true },
        { ...mine, fiscalYear: fy + 1, salary: '77777.77' },
      ]);
      await insertProposed(knex, [
        {
          budgetYearId: s.d.budgetYearId,
          fiscalYear: fy,
          scenarioId: s.d.proposedScenarioId,
          amount: '5000.00',
        },
      ]);
      const versionId = await newVersion(fy, 'QA Boston payroll slice');
      const csv = bostonSlice(200);

      const first = await s.upload(csv, 'boston-200.csv');
      const body = { fileName: first.fileName, columnMappings: first.mapping, ...s.target(), versionId };
      const dry = await s.execute({ ...body, dryRun: true });
      expect(dry.status, JSON.stringify(dry.body)).toBe(200);
      expect(dry.body).toMatchObject({ imported: 200, replacedProjected: 1, fiscalYears: [fy] });
      expect(dry.body.alreadyStored).toEqual({ fiscalYear: fy, count: 4, total: 107234.67 });
      expect(cents(dry.body.alreadyStored.total)).toBe(heldCents);

      // The import itself says the same: read before its own 200 lines were written.
      const res = await s.execute(body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.alreadyStored).toEqual(dry.body.alreadyStored);

      // The next import of the year finds them all: the 4 and the 200, to the cent.
      const imported = cents(await runSum(res.body.importRunId, 'current_salary'));
      const again = await s.upload(csv, 'boston-200-again.csv');
      const next = await s.execute({
        fileName: again.fileName,
        columnMappings: again.mapping,
        ...s.target(),
        dryRun: true,
      });
      expect(next.body.alreadyStored.count).toBe(204);
      expect(decimalText(cents(next.body.alreadyStored.total))).toBe(decimalText(heldCents + imported));
    },
  );

  it('a budget file: the year’s stored proposed lines in the active budget, nothing of the others', async () => {
    const knex = s.t.db.knex;
    const fy = await fiscalYear();
    const [alt] = await knex('scenarios')
      .where({ budget_year_id: s.d.budgetYearId, scenario_type: 'proposed', is_active: false })
      .pluck('id');
    const line = { budgetYearId: s.d.budgetYearId, fiscalYear: fy, scenarioId: s.d.proposedScenarioId };
    const before = await s.upload('Description,Amount\nBooks,100.00\n', 'lines.csv', 'proposed');
    const body = { fileName: before.fileName, columnMappings: before.mapping, ...s.target('proposed') };
    const counted = (await s.execute({ ...body, dryRun: true })).body.alreadyStored;
    await insertProposed(knex, [
      { ...line, amount: '1000.00' },
      { ...line, amount: '2345.67' },
      // Neither counts: the inactive alternative budget, and a projected line (the import replaces it).
      { ...line, scenarioId: alt, amount: '999.00' },
      { ...line, amount: '500.00', isProjected: true },
    ]);
    const dry = await s.execute({ ...body, dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.alreadyStored.count).toBe(counted.count + 2);
    expect(cents(dry.body.alreadyStored.total) - cents(counted.total)).toBe(334567n);
  });
});

describe('Import History counts for review what the import said', () => {
  it('a payroll the next-year salary rule flags: the run’s For review is the import’s Marked for review', async () => {
    // No work group column: the rule flags every employee, though no row of the file has a warning.
    const csv = 'Name,Salary\nAna Lee,"61,234.50"\nBo Chan,"48,000.00"\nCy Diaz,"30,001.01"\n';
    const { fileName, mapping } = await s.upload(csv, 'flagged.csv');
    const res = await s.execute({ fileName, columnMappings: mapping, ...s.target() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ imported: 3, warningCount: 0, reviewCount: 3 });
    const runs = await s.t.api('get', `/import/runs?budgetYearId=${s.d.budgetYearId}`, {
      token: s.admin.token,
    });
    expect(runs.body.runs[0]).toMatchObject({ id: res.body.importRunId, warningCount: 3 });
    // Stored on the run when it ran: reviewing a line later leaves what the import said.
    await s.t.db
      .knex('import_runs')
      .where({ id: res.body.importRunId })
      .first()
      .then((run) => expect(run.warning_count).toBe(3));
  });
});
