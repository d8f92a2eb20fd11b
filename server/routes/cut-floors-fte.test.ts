import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, buildCategory, insertProposed } from '../../test/factories';

/**
 * A floor on a personnel category's FTE (cut_floors.min_fte) beside its floor on dollars: read
 * and saved through PUT/GET /scenarios/floors, each part kept while the other changes, refused on
 * a category without positions, and a row left with only an FTE floor holding 0% on dollars.
 */

const { t, finance } = useApp(['FINANCE']);
let nextYear = 2070;

const call = (method: string, path: string, body?: unknown) =>
  t.api(method, path, { token: finance.token, body });

async function world() {
  const db = t.db.knex;
  const fiscalYear = (nextYear += 1);
  const budgetYearId = await buildBudgetYear(db, { currentFiscalYear: fiscalYear });
  const teachers = await buildCategory(db, { name: `Teachers ${fiscalYear}`, isPersonnel: true });
  const supplies = await buildCategory(db, { name: `Supplies ${fiscalYear}`, isPersonnel: false });
  const [line] = await insertProposed(db, [
    { budgetYearId, fiscalYear, amount: '100.00', categoryId: supplies },
  ]);
  return { budgetYearId, teachers, supplies, line };
}

const floorsOf = async (budgetYearId: number) =>
  (await call('get', `/scenarios/floors?budgetYearId=${budgetYearId}`)).body.floors as {
    categoryId: number | null;
    lineItemId: number | null;
    floorPercent: number;
    minFte: number | null;
    reason: string | null;
  }[];

describe('FTE floors of personnel categories', () => {
  it('saves, keeps and removes an FTE floor beside the percent floor', async () => {
    const w = await world();
    const put = (floors: unknown[]) =>
      call('put', '/scenarios/floors', { budgetYearId: w.budgetYearId, floors });

    // Only an FTE floor: the row keeps 0% (no floor on dollars).
    expect((await put([{ categoryId: w.teachers, minFte: 42.5, reason: 'Class size' }])).status).toBe(200);
    expect(await floorsOf(w.budgetYearId)).toMatchObject([
      { categoryId: w.teachers, floorPercent: 0, minFte: 42.5, reason: 'Class size' },
    ]);

    // A percent floor added later keeps the FTE floor; an FTE change later keeps the percent.
    expect((await put([{ categoryId: w.teachers, floorPercent: 80 }])).status).toBe(200);
    expect((await put([{ categoryId: w.teachers, minFte: 40.125 }])).status).toBe(200);
    expect(await floorsOf(w.budgetYearId)).toMatchObject([
      { categoryId: w.teachers, floorPercent: 80, minFte: 40.125, reason: 'Class size' },
    ]);

    // Removing the percent leaves the FTE floor; removing that too removes the row.
    expect((await put([{ categoryId: w.teachers, floorPercent: null }])).status).toBe(200);
    expect(await floorsOf(w.budgetYearId)).toMatchObject([{ floorPercent: 0, minFte: 40.125 }]);
    expect((await put([{ categoryId: w.teachers, minFte: null }])).status).toBe(200);
    expect(await floorsOf(w.budgetYearId)).toEqual([]);

    // A line's floor still works as before and has no FTE.
    expect((await put([{ lineItemId: w.line, floorPercent: 50 }])).status).toBe(200);
    expect(await floorsOf(w.budgetYearId)).toMatchObject([
      { lineItemId: w.line, floorPercent: 50, minFte: null },
    ]);
  });

  it('refuses an FTE floor on a non-personnel category, on a line, or out of range, writing nothing', async () => {
    const w = await world();
    const put = (floors: unknown[]) =>
      call('put', '/scenarios/floors', { budgetYearId: w.budgetYearId, floors });
    const refused = async (floors: unknown[], message: RegExp) => {
      const res = await put(floors);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(message);
    };
    await refused(
      [
        { categoryId: w.teachers, minFte: 10 },
        { categoryId: w.supplies, minFte: 3 },
      ],
      /Supplies \d+ is not a personnel category/,
    );
    await refused(
      [{ lineItemId: w.line, floorPercent: 50, minFte: 1 }],
      /FTE floor belongs to a budget category/,
    );
    await refused([{ categoryId: w.teachers, minFte: -1 }], /FTE floor must be from 0/);
    await refused([{ categoryId: w.teachers, minFte: 1.0005 }], /at most 3 decimal places/);
    await refused([{ categoryId: w.teachers }], /floor percent \(floorPercent\) or an FTE floor/);
    await refused([{ lineItemId: w.line }], /line floor needs floorPercent/);
    expect(await floorsOf(w.budgetYearId)).toEqual([]);
  });
});
