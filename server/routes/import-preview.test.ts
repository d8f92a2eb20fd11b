import { describe, expect, it } from 'vitest';
import { PREVIEW_ROWS } from '@shared/schemas/import';
import { analyze, fixture } from '../../test/factories';
import { importSuite, suggestedMapping } from '../../test/worlds/import.suite';

const s = importSuite('import-preview-test-');

/** Analyzes a file and dry-runs it with the suggested mapping (and any overrides). */
async function dryRun(
  file: { name: string; data: Buffer | string },
  importType: string,
  overrides: Record<string, string | null> = {},
) {
  const analysis = await analyze(s.t, s.admin.token, file, { importType });
  expect(analysis.status, JSON.stringify(analysis.body)).toBe(200);
  const res = await s.execute({
    fileName: analysis.body.fileName,
    columnMappings: { ...suggestedMapping(analysis), ...overrides },
    ...s.target(importType),
    dryRun: true,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/**
 * The preview shows what will be stored, not the file's cells. The dry run runs
 * the import's own transform, so its first rows are the lines as stored: names split, money and
 * dates parsed, the building matched; skipped rows come with their reason and blank rows are
 * counted, not shown.
 */
describe('the import preview', () => {
  it('shows a payroll row as the line it becomes: names split, money parsed, building matched', async () => {
    // The real Boston lines from 'Reid,Stacy-Michelle' on (a school as DEPARTMENT_NAME).
    const lines = fixture('boston-earnings-2024.csv').toString('utf8').split('\n');
    const csv = [lines[0], ...lines.slice(7, 13)].join('\n');
    const body = await dryRun({ name: 'boston-teachers.csv', data: csv }, 'operating', {
      locationCode: 'DEPARTMENT_NAME',
    });
    const building = await s.t.db
      .knex('buildings')
      .where({ id: s.d.buildings[Object.keys(s.d.buildings)[0]] })
      .first();
    expect(body.preview.blankRows).toBe(0);
    expect(body.preview.rows).toHaveLength(PREVIEW_ROWS);
    expect(body.preview.rows[0]).toEqual({
      row: 2,
      status: 'import',
      reason: null,
      warnings: [],
      text: null,
      values: expect.objectContaining({
        firstName: 'Stacy-Michelle',
        lastName: 'Reid',
        position: 'Teacher',
        currentSalary: '153224.76',
        currentFTE: '1.00',
        locationCode: 'Madison Park Tech Vocational',
        building: building.name,
        employeeStatus: 'Active',
      }),
    });
    // 'Mather Elementary' is no building of the district: District Wide, marked for review.
    expect(body.preview.rows[1]).toMatchObject({
      row: 3,
      status: 'review',
      values: { firstName: 'Loc H.', lastName: 'Duong', currentSalary: '114712.48', building: null },
      warnings: ["Building 'Mather Elementary' matches no building; left as District Wide"],
    });
  });

  it("reads the app's own export columns: Building beside Location, Next Year Salary Source", async () => {
    const [code, hse] = Object.keys(s.d.buildings);
    const hillside = await s.t.db.knex('buildings').where({ id: s.d.buildings[hse] }).first();
    const csv = [
      'Name,Building,Location,Current Salary,Next Year Salary,Next Year Salary Source',
      `"Lee, Ana",${hillside.name},DW,50000,51500,Auto`,
      `"Park, Jo",District Wide,${code},40000,45000,Manual`,
      `"Ortiz, Sam",District Wide,DW,30000,31000,maybe`,
    ].join('\n');
    const { mapping } = await s.upload(csv, 'export.csv');
    expect(mapping).toMatchObject({ building: 'Building', locationCode: 'Location' });
    const body = await dryRun({ name: 'export.csv', data: csv }, 'operating');
    const [lee, park, ortiz] = body.preview.rows;
    expect(lee.values).toMatchObject({
      building: hillside.name,
      locationCode: 'DW',
      nextYearSalary: '51500.00',
      nextYearSalaryManual: 'f',
    });
    expect(lee.warnings).toEqual([]);
    // The Building column decides, even over a location that is another building's code.
    expect(park.values).toMatchObject({ building: null, locationCode: code, nextYearSalaryManual: 't' });
    expect(park.warnings).toEqual([]);
    expect(ortiz).toMatchObject({
      status: 'review',
      values: { nextYearSalary: '31000.00', nextYearSalaryManual: 't' },
      warnings: ["Next Year Salary Source 'maybe' is neither Auto nor Manual; Manual used"],
    });
  });

  it('marks the heading and total rows of a ledger as skipped, with why, and counts blank rows', async () => {
    const body = await dryRun(
      { name: 'hubbardston.csv', data: fixture('hubbardston-fy26-budget.csv') },
      'proposed',
    );
    const rows = body.preview.rows as {
      row: number;
      status: string;
      reason: string | null;
      text: string | null;
      values: Record<string, string | null>;
    }[];
    expect(body.preview.blankRows).toBe(2);
    expect(rows.filter((r) => r.status !== 'skip')).toHaveLength(PREVIEW_ROWS);
    expect(rows.slice(0, 5)).toEqual([
      expect.objectContaining({
        row: 2,
        status: 'skip',
        reason: 'heading row (no amount)',
        text: 'GENERAL GOVERNMENT',
      }),
      expect.objectContaining({ row: 3, status: 'skip', reason: 'heading row (no amount)' }),
      expect.objectContaining({ row: 4, status: 'skip', reason: 'heading row (no amount)' }),
      expect.objectContaining({
        row: 5,
        status: 'import',
        values: expect.objectContaining({ accountDescription: 'Stipend', amount: '100.00', category: null }),
      }),
      expect.objectContaining({
        row: 6,
        status: 'skip',
        reason: 'total or subtotal row',
        text: expect.stringMatching(/^3 · TOTAL · \$100/),
        values: {},
      }),
    ]);
  });
});
