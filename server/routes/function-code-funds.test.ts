import { beforeAll, describe, expect, it } from 'vitest';
import { importSuite } from '../../test/worlds/import.suite';
import { buildCategory, insertProposed } from '../../test/factories';
import { fiscalYearLabel } from '@shared/budget-math';

/**
 * A function-code rule may name the fund that pays the budget lines it reaches (funds, part 2).
 * At a budget import and when the rules are applied, a proposed line on the general fund with no
 * fund named for it takes the fund its rules agree on; a fund the file names wins, the general fund
 * named by the file included; a grant that cannot pay the line's year pays nothing. Refused: an
 * unknown fund on a rule, and deleting a fund a rule names, nothing written. Expected values are
 * read from the file below.
 */
const s = importSuite('function-code-funds-test-');
const fund: Record<string, number> = {};
let fy: number;

const api = (method: 'post' | 'get' | 'delete', path: string, body?: object) =>
  s.t.api(method, path, { token: s.admin.token, body });

beforeAll(async () => {
  fy = Number(
    (await s.t.db.knex('budget_years').where({ id: s.d.budgetYearId }).first('current_fiscal_year'))
      .current_fiscal_year,
  );
  const made = async (body: object) => {
    const res = await api('post', '/funds', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.fund.id as number;
  };
  fund.title = await made({ name: 'Title I', code: '2401', kind: 'federal_grant' });
  fund.idea = await made({ name: 'IDEA', code: '2402', kind: 'federal_grant' });
  fund.ended = await made({
    name: 'ESSER II',
    code: '2459',
    kind: 'federal_grant',
    periodStart: `${fy - 4}-07-01`,
    periodEnd: `${fy - 1}-06-30`,
  });
});

const general = async () => (await s.t.db.knex('funds').where({ kind: 'general' }).first('id')).id as number;

const lines = (runId: number) =>
  s.t.db
    .knex('line_items')
    .where({ import_run_id: runId })
    .orderBy('id')
    .select('id', 'account_description', 'fund_id', 'dese_code', 'category_id', 'account_line');

describe('a function-code rule that names a fund', () => {
  it('funds the budget lines it reaches on the general fund at import and on Apply; the file wins; refusals write nothing', async () => {
    const rule = (body: object) => api('post', '/function-codes/rules', { kind: 'account', ...body });
    const unknown = await rule({ match: '9999-*', functionCode: '2357', fundId: 999_999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([{ path: 'fundId', message: 'Fund 999999 does not exist' }]);
    expect(await s.t.db.knex('function_code_rules').count({ n: '*' })).toEqual([{ n: 0 }]);

    const pd = await rule({ match: '9999-*', functionCode: '2357', fundId: fund.title });
    expect(pd.status, JSON.stringify(pd.body)).toBe(201);
    expect(pd.body.rule).toMatchObject({ fundId: fund.title, fund: 'Title I', functionCode: '2357' });
    expect((await rule({ match: '8888-*', functionCode: '2410', fundId: fund.ended })).status).toBe(201);

    const del = await api('delete', `/funds/${fund.title}`);
    expect(del.status).toBe(409);
    expect(del.body.error).toBe(
      'Title I cannot be deleted: 1 function-code rule gives it to the lines it reaches. Change that rule first (Function Codes)',
    );

    const up = await s.upload(
      [
        'Description,Amount,Account,Fund',
        'PD workshops,1000.00,9999-3-300-2357-01,',
        'PD books,250.50,9999-3-300-2357-02,2402',
        'PD travel,99.99,9999-3-300-2357-03,GF',
        'Supplies,500.00,1000-3-300-2410-01,',
        'Relief tutoring,60.00,8888-3-300-2410-01,',
      ].join('\n'),
      'budget-rule-funds.csv',
      'proposed',
    );
    expect(up.mapping).toMatchObject({ fund: 'Fund', accountLine: 'Account' });
    const body = { fileName: up.fileName, columnMappings: up.mapping, ...s.target('proposed') };
    const dry = await s.execute({ ...body, dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.fromRules.funds).toBe(1);
    expect(
      await s.t.db.knex('line_items').where({ budget_year_id: s.d.budgetYearId }).count({ n: '*' }),
    ).toEqual([{ n: 0 }]);

    const res = await s.execute(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const imported = await lines(res.body.importRunId);
    // The workshops take the rule's fund; the books keep the file's IDEA and the travel the file's
    // general fund; the supplies no rule reaches; the ended grant cannot pay the tutoring's year.
    expect(imported.map((l) => [l.account_description, l.fund_id])).toEqual([
      ['PD workshops', fund.title],
      ['PD books', fund.idea],
      ['PD travel', null],
      ['Supplies', null],
      ['Relief tutoring', null],
    ]);
    const audit = await s.t.db
      .knex('audit_log')
      .where({ entity: 'import-run', entity_id: String(res.body.importRunId) })
      .first('after');
    expect(audit.after.fundsFromRules).toBe(1);
    // The result says what the audit entry does.
    expect(res.body.fromRules).toEqual({
      functionCodes: audit.after.functionCodesFromRules,
      openPositionCodes: 0,
      funds: 1,
      codeConflicts: 0,
      openPositionCodeConflicts: 0,
      fundConflicts: 0,
    });

    // A rule for the supplies' accounts, applied: only the supplies move (the travel's fund was
    // named by the file, the tutoring's grant has ended); a dry run first writes nothing.
    const supplies = await rule({ match: '1000-*', functionCode: '2410', fundId: fund.title });
    expect(supplies.status, JSON.stringify(supplies.body)).toBe(201);
    const apply = (dryRun: boolean) =>
      api('post', '/function-codes/rules/apply', { budgetYearId: s.d.budgetYearId, fiscalYear: fy, dryRun });
    const preview = await apply(true);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ funded: 1, dryRun: true });
    expect((await lines(res.body.importRunId))[3].fund_id).toBeNull();
    const applied = await apply(false);
    expect(applied.body).toMatchObject({ funded: 1, dryRun: false });
    expect(applied.body.byRule).toContainEqual(
      expect.objectContaining({ ruleId: supplies.body.rule.id, lines: 1 }),
    );
    const after = await lines(res.body.importRunId);
    expect(after.map((l) => l.fund_id)).toEqual([fund.title, fund.idea, null, fund.title, null]);
    const lineAudit = await s.t.db
      .knex('audit_log')
      .where({ entity: 'line-item', entity_id: String(after[3].id), action: 'update' })
      .first('after');
    expect(lineAudit.after).toMatchObject({
      cause: `Function-code rules applied to ${fiscalYearLabel(fy)}`,
      fundId: fund.title,
    });
  });

  /** Apply, for real, over the year. */
  const applyRules = async () => {
    const res = await api('post', '/function-codes/rules/apply', {
      budgetYearId: s.d.budgetYearId,
      fiscalYear: fy,
      dryRun: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it('leaves the salary budget alone: a category rule with a fund moves no line of a personnel category', async () => {
    const db = s.t.db.knex;
    const salaries = await buildCategory(db, { name: 'Aides', deseFunction: '2330', isPersonnel: true });
    const books = await buildCategory(db, { name: 'Library books', deseFunction: '2410' });
    const [salaryLine, bookLine] = await insertProposed(db, [
      { budgetYearId: s.d.budgetYearId, fiscalYear: fy, amount: '84000.00', categoryId: salaries },
      { budgetYearId: s.d.budgetYearId, fiscalYear: fy, amount: '1200.00', categoryId: books },
    ]);
    for (const categoryId of [salaries, books]) {
      const made = await api('post', '/function-codes/rules', {
        kind: 'category',
        categoryId,
        functionCode: categoryId === salaries ? '2330' : '2410',
        fundId: fund.idea,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    await applyRules();
    const fundOf = async (id: number) => (await db('line_items').where({ id }).first('fund_id')).fund_id;
    // The salary line's fund is its people's (positions' shares, or the payroll's), never a rule's.
    expect(await fundOf(salaryLine)).toBeNull();
    expect(await fundOf(bookLine)).toBe(fund.idea);

    // Someone moves the books back to the general fund: the next Apply leaves them there.
    const moved = await s.t.api('put', `/line-items/${bookLine}`, {
      token: s.admin.token,
      body: { fundId: null, changeReason: 'Paid from the general fund this year' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await applyRules();
    expect(await fundOf(bookLine)).toBeNull();
  });

  it('refuses a rule that would give a line another fund than a rule already reaching it, the general fund too', async () => {
    const db = s.t.db.knex;
    const workbooks = await buildCategory(db, { name: 'Workbooks', deseFunction: '2415' });
    await insertProposed(db, [
      {
        budgetYearId: s.d.budgetYearId,
        fiscalYear: fy,
        amount: '640.00',
        categoryId: workbooks,
        accountLine: '7777-3-300-2415-01',
        accountDescription: 'Grade 4 workbooks',
      },
    ]);
    const rule = (body: object) => api('post', '/function-codes/rules', body);
    const byCategory = await rule({
      kind: 'category',
      categoryId: workbooks,
      functionCode: '2415',
      fundId: fund.idea,
    });
    expect(byCategory.status, JSON.stringify(byCategory.body)).toBe(201);
    const count = async () => Number((await db('function_code_rules').count({ n: '*' }))[0].n);
    const before = await count();
    for (const fundId of [fund.title, await general()]) {
      const refused = await rule({
        kind: 'account',
        match: '7777-*',
        functionCode: '2415',
        fundId,
      });
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.error).toMatch(
        new RegExp(
          `^One line, one fund: .* would both apply to 1 line \\(e\\.g\\. .*Grade 4 workbooks.*\\), which that rule gives to IDEA\\. Narrow one of the two rules, or give them the same fund\\.$`,
        ),
      );
    }
    expect(await count()).toBe(before);
    // A rule naming no fund says nothing of one: it may reach the same line.
    const codeOnly = await rule({ kind: 'account', match: '7777-*', functionCode: '2415' });
    expect(codeOnly.status, JSON.stringify(codeOnly.body)).toBe(201);
  });

  it('reports lines that arrive after two rules were saved and meet both with different funds: the import leaves them, Apply refuses and writes nothing', async () => {
    const db = s.t.db.knex;
    const kits = await buildCategory(db, { name: 'Lab kits', deseFunction: '2420' });
    const rule = (body: object) => api('post', '/function-codes/rules', body);
    // No line is in both rules' reach yet, so saving each is allowed.
    const byCategory = await rule({
      kind: 'category',
      categoryId: kits,
      functionCode: '2420',
      fundId: fund.idea,
    });
    expect(byCategory.status, JSON.stringify(byCategory.body)).toBe(201);
    const byAccount = await rule({
      kind: 'account',
      match: '6666-*',
      functionCode: '2420',
      fundId: fund.title,
    });
    expect(byAccount.status, JSON.stringify(byAccount.body)).toBe(201);

    const up = await s.upload(
      [
        'Description,Amount,Account,Category',
        'Grade 5 lab kits,812.40,6666-3-300-2420-01,Lab kits',
        'Grade 6 lab kits,90.00,6666-3-300-2420-02,Lab kits',
        'Goggles,45.00,5555-3-300-2420-03,Lab kits',
      ].join('\n'),
      'budget-rule-fund-conflicts.csv',
      'proposed',
    );
    expect(up.mapping).toMatchObject({ category: 'Category', accountLine: 'Account' });
    const res = await s.execute({
      fileName: up.fileName,
      columnMappings: up.mapping,
      ...s.target('proposed'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The kits meet both rules and stay on the general fund; the goggles meet only the category rule.
    const imported = await lines(res.body.importRunId);
    expect(imported.map((l) => [l.account_description, l.fund_id])).toEqual([
      ['Grade 5 lab kits', null],
      ['Grade 6 lab kits', null],
      ['Goggles', fund.idea],
    ]);
    expect(res.body.fromRules).toMatchObject({ funds: 1, fundConflicts: 2, codeConflicts: 0 });
    const audit = await db('audit_log')
      .where({ entity: 'import-run', entity_id: String(res.body.importRunId) })
      .first('after');
    const ruleIds = [byCategory.body.rule.id, byAccount.body.rule.id].sort((a, b) => a - b);
    expect(audit.after.fundRuleConflicts).toEqual([
      {
        rule_ids: ruleIds,
        fund_ids: [fund.title, fund.idea].sort((a, b) => a - b),
        line_count: 2,
        example_id: imported[0].id,
      },
    ]);

    // Apply, dry run or not, names both rules and both funds and changes nothing.
    const fundsBefore = await db('line_items').orderBy('id').select('id', 'fund_id');
    const auditsBefore = Number((await db('audit_log').count({ n: '*' }))[0].n);
    for (const dryRun of [true, false]) {
      const refused = await api('post', '/function-codes/rules/apply', {
        budgetYearId: s.d.budgetYearId,
        fiscalYear: fy,
        dryRun,
      });
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.error).toBe(
        `One line, one fund: rule ${ruleIds[0]} (${ruleIds[0] === byCategory.body.rule.id ? 'Budget category Lab kits' : 'Account matches 6666-*'} → 2420 Instructional Equipment) and ` +
          `rule ${ruleIds[1]} (${ruleIds[1] === byCategory.body.rule.id ? 'Budget category Lab kits' : 'Account matches 6666-*'} → 2420 Instructional Equipment) ` +
          `would give 2 lines different funds (${ruleIds[0] === byCategory.body.rule.id ? 'IDEA and Title I' : 'Title I and IDEA'}; e.g. line ${imported[0].id}). ` +
          'Narrow one of the rules, or give them the same fund. Nothing was changed.',
      );
    }
    expect(await db('line_items').orderBy('id').select('id', 'fund_id')).toEqual(fundsBefore);
    expect(Number((await db('audit_log').count({ n: '*' }))[0].n)).toBe(auditsBefore);
  });
});
