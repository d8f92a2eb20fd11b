import { beforeAll, describe, expect, it } from 'vitest';
import { claimFiscalYearHomes } from '@server/domains/budgets';
import { secondHomeMessage } from '@shared/schemas/fiscal-year';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, buildScenario, insertProposed } from '../../test/factories';

/**
 * A year planned only by projections (the demo's FY2027 in budget year FY26, claimed as its home
 * when the district was set up) keeps its home when one of its lines goes and when its projections
 * are generated again. Before, the release trigger counted only imported or hand-written lines: a
 * stale salary line removed by the positions' follow left FY2027 homeless, a line of FY2027 could
 * then be written into budget year FY27, and Publish offered residents FY2027 from there at $0.
 */
const { t, finance } = useApp(['FINANCE']);
let fy26: number;
let fy27: number;
let projected: number[];

const homeOf2027 = async () =>
  (await t.db.knex('fiscal_year_homes').where({ fiscal_year: 2027 }).first('budget_year_id'))?.budget_year_id;

/** A FY2027 line written into budget year FY27: refused while FY26 is its home. */
const writeIntoFy27 = () =>
  t.api('post', '/line-items', {
    token: finance.token,
    body: {
      isOperating: false,
      budgetYearId: fy27,
      fiscalYear: 2027,
      accountDescription: 'Second home',
      amount: 5,
    },
  });

beforeAll(async () => {
  const db = t.db.knex;
  fy26 = await buildBudgetYear(db, { currentFiscalYear: 2026, label: 'FY26' });
  fy27 = await buildBudgetYear(db, { currentFiscalYear: 2027, label: 'FY27' });
  const scenarioId = await buildScenario(db, fy26, 'proposed');
  await buildScenario(db, fy27, 'proposed');
  await insertProposed(db, [
    { budgetYearId: fy26, scenarioId, fiscalYear: 2026, amount: '1000.00' },
    { budgetYearId: fy26, scenarioId, fiscalYear: 2026, amount: '250.25' },
  ]);
  projected = await insertProposed(db, [
    { budgetYearId: fy26, scenarioId, fiscalYear: 2027, amount: '1030.00', isProjected: true },
    { budgetYearId: fy26, scenarioId, fiscalYear: 2027, amount: '257.76', isProjected: true },
  ]);
  await claimFiscalYearHomes(db, { id: fy26, fiscal_year: 'FY26' }, [2026, 2027]);
});

describe('a year planned by projections keeps its home', () => {
  it('when one of its lines is deleted', async () => {
    expect((await t.api('delete', `/line-items/${projected[0]}`, { token: finance.token })).status).toBe(200);
    expect(await homeOf2027()).toBe(fy26);
    const refused = await writeIntoFy27();
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain(secondHomeMessage(2027, 'FY26'));
    expect(await t.db.knex('line_items').where({ budget_year_id: fy27 }).count('* as n').first()).toEqual({
      n: 0,
    });
  });

  it('when its projections are generated again', async () => {
    const res = await t.api('post', '/projections/generate', {
      token: finance.token,
      body: { budgetYearId: fy26, toFiscalYear: 2027, projectionType: 'proposed', forceRegenerate: true },
    });
    expect(res.status).toBe(200);
    // The regenerated year holds projected lines again, and its home is still FY26.
    const lines = await t.db.knex('line_items').where({ budget_year_id: fy26, fiscal_year: 2027 });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.is_projected)).toBe(true);
    expect(await homeOf2027()).toBe(fy26);
    expect((await writeIntoFy27()).status).toBe(400);
  });

  it('but gives it up once nothing of the year is left there', async () => {
    await t.db.knex('line_items').where({ budget_year_id: fy26, fiscal_year: 2027 }).del();
    expect(await homeOf2027()).toBeUndefined();
  });
});
