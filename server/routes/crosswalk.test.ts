import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import {
  analyze,
  auditOf,
  buildCategory,
  buildWorkGroup,
  buildWorld,
  insertEmployees,
  makeDistrict,
  type World,
} from '../../test/factories';
import { suggestedMapping } from '../../test/worlds/import.suite';

/**
 * The position crosswalk. An ADMIN's rules (exact title, glob, regex) giving a job
 * title a work group, a personnel category and a DESE function code; the preview of what they match
 * and would change on a year's employee lines; Apply through the line writer, audited; conflicts,
 * where the more specific rule wins and the preview says why; refusals with nothing written.
 * Every figure expected here is worked out by hand from the lines below, money in integer cents.
 */
const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
let w: World;
let other: World;
const FY = 2026;
/** Personnel categories and a work group of the test's own (the world's category is not personnel). */
const cat: Record<string, number> = {};
let specialistsId: number;
const line: Record<string, number> = {};
const rule: Record<string, number> = {};
let otherTeacher: number;

const cents = (v: string | number) => BigInt(Math.round(Number(v) * 100));
const SAL = {
  ada: '61000.00',
  bo: '62000.50',
  cy: '55000.25',
  gus: '10000.10',
  di: '30500.50',
  ed: '45000.00',
  fay: '20000.00',
} as const;
const NO_GROUP = 'Next-year salary not computed: the line has no work group';

beforeAll(async () => {
  w = await buildWorld(t.db.knex);
  other = await buildWorld(t.db.knex);
  const personnel = (name: string, deseFunction: string) =>
    buildCategory(t.db.knex, { name: `${name} ${w.label}`, isPersonnel: true, deseFunction });
  cat.teachers = await personnel('Teachers', '2305');
  cat.specialists = await personnel('Specialists', '2310');
  cat.paras = await personnel('Paraprofessionals', '2330');
  cat.custodial = await personnel('Custodial', '4110');
  specialistsId = await buildWorkGroup(t.db.knex, `Specialists ${w.label}`);
  const person = (firstName: string, position: string, salary: string, extra = {}) => ({
    budgetYearId: w.budgetYearId,
    scenarioId: w.operatingScenarioId,
    fiscalYear: FY,
    firstName,
    lastName: 'Crosswalk',
    position,
    salary,
    ...extra,
  });
  [line.ada, line.bo, line.cy, line.gus, line.di, line.ed, line.fay] = await insertEmployees(t.db.knex, [
    person('Ada', 'Grade 3 Teacher', SAL.ada),
    // A category of its own already: filled only with overwrite.
    person('Bo', 'Grade 5 Teacher', SAL.bo, { categoryId: cat.specialists }),
    person('Cy', 'Teacher', SAL.cy, { categoryId: cat.teachers }),
    // Lower case and spaces around: the same title. Flagged for its missing work group.
    person('Gus', '  teacher ', SAL.gus, {
      metadata: { needsReview: true, importWarnings: [NO_GROUP], reviewCauses: ['work-group'] },
    }),
    person('Di', 'Para Educator', SAL.di),
    person('Ed', 'Night Custodian', SAL.ed, { workGroupId: w.custodiansId }),
    person('Fay', 'Bus Monitor', SAL.fay),
  ]);
  // Another budget year's teacher: no rule checked against, previewed on or applied to this year touches it.
  [otherTeacher] = await insertEmployees(t.db.knex, [
    {
      budgetYearId: other.budgetYearId,
      scenarioId: other.operatingScenarioId,
      fiscalYear: FY,
      position: 'Teacher',
      salary: '70000.00',
    },
  ]);
});

const post = (path: string, body: unknown, token = admin.token) => t.api('post', path, { token, body });
const year = () => ({ budgetYearId: w.budgetYearId, fiscalYear: FY });
const previewPath = (extra = '') =>
  `/crosswalk/preview?budgetYearId=${w.budgetYearId}&fiscalYear=FY${FY}${extra}`;

/** Everything a crosswalk call may write: the rules, the audit log and the lines (both years). */
async function snapshot() {
  const knex = t.db.knex;
  return {
    rules: await knex('position_crosswalk_rules').orderBy('id'),
    // Refused requests are logged as security events (entity 'security'): no change of data.
    audit: Number((await knex('audit_log').whereNot({ entity: 'security' }).count('* as c'))[0].c),
    lines: await knex('line_items')
      .whereIn('budget_year_id', [w.budgetYearId, other.budgetYearId])
      .orderBy('id'),
  };
}

