import { describe, expect, it } from 'vitest';
import { bostonMapping, col, fields, lines, SCHOOLS, SKIP_BOSTON } from '../../test/boston-four-schools';
import { analyze, buildBuilding } from '../../test/factories';
import { decimalText, exportCents } from '../../test/real-files';
import { importSuite } from '../../test/worlds/import.suite';

/**
 * A city payroll holds every municipal department: with onlyDistrictBuildings the rows whose
 * building cell names none of the district's buildings (the police, the fire department, a school
 * the district does not hold) are left out, counted and reconciled; a blank cell stays District Wide.
 * A slice of the real Boston earnings file, into a district whose buildings are four of its schools;
 * every expected figure is recomputed here from the file's own rows, in integer cents.
 */

const s = importSuite('import-leave-out-');
const SCHOOLS_SET = new Set(SCHOOLS);
const header = lines[0];
const body = lines.slice(1);
const dept = (line: string) => fields(line)[col('DEPARTMENT_NAME')];
/** The city file's first 120 rows (police and fire, mostly), 2 of them with a blank department. */
const first = body.slice(0, 120).map((l, i) => (i === 5 || i === 9 ? l.replace(`,${dept(l)},`, ',,') : l));
const slice = [
  ...first,
  ...body.filter((l) => SCHOOLS_SET.has(dept(l))),
  // A school of the city the district does not hold, its name close to one it does.
  ...body.filter((l) => dept(l) === 'Boston Latin Academy').slice(0, 12),
];
const csv = [header, ...slice].join('\n');

/** The file's rows read here: kept (one of the district's schools, or blank) or left out. */
const read = slice.map((l, i) => ({
  row: i + 2,
  dept: dept(l),
  title: fields(l)[col('TITLE')],
  cents: exportCents(fields(l)[col('REGULAR')]),
}));
const kept = read.filter((r) => r.dept === '' || SCHOOLS_SET.has(r.dept));
const left = read.filter((r) => !(r.dept === '' || SCHOOLS_SET.has(r.dept)));
const total = (rows: typeof read) => rows.reduce((sum, r) => sum + r.cents, 0n);
/** The stored sum: a negative salary (a reversal) is not stored. */
const stored = (rows: typeof read) => rows.reduce((sum, r) => sum + (r.cents > 0n ? r.cents : 0n), 0n);

describe.skipIf(SKIP_BOSTON)('POST /import/execute with onlyDistrictBuildings', () => {
  it('leaves out the rows of other departments, counted, reconciled and not stored', async () => {
    const knex = s.t.db.knex;
    for (const school of SCHOOLS) {
      await buildBuilding(knex, { name: school, code: null, buildingType: null });
    }
    const analysis = await analyze(s.t, s.admin.token, { name: 'boston-city.csv', data: csv });
    expect(analysis.status, JSON.stringify(analysis.body)).toBe(200);
    const request = {
      fileName: analysis.body.fileName,
      columnMappings: bostonMapping(analysis),
      ...s.target(),
    };
    expect(left.length).toBeGreaterThan(100);
    expect(kept.length).toBeGreaterThan(700);

    // Off by default: every row is imported, nothing is left out.
    const plain = await s.execute({ ...request, dryRun: true });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(plain.body.imported).toBe(read.length);
    expect(plain.body.leftOut).toBeUndefined();

    const res = await s.execute({ ...request, onlyDistrictBuildings: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body;
    expect(r.rowCount).toBe(read.length);
    expect(r.imported).toBe(kept.length);
    expect(r.skipped).toBe(left.length);
    expect(r.skippedReasons).toEqual({ "not one of the district's buildings": left.length });
    expect(r.leftOut.rows).toBe(left.length);
    expect(r.leftOut.amount).toBe(decimalText(total(left)));
    const police = left.filter((x) => x.dept === 'Boston Police Department').length;
    expect(r.leftOut.buildings[0]).toEqual({ building: 'Boston Police Department', rows: police });
    expect(r.leftOut.buildings).toContainEqual({ building: 'Boston Latin Academy', rows: 12 });
    expect(r.errors[0]).toBe(
      `Row ${left[0].row}: skipped, Boston Police Department is not one of the district's buildings`,
    );

    // Every dollar: file = stored + left out (+ the reversals a kept row does not store).
    const rec = r.reconciliation;
    expect(rec.fileSum).toBe(decimalText(total(read)));
    expect(exportCents((rec.storedSum as number).toFixed(2))).toBe(stored(kept));
    expect(rec.balanced).toBe(true);
    expect(rec.differenceTotal).toBe(decimalText(total(read) - stored(kept)));

    // Nothing of the left-out rows is stored: lines and positions are the kept rows'.
    const lineRows = await knex('line_items_all')
      .where({ import_run_id: r.importRunId })
      .select('location_code', 'current_salary', 'building_id');
    expect(lineRows).toHaveLength(kept.length);
    expect(lineRows.filter((l) => l.building_id === null)).toHaveLength(2);
    expect(new Set(lineRows.map((l) => l.location_code ?? ''))).toEqual(new Set(['', ...SCHOOLS]));
    const storedCents = lineRows.reduce((sum, l) => sum + exportCents(String(l.current_salary ?? '')), 0n);
    expect(storedCents).toBe(stored(kept));
    const positions = await knex('positions').where({ budget_year_id: s.d.budgetYearId }).select('title');
    expect(positions).toHaveLength(kept.length);
    // The police titles held are only those of the two rows with a blank building (District Wide).
    const city = /police|fire ?fighter/i;
    expect(positions.filter((p) => city.test(p.title)).length).toBe(
      kept.filter((k) => city.test(k.title)).length,
    );
    expect(kept.filter((k) => city.test(k.title)).length).toBeLessThanOrEqual(2);
  }, 120_000);

  it('refuses an option that is not true or false, with a clear 400', async () => {
    const res = await s.execute({
      fileName: 'a'.repeat(32),
      columnMappings: {},
      ...s.target(),
      onlyDistrictBuildings: 'yes',
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual({
      path: 'onlyDistrictBuildings',
      message: 'onlyDistrictBuildings must be true or false',
    });
  });
});
