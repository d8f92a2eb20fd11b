import { describe, expect, it } from 'vitest';
import { fiscalYearLabel } from '@shared/budget-math';
import { importSuite } from '../../test/worlds/import.suite';

/**
 * The position crosswalk can name the fund that pays a title's lines (funds, part 2). A payroll row
 * whose file names no fund takes its rule's fund; what the file names wins; a rule's grant whose
 * period does not reach the row's year leaves the line on the general fund, flagged; a newcomer's
 * new position is paid by the fund their line took. Refused: an unknown fund on a rule, and
 * deleting a fund a rule names, nothing written. Expected values are read from the file below.
 */
const s = importSuite('crosswalk-funds-test-');

describe('a crosswalk rule that names a fund', () => {
  it('gives its fund to payroll rows naming none; the file wins; an ended grant pays nothing; refusals write nothing', async () => {
    const knex = s.t.db.knex;
    const tag = Object.keys(s.d.buildings)[1].slice(3);
    const fy = Number(
      (await knex('budget_years').where({ id: s.d.budgetYearId }).first('current_fiscal_year'))
        .current_fiscal_year,
    );
    const api = (method: 'post' | 'get' | 'delete', path: string, body?: object) =>
      s.t.api(method, path, { token: s.admin.token, body });
    const fund = async (body: object) => {
      const res = await api('post', '/funds', body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.fund.id as number;
    };
    const titleI = await fund({ name: 'Title I', code: '2401', kind: 'federal_grant' });
    const idea = await fund({ name: 'IDEA', code: '2402', kind: 'federal_grant' });
    // Ended the year before the payroll's: it cannot pay the payroll's lines.
    const ended = await fund({
      name: 'ESSER II',
      code: '2459',
      kind: 'federal_grant',
      periodStart: `${fy - 4}-07-01`,
      periodEnd: `${fy - 1}-06-30`,
    });
    const titles = ['Reading Specialist', 'Tutor Aide', 'Librarian', 'Counselor'];
    const rule = (body: object) => api('post', '/crosswalk/rules', { titles, ...body });

    // Refused, nothing written: a fund that does not exist; a rule that gives nothing.
    const unknown = await rule({ matchType: 'exact', pattern: 'Reading Specialist', fundId: 999_999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([{ path: 'fundId', message: 'Fund 999999 does not exist' }]);
    const nothing = await rule({ matchType: 'exact', pattern: 'Reading Specialist', fundId: null });
    expect(nothing.status).toBe(400);
    expect(JSON.stringify(nothing.body)).toContain(
      'Choose a work group, a category, a DESE function code or a fund for the rule to give',
    );
    expect(await knex('position_crosswalk_rules').count({ n: '*' })).toEqual([{ n: 0 }]);

    const made = await rule({ matchType: 'exact', pattern: 'Reading Specialist', fundId: titleI });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.rule).toMatchObject({ fundId: titleI, fund: 'Title I', workGroupId: null });
    const audit = await knex('audit_log')
      .where({ entity: 'crosswalk-rule', entity_id: String(made.body.rule.id) })
      .first('after');
    expect(audit.after).toMatchObject({ fundId: titleI, fund: 'Title I' });
    expect((await rule({ matchType: 'glob', pattern: 'Tutor*', fundId: ended })).status).toBe(201);
    expect(
      (await rule({ matchType: 'exact', pattern: 'Librarian', deseCode: '2340', fundId: titleI })).status,
    ).toBe(201);
    const listed = await api('get', '/crosswalk/rules');
    expect(
      listed.body.rules.map((r: { pattern: string; fund: string | null }) => [r.pattern, r.fund]),
    ).toEqual([
      ['Librarian', 'Title I'],
      ['Reading Specialist', 'Title I'],
      ['Tutor*', 'ESSER II'],
    ]);

    // A fund a rule names is not deleted.
    const del = await api('delete', `/funds/${titleI}`);
    expect(del.status).toBe(409);
    expect(del.body.error).toBe(
      'Title I cannot be deleted: 2 crosswalk rules give it to the titles they match. Change those rules first (Position Crosswalk)',
    );
    expect(await knex('funds').where({ id: titleI }).count({ n: '*' })).toEqual([{ n: 1 }]);

    const upload = await s.upload(
      [
        'Employee Name,Title,School,Salary,FTE,Fund',
        `"Rao, Dev",Reading Specialist,HSE${tag},"60,000.00",0.8,`,
        `"Cole, Max",Tutor Aide,HSE${tag},"40,000.00",1,`,
        `"Wu, Mei",Librarian,HSE${tag},"55,000.00",1,2402`,
        `"Fox, Ida",Counselor,HSE${tag},"58,000.00",1,`,
      ].join('\r\n'),
      'crosswalk-funds.csv',
    );
    expect(upload.mapping.fund).toBe('Fund');
    const body = { fileName: upload.fileName, columnMappings: upload.mapping, ...s.target() };
    const dry = await s.execute({ ...body, dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    // Rao's fund is the rule's; Cole's rule names an ended grant; Wu's file names IDEA.
    expect(dry.body.crosswalk).toMatchObject({ matchedRows: 3, unmatchedRows: 1, fundRows: 1 });
    const preview = Object.fromEntries(
      dry.body.preview.rows.map((r: { values: Record<string, string | null> }) => [
        r.values.lastName,
        r.values,
      ]),
    );
    expect(preview.Rao).toMatchObject({ fund: 'Title I', fundFromCrosswalk: 'Title I' });
    expect(preview.Cole).toMatchObject({ fund: 'General Fund' });
    expect(preview.Cole.fundFromCrosswalk ?? null).toBeNull();
    expect(preview.Wu).toMatchObject({ fund: 'IDEA', deseCodeFromCrosswalk: '2340' });
    expect(preview.Wu.fundFromCrosswalk ?? null).toBeNull();
    expect(await knex('line_items').where({ budget_year_id: s.d.budgetYearId }).count({ n: '*' })).toEqual([
      { n: 0 },
    ]);

    const res = await s.execute(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.crosswalk.fundRows).toBe(1);
    // New positions: Rao's paid by Title I, Wu's by IDEA (both reach the year after).
    expect(res.body.positions).toEqual({ filled: 0, created: 4, grantFunded: 2, vacant: 0 });
    const lines = await knex('line_items')
      .where({ budget_year_id: s.d.budgetYearId })
      .orderBy('last_name')
      .select('last_name', 'fund_id', knex.raw("metadata -> 'importWarnings' AS warnings"));
    expect(lines.map((l) => [l.last_name, l.fund_id])).toEqual([
      ['Cole', null],
      ['Fox', null],
      ['Rao', titleI],
      ['Wu', idea],
    ]);
    const warnings = Object.fromEntries(lines.map((l) => [l.last_name, JSON.stringify(l.warnings ?? [])]));
    expect(warnings.Cole).toContain(
      `ESSER II's grant period does not reach ${fiscalYearLabel(fy)}: the general fund pays this line`,
    );
    expect(warnings.Fox).toContain('No fund: the general fund pays this line');
    expect(warnings.Rao).not.toContain('fund');
    const shares = await knex('position_fund_shares as s')
      .join('position_holders as h', 'h.position_id', 's.position_id')
      .join('line_items as li', 'li.id', 'h.line_item_id')
      .orderBy('li.last_name')
      .select('li.last_name', 's.fund_id', knex.raw('s.fte::text AS fte'));
    expect(shares).toEqual([
      { last_name: 'Rao', fund_id: titleI, fte: '0.800' },
      { last_name: 'Wu', fund_id: idea, fte: '1.000' },
    ]);

    // Apply does not move the funds of staff on file (they are paid through their positions).
    const applied = await api('post', '/crosswalk/apply', {
      budgetYearId: s.d.budgetYearId,
      fiscalYear: fy,
      overwrite: true,
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(Object.keys(applied.body.changes)).toEqual(['workGroup', 'category', 'deseCode']);
    expect(await knex('line_items').where({ last_name: 'Wu' }).first('fund_id')).toEqual({ fund_id: idea });
  });
});
