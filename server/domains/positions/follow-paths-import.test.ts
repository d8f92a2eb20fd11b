import { beforeAll, describe, expect, it } from 'vitest';
import {
  bostonMapping,
  placement,
  SCHOOLS,
  schoolsFile,
  SKIP_BOSTON,
  top20,
  type Kind,
} from '../../../test/boston-four-schools';
import { analyze, buildBuilding, buildCategory, buildWorkGroup } from '../../../test/factories';
import { importSuite } from '../../../test/worlds/import.suite';
import { expectFollowed, type Planned } from './follow-paths.helper';

/**
 * A payroll import is a path too: the real Boston payroll of four schools (744 rows, 2024 earnings
 * report) imported with crosswalk rules for its 20 most common titles (category, work group, DESE
 * code), so its people hold positions in personnel categories. After the import, and after an
 * Employee Manager edit of one imported person, the planned year's personnel lines equal the
 * positions' cost recomputed in cents from the raw tables (follow-paths.helper.ts), and Update
 * Salary Budget finds nothing to change.
 */
const s = importSuite('follow-paths-import-');

describe.skipIf(SKIP_BOSTON)('the planned year follows the positions of an imported payroll', () => {
  let fileName: string;
  let mapping: Record<string, string | null>;

  beforeAll(async () => {
    const knex = s.t.db.knex;
    const names: Record<Kind, [string, string]> = {
      teachers: ['Teacher Salaries', '2305'],
      paras: ['Paraprofessional Salaries', '2330'],
      support: ['Student and School Support Salaries', '2210'],
    };
    const group = {} as Record<Kind, number>;
    const category = {} as Record<Kind, number>;
    for (const [kind, [name, deseFunction]] of Object.entries(names) as [Kind, [string, string]][]) {
      group[kind] = await buildWorkGroup(knex, `${name} group`);
      category[kind] = await buildCategory(knex, { name, isPersonnel: true, deseFunction });
    }
    for (const school of SCHOOLS) {
      await buildBuilding(knex, { name: school, code: null, buildingType: null });
    }
    const analysis = await analyze(s.t, s.admin.token, {
      name: 'boston-four-schools.csv',
      data: schoolsFile,
    });
    expect(analysis.status, JSON.stringify(analysis.body)).toBe(200);
    fileName = analysis.body.fileName;
    mapping = bostonMapping(analysis);
    const dry = await s.execute({ fileName, columnMappings: mapping, ...s.target(), dryRun: true });
    expect(dry.status, JSON.stringify(dry.body).slice(0, 400)).toBe(200);
    const rules = [...top20].map((title) => {
      const { kind, deseCode } = placement(title);
      return {
        matchType: 'exact',
        pattern: title,
        workGroupId: group[kind],
        categoryId: category[kind],
        deseCode,
      };
    });
    const titles = dry.body.crosswalk.unmatchedTitles.map((u: { title: string }) => u.title);
    const made = await s.t.api('post', '/crosswalk/rules/batch', {
      token: s.admin.token,
      body: { rules, titles },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  });

  it('after the import, and after an edit of an imported holder', async () => {
    const res = await s.execute({ fileName, columnMappings: mapping, ...s.target() });
    expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(200);
    expect(res.body.imported).toBe(744);
    const [fiscalYear] = res.body.fiscalYears as number[];
    const knex = s.t.db.knex;
    const home = await knex('fiscal_year_homes')
      .where({ fiscal_year: fiscalYear + 1 })
      .first('budget_year_id');
    const at: Planned = {
      t: s.t,
      token: s.admin.token,
      roster: { budgetYearId: s.d.budgetYearId, fiscalYear },
      planned: { budgetYearId: home?.budget_year_id ?? s.d.budgetYearId, fiscalYear: fiscalYear + 1 },
    };
    const positions = await knex('positions')
      .where({ budget_year_id: at.roster.budgetYearId, fiscal_year: fiscalYear })
      .count({ n: '*' });
    expect(Number(positions[0].n)).toBe(744);
    const followed = await expectFollowed(at, 'the Boston payroll imported');
    // The categorized people's places: several schools and codes, each a line of its own.
    expect(Object.keys(followed).length).toBeGreaterThan(8);

    const [teacher] = await knex('line_items as li')
      .join('position_holders as h', 'h.line_item_id', 'li.id')
      .where({ 'li.import_run_id': res.body.importRunId, 'li.position': 'Teacher' })
      .orderBy('li.id')
      .limit(1)
      .select('li.id');
    const edit = await s.t.api('patch', `/line-items/budget/${teacher.id}/next-year-salary`, {
      token: s.admin.token,
      body: { nextYearSalary: 123456.78 },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(await expectFollowed(at, 'an imported teacher edited')).not.toEqual(followed);
  });
});
