import { describe, expect, it } from 'vitest';
import { writeCounts } from '../../test/factories';
import { importSuite } from '../../test/worlds/import.suite';

const s = importSuite('import-exec-test-');
const { upload, execute } = s;

const STAFF = [
  'Employee Name,Title,School,Salary,FTE,Hire Date,DESE,Status,Union',
  '"Lee, Ana M",Teacher,HSE{tag},"$61,234.50",1,8/15/2019,01-130-2305-51100,Active,Unit A {tag}',
  '"Park, Jo",Paraprofessional,Hillside,"31,000",50%,2021-09-01,2330,A,',
  '"Ortiz, Sam",Teacher,Nowhere Academy,"(1,000.00)",0.5,13/45/2020,,Retired,Unit Z',
  'Total,,,"91,234.50",,,,,',
].join('\r\n');

describe('POST /import/execute', () => {
  it('imports employees with parsed money, names, FTE, dates, buildings, DESE codes and review flags', async () => {
    const tag = Object.keys(s.d.buildings)[1].slice(3);
    const { fileName, mapping, analysis } = await upload(STAFF.replaceAll('{tag}', tag));
    expect(mapping).toMatchObject({
      lastName: 'Employee Name',
      position: 'Title',
      locationCode: 'School',
      currentSalary: 'Salary',
      currentFTE: 'FTE',
      hireDate: 'Hire Date',
      deseCode: 'DESE',
      employeeStatus: 'Status',
      workGroup: 'Union',
    });
    expect(analysis.previousImports).toEqual([]);
    const res = await execute({
      fileName,
      columnMappings: mapping,
      noteColumns: ['Union'],
      ...s.target(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      dryRun: false,
      rowCount: 4,
      imported: 3,
      skipped: 1,
      errors: ['Row 5: skipped, total or subtotal row'],
      skippedReasons: { 'total or subtotal row': 1 },
      warningCount: 1,
      totalAmount: 92234.5,
    });
    expect(res.body.warnings).toEqual([
      {
        row: 4,
        name: 'Sam Ortiz',
        issues: [
          'Current Salary -1000.00 is negative and was not stored',
          "Hire Date '13/45/2020' is not a valid date",
          "Building 'Nowhere Academy' matches no building; left as District Wide",
        ],
      },
    ]);
    // Every dollar of the Salary column accounted for: 61,234.50 + 31,000 - 1,000 in the file, the
    // negative one not stored (listed with its row), and the file's Total row compared, not added.
    expect(res.body.reconciliation).toMatchObject({
      field: 'currentSalary',
      column: 'Salary',
      fileSum: '91234.50',
      storedSum: 92234.5,
      differenceCount: 1,
      differenceTotal: '-1000.00',
      differences: [
        {
          row: 4,
          name: 'Sam Ortiz',
          fileAmount: '-1000.00',
          storedAmount: 0,
          difference: '-1000.00',
          reason: expect.stringContaining('negative pay'),
        },
      ],
      unexplained: '0.00',
      balanced: true,
      totalRowCount: 1,
      fileTotal: { row: 5, label: 'Total', amount: '91234.50', difference: '-1000.00', matches: false },
    });
    const rows = await s.t.db.knex('line_items').where({ import_run_id: res.body.importRunId }).orderBy('id');
    const version = await s.t.db.knex('budget_versions').where({ id: s.d.versionId }).first();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      first_name: 'Ana M',
      last_name: 'Lee',
      position: 'Teacher',
      current_salary: 61234.5,
      current_fte: 1,
      hire_date: '2019-08-15',
      dese_code: '2305',
      category_id: s.d.categories[`TCHR${tag}`],
      building_id: s.d.buildings[`HSE${tag}`],
      work_group_id: s.d.workGroupId,
      employee_status: 'Active',
      is_operating: true,
      fiscal_year: version.fiscal_year,
      version_id: s.d.versionId,
      scenario_id: s.d.operatingScenarioId,
      budget_year_id: s.d.budgetYearId,
      needs_review: false,
      notes: `Union: Unit A ${tag}`,
      // The automatic rule, in the import's transaction: 61,234.50 x 1.03 = 63,071.535 -> .54.
      next_year_salary: 63071.54,
      next_year_salary_manual: false,
    });
    expect(rows[1]).toMatchObject({
      first_name: 'Jo',
      last_name: 'Park',
      current_fte: 0.5,
      hire_date: '2021-09-01',
      building_id: s.d.buildings[`HSE${tag}`],
      category_id: s.d.categories[`PARA${tag}`],
    });
    expect(rows[2]).toMatchObject({
      last_name: 'Ortiz',
      current_salary: null,
      employee_status: 'Retiring',
      building_id: null,
      location_code: 'Nowhere Academy',
      work_group: 'Unit Z',
      work_group_id: null,
      needs_review: true,
    });
    expect(rows[2].metadata).toMatchObject({ needsReview: true, importRow: 4 });
    const run = await s.t.db.knex('import_runs').where({ id: res.body.importRunId }).first();
    expect(run).toMatchObject({
      user_id: s.admin.id,
      row_count: 4,
      imported_count: 3,
      skipped_count: 1,
      // The lines marked for review, as the import said: Ortiz's warnings and Park, whom the
      // next-year salary rule flags (no work group), not only the rows the file gave warnings.
      warning_count: res.body.reviewCount,
    });
    expect(res.body.reviewCount).toBe(2);
    const audit = await s.t.db.knex('audit_log').where({ entity: 'import-run', entity_id: String(run.id) });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: s.admin.id, action: 'import' });

    // The upload is gone; the same bytes again are recognised; the confirmed mapping comes back.
    expect((await execute({ fileName, columnMappings: mapping, ...s.target() })).status).toBe(404);
    const again = await upload(STAFF.replaceAll('{tag}', tag));
    expect(again.analysis.previousImports).toEqual([
      expect.objectContaining({ id: run.id, importedCount: 3 }),
    ]);
    expect(again.analysis.savedMapping).toBe(true);
    expect(again.analysis.suggestedNoteColumns).toEqual(['Union']);
    const saved = await s.t.api(
      'get',
      `/import/saved-mappings?importType=operating&${['Union', 'Employee Name', 'Title', 'School', 'Salary', 'FTE', 'Hire Date', 'DESE', 'Status'].map((c) => `columns=${encodeURIComponent(c)}`).join('&')}`,
      { token: s.admin.token },
    );
    expect(saved.body.mapping).toMatchObject({
      columnMappings: { currentSalary: 'Salary', firstName: null },
      noteColumns: ['Union'],
    });
    const runs = await s.t.api('get', `/import/runs?budgetYearId=${s.d.budgetYearId}`, {
      token: s.admin.token,
    });
    expect(runs.body.runs[0]).toMatchObject({
      id: run.id,
      fileName: 'staff.csv',
      ...s.target(),
      versionLabel: version.label,
      importedCount: 3,
      skippedCount: 1,
      warningCount: 2,
      status: 'completed with warnings',
    });
  });

  it('imports text in a salary column with a warning, and refuses a file where no row can be imported', async () => {
    const { fileName, mapping } = await upload(
      'Name,Salary,Title\n"Doe, Jane",about 50k,Nurse\n"Roe, Rick",$52000,Teacher\n,"48,000",Teacher\n',
    );
    const res = await execute({ fileName, columnMappings: mapping, ...s.target() });
    // The row with no name is an open position: a vacant position at $48,000, in no employee line.
    expect(res.body).toMatchObject({ imported: 3, warningCount: 2, totalAmount: 52000 });
    expect(res.body.positions).toMatchObject({ vacant: 1 });
    expect(res.body.warnings).toEqual([
      { row: 2, name: 'Jane Doe', issues: ["Current Salary 'about 50k' is not an amount"] },
      {
        row: 4,
        name: 'Vacant',
        issues: ['No employee name: an open position, imported as a vacant position at its salary'],
      },
    ]);

    const none = await upload('Name,Salary,Notes\n,,see HR\n,,ask Jo\nTOTAL,300,\n');
    const before = await writeCounts(s.t.db.knex);
    const refused = await execute({ fileName: none.fileName, columnMappings: none.mapping, ...s.target() });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'NOTHING_IMPORTED',
      error: expect.stringMatching(
        /No rows could be imported \(2 no employee name, 1 total or subtotal row\)/,
      ),
    });
    expect(await writeCounts(s.t.db.knex)).toEqual(before);
  });

  it('gives proposed lines the category of their DESE code, else of their Budget Category column', async () => {
    const tag = Object.keys(s.d.categories)[0].slice(4);
    const csv = [
      'Description,Amount,DESE Code,Budget Category',
      `Grade 3 teacher,"70,000",2305,Paraprofessionals ${tag}`,
      `Aides,"(1,500)",,PARA${tag}`,
      'Field trips,$800,,Adventures',
    ].join('\n');
    const { fileName, mapping } = await upload(csv, 'lines.csv', 'proposed');
    expect(mapping).toMatchObject({
      accountDescription: 'Description',
      amount: 'Amount',
      deseCode: 'DESE Code',
    });
    const res = await execute({
      fileName,
      columnMappings: { ...mapping, category: 'Budget Category' },
      ...s.target('proposed'),
    });
    expect(res.body).toMatchObject({ imported: 3, totalAmount: 69300, warningCount: 1 });
    expect(res.body.warnings[0].issues).toEqual(["Budget category 'Adventures' matches no category"]);
    const lines = await s.t.db
      .knex('line_items')
      .where({ import_run_id: res.body.importRunId })
      .orderBy('id');
    expect(lines.map((l) => [l.account_description, l.amount, l.category_id])).toEqual([
      ['Grade 3 teacher', 70000, s.d.categories[`TCHR${tag}`]],
      ['Aides', -1500, s.d.categories[`PARA${tag}`]],
      ['Field trips', 800, null],
    ]);
  });

  it('checks everything in a dry run and writes nothing, then imports for real', async () => {
    const { fileName, mapping } = await upload('Name,Salary\nAna Lee,100.10\nBo Chan,200.20\n');
    const before = await writeCounts(s.t.db.knex);
    const body = { fileName, columnMappings: mapping, ...s.target() };
    const dry = await execute({ ...body, dryRun: true });
    expect(dry.body).toMatchObject({ dryRun: true, importRunId: null, imported: 2, totalAmount: 300.3 });
    expect(await writeCounts(s.t.db.knex)).toEqual(before);
    const real = await execute(body);
    expect(real.body).toMatchObject({ dryRun: false, imported: 2, totalAmount: 300.3 });
  });
});
