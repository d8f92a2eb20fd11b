import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BOSTON,
  bostonMapping,
  byTitle,
  categorized,
  col,
  fields,
  lines,
  placement,
  ranked,
  rows,
  SCHOOLS,
  schoolsFile,
  SKIP_BOSTON,
  sum,
  top20,
  uncategorized,
  type Kind,
} from '../../test/boston-four-schools';
import { analyze, buildBuilding, buildCategory, buildWorkGroup } from '../../test/factories';
import { exportCents } from '../../test/real-files';
import { importSuite, suggestedMapping } from '../../test/worlds/import.suite';

/**
 * The real Boston payroll imported with crosswalk rules. Four schools of the
 * 2024 earnings report (Curley K-8, Boston Latin, Condon K-8, Charlestown High); rules for their 20
 * most common titles made in one call from the import's unmatched titles; the import leaves fewer
 * than 10% of rows without a category, and 'Update Salary Budget' moves the categorized payroll.
 * Every expected figure comes from the file itself, read with the tests' own parser
 * (test/boston-four-schools.ts), never from the importer's or the crosswalk's code.
 */

const s = importSuite('crosswalk-boston-test-');

/** Money the API sends (a JSON number of whole cents) or the database gives (text) -> cents. */
const answerCents = (v: number | string) => exportCents(typeof v === 'number' ? v.toFixed(2) : v);

