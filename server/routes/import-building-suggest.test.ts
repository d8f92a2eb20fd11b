import { describe, expect, it } from 'vitest';
import { analyze, fixture } from '../../test/factories';
import { buildBuilding } from '../../test/factories/reference';
import { csvRecords } from '../../test/real-files';
import { importSuite, suggestedMapping } from '../../test/worlds/import.suite';

const s = importSuite('import-building-suggest-test-');

/**
 * Boston's DEPARTMENT_NAME holds the school names. When those are the district's
 * buildings, the wizard suggests that column for Building (it used to go to Department, and every
 * line landed at District Wide).
 */
describe('suggesting Building from a column of building names', () => {
  it("maps DEPARTMENT_NAME to Building when its values are the buildings' names, and lines land there", async () => {
    const data = fixture('boston-earnings-2024.csv');
    const [header, ...rows] = csvRecords(data.toString('utf8')).filter((r) => r.some(Boolean));
    const dept = header.indexOf('DEPARTMENT_NAME');
    // The schools of the file (every department a teacher or paraprofessional works in) become the
    // district's buildings, under exactly the file's names.
    const schools = [
      ...new Set(rows.filter((r) => /Teacher|Paraprofessional/.test(r[2])).map((r) => r[dept])),
    ];
    const ids = new Map<string, number>();
    for (const name of schools) {
      ids.set(name, await buildBuilding(s.t.db.knex, { name, code: null, buildingType: null }));
    }
    const analysis = await analyze(
      s.t,
      s.admin.token,
      { name: 'boston.csv', data },
      { importType: 'operating' },
    );
    expect(analysis.status).toBe(200);
    expect(analysis.body.suggestedMappings.locationCode).toEqual({
      csvColumn: 'DEPARTMENT_NAME',
      confidence: 'high',
    });

    const res = await s.execute({
      fileName: analysis.body.fileName,
      columnMappings: suggestedMapping(analysis),
      ...s.target(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = await s.t.db
      .knex('line_items')
      .where({ import_run_id: res.body.importRunId })
      .select('last_name', 'first_name', 'building_id');
    const expected = rows.map((r) => ids.get(r[dept]) ?? null);
    expect(stored.map((l) => l.building_id).sort()).toEqual(expected.sort());
    // 'Marked for review' is the number of the run's lines the Data Quality list
    // holds (it once said 0 while the list held every employee the next-year salary rule flagged).
    const list = await s.t.api('get', `/line-items/budget/needs-review?budgetYearId=${s.d.budgetYearId}`, {
      token: s.admin.token,
    });
    expect(list.status).toBe(200);
    const listed = (list.body.lineItems as { id: number }[]).length;
    expect(listed).toBeGreaterThan(0);
    expect(res.body.reviewCount).toBe(listed);
    // The schools' teachers are at their schools, not District Wide.
    expect(stored.filter((l) => l.building_id !== null)).toHaveLength(
      rows.filter((r) => ids.has(r[dept])).length,
    );
  });
});
