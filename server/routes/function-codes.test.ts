import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildCategory, buildWorld, insertEmployees, insertProposed, type World } from '../../test/factories';

/**
 * A function code on every dollar. The rules an ADMIN keeps (refused when they
 * would give one line two codes, name a code outside DESE's chart or hold an invalid pattern, with
 * nothing written), applying them through the line writer, the grids' bulk code, the filter and
 * the count of lines still without one. Dollars are checked in integer cents.
 */
const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
let w: World;
let teachersCat: number;
const FY = 2027;
const ids: Record<string, number> = {};

const cents = (v: string | number) => BigInt(Math.round(Number(v) * 100));
const rulesCount = async () => Number((await t.db.knex('function_code_rules').count('* as c'))[0].c);
const auditCount = async () => Number((await t.db.knex('audit_log').count('* as c'))[0].c);
const codeOf = async (id: number) =>
  (await t.db.knex('line_items').where({ id }).first('dese_code')).dese_code;

beforeAll(async () => {
  w = await buildWorld(t.db.knex);
  teachersCat = await buildCategory(t.db.knex, { name: `Teaching staff ${w.label}`, isPersonnel: true });
  const person = (firstName: string, lastName: string, position: string, salary: string, extra = {}) => ({
    budgetYearId: w.budgetYearId,
    scenarioId: w.operatingScenarioId,
    fiscalYear: FY,
    firstName,
    lastName,
    position,
    salary,
    ...extra,
  });
  [ids.ada, ids.bo, ids.cy] = await insertEmployees(t.db.knex, [
    person('Ada', 'Lane', 'Grade 3 Teacher', '61000.00', {
      workGroupId: w.teachersId,
      categoryId: teachersCat,
    }),
    person('Bo', 'Reed', 'Para Educator', '30500.50', { workGroupId: w.teachersId, categoryId: teachersCat }),
    person('Cy', 'Moss', 'Custodian', '45000.00', {
      workGroupId: w.custodiansId,
      columns: { dese_code: '4110' },
    }),
  ]);
  const line = (amount: string, accountLine: string | null, extra = {}) => ({
    budgetYearId: w.budgetYearId,
    scenarioId: w.proposedScenarioId,
    fiscalYear: FY,
    amount,
    accountLine,
    ...extra,
  });
  [ids.reserve, ids.supplies, ids.misc] = await insertProposed(t.db.knex, [
    line('1200.10', '0100-3-300-0300-99-0-99-4-517006', { categoryId: w.categoryId }),
    line('500.45', '0100-3-300-2430-01-1-01-2-545001', { columns: { dese_code: '2430' } }),
    line('99.99', null),
  ]);
});

const post = (path: string, body: unknown, token = admin.token) => t.api('post', path, { token, body });

describe('GET /function-codes/unmapped and the grids’ filter', () => {
  it('counts the lines without a code of their own or their category’s, and their dollars', async () => {
    const q = `/function-codes/unmapped?budgetYearId=${w.budgetYearId}&fiscalYear=FY2027`;
    expect((await t.api('get', q)).status).toBe(401);
    const res = await t.api('get', q, { token: finance.token });
    expect(res.status).toBe(200);
    // Ada and Bo (their category has no code); the reserve line (category without a code) and misc.
    const employee = cents('61000.00') + cents('30500.50');
    const proposed = cents('1200.10') + cents('99.99');
    expect(res.body).toMatchObject({
      employee: { lineCount: 2, amount: Number(employee) / 100 },
      proposed: { lineCount: 2, amount: Number(proposed) / 100 },
      lineCount: 4,
      amount: Number(employee + proposed) / 100,
      message: '$92,800.59 in 4 lines have no function code',
    });
    // VIEW_ONLY (on the dashboard) reads the counts and the proposed dollars, not two people's pay.
    const seen = await t.api('get', q, { token: viewer.token });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      employee: { lineCount: 2, amount: null },
      proposed: { lineCount: 2, amount: Number(proposed) / 100 },
      lineCount: 4,
      amount: null,
      message:
        '$1,300.09 in 2 proposed lines and 2 employee lines (salaries shown only to administrators and finance staff) have no function code',
    });
    const totals = await t.api(
      'get',
      `/line-items/budget/totals?budgetYearId=${w.budgetYearId}&fiscalYear=${FY}&isOperating=false&functionCode=none`,
      { token: finance.token },
    );
    expect(totals.body).toMatchObject({ count: 2, totalAmount: 1300.09 });
    const bad = await t.api(
      'get',
      `/line-items/budget/totals?budgetYearId=${w.budgetYearId}&fiscalYear=${FY}&isOperating=false&functionCode=some`,
      { token: finance.token },
    );
    expect(bad.status).toBe(400);
  });
});

