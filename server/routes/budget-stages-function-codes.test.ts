import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import {
  buildCategory,
  buildRuleWorld,
  insertPeople,
  insertProposed,
  type RuleWorld,
} from '../../test/factories';

/**
 * A year cannot move to School Committee Adopted while dollars in
 * it have no DESE function code. The refusal is a 409 naming the dollars and the lines, and writes
 * nothing (no stage, no frozen line, no audit row); a $0 line without a code does not block it.
 */
const { t, admin } = useApp(['ADMIN']);
let w: RuleWorld;
const FY = 2027;
let proposed: number[];
let people: number[];

const counts = async () => {
  const n = async (table: string) => Number((await t.db.knex(table).count('* as c'))[0].c);
  return {
    stages: await n('budget_stages'),
    lines: await n('budget_stage_lines'),
    audit: await n('audit_log'),
  };
};

beforeAll(async () => {
  w = await buildRuleWorld(t.db.knex);
  const coded = await buildCategory(t.db.knex, { name: `Coded ${w.budgetYearId}`, deseFunction: '2430' });
  const line = (amount: string, extra = {}) => ({
    budgetYearId: w.budgetYearId,
    fiscalYear: FY,
    amount,
    scenarioId: w.proposedScenarioId,
    ...extra,
  });
  proposed = await insertProposed(t.db.knex, [
    line('1200000.10'), // no code
    line('350000.45', { columns: { dese_code: '2305' } }),
    line('99999.99', { categoryId: coded }), // its category's code
    line('0.00'), // no code, no dollars: does not block
    line('12.34', { columns: { dese_code: 'XXXX' } }), // not a DESE code
  ]);
  people = await insertPeople(t.db.knex, w, [
    {
      firstName: 'Ada',
      lastName: 'Lane',
      salary: '61000.00',
      workGroupId: w.teachers,
      workGroup: w.names.teachers,
      fiscalYear: FY,
    },
  ]);
});

const advance = (stage: string) =>
  t.api('post', '/budget-stages/advance', {
    token: admin.token,
    body: { budgetYearId: w.budgetYearId, fiscalYear: 'FY2027', stage, date: '2027-03-12', note: 'Vote 5-0' },
  });

describe('POST /budget-stages/advance to School Committee Adopted', () => {
  it('refuses with 409 naming the unmapped dollars and lines, writing nothing', async () => {
    expect((await advance('SUPERINTENDENT_RECOMMENDED')).status).toBe(200);
    const before = await counts();
    const res = await advance('SCHOOL_COMMITTEE_ADOPTED');
    expect(res.status).toBe(409);
    // 1,200,000.10 + 12.34 + 61,000.00 in 4 lines (the dashboard's count): 1 employee, 3 proposed, one of them $0.
    expect(res.body.error).toBe(
      'FY27 cannot be School Committee Adopted with unmapped dollars: $1,261,012.44 in 4 lines have no ' +
        'function code (1 employee line, 3 proposed lines; 1 line of $0 does not block it). Give them DESE function codes first ' +
        '(the function-code rules, or Set function code in the budget grids).',
    );
    expect(await counts()).toEqual(before);
    const stages = await t.api('get', `/budget-stages?budgetYearId=${w.budgetYearId}&fiscalYear=${FY}`, {
      token: admin.token,
    });
    expect(stages.body.current.stage).toBe('SUPERINTENDENT_RECOMMENDED');
  });

  it('moves once every dollar has a code', async () => {
    const set = (itemIds: number[], functionCode: string) =>
      t.api('post', '/line-items/bulk-function-code', {
        token: admin.token,
        body: { itemIds, functionCode },
      });
    expect((await set([proposed[0], proposed[4]], '2430')).status).toBe(200);
    const still = await advance('SCHOOL_COMMITTEE_ADOPTED');
    expect(still.status).toBe(409);
    expect(still.body.error).toContain(
      '$61,000.00 in 2 lines have no function code (1 employee line, 1 proposed line; 1 line of $0 does not block it)',
    );
    expect((await set(people, '2305')).status).toBe(200);
    const res = await advance('SCHOOL_COMMITTEE_ADOPTED');
    expect(res.status).toBe(200);
    expect(res.body.current.stage).toBe('SCHOOL_COMMITTEE_ADOPTED');
  });
});
