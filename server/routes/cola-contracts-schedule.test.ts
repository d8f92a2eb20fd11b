import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, buildWorkGroup, grow, insertEmployees } from '../../test/factories';
import {
  dollars,
  LUNENBURG_TEXT,
  readIndependently,
  uploadSchedule,
} from '../../test/worlds/salary-schedules.suite';

/**
 * The seam between a contract and a real salary schedule: teachers placed on the Lunenburg schedule
 * (printed FY25-FY27) move from FY27 into FY28, past its last printed year, so their next-year
 * salary is the FY27 cell at the next step grown by the FY28 COLA. Saving, changing and deleting
 * the contract through the API moves the stored values; every figure comes from the file itself.
 */

const { t, finance } = useApp(['FINANCE']);
const S = readIndependently(LUNENBURG_TEXT);

const call = (method: string, path: string, body?: unknown) =>
  t.api(method, path, { token: finance.token, body });

describe('a contract over employees placed on the Lunenburg schedule', () => {
  it('moves their FY28 salaries by the contract COLA applied to the schedule cell, to the cent', async () => {
    const db = t.db.knex;
    const budgetYearId = await buildBudgetYear(db, { currentFiscalYear: 2027 });
    const groupId = await buildWorkGroup(db);
    // [step, lane]: mid-schedule, and the top step (stays at 13).
    const cells: [number, string][] = [
      [5, 'Masters'],
      [13, 'Doctorate'],
    ];
    const ids = await insertEmployees(
      db,
      cells.map(([step, lane]) => ({
        budgetYearId,
        fiscalYear: 2027,
        salary: dollars(S.at(2027, step, lane)),
        workGroupId: groupId,
      })),
    );
    const upload = await uploadSchedule(
      t,
      finance.token,
      { name: 'lunenburg.csv', data: LUNENBURG_TEXT },
      { workGroupId: String(groupId), name: `Lunenburg seam ${groupId}` },
    );
    expect(upload.status).toBe(201);
    for (const [i, [salaryStep, salaryLane]] of cells.entries()) {
      expect(
        (await call('patch', `/line-items/budget/${ids[i]}/placement`, { salaryStep, salaryLane })).status,
      ).toBe(200);
    }
    const stored = async () =>
      (await db('line_items').whereIn('id', ids).orderBy('id').pluck('next_year_salary')).map((v) =>
        BigInt(Math.round(Number(v) * 100)),
      );
    const expected = (bp: bigint) =>
      cells.map(([step, lane]) => grow(S.at(2027, Math.min(step + 1, 13), lane), bp));

    // No contract and no COLA scenario: the FY27 row carried into FY28 at 0%.
    expect(await stored()).toEqual(expected(0n));

    const created = await call('post', '/cola/contracts', {
      name: 'Lunenburg Education Association 2028-2030',
      workGroupId: groupId,
      startYear: 2028,
      endYear: 2030,
      status: 'SETTLED',
      settlementDate: '2027-06-10',
      yearlyIncreases: [
        { fiscalYear: 2028, colaPercentage: 3.4 },
        { fiscalYear: 2029, colaPercentage: 2.75 },
        { fiscalYear: 2030, colaPercentage: 2.5 },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.recomputedLines).toBe(2);
    expect(await stored()).toEqual(expected(340n));

    const id = created.body.contract.id;
    const changed = await call('put', `/cola/contracts/${id}`, {
      ...created.body.contract,
      id: undefined,
      workGroup: undefined,
      colaSettings: undefined,
      // What superseded it is the other contract's to say; what it supersedes round-trips.
      supersededBy: undefined,
      createdAt: undefined,
      updatedAt: undefined,
      yearlyIncreases: [
        { fiscalYear: 2028, colaPercentage: 1.15 },
        { fiscalYear: 2029, colaPercentage: 2.75 },
        { fiscalYear: 2030, colaPercentage: 2.5 },
      ],
    });
    expect(changed.status).toBe(200);
    expect(await stored()).toEqual(expected(115n));

    expect((await call('delete', `/cola/contracts/${id}`)).status).toBe(200);
    expect(await stored()).toEqual(expected(0n));
  });
});