describe('POST /function-codes/rules', () => {
  it('returns 401, then 403 for FINANCE and VIEW_ONLY', async () => {
    expect((await t.api('get', '/function-codes/rules')).status).toBe(401);
    for (const token of [finance.token, viewer.token]) {
      expect((await t.api('get', '/function-codes/rules', { token })).status).toBe(403);
      expect((await post('/function-codes/rules', { kind: 'category' }, token)).status).toBe(403);
    }
  });

  it('refuses a code outside the chart, an invalid pattern or an unknown target, naming it; nothing written', async () => {
    const before = { rules: await rulesCount(), audit: await auditCount() };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ kind: 'category', categoryId: teachersCat, functionCode: '2999' }, /'2999' is not in DESE's chart/],
      [{ kind: 'category', categoryId: teachersCat, functionCode: '2000' }, /2000 is the Instruction series/],
      [{ kind: 'category', categoryId: teachersCat, functionCode: '23O5' }, /4 digits/],
      [{ kind: 'position', match: '**', functionCode: '2305' }, /'\*\*' is only wildcards/],
      [{ kind: 'position', match: '   ', functionCode: '2305' }, /Write the position title/],
      [{ kind: 'account', match: '0100#*', functionCode: '2305' }, /account pattern '0100#\*' holds '#'/],
      [{ kind: 'category', categoryId: 999999, functionCode: '2305' }, /categoryId: Budget category 999999/],
      [{ kind: 'workGroup', workGroupId: 999999, functionCode: '2305' }, /workGroupId: Work group 999999/],
      [{ kind: 'building', functionCode: '2305' }, /kind/],
    ];
    for (const [body, message] of cases) {
      const res = await post('/function-codes/rules', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    expect({ rules: await rulesCount(), audit: await auditCount() }).toEqual(before);
  });

  it('creates rules, and refuses one that would give a line two codes, naming both', async () => {
    const teachers = await post('/function-codes/rules', {
      kind: 'category',
      categoryId: teachersCat,
      functionCode: '2305',
      note: 'Classroom teachers',
    });
    expect(teachers.status).toBe(201);
    expect(teachers.body.rule).toMatchObject({
      kind: 'category',
      target: `Budget category Teaching staff ${w.label}`,
      functionCode: '2305',
      functionName: 'Teachers, Classroom',
      lineCount: 2,
    });
    ids.teachersRule = teachers.body.rule.id;
    const before = { rules: await rulesCount(), audit: await auditCount() };
    const again = await post('/function-codes/rules', {
      kind: 'category',
      categoryId: teachersCat,
      functionCode: '2310',
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(
      new RegExp(`rule ${ids.teachersRule} \\(Budget category Teaching staff`),
    );
    const para = await post('/function-codes/rules', {
      kind: 'position',
      match: 'para*',
      functionCode: '2330',
    });
    expect(para.status).toBe(409);
    expect(para.body.error).toContain('Position title matches para* → 2330 Paraprofessionals');
    expect(para.body.error).toContain(
      `rule ${ids.teachersRule} (Budget category Teaching staff ${w.label} → 2305`,
    );
    expect(para.body.error).toContain('1 line (e.g. Reed, Bo (Para Educator))');
    expect({ rules: await rulesCount(), audit: await auditCount() }).toEqual(before);

    const custodian = await post('/function-codes/rules', {
      kind: 'position',
      match: ' custodian ',
      functionCode: '4110',
    });
    expect(custodian.status).toBe(201);
    expect(custodian.body.rule).toMatchObject({ match: 'custodian', isPattern: false, lineCount: 1 });
    ids.custodianRule = custodian.body.rule.id;
    const reserve = await post('/function-codes/rules', {
      kind: 'account',
      match: '0100-3-300-0300-*',
      functionCode: '1230',
    });
    expect(reserve.status).toBe(201);
    expect(reserve.body.rule).toMatchObject({
      isPattern: true,
      lineCount: 1,
      target: 'Account matches 0100-3-300-0300-*',
    });
    // The same code as the category rule for the same people: no line gets two codes.
    const group = await post('/function-codes/rules', {
      kind: 'workGroup',
      workGroupId: w.teachersId,
      functionCode: '2305',
    });
    expect(group.status).toBe(201);

    const edited = await t.api('put', `/function-codes/rules/${ids.custodianRule}`, {
      token: admin.token,
      body: { kind: 'position', match: 'Custodian', functionCode: '4120' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.rule.functionCode).toBe('4120');
    const refused = await t.api('put', `/function-codes/rules/${ids.custodianRule}`, {
      token: admin.token,
      body: { kind: 'position', match: 'Custodian', functionCode: '9999' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain("'9999'");
    const list = await t.api('get', '/function-codes/rules', { token: admin.token });
    expect(list.body.rules.map((r: { kind: string }) => r.kind)).toEqual([
      'category',
      'workGroup',
      'position',
      'account',
    ]);
    expect(list.body.rules.find((r: { id: number }) => r.id === ids.custodianRule).functionCode).toBe('4120');
  });
});

describe('POST /function-codes/rules/apply', () => {
  const apply = (body: Record<string, unknown> = {}) =>
    post('/function-codes/rules/apply', { budgetYearId: w.budgetYearId, fiscalYear: 'FY2027', ...body });

  it('gives lines without a code the rules’ code, audited per line; dryRun writes nothing', async () => {
    const before = await auditCount();
    const preview = await apply({ dryRun: true });
    expect(preview.body).toMatchObject({ updated: 3, dryRun: true, lockedYears: [] });
    expect(await codeOf(ids.ada)).toBeNull();
    expect(await auditCount()).toBe(before);

    const done = await apply();
    expect(done.body).toMatchObject({ updated: 3, dryRun: false });
    expect(await codeOf(ids.ada)).toBe('2305');
    expect(await codeOf(ids.bo)).toBe('2305');
    expect(await codeOf(ids.reserve)).toBe('1230');
    expect(await codeOf(ids.cy)).toBe('4110'); // its own code stays without overwrite
    expect(await codeOf(ids.supplies)).toBe('2430');
    expect(await codeOf(ids.misc)).toBeNull();
    const audit = await t.db.knex('audit_log').where({ entity: 'line-item', entity_id: String(ids.ada) });
    expect(audit.at(-1).after.cause).toBe('Function-code rules applied to FY27');

    const overwrite = await apply({ overwrite: true });
    expect(overwrite.body.updated).toBe(1);
    expect(await codeOf(ids.cy)).toBe('4120');
  });

  it('refuses when two rules would give a new line different codes, naming both; nothing written', async () => {
    const other = await buildCategory(t.db.knex, { name: `Library ${w.label}` });
    const byCategory = await post('/function-codes/rules', {
      kind: 'category',
      categoryId: other,
      functionCode: '2415',
    });
    const byAccount = await post('/function-codes/rules', {
      kind: 'account',
      match: '7777-*',
      functionCode: '2420',
    });
    expect([byCategory.status, byAccount.status]).toEqual([201, 201]);
    // A line both reach arrives after the rules (an import, say).
    const [late] = await insertProposed(t.db.knex, [
      {
        budgetYearId: w.budgetYearId,
        scenarioId: w.proposedScenarioId,
        fiscalYear: FY,
        amount: '10.00',
        accountLine: '7777-1',
        categoryId: other,
      },
    ]);
    const before = await auditCount();
    const res = await apply();
    expect(res.status).toBe(409);
    expect(res.body.error).toContain(
      `rule ${byCategory.body.rule.id} (Budget category Library ${w.label} → 2415`,
    );
    expect(res.body.error).toContain(`rule ${byAccount.body.rule.id} (Account matches 7777-* → 2420`);
    expect(res.body.error).toContain(`e.g. line ${late}`);
    expect(await codeOf(late)).toBeNull();
    expect(await auditCount()).toBe(before);
    await t.api('delete', `/function-codes/rules/${byAccount.body.rule.id}`, { token: admin.token });
    expect((await apply()).body.updated).toBe(1);
    expect(await codeOf(late)).toBe('2415');
  });
});

describe('POST /line-items/bulk-function-code', () => {
  it('sets a chart code on the selected lines for FINANCE; refuses a code outside the chart, writing nothing', async () => {
    const body = { itemIds: [ids.misc], functionCode: '2415' };
    expect((await post('/line-items/bulk-function-code', body, viewer.token)).status).toBe(403);
    const before = await auditCount();
    for (const functionCode of ['2999', '9000', 'abcd']) {
      const res = await post('/line-items/bulk-function-code', { ...body, functionCode }, finance.token);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(functionCode === 'abcd' ? '4 digits' : functionCode);
    }
    expect(await auditCount()).toBe(before);
    expect(await codeOf(ids.misc)).toBeNull();
    const res = await post('/line-items/bulk-function-code', body, finance.token);
    expect(res.body).toEqual({ count: 1 });
    expect(await codeOf(ids.misc)).toBe('2415');
    const audit = await t.db.knex('audit_log').where({ entity: 'line-item', entity_id: String(ids.misc) });
    expect(audit.at(-1).after.cause).toBe('Bulk: function code 2415 set');
    const unmapped = await t.api(
      'get',
      `/function-codes/unmapped?budgetYearId=${w.budgetYearId}&fiscalYear=${FY}`,
      {
        token: viewer.token,
      },
    );
    expect(unmapped.body).toMatchObject({ lineCount: 0, amount: 0, message: null });
  });
});
