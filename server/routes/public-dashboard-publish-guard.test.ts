import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicView } from '@shared/schemas/public-dashboard';
import type { PublicPreview } from '@shared/schemas/public-dashboard-preview';
import { forgetPublicViews } from '@server/domains/public-dashboard/public-dashboard-view';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, buildScenario, insertProposed, sumCents } from '../../test/factories';
import { buildPublicWorld, type PublicWorld } from '../../test/worlds/public-dashboard.world';

/**
 * With budget year FY26's FY2027 published as School Committee Adopted, a budget
 * year FY27 whose FY2027 is a $0 Draft once made the next Publish show residents '$0.0M'. Publish now
 * keeps the budget year residents read until the admin chooses another, refuses a $0 year or an
 * earlier stage (409, nothing changed) unless the request confirms it, and the preview names each
 * year's budget year and stage.
 */
const { t, admin } = useApp(['ADMIN']);
let w: PublicWorld;
let configId: number;
let fy27: number;
const PATH = 'guarded';
const NEXT = 2027;
const fy26Lines2027 = ['3100000.25', '412345.67'];

const publish = (body?: object) =>
  t.api('post', `/public-dashboard/publish/${configId}`, { token: admin.token, ...(body ? { body } : {}) });
const residents = async (): Promise<PublicView> => {
  forgetPublicViews(t.app);
  return (await t.api('get', `/public-dashboard/view/${PATH}`)).body;
};
const preview = async (query = ''): Promise<PublicPreview> => {
  const res = await t.api('get', `/public-dashboard/preview${query}`, { token: admin.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
/** Everything a Publish writes: the config, the snapshots, the published copy and the audit trail. */
const state = async () => ({
  config: await t.db.knex('public_dashboard_configs').where({ id: configId }).first(),
  snapshots: await t.db.knex('public_dashboard_snapshots').orderBy('fiscal_year'),
  published: await t.db.knex('public_dashboard_published').select('*'),
  audit: (await t.db.knex('audit_log').count('* as n').first())!.n,
});
const cents = (dollars: number) => Math.round(dollars * 100);

beforeAll(async () => {
  w = await buildPublicWorld(t.db.knex);
  // FY26's following year, FY2027, voted by the committee on 12 March 2026.
  await insertProposed(
    t.db.knex,
    fy26Lines2027.map((amount) => ({
      budgetYearId: w.budgetYearId,
      fiscalYear: NEXT,
      scenarioId: w.proposedScenarioId,
      amount,
      categoryId: w.teachersCat,
      // The committee's vote needs every dollar under a DESE function code.
      columns: { dese_code: '2305' },
    })),
  );
  for (const [stage, date] of [
    ['SUPERINTENDENT_RECOMMENDED', '2026-02-10'],
    ['SCHOOL_COMMITTEE_ADOPTED', '2026-03-12'],
  ]) {
    const res = await t.api('post', '/budget-stages/advance', {
      token: admin.token,
      body: { budgetYearId: w.budgetYearId, fiscalYear: NEXT, stage, date },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  configId = (await t.api('get', '/public-dashboard/config', { token: admin.token })).body.config.id;
  const saved = await t.api('patch', `/public-dashboard/config/${configId}`, {
    token: admin.token,
    body: { urlPath: PATH, publishedYears: [NEXT] },
  });
  expect(saved.status).toBe(200);
  const first = await publish();
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  // Then budget year FY27 arrives: its FY2027 is a Draft whose lines come to $0 (a payroll placed,
  // amounts still to come).
  fy27 = await buildBudgetYear(t.db.knex, { currentFiscalYear: NEXT, label: 'FY27' });
  const scenario = await buildScenario(t.db.knex, fy27, 'proposed');
  await insertProposed(t.db.knex, [
    { budgetYearId: fy27, fiscalYear: NEXT, scenarioId: scenario, amount: '0.00', categoryId: w.teachersCat },
    { budgetYearId: fy27, fiscalYear: NEXT, scenarioId: scenario, amount: '0.00' },
  ]);
});

describe('Publish after another budget year takes up a published year', () => {
  it('keeps the budget year residents read, so they never switch to the empty one', async () => {
    const res = await publish();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const year = (await residents()).data[String(NEXT)]!;
    expect(cents(year.totalBudget)).toBe(sumCents(fy26Lines2027));
    expect(year.stageCaption).toBe('School Committee Adopted, voted March 12, 2026');
  });

  it('lists both budget years in the preview, each with its stage, and which one Publish uses', async () => {
    const p = await preview();
    const source = p.sources.find((s) => s.fiscalYear === NEXT)!;
    expect(source.budgetYearId).toBe(w.budgetYearId);
    expect(source.options).toEqual([
      {
        budgetYearId: w.budgetYearId,
        budgetYearLabel: 'FY26',
        stage: 'SCHOOL_COMMITTEE_ADOPTED',
        stageCaption: 'School Committee Adopted, voted March 12, 2026',
      },
      { budgetYearId: fy27, budgetYearLabel: 'FY27', stage: 'DRAFT', stageCaption: 'Draft' },
    ]);
    expect(p.confirmations).toEqual([]);
    const chosen = await preview(`?budgetYears=${NEXT}:${fy27}`);
    expect(chosen.sources.find((s) => s.fiscalYear === NEXT)!.budgetYearId).toBe(fy27);
    expect(chosen.confirmations).toEqual([
      'FY2027 from budget year FY27 has a $0 budget: residents would read a $0 school budget',
      'FY2027 is published as School Committee Adopted (budget year FY26); publishing Draft (budget year FY27) would replace it with an earlier stage',
    ]);
  });

  it('refuses to publish the $0 Draft over the adopted year without confirmation, changing nothing', async () => {
    const before = await state();
    const res = await publish({ budgetYears: [{ fiscalYear: NEXT, budgetYearId: fy27 }] });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFIRMATION_REQUIRED');
    expect(res.body.error).toContain('FY2027 from budget year FY27 has a $0 budget');
    expect(res.body.error).toContain('would replace it with an earlier stage');
    expect(res.body.error).toContain('confirm');
    expect(await state()).toEqual(before);
    expect(cents((await residents()).data[String(NEXT)]!.totalBudget)).toBe(sumCents(fy26Lines2027));
  });

  it('refuses an earlier stage alone (a Draft with a budget) unless confirmed', async () => {
    // A third budget year whose FY2027 Draft has a budget.
    const other = await buildBudgetYear(t.db.knex, { currentFiscalYear: NEXT, label: 'FY27 second draft' });
    const scenario = await buildScenario(t.db.knex, other, 'proposed');
    await insertProposed(t.db.knex, [
      { budgetYearId: other, fiscalYear: NEXT, scenarioId: scenario, amount: '1816.00' },
    ]);
    const before = await state();
    const res = await publish({ budgetYears: [{ fiscalYear: NEXT, budgetYearId: other }] });
    expect(res.status).toBe(409);
    expect(res.body.error).not.toContain('$0 budget');
    expect(res.body.error).toContain(
      'FY2027 is published as School Committee Adopted (budget year FY26); publishing Draft (budget year FY27 second draft)',
    );
    expect(await state()).toEqual(before);
  });

  it('refuses a year whose budget is $0 even when nothing was published for it', async () => {
    const scenario = (await t.db.knex('scenarios').where({ budget_year_id: fy27 }).first()).id;
    await insertProposed(t.db.knex, [
      { budgetYearId: fy27, fiscalYear: 2028, scenarioId: scenario, amount: '500.00' },
      { budgetYearId: fy27, fiscalYear: 2028, scenarioId: scenario, amount: '-500.00' },
    ]);
    const before = await state();
    const res = await publish({ publishedYears: [NEXT, 2028] });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      'FY2028 from budget year FY27 has a $0 budget: residents would read a $0 school budget. Publish again with confirm to publish it anyway.',
    );
    expect(await state()).toEqual(before);
  });

  it('refuses a budget year that does not hold the year, or a choice for a year not published (400)', async () => {
    const before = await state();
    const other = await buildBudgetYear(t.db.knex, { currentFiscalYear: 2030, label: 'FY30' });
    const notHeld = await publish({ budgetYears: [{ fiscalYear: NEXT, budgetYearId: other }] });
    expect(notHeld.status).toBe(400);
    expect(notHeld.body.error).toBe(`Budget year ${other} holds no FY2027 budget lines`);
    const notPublished = await publish({ budgetYears: [{ fiscalYear: 2026, budgetYearId: w.budgetYearId }] });
    expect(notPublished.status).toBe(400);
    expect(notPublished.body.error).toBe('FY2026 is not among the years to publish');
    expect(await state()).toEqual(before);
  });

  it('publishes the chosen budget year when the admin confirms, and keeps it at the next Publish', async () => {
    const res = await publish({ budgetYears: [{ fiscalYear: NEXT, budgetYearId: fy27 }], confirm: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const year = (await residents()).data[String(NEXT)]!;
    expect(year.totalBudget).toBe(0);
    expect(year.stage).toBeNull();
    const snapshot = await t.db.knex('public_dashboard_snapshots').where({ fiscal_year: NEXT }).first();
    expect(snapshot.budget_year_id).toBe(fy27);
    // Going back to the adopted year is a later stage: no confirmation needed.
    const back = await publish({ budgetYears: [{ fiscalYear: NEXT, budgetYearId: w.budgetYearId }] });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(cents((await residents()).data[String(NEXT)]!.totalBudget)).toBe(sumCents(fy26Lines2027));
  });
});