/** Expects a refusal with `status`, a message matching `message`, and nothing written. */
async function refused(
  call: () => Promise<{ status: number; body: any }>,
  status: number,
  message: RegExp,
  path?: string,
) {
  const before = await snapshot();
  const res = await call();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error).toMatch(message);
  if (path) {
    expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
  }
  expect(await snapshot()).toEqual(before);
  return res.body;
}

const crosswalkAudit = (id: number) =>
  t.db
    .knex('audit_log')
    .where({ entity: 'crosswalk-rule', entity_id: String(id) })
    .orderBy('id');

describe('who may use the crosswalk', () => {
  it('answers 401 without a token and 403 to FINANCE and VIEW_ONLY on every route, writing nothing', async () => {
    const calls: [string, string, unknown?][] = [
      ['get', '/crosswalk/rules'],
      ['post', '/crosswalk/rules', { matchType: 'exact', pattern: 'Teacher', deseCode: '2305', ...year() }],
      [
        'post',
        '/crosswalk/rules/batch',
        { rules: [{ matchType: 'exact', pattern: 'Teacher', deseCode: '2305' }], ...year() },
      ],
      ['put', '/crosswalk/rules/1', { matchType: 'exact', pattern: 'Teacher', deseCode: '2305', ...year() }],
      ['delete', '/crosswalk/rules/1'],
      ['get', previewPath()],
      ['post', '/crosswalk/apply', year()],
    ];
    const before = await snapshot();
    for (const [method, path, body] of calls) {
      expect((await t.api(method, path, { body })).status, `${method} ${path}`).toBe(401);
      for (const token of [finance.token, viewer.token]) {
        const res = await t.api(method, path, { token, body });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('the rules, their preview and Apply', () => {
  it('POST /crosswalk/rules adds a rule checked against the year’s titles, audited', async () => {
    const res = await post('/crosswalk/rules', {
      matchType: 'glob',
      pattern: '*Teacher',
      workGroupId: w.teachersId,
      categoryId: cat.teachers,
      deseCode: '2305',
      note: '  classroom teachers  ',
      ...year(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    rule.teacher = res.body.rule.id;
    expect(res.body.rule).toMatchObject({
      matchType: 'glob',
      pattern: '*Teacher',
      workGroupId: w.teachersId,
      workGroup: `Teachers ${w.label.replace('Test ', '')}`,
      categoryId: cat.teachers,
      category: `Teachers ${w.label}`,
      deseCode: '2305',
      deseName: 'Teachers, Classroom',
      note: 'classroom teachers',
      specificity: '7 characters',
      createdBy: expect.stringContaining('ADMIN User'),
    });
    const audit = await crosswalkAudit(rule.teacher);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', before: null, after: res.body.rule });
    // Rules are the district's: another year's line keeps what it has until Apply runs on its year.
    expect((await t.db.knex('line_items').where({ id: otherTeacher }).first()).work_group_id).toBeNull();
  });

  it('POST /crosswalk/rules/batch adds several rules at once, checked against the titles given', async () => {
    const res = await post('/crosswalk/rules/batch', {
      rules: [
        // The exact title beats the glob on the group and the code it gives.
        { matchType: 'exact', pattern: 'grade 3 teacher', workGroupId: specialistsId, deseCode: '2310' },
        // Shorter than '*Teacher' (6 characters against 7): loses the category.
        { matchType: 'regex', pattern: '^grade', categoryId: cat.specialists },
        {
          matchType: 'glob',
          pattern: '*custodian*',
          workGroupId: w.custodiansId,
          categoryId: cat.custodial,
          deseCode: '4110',
        },
        // Equally specific (4 characters each): the older rule wins.
        { matchType: 'glob', pattern: 'Para*', workGroupId: w.teachersId, categoryId: cat.paras },
        { matchType: 'regex', pattern: 'para', workGroupId: w.custodiansId },
      ],
      titles: ['Grade 3 Teacher', 'Night Custodian', 'Para Educator'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    [rule.grade3, rule.grade, rule.custodian, rule.paraGlob, rule.paraRegex] = res.body.rules.map(
      (r: { id: number }) => r.id,
    );
    expect(
      res.body.rules.map((r: any) => [r.pattern, r.specificity, r.workGroup, r.category, r.deseName]),
    ).toEqual([
      ['grade 3 teacher', 'exact', `Specialists ${w.label}`, null, 'Teachers, Specialists'],
      ['^grade', '6 characters', null, `Specialists ${w.label}`, null],
      [
        '*custodian*',
        '9 characters',
        `Custodians ${w.label.replace('Test ', '')}`,
        `Custodial ${w.label}`,
        'Custodial Services',
      ],
      [
        'Para*',
        '4 characters',
        `Teachers ${w.label.replace('Test ', '')}`,
        `Paraprofessionals ${w.label}`,
        null,
      ],
      ['para', '4 characters', `Custodians ${w.label.replace('Test ', '')}`, null, null],
    ]);
    for (const id of [rule.grade3, rule.grade, rule.custodian, rule.paraGlob, rule.paraRegex]) {
      expect((await crosswalkAudit(id)).map((a) => a.action)).toEqual(['create']);
    }
    const list = await t.api('get', '/crosswalk/rules', { token: admin.token });
    expect(list.status).toBe(200);
    // Exact titles first, then by pattern.
    expect(list.body.rules.map((r: { id: number }) => r.id)).toEqual([
      rule.grade3,
      rule.custodian,
      rule.teacher,
      rule.grade,
      rule.paraRegex,
      rule.paraGlob,
    ]);
  });

  it('refuses a bad rule with a clear message, writing nothing', async () => {
    const one = (fields: Record<string, unknown>) => () =>
      post('/crosswalk/rules', {
        matchType: 'exact',
        pattern: 'Bus Monitor',
        deseCode: '3300',
        ...year(),
        ...fields,
      });
    await refused(
      one({ matchType: 'regex', pattern: '(teacher' }),
      400,
      /not a valid regular expression/,
      'pattern',
    );
    // Regex rules run on RE2 (linear time): what it cannot run is refused, saying why.
    await refused(
      one({ matchType: 'regex', pattern: '(bus) \\1' }),
      400,
      /'\(bus\) \\1' cannot be used: backreferences/,
      'pattern',
    );
    await refused(
      one({ matchType: 'regex', pattern: '^(?!sub)bus' }),
      400,
      /cannot be used: lookahead and lookbehind/,
      'pattern',
    );
    await refused(one({ matchType: 'glob', pattern: '*?*' }), 400, /only wildcards/, 'pattern');
    await refused(
      one({ pattern: 'Astronaut' }),
      400,
      /title 'Astronaut' matches none of the 6 job titles of FY26/,
      'pattern',
    );
    await refused(one({ matchType: 'glob', pattern: '*astronaut*' }), 400, /matches none of/, 'pattern');
    // The other year's 'Teacher' does not count, nor do titles outside the list given.
    await refused(
      one({ pattern: 'Bus Monitor', budgetYearId: undefined, fiscalYear: undefined, titles: ['Teacher'] }),
      400,
      /matches none of the 1 titles given/,
      'pattern',
    );
    await refused(one({ workGroupId: 999_999 }), 400, /Work group 999999 does not exist/, 'workGroupId');
    await refused(one({ categoryId: 999_999 }), 400, /Budget category 999999 does not exist/, 'categoryId');
    await refused(one({ categoryId: w.categoryId }), 400, /is not a personnel category/, 'categoryId');
    await refused(one({ deseCode: '9999' }), 400, /9999 is not a DESE function code/, 'deseCode');
    await refused(one({ deseCode: '23O5' }), 400, /A DESE function code is 4 digits/, 'deseCode');
    await refused(
      one({ deseCode: undefined }),
      400,
      /Choose a work group, a category, a DESE function code or a fund/,
    );
    await refused(one({ budgetYearId: undefined }), 400, /Say what the rule must match/);
    await refused(one({ budgetYearId: 999_999 }), 400, /Budget year 999999 does not exist/, 'budgetYearId');
    await refused(one({ matchType: 'fuzzy' }), 400, /matchType must be exact, glob or regex/);
    // The same pattern as a rule that exists, ignoring case and spaces.
    await refused(
      one({ matchType: 'glob', pattern: ' *TEACHER ' }),
      409,
      new RegExp(`already exists \\(rule ${rule.teacher}\\)`),
    );
    // A batch is all or none: one bad rule refuses the lot, each problem named by its place.
    const body = await refused(
      () =>
        post('/crosswalk/rules/batch', {
          rules: [
            { matchType: 'exact', pattern: 'Bus Monitor', deseCode: '3300' },
            { matchType: 'regex', pattern: '[bus', deseCode: '3300' },
            { matchType: 'exact', pattern: 'bus monitor', categoryId: 999_999 },
          ],
          ...year(),
        }),
      400,
      /not a valid regular expression/,
    );
    expect(body.details.map((d: { path: string }) => d.path)).toEqual([
      'rules.1.pattern',
      'rules.2.categoryId',
      'rules.2.pattern',
    ]);
    expect(body.details[2].message).toMatch(/listed twice \(also rule 1 of this list\)/);
  });

  it('GET /crosswalk/preview counts what each rule matches and would change, the conflicts and the unmatched', async () => {
    const res = await t.api('get', previewPath(), { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const p = res.body;
    const matched = ['ada', 'bo', 'cy', 'gus', 'di', 'ed'] as const;
    const matchedCents = matched.reduce((sum, k) => sum + cents(SAL[k]), 0n);
    expect(p).toMatchObject({
      budgetYearId: w.budgetYearId,
      fiscalYear: FY,
      overwrite: false,
      lineCount: 7,
      titleCount: 6,
      matchedLines: 6,
      unmatchedLines: 1,
      changedLines: 6,
      // Work group: Ada, Bo, Cy, Gus, Di (Ed has his). Category: Ada, Gus, Di, Ed (Bo and Cy have one).
      // Code: Ada, Bo, Cy, Gus, Ed (the para rules give none).
      changes: { workGroup: 5, category: 4, deseCode: 5 },
      unmatchedTitles: [{ title: 'Bus Monitor', count: 1, amount: Number(SAL.fay) }],
    });
    expect(cents(p.matchedAmount)).toBe(matchedCents);
    expect(cents(p.unmatchedAmount)).toBe(cents(SAL.fay));
    const byRule = Object.fromEntries(p.rules.map((r: any) => [r.ruleId, r]));
    expect(byRule[rule.teacher]).toEqual({
      ruleId: rule.teacher,
      titles: 3,
      lines: 4,
      // Bo, Cy and Gus's group and code (Ada's go to the exact rule); Ada's and Gus's category.
      changes: { workGroup: 3, category: 2, deseCode: 3 },
    });
    // Each other rule: [rule, titles, lines, and the changes to workGroup, category, deseCode].
    const perRule: [number, number, number, number, number, number][] = [
      [rule.grade3, 1, 1, 1, 0, 1],
      [rule.grade, 2, 2, 0, 0, 0],
      [rule.custodian, 1, 1, 0, 1, 1],
      [rule.paraGlob, 1, 1, 1, 1, 0],
      [rule.paraRegex, 1, 1, 0, 0, 0],
    ];
    for (const [ruleId, titles, lines, workGroup, category, deseCode] of perRule) {
      expect(byRule[ruleId], `rule ${ruleId}`).toMatchObject({
        titles,
        lines,
        changes: { workGroup, category, deseCode },
      });
    }
    const conflicts = p.conflicts.map((c: any) => [
      c.title,
      c.field,
      c.winnerId,
      c.loserId,
      c.lines,
      c.reason,
    ]);
    expect(conflicts).toHaveLength(5);
    const LONGER = 'the longer pattern wins (7 characters against 6)';
    expect(conflicts).toEqual(
      expect.arrayContaining([
        ['Grade 3 Teacher', 'workGroup', rule.grade3, rule.teacher, 1, 'an exact title wins over a pattern'],
        ['Grade 3 Teacher', 'deseCode', rule.grade3, rule.teacher, 1, 'an exact title wins over a pattern'],
        ['Grade 3 Teacher', 'category', rule.teacher, rule.grade, 1, LONGER],
        ['Grade 5 Teacher', 'category', rule.teacher, rule.grade, 1, LONGER],
        [
          'Para Educator',
          'workGroup',
          rule.paraGlob,
          rule.paraRegex,
          1,
          'equally specific: the older rule wins',
        ],
      ]),
    );
    const exactWins = p.conflicts.find((c: any) => c.field === 'deseCode');
    expect([exactWins.winnerLabel, exactWins.loserLabel]).toEqual(['2310', '2305']);

    // With overwrite, Bo's category (Specialists, not the rule's Teachers) counts as a change too.
    const over = await t.api('get', previewPath('&overwrite=true'), { token: admin.token });
    expect(over.status).toBe(200);
    expect(over.body).toMatchObject({
      overwrite: true,
      changedLines: 6,
      changes: { workGroup: 5, category: 5, deseCode: 5 },
    });
  });

  it('POST /crosswalk/apply with dryRun counts only', async () => {
    const before = await snapshot();
    const res = await post('/crosswalk/apply', { ...year(), dryRun: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      dryRun: true,
      changedLines: 6,
      changes: { workGroup: 5, category: 4, deseCode: 5 },
      clearedFlags: 0,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to apply unknown rules or to an unknown year, writing nothing', async () => {
    await refused(
      () => post('/crosswalk/apply', { ...year(), ruleIds: [999_999] }),
      400,
      /No crosswalk rule 999999/,
      'ruleIds',
    );
    await refused(
      () => post('/crosswalk/apply', { budgetYearId: 999_999, fiscalYear: FY }),
      400,
      /Budget year 999999 does not exist/,
      'budgetYearId',
    );
    await refused(
      () => t.api('get', previewPath().replace(String(w.budgetYearId), '999999'), { token: admin.token }),
      404,
      /Budget year not found/,
    );
  });

  it('POST /crosswalk/apply fills what the lines lack through the line writer, each line audited', async () => {
    const auditBefore = Number((await t.db.knex('audit_log').count('* as c'))[0].c);
    const res = await post('/crosswalk/apply', year());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      dryRun: false,
      changedLines: 6,
      changes: { workGroup: 5, category: 4, deseCode: 5 },
      // Gus's flag was raised for the work group he lacked.
      clearedFlags: 1,
    });
    const byRule = Object.fromEntries(res.body.byRule.map((r: any) => [r.ruleId, r.lines]));
    // Lines each rule gave something: Ada (category), Bo, Cy, Gus; Ada; Ed; Di.
    expect(byRule).toEqual({ [rule.teacher]: 4, [rule.grade3]: 1, [rule.custodian]: 1, [rule.paraGlob]: 1 });

    const rows = await t.db.knex('line_items').whereIn('id', Object.values(line)).orderBy('id');
    expect(rows.map((r) => [r.first_name, r.work_group_id, r.category_id, r.dese_code])).toEqual([
      ['Ada', specialistsId, cat.teachers, '2310'],
      ['Bo', w.teachersId, cat.specialists, '2305'],
      ['Cy', w.teachersId, cat.teachers, '2305'],
      ['Gus', w.teachersId, cat.teachers, '2305'],
      ['Di', w.teachersId, cat.paras, null],
      ['Ed', w.custodiansId, cat.custodial, '4110'],
      ['Fay', null, null, null],
    ]);
    const gus = rows.find((r) => r.first_name === 'Gus');
    expect(gus.needs_review).toBe(false);
    expect(gus.work_group).toBe(`Teachers ${w.label.replace('Test ', '')}`);
    expect(rows[0].metadata).toMatchObject({
      crosswalkWorkGroupRule: rule.grade3,
      crosswalkCategoryRule: rule.teacher,
      crosswalkDeseCodeRule: rule.grade3,
    });
    // One audit entry per changed line, naming the rules that changed it.
    const auditAfter = Number((await t.db.knex('audit_log').count('* as c'))[0].c);
    expect(auditAfter - auditBefore).toBe(6);
    const ada = await auditOf(t.db.knex, line.ada);
    expect(ada).toHaveLength(1);
    expect(ada[0]).toMatchObject({ action: 'update' });
    expect(ada[0].after.cause).toBe("Position crosswalk: title 'grade 3 teacher', pattern '*Teacher'");
    expect(ada[0].before).toMatchObject({ workGroupId: null, categoryId: null });
    expect(ada[0].after).toMatchObject({ workGroupId: specialistsId, categoryId: cat.teachers });
    expect((await auditOf(t.db.knex, line.di))[0].after.cause).toBe("Position crosswalk: pattern 'Para*'");
    expect(await auditOf(t.db.knex, line.fay)).toEqual([]);
    // The other budget year's teacher is not this year's line.
    expect(await auditOf(t.db.knex, otherTeacher)).toEqual([]);
    expect((await t.db.knex('line_items').where({ id: otherTeacher }).first()).work_group_id).toBeNull();

    // Run again: nothing left to fill.
    const again = await post('/crosswalk/apply', year());
    expect(again.body).toMatchObject({
      changedLines: 0,
      changes: { workGroup: 0, category: 0, deseCode: 0 },
    });
    expect(Number((await t.db.knex('audit_log').count('* as c'))[0].c)).toBe(auditAfter);

    // Overwrite replaces Bo's own category with the rule's.
    const over = await post('/crosswalk/apply', { ...year(), overwrite: true });
    expect(over.body).toMatchObject({ changedLines: 1, changes: { workGroup: 0, category: 1, deseCode: 0 } });
    expect((await t.db.knex('line_items').where({ id: line.bo }).first()).category_id).toBe(cat.teachers);
    expect((await auditOf(t.db.knex, line.bo)).at(-1).after.cause).toBe(
      "Position crosswalk: pattern '*Teacher'",
    );
  });

  it('PUT /crosswalk/rules/:id changes a rule (checked like a new one) without touching lines', async () => {
    const linesBefore = (await snapshot()).lines;
    // Longer than '*Teacher' now (9 characters against 7): it wins the category of the grade teachers.
    const res = await t.api('put', `/crosswalk/rules/${rule.grade}`, {
      token: admin.token,
      body: { matchType: 'regex', pattern: '^grade \\d', categoryId: cat.specialists, ...year() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.rule).toMatchObject({
      id: rule.grade,
      pattern: '^grade \\d',
      specificity: '9 characters',
    });
    expect((await snapshot()).lines).toEqual(linesBefore);
    const audit = await crosswalkAudit(rule.grade);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1].before).toMatchObject({ pattern: '^grade' });
    expect(audit[1].after).toMatchObject({ pattern: '^grade \\d' });

    const p = (await t.api('get', previewPath('&overwrite=true'), { token: admin.token })).body;
    expect(
      p.conflicts
        .filter((c: any) => c.field === 'category')
        .map((c: any) => [c.title, c.winnerId, c.loserId, c.reason]),
    ).toEqual(
      expect.arrayContaining([
        ['Grade 3 Teacher', rule.grade, rule.teacher, 'the longer pattern wins (9 characters against 7)'],
        ['Grade 5 Teacher', rule.grade, rule.teacher, 'the longer pattern wins (9 characters against 7)'],
      ]),
    );
    // Overwriting would move Ada's and Bo's category to Specialists.
    expect(p.changes).toEqual({ workGroup: 0, category: 2, deseCode: 0 });

    const put = (id: number | string, fields: Record<string, unknown>) => () =>
      t.api('put', `/crosswalk/rules/${id}`, {
        token: admin.token,
        body: {
          matchType: 'regex',
          pattern: '^grade \\d',
          categoryId: cat.specialists,
          ...year(),
          ...fields,
        },
      });
    await refused(put(rule.grade, { pattern: '^grade [' }), 400, /not a valid regular expression/, 'pattern');
    await refused(put(rule.grade, { pattern: '^kindergarten' }), 400, /matches none of/, 'pattern');
    await refused(
      put(rule.grade, { categoryId: w.categoryId }),
      400,
      /not a personnel category/,
      'categoryId',
    );
    await refused(
      put(rule.grade, { matchType: 'regex', pattern: 'PARA' }),
      409,
      new RegExp(`rule ${rule.paraRegex}`),
    );
    await refused(put(999_999, {}), 404, /Crosswalk rule not found/);
    // Its own pattern again is no duplicate.
    expect((await put(rule.grade, { note: 'grade levels' })()).status).toBe(200);
  });

  it('DELETE /crosswalk/rules/:id deletes a rule, audited; the lines keep what it gave them', async () => {
    const linesBefore = (await snapshot()).lines;
    const res = await t.api('delete', `/crosswalk/rules/${rule.paraGlob}`, { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(
      `Rule ${rule.paraGlob} (pattern 'Para*') deleted; lines keep what it gave them`,
    );
    expect(await t.db.knex('position_crosswalk_rules').where({ id: rule.paraGlob }).first()).toBeUndefined();
    expect((await snapshot()).lines).toEqual(linesBefore);
    const audit = await crosswalkAudit(rule.paraGlob);
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
    expect(audit[1]).toMatchObject({ after: null, before: { id: rule.paraGlob, pattern: 'Para*' } });
    await refused(
      () => t.api('delete', `/crosswalk/rules/${rule.paraGlob}`, { token: admin.token }),
      404,
      /not found/,
    );

    // Now the regex alone gives Para Educator a work group: with overwrite it would change Di's.
    const p = (await t.api('get', previewPath('&overwrite=true'), { token: admin.token })).body;
    expect(p.conflicts.some((c: any) => c.title === 'Para Educator')).toBe(false);
    expect(p.rules.find((r: any) => r.ruleId === rule.paraRegex).changes).toEqual({
      workGroup: 1,
      category: 0,
      deseCode: 0,
    });
  });
});

describe('the crosswalk in an operating import', () => {
  it('fills what a row lacks (what the file says wins), a code-only rule gives the code’s category', async () => {
    const d = await makeDistrict(t.db.knex);
    const transport = await buildCategory(t.db.knex, {
      name: `Transportation ${w.label}`,
      isPersonnel: true,
      deseFunction: '3300',
    });
    const custodians = (await t.db.knex('work_groups').where({ id: w.custodiansId }).first()).name;
    const csv = [
      'Name,Title,Salary,Union',
      '"Lee, Ana",Grade 3 Teacher,50000.00,',
      `"Park, Jo",Teacher,40000.00,${custodians}`,
      '"Ortiz, Sam",Bus Monitor,30000.00,',
      '"Kim, Li",Crossing Guard,1000.01,',
    ].join('\n');
    // A rule made from the file's titles before it is imported (the wizard's unmatched titles).
    const made = await post('/crosswalk/rules', {
      matchType: 'exact',
      pattern: 'Bus Monitor',
      deseCode: '3300',
      titles: ['Grade 3 Teacher', 'Teacher', 'Bus Monitor', 'Crossing Guard'],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const analysis = await analyze(t, admin.token, { name: 'staff.csv', data: csv });
    expect(analysis.status, JSON.stringify(analysis.body)).toBe(200);
    const mapping = suggestedMapping(analysis);
    expect(mapping).toMatchObject({ position: 'Title', currentSalary: 'Salary', workGroup: 'Union' });
    const body = {
      fileName: analysis.body.fileName,
      columnMappings: mapping,
      importType: 'operating',
      budgetYearId: d.budgetYearId,
      versionId: d.versionId,
    };
    const summary = {
      rules: Number((await t.db.knex('position_crosswalk_rules').count('* as c'))[0].c),
      matchedRows: 3,
      unmatchedRows: 1,
      // Ana's group (Jo's file names his); Ana's and Jo's category (Sam's comes from his code).
      workGroupRows: 1,
      categoryRows: 2,
      deseCodeRows: 3,
      fundRows: 0,
      unmatchedTitles: [{ title: 'Crossing Guard', count: 1, amount: 1000.01 }],
      unmatchedTitleCount: 1,
      unusableRules: [],
    };
    const dry = await post('/import/execute', { ...body, dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.crosswalk).toEqual(summary);
    expect(
      dry.body.preview.rows.map((r: any) => [r.values.position, r.values.workGroupFromCrosswalk ?? null]),
    ).toEqual([
      ['Grade 3 Teacher', `Specialists ${w.label}`],
      ['Teacher', null],
      ['Bus Monitor', null],
      ['Crossing Guard', null],
    ]);
    expect(dry.body.preview.rows[0].values).toMatchObject({
      crosswalkRules: "title 'grade 3 teacher'; regex '^grade \\d'",
      categoryFromCrosswalk: `Specialists ${w.label}`,
      deseCodeFromCrosswalk: '2310',
    });
    expect(dry.body.preview.rows[2].values).toMatchObject({
      crosswalkRules: "title 'Bus Monitor'",
      deseCodeFromCrosswalk: '3300',
    });

    const res = await post('/import/execute', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.crosswalk).toEqual(summary);
    const rows = await t.db.knex('line_items').where({ import_run_id: res.body.importRunId }).orderBy('id');
    expect(rows.map((r) => [r.position, r.work_group_id, r.work_group, r.category_id, r.dese_code])).toEqual([
      ['Grade 3 Teacher', specialistsId, `Specialists ${w.label}`, cat.specialists, '2310'],
      ['Teacher', w.custodiansId, custodians, cat.teachers, '2305'],
      ['Bus Monitor', null, null, transport, '3300'],
      ['Crossing Guard', null, null, null, null],
    ]);
  });
});