describe.skipIf(SKIP_BOSTON)('the Boston payroll of four schools through the crosswalk', () => {
  type Named = { id: number; name: string };
  // Filled by beforeAll, one of each kind.
  const group = {} as Record<Kind, Named>;
  const category = {} as Record<Kind, Named>;
  const building = new Map<string, number>();
  let mapping: Record<string, string | null>;
  let fileName: string;

  beforeAll(async () => {
    const knex = s.t.db.knex;
    const names: Record<Kind, [string, string, string]> = {
      teachers: ['BTU Teachers', 'Teacher Salaries', '2305'],
      paras: ['BTU Paraprofessionals', 'Paraprofessional Salaries', '2330'],
      support: ['School Support Staff', 'Student and School Support Salaries', '2210'],
    };
    for (const [kind, [groupName, categoryName, deseFunction]] of Object.entries(names) as [
      Kind,
      [string, string, string],
    ][]) {
      group[kind] = { id: await buildWorkGroup(knex, groupName), name: groupName };
      category[kind] = {
        id: await buildCategory(knex, { name: categoryName, isPersonnel: true, deseFunction }),
        name: categoryName,
      };
    }
    for (const school of SCHOOLS) {
      building.set(school, await buildBuilding(knex, { name: school, code: null, buildingType: null }));
    }
  });

  it('reads 744 rows and $63,750,483.42 of regular pay from the file, its 20 most common titles half and more', () => {
    expect(rows).toHaveLength(744);
    expect(sum(rows)).toBe(6_375_048_342n);
    expect(new Set(rows.map((r) => r.school))).toEqual(new Set(SCHOOLS));
    expect(ranked[0]).toEqual(['Teacher', expect.objectContaining({ count: 463 })]);
    expect(top20.size).toBe(20);
    // Fewer than 10% of the rows have a title outside the 20.
    expect(uncategorized.length).toBe(41);
    expect(uncategorized.length / rows.length).toBeLessThan(0.1);
  });

  /** POST /import/execute of the four schools' file; the summary of the crosswalk is checked by the caller. */
  const run = (dryRun: boolean) =>
    s.execute({ fileName, columnMappings: mapping, ...s.target(), ...(dryRun ? { dryRun: true } : {}) });

  /** The unmatched titles the import lists, as title -> rows and cents. */
  const listed = (summary: any) =>
    new Map(
      summary.unmatchedTitles.map((u: { title: string; count: number; amount: number }) => [
        u.title,
        { count: u.count, cents: answerCents(u.amount) },
      ]),
    );

  it('the dry run without rules lists every title as unmatched, grouped with its rows and salaries', async () => {
    const analysis = await analyze(s.t, s.admin.token, {
      name: 'boston-four-schools.csv',
      data: schoolsFile,
    });
    expect(analysis.status, JSON.stringify(analysis.body)).toBe(200);
    fileName = analysis.body.fileName;
    mapping = bostonMapping(analysis);
    expect(mapping.position).toBe('TITLE');
    const res = await run(true);
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.crosswalk).toMatchObject({
      rules: 0,
      matchedRows: 0,
      unmatchedRows: 744,
      workGroupRows: 0,
      unmatchedTitleCount: byTitle.size,
    });
    expect(listed(res.body.crosswalk)).toEqual(byTitle);
    expect(res.body.crosswalk.unmatchedTitles.map((u: { count: number }) => u.count)).toEqual(
      ranked.map(([, t]) => t.count),
    );
  });

  it('rules for the 20 most common titles, made in one call from the unmatched titles, place 95% of the rows', async () => {
    const dry = await run(true);
    const offered = dry.body.crosswalk.unmatchedTitles.map((u: { title: string }) => u.title);
    const rules = [...top20].map((title) => {
      const { kind, deseCode } = placement(title);
      return {
        matchType: 'exact',
        pattern: title,
        workGroupId: group[kind].id,
        categoryId: category[kind].id,
        deseCode,
      };
    });
    const made = await s.t.api('post', '/crosswalk/rules/batch', {
      token: s.admin.token,
      body: { rules, titles: offered },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.rules).toHaveLength(20);

    const res = await run(true);
    expect(res.status).toBe(200);
    expect(res.body.crosswalk).toMatchObject({
      rules: 20,
      matchedRows: categorized.length,
      unmatchedRows: uncategorized.length,
      // The file names no work group, category or DESE code: every matched row takes all three.
      workGroupRows: categorized.length,
      categoryRows: categorized.length,
      deseCodeRows: categorized.length,
      unmatchedTitleCount: byTitle.size - 20,
    });
    expect(listed(res.body.crosswalk)).toEqual(new Map([...byTitle].filter(([title]) => !top20.has(title))));
    // The preview says, row by row, what the crosswalk gave.
    const previewed = res.body.preview.rows;
    expect(previewed.length).toBeGreaterThan(0);
    for (const p of previewed) {
      const row = rows[p.row - 2];
      expect(p.values.position).toBe(row.title);
      if (top20.has(row.title)) {
        const { kind, deseCode } = placement(row.title);
        expect(p.values).toMatchObject({
          crosswalkRules: `title '${row.title}'`,
          workGroupFromCrosswalk: group[kind].name,
          categoryFromCrosswalk: category[kind].name,
          deseCodeFromCrosswalk: deseCode,
        });
      } else {
        expect(p.values).not.toHaveProperty('workGroupFromCrosswalk');
      }
    }
  });

  it('imports the payroll categorized, and Update Salary Budget moves the categorized payroll', async () => {
    const res = await run(false);
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body).toMatchObject({ imported: 744, skipped: 0 });
    expect(res.body.crosswalk).toMatchObject({
      matchedRows: categorized.length,
      unmatchedRows: uncategorized.length,
    });
    const [fiscalYear] = res.body.fiscalYears;
    const knex = s.t.db.knex;
    const stored = await knex('line_items as li')
      .leftJoin('buildings as b', 'b.id', 'li.building_id')
      .where({ 'li.import_run_id': res.body.importRunId })
      .select(
        'li.position',
        'li.work_group_id',
        'li.category_id',
        'li.dese_code',
        'b.name as school',
        knex.raw('coalesce(li.current_salary, 0)::text as salary'),
      );
    expect(stored).toHaveLength(744);
    // Row by row (as a multiset): title, school, salary, and what the crosswalk gave.
    const key = (title: string, school: string, c: bigint, kind: Kind | null, code: string | null) =>
      JSON.stringify([
        title,
        school,
        String(c),
        kind ? group[kind].id : null,
        kind ? category[kind].id : null,
        code,
      ]);
    const expected = rows.map((r) => {
      const p = top20.has(r.title) ? placement(r.title) : null;
      return key(r.title, r.school, r.cents, p?.kind ?? null, p?.deseCode ?? null);
    });
    const got = stored.map((l) => {
      const kind = (Object.keys(category) as Kind[]).find((k) => category[k].id === l.category_id) ?? null;
      // A category of none of the three would show as null here and fail the comparison.
      expect(l.work_group_id).toBe(kind ? group[kind].id : null);
      return key(l.position, l.school, exportCents(l.salary), kind, l.dese_code);
    });
    expect(got.sort()).toEqual(expected.sort());
    const withoutCategory = stored.filter((l) => l.category_id === null);
    expect(withoutCategory).toHaveLength(41);
    expect(withoutCategory.length / stored.length).toBeLessThan(0.1);

    // The salary budget: per category, school and function code, the categorized payroll summed
    // here in cents (a place whose people all have blank salaries has no payroll and no line).
    const perGroup = new Map<string, bigint>();
    for (const r of categorized) {
      const p = placement(r.title);
      const k = `${category[p.kind].id}|${building.get(r.school)}|${p.deseCode}`;
      perGroup.set(k, (perGroup.get(k) ?? 0n) + r.cents);
    }
    for (const [k, c] of perGroup) {
      if (c === 0n) {
        perGroup.delete(k);
      }
    }
    const update = await s.t.api('post', '/reconciliation/update-salary-budget', {
      token: s.admin.token,
      body: { budgetYearId: s.d.budgetYearId, fiscalYear },
    });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    expect(answerCents(update.body.totalOperatingSalary)).toBe(sum(rows));
    expect(answerCents(update.body.distributedAmount)).toBe(sum(categorized));
    expect(answerCents(update.body.undistributedAmount)).toBe(sum(uncategorized));
    expect(sum(categorized)).toBe(6_375_048_342n - sum(uncategorized));
    // No proposed personnel line existed: one is added per category, school and code.
    expect(update.body).toMatchObject({ createdItems: perGroup.size, updatedItems: 0, removedItems: 0 });
    const proposed = async () => {
      const got = await knex('line_items')
        .where({ budget_year_id: s.d.budgetYearId, fiscal_year: fiscalYear, is_operating: false })
        .whereIn(
          'category_id',
          Object.values(category).map((c) => c.id),
        )
        .select('category_id', 'building_id', 'dese_code', knex.raw('amount::text as amount'));
      expect(got).toHaveLength(perGroup.size);
      return new Map(
        got.map((l) => [`${l.category_id}|${l.building_id}|${l.dese_code}`, exportCents(l.amount)]),
      );
    };
    expect(await proposed()).toEqual(perGroup);
    // Each added line audited as the reconciliation's (this year's: the next year's salary budget
    // follows the imported people's positions and is audited alike).
    const audit = await knex('audit_log')
      .where({ entity: 'line-item', action: 'create' })
      .whereRaw(`after ->> 'cause' = ?`, ['Salary budget reconciliation'])
      .whereRaw(`(after ->> 'fiscalYear')::int = ?`, [fiscalYear]);
    expect(audit).toHaveLength(perGroup.size);

    // Run again: the budget already is the payroll.
    const again = await s.t.api('post', '/reconciliation/update-salary-budget', {
      token: s.admin.token,
      body: { budgetYearId: s.d.budgetYearId, fiscalYear },
    });
    expect(again.body).toMatchObject({ createdItems: 0, updatedItems: 0, removedItems: 0 });
    expect(answerCents(again.body.distributedAmount)).toBe(sum(categorized));
    expect(await proposed()).toEqual(perGroup);
  });
});

