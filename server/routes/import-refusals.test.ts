import { describe, expect, it } from 'vitest';
import { lockedYearMessage } from '@shared/schemas/budget-stages';
import { buildBudgetYear, writeCounts } from '../../test/factories';
import { importSuite } from '../../test/worlds/import.suite';

const s = importSuite('import-refusal-test-');
const { upload, execute } = s;

describe('POST /import/execute refusals: nothing is written', () => {
  it('returns 401, then 400 for a malformed body, then 403 for FINANCE', async () => {
    expect((await s.t.api('post', '/import/execute', { body: {} })).status).toBe(401);
    const bad = await execute({
      fileName: '../../etc/passwd',
      columnMappings: {},
      importType: 'operating',
      budgetYearId: 1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual(
      expect.arrayContaining([
        { path: 'fileName', message: 'Unknown upload: analyze the file again' },
        { path: 'versionId', message: 'Please select a version' },
      ]),
    );
    const extra = await execute({
      fileName: 'a'.repeat(32),
      columnMappings: {},
      importType: 'operating',
      budgetYearId: 1,
      versionId: 1,
      admin: true,
    });
    expect(extra.status).toBe(400);
    const finance = await s.t.userWith('FINANCE');
    const refused = await execute(
      {
        fileName: 'a'.repeat(32),
        columnMappings: {},
        importType: 'operating',
        budgetYearId: 1,
        versionId: 1,
      },
      finance.token,
    );
    expect(refused.status).toBe(403);
  });

  it('returns 404 for an unknown upload, budget year or version, and 403 for another admin’s upload', async () => {
    const missing = await execute({
      fileName: 'f'.repeat(32),
      columnMappings: {},
      ...s.target(),
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatch(/expired or was already imported/);
    const { fileName, mapping } = await upload('Name,Salary\nAna Lee,100\n');
    const base = { fileName, columnMappings: mapping, ...s.target() };
    expect((await execute({ ...base, budgetYearId: 999_999 })).status).toBe(404);
    expect((await execute({ ...base, versionId: 999_999 })).status).toBe(404);
    const other = await s.t.userWith('ADMIN');
    const foreign = await execute(base, other.token);
    expect(foreign.status).toBe(403);
    const wrongType = await execute({ ...base, importType: 'proposed' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toMatch(/analyzed for a operating import/);
  });

  it('refuses unmapped required fields and mappings to columns the file lacks, writing nothing', async () => {
    const { fileName, mapping } = await upload('Name,Salary,Title\nAna Lee,100,Teacher\n');
    const before = await writeCounts(s.t.db.knex);
    const base = { fileName, ...s.target() };
    const unmapped = await execute({ ...base, columnMappings: { ...mapping, currentSalary: 'SKIP' } });
    expect(unmapped.status).toBe(400);
    expect(unmapped.body.error).toBe('Please map required fields: Current Salary');
    const both = await execute({ ...base, columnMappings: { lastName: null } });
    expect(both.body.error).toBe('Please map required fields: Last Name, Current Salary');
    const ghost = await execute({
      ...base,
      columnMappings: { ...mapping, position: 'Job Title' },
      noteColumns: ['Nope'],
    });
    expect(ghost.status).toBe(400);
    expect(ghost.body.details).toEqual([
      { path: 'columnMappings.position', message: "The file has no column named 'Job Title'" },
      { path: 'noteColumns.0', message: "The file has no column named 'Nope'" },
    ]);
    const unknown = await execute({ ...base, columnMappings: { ...mapping, shoeSize: 'Name' } });
    expect(unknown.body.details).toEqual([
      { path: 'columnMappings.shoeSize', message: 'Unknown field for a operating import' },
    ]);
    expect(await writeCounts(s.t.db.knex)).toEqual(before);
  });

  it('refuses a fiscal year whose home is another budget year, naming it, writing nothing', async () => {
    const knex = s.t.db.knex;
    // The first import of the year makes the suite's budget year its home.
    const first = await upload('Name,Salary\nAna Lee,1\n');
    expect(
      (await execute({ fileName: first.fileName, columnMappings: first.mapping, ...s.target() })).status,
    ).toBe(200);
    const { fiscal_year: fy } = await knex('budget_versions')
      .where({ id: s.d.versionId })
      .first('fiscal_year');
    const home = await knex('budget_years').where({ id: s.d.budgetYearId }).first('fiscal_year');
    const other = await buildBudgetYear(knex, { label: 'Second home', currentFiscalYear: fy });
    const [version] = await knex('budget_versions')
      .insert({
        fiscal_year: fy,
        label: 'Second home draft',
        version_number: 1,
        status: 'DRAFT',
        budget_year_id: other,
      })
      .returning('id');
    const { fileName, mapping } = await upload('Name,Salary\nBo Chan,2\n');
    const before = await writeCounts(knex);
    const res = await execute({
      fileName,
      columnMappings: mapping,
      importType: 'operating',
      budgetYearId: other,
      versionId: version.id,
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      {
        path: 'versionId',
        // The year as every screen writes it: 2026 is FY26 (not FY2026).
        message: `FY${String(fy).slice(2)} is planned in budget year ${home.fiscal_year}, its one home: import, stage and plan FY${String(fy).slice(2)} there, not in budget year Second home`,
      },
    ]);
    expect(await writeCounts(knex)).toEqual(before);
  });

  it('refuses a closed year, the dry run as the import, with the code YEAR_LOCKED the wizard reads', async () => {
    const knex = s.t.db.knex;
    const { fiscal_year: fy } = await knex('budget_versions')
      .where({ id: s.d.versionId })
      .first('fiscal_year');
    const year = { budgetYearId: s.d.budgetYearId, fiscalYear: fy };
    const closed = await s.t.api('post', '/budget-stages/close', { token: s.admin.token, body: year });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    try {
      const { fileName, mapping } = await upload('Name,Salary\nDee Fox,3\n');
      const before = await writeCounts(knex);
      for (const dryRun of [true, false]) {
        const res = await execute({ fileName, columnMappings: mapping, ...s.target(), dryRun });
        expect(res.status, JSON.stringify(res.body)).toBe(409);
        expect(res.body).toEqual({
          error: lockedYearMessage(fy, 'DRAFT', true),
          code: 'YEAR_LOCKED',
          details: [],
        });
      }
      expect(await writeCounts(knex)).toEqual(before);
    } finally {
      const reopened = await s.t.api('post', '/budget-stages/reopen-closed', {
        token: s.admin.token,
        body: { ...year, reason: 'The import refusal test is done with it' },
      });
      expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    }
  });

  it('rolls back and answers 400 when the file breaks partway through, after rows were sent', async () => {
    // The analysis only reads the top; an unclosed quote 3,000 rows down is found during the import.
    const rows = Array.from({ length: 3000 }, (_, i) => `"Person, Number${i}",${50000 + i}`);
    const csv = `Name,Salary\n${rows.join('\n')}\n"Broken, Row ${'x'.repeat(1100 * 1024)}\n`;
    const { fileName, mapping } = await upload(csv);
    const before = await writeCounts(s.t.db.knex);
    const res = await execute({ fileName, columnMappings: mapping, ...s.target() });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/The CSV file could not be read: a field near row 3002 never ends/);
    expect(await writeCounts(s.t.db.knex)).toEqual(before);
    // The connection is healthy afterwards (a file of its own: the same bytes again are a repeat).
    const ok = await upload('Name,Salary\nAna Healthy,1\n');
    const after = await execute({ fileName: ok.fileName, columnMappings: ok.mapping, ...s.target() });
    expect(after.status).toBe(200);
  });

  it('rolls every row back when the database refuses one of them', async () => {
    // A constraint of this test's own makes row 3 of 4 fail inside COPY.
    await s.t.db.knex.raw(
      `ALTER TABLE line_items ADD CONSTRAINT test_refuse_zed CHECK (last_name IS DISTINCT FROM 'Zed')`,
    );
    try {
      const { fileName, mapping } = await upload('Name,Salary\nAna Lee,1\nBo Chan,2\nAl Zed,3\nCy Dee,4\n');
      const before = await writeCounts(s.t.db.knex);
      const res = await execute({ fileName, columnMappings: mapping, ...s.target() });
      expect(res.status).toBe(400);
      expect(await writeCounts(s.t.db.knex)).toEqual(before);
    } finally {
      await s.t.db.knex.raw('ALTER TABLE line_items DROP CONSTRAINT test_refuse_zed');
    }
  });
});
