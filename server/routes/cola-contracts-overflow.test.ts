import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { contractBody as contract, contractSnapshot } from '../../test/worlds/contract-requests';
import { buildBudgetYear, buildWorkGroup, grow, insertEmployees } from '../../test/factories';

/**
 * Bad input: a contract whose COLA would move a stored next-year salary beyond what a
 * numeric(14,2) line holds is a 400 naming its COLA rows, and nothing is written or recomputed.
 * Expected salaries are worked out here in BigInt cents.
 */

const { t, finance } = useApp(['FINANCE']);

const call = (method: string, path: string, body?: unknown) =>
  t.api(method, path, { token: finance.token, body });
const cents = (v: string) => BigInt(Math.round(Number(v) * 100));

const snapshot = () => contractSnapshot(t.db.knex);

describe('a contract that would move a salary beyond what a line holds', () => {
  it('is a 400 naming yearlyIncreases: nothing written, nothing recomputed', async () => {
    const db = t.db.knex;
    const budgetYearId = await buildBudgetYear(db);
    const groupId = await buildWorkGroup(db);
    // $600 billion doubled is past numeric(14,2)'s $999,999,999,999.99; the other line is ordinary.
    const ids = await insertEmployees(db, [
      { budgetYearId, fiscalYear: 2026, salary: '600000000000.00', workGroupId: groupId },
      { budgetYearId, fiscalYear: 2026, salary: '50000.00', workGroupId: groupId },
    ]);
    const stored = async () =>
      (await db('line_items').whereIn('id', ids).orderBy('id').select('next_year_salary')).map((r) =>
        r.next_year_salary === null ? null : cents(r.next_year_salary),
      );
    const ok = await call('post', '/cola/contracts', contract(groupId, 'Modest', [[2027, 1]]));
    expect(ok.status).toBe(201);
    expect(await stored()).toEqual([grow(60000000000000n, 100n), grow(5000000n, 100n)]);
    const before = await snapshot();

    const created = await call(
      'post',
      '/cola/contracts',
      contract(groupId, 'Doubling', [[2028, 100]], { status: 'NEGOTIATING', settlementDate: null }),
    );
    // FY2028 moves no FY2026 line: accepted. FY2027 at 100% would double the first line.
    expect(created.status).toBe(201);
    const mid = await snapshot();
    const edited = await call(
      'put',
      `/cola/contracts/${ok.body.contract.id}`,
      contract(groupId, 'Modest', [[2027, 100]]),
    );
    expect(edited.status).toBe(400);
    expect(edited.body.error).toMatch(
      /^yearlyIncreases: the automatic next-year salary would exceed \$999,999,999,999\.99/,
    );
    expect(edited.body.details[0]).toMatchObject({ path: 'yearlyIncreases' });
    expect(await snapshot()).toEqual(mid);
    expect(await stored()).toEqual([grow(60000000000000n, 100n), grow(5000000n, 100n)]);
    expect(before.contracts.length + 1).toBe(mid.contracts.length);
  });
});