/**
 * The whole city (25,530 rows, 1,737 titles): its 20 most common titles cover about half the rows,
 * so one rule per title cannot place it; eight patterns place more than those twenty rules do.
 * Each dry run reads the whole file (about 5 s on PGlite).
 */
describe.skipIf(SKIP_BOSTON)('the whole city file: patterns, not one rule per title', () => {
  const cityTitles = lines.slice(1).map((line) => fields(line)[col('TITLE')].trim());
  const cityCounts = new Map<string, number>();
  for (const title of cityTitles) {
    cityCounts.set(title, (cityCounts.get(title) ?? 0) + 1);
  }
  const cityRanked = [...cityCounts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const cityTop20 = cityRanked.slice(0, 20).map(([title]) => title);
  const top20Rows = cityRanked.slice(0, 20).reduce((n, [, c]) => n + c, 0);
  /** The globs, and what each means read here by hand: a part of the title, or its start. */
  const PATTERNS: [string, (lower: string) => boolean][] = [
    ['*teacher*', (t) => t.includes('teacher')],
    ['*para*', (t) => t.includes('para')],
    ['police*', (t) => t.startsWith('police')],
    ['fire*', (t) => t.startsWith('fire')],
    ['*monitor*', (t) => t.includes('monitor')],
    ['*cust*', (t) => t.includes('cust')],
    ['*nurse*', (t) => t.includes('nurse')],
    ['*coord*', (t) => t.includes('coord')],
  ];
  const placed = (title: string) => PATTERNS.some(([, fits]) => fits(title.toLowerCase()));
  const patternRows = cityTitles.filter(placed).length;
  // The import stores a title with runs of spaces as one ('Admin  Asst' is 'Admin Asst').
  const unplacedTitles = new Set(
    cityTitles.filter((t) => !placed(t)).map((t) => t.toLowerCase().replace(/\s+/g, ' ')),
  ).size;
  let analysis: { fileName: string; mapping: Record<string, string | null> };

  const dryRun = async () => {
    const res = await s.execute({
      fileName: analysis.fileName,
      columnMappings: analysis.mapping,
      ...s.target(),
      dryRun: true,
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.imported).toBe(25_530);
    return res.body.crosswalk;
  };
  /** Replaces every rule with `rules`, checked against the city's titles. */
  const replaceRules = async (rules: Record<string, unknown>[]) => {
    const list = await s.t.api('get', '/crosswalk/rules', { token: s.admin.token });
    for (const r of list.body.rules) {
      expect((await s.t.api('delete', `/crosswalk/rules/${r.id}`, { token: s.admin.token })).status).toBe(
        200,
      );
    }
    const made = await s.t.api('post', '/crosswalk/rules/batch', {
      token: s.admin.token,
      body: { rules, titles: [...cityCounts.keys()] },
    });
    expect(made.status, JSON.stringify(made.body).slice(0, 500)).toBe(201);
  };

  it('reads 25,530 rows whose 20 most common titles cover about half', () => {
    expect(cityTitles).toHaveLength(25_530);
    expect(cityCounts.size).toBe(1_737);
    expect(top20Rows / cityTitles.length).toBeGreaterThan(0.5);
    expect(top20Rows / cityTitles.length).toBeLessThan(0.55);
    expect(patternRows).toBeGreaterThan(top20Rows);
  });

  it(
    'places more rows with eight patterns than the twenty most common titles hold',
    { timeout: 120_000 },
    async () => {
      const data = readFileSync(BOSTON);
      const res = await analyze(s.t, s.admin.token, { name: path.basename(BOSTON), data });
      expect(res.status).toBe(200);
      analysis = {
        fileName: res.body.fileName,
        mapping: { ...suggestedMapping(res), currentSalary: 'REGULAR' },
      };
      const categoryId = await buildCategory(s.t.db.knex, { name: 'City payroll', isPersonnel: true });
      // Rules for the twenty titles are accepted against the city's titles, but replaced by patterns.
      await replaceRules(cityTop20.map((pattern) => ({ matchType: 'exact', pattern, categoryId })));
      await replaceRules(PATTERNS.map(([pattern]) => ({ matchType: 'glob', pattern, categoryId })));
      const patterns = await dryRun();
      expect(patterns).toMatchObject({
        rules: PATTERNS.length,
        matchedRows: patternRows,
        unmatchedRows: 25_530 - patternRows,
        categoryRows: patternRows,
        unmatchedTitleCount: unplacedTitles,
      });
      expect(patterns.matchedRows).toBeGreaterThan(top20Rows);
    },
  );
});
