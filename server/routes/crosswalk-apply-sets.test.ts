import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { auditOf, buildWorld, insertEmployees, type World } from '../../test/factories';

/**
 * Apply over many rules writes as sets (the crosswalk's Apply of a real payroll took 20.5 s for
 * 7,812 lines: the line writer ran its whole pass, a dozen statements, once per distinct change).
 * Here twelve titles each get a DESE code of their own, so Apply has twelve distinct changes: the
 * lines are read, recomputed, followed and audited once for all of them, one UPDATE per change, and
 * each line's audit entry still names its own rule. The statements are counted, not timed.
 */
const { t, admin } = useApp(['ADMIN']);
let w: World;
const FY = 2026;
const CODES = [
  '2305',
  '2310',
  '2315',
  '2320',
  '2324',
  '2325',
  '2330',
  '2340',
  '2710',
  '2800',
  '3100',
  '3200',
];
const lines: number[][] = [];
const rules: number[] = [];

beforeAll(async () => {
  w = await buildWorld(t.db.knex);
  for (const [i, code] of CODES.entries()) {
    lines.push(
      await insertEmployees(
        t.db.knex,
        [1, 2, 3].map((n) => ({
          budgetYearId: w.budgetYearId,
          scenarioId: w.operatingScenarioId,
          fiscalYear: FY,
          firstName: `P${n}`,
          lastName: `Title ${i}`,
          position: `Sets Title ${i}`,
          salary: `${50000 + i * 100 + n}.00`,
        })),
      ),
    );
    const res = await t.api('post', '/crosswalk/rules', {
      token: admin.token,
      body: {
        matchType: 'exact',
        pattern: `Sets Title ${i}`,
        deseCode: code,
        budgetYearId: w.budgetYearId,
        fiscalYear: FY,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    rules.push(res.body.rule.id);
  }
});

/** POST /crosswalk/apply with `ruleIds`, and how many SQL statements it sent. */
async function applyCounting(ruleIds: number[]) {
  let statements = 0;
  const count = () => (statements += 1);
  t.db.knex.on('query', count);
  try {
    const res = await t.api('post', '/crosswalk/apply', {
      token: admin.token,
      body: { budgetYearId: w.budgetYearId, fiscalYear: FY, ruleIds },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { body: res.body, statements };
  } finally {
    t.db.knex.off('query', count);
  }
}

describe('crosswalk Apply over many distinct changes', () => {
  it('passes the lines through the line writer once, one UPDATE per change, each line audited with its rule', async () => {
    const two = await applyCounting(rules.slice(0, 2));
    expect(two.body).toMatchObject({ changedLines: 6, changes: { deseCode: 6 } });
    const ten = await applyCounting(rules.slice(2));
    expect(ten.body).toMatchObject({ changedLines: 30, changes: { deseCode: 30 } });
    // Eight more distinct changes: at most an UPDATE of lines and of positions each, and the
    // positions' own history, not a pass of the line writer each (a dozen statements or more).
    expect(ten.statements - two.statements).toBeLessThanOrEqual(8 * 3);
    for (const [i, code] of CODES.entries()) {
      const stored = await t.db.knex('line_items').whereIn('id', lines[i]).pluck('dese_code');
      expect(stored).toEqual([code, code, code]);
      for (const id of lines[i]) {
        const audit = await auditOf(t.db.knex, id);
        expect(audit).toHaveLength(1);
        expect(audit[0].after.cause).toBe(`Position crosswalk: title 'Sets Title ${i}'`);
        expect(audit[0].before.deseCode).toBeNull();
        expect(audit[0].after.deseCode).toBe(code);
      }
    }
  });
});
