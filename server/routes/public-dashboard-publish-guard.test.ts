import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicView } from '@shared/schemas/public-dashboard';
import type { PublicPreview } from '@shared/schemas/public-dashboard-preview';
import { forgetPublicViews } from '@server/domains/public-dashboard/public-dashboard-view';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, buildScenario, insertProposed, sumCents } from '../../test/factories';
import { buildPublicWorld, type PublicWorld } from '../../test/worlds/public-dashboard.world';

/**
 * With budget year FY26's FY2027 published as School Committee Adopted, a budget year FY27 whose
 * FY2027 was a $0 Draft once made the next Publish show residents '$0.0M'. FY2027 now has one home
 * (FY26): FY27 cannot take it up (400 naming the home, nothing written), Publish and its preview
 * name each year's budget year and stage, and Publish refuses a $0 year or an earlier stage than
 * residents read (409, nothing changed) unless the request confirms it.
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
  // FY26's following year, FY2027, voted by the committee on Mar 12, 2026.
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
  // Then budget year FY27 arrives, the workspace for FY2028.
  fy27 = await buildBudgetYear(t.db.knex, { currentFiscalYear: NEXT, label: 'FY27' });
});

describe('Publish when another budget year arrives beside a published year', () => {
  it('refuses FY27 a second FY2027, naming its home, and writes nothing', async () => {
    const before = await state();
    const lines = await t.db.knex('line_items').count('* as n').first();
    const stage = await t.api('post', '/budget-stages/advance', {
      token: admin.token,
      body: { budgetYearId: fy27, fiscalYear: NEXT, stage: 'SUPERINTENDENT_RECOMMENDED', date: '2026-04-01' },
    });
    expect(stage.status).toBe(400);
    expect(stage.body.details).toEqual([
      {
        path: 'fiscalYear',
        message:
          'FY27 is planned in budget year FY26, its one home: import, stage and plan FY27 there, not in budget year FY27',
      },
    ]);
    // A line added by hand (the payroll line) is refused the same way, naming the field.
    const line = await t.api('post', '/line-items', {
      token: admin.token,
      body: {
        isOperating: true,
        budgetYearId: fy27,
        fiscalYear: NEXT,
        firstName: 'Zero',
        lastName: 'Budget',
        position: 'Teacher',
        currentSalary: 50000,
        currentFTE: 1,
        employeeStatus: 'Active',
      },
    });
    expect(line.status).toBe(400);
    expect(line.body.details).toEqual(stage.body.details);
    await expect(
      insertProposed(t.db.knex, [{ budgetYearId: fy27, fiscalYear: NEXT, amount: '0.00' }]),
    ).rejects.toMatchObject({ code: 'BY003' });
    expect(await state()).toEqual(before);
    expect(await t.db.knex('line_items').count('* as n').first()).toEqual(lines);
    expect(await t.db.knex('budget_stages').where({ budget_year_id: fy27 })).toEqual([]);
  });

  it('publishes FY2027 from its home and names the budget year and stage in the answer', async () => {
    const res = await publish();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.sources).toEqual([
      {
        fiscalYear: NEXT,
        budgetYearId: w.budgetYearId,
        budgetYearLabel: 'FY26',
        stage: 'SCHOOL_COMMITTEE_ADOPTED',
        stageDate: '2026-03-12',
        stageCaption: 'School Committee Adopted, voted March 12, 2026',
      },
    ]);
    const year = (await residents()).data[String(NEXT)]!;
    expect(cents(year.totalBudget)).toBe(sumCents(fy26Lines2027));
    expect(year.stageCaption).toBe('School Committee Adopted, voted March 12, 2026');
  });

  it('names the one budget year and stage of each year in the preview', async () => {
    const p = await preview();
    expect(p.sources).toEqual([
      {
        fiscalYear: NEXT,
        budgetYearId: w.budgetYearId,
        options: [
          {
            budgetYearId: w.budgetYearId,
            budgetYearLabel: 'FY26',
            stage: 'SCHOOL_COMMITTEE_ADOPTED',
            stageDate: '2026-03-12',
            stageCaption: 'School Committee Adopted, voted March 12, 2026',
          },
        ],
      },
    ]);
    expect(p.confirmations).toEqual([]);
  });

  it('refuses a budget year that is not the home, or a choice for a year not published (400)', async () => {
    const before = await state();
    const notHome = await publish({ budgetYears: [{ fiscalYear: NEXT, budgetYearId: fy27 }] });
    expect(notHome.status).toBe(400);
    expect(notHome.body.error).toBe(
      'FY27 is planned in budget year FY26, its one home: import, stage and plan FY27 there, not in budget year FY27',
    );
    const notPublished = await publish({ budgetYears: [{ fiscalYear: 2026, budgetYearId: w.budgetYearId }] });
    expect(notPublished.status).toBe(400);
    expect(notPublished.body.error).toBe('FY26 is not among the years to publish');
    expect(await state()).toEqual(before);
  });

  it('refuses a year whose budget is $0 unless confirmed, then publishes it', async () => {
    // FY27's own year, FY2028: a payroll placed, amounts still to come.
    const scenario = await buildScenario(t.db.knex, fy27, 'proposed');
    await insertProposed(t.db.knex, [
      { budgetYearId: fy27, fiscalYear: 2028, scenarioId: scenario, amount: '500.00' },
      { budgetYearId: fy27, fiscalYear: 2028, scenarioId: scenario, amount: '-500.00' },
    ]);
    const before = await state();
    const res = await publish({ publishedYears: [NEXT, 2028] });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFIRMATION_REQUIRED');
    expect(res.body.error).toBe(
      'FY28 from budget year FY27 has a $0 budget: residents would read a $0 school budget. Publish again with confirm to publish it anyway.',
    );
    expect(await state()).toEqual(before);
    const confirmed = await publish({ publishedYears: [NEXT, 2028], confirm: true });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(
      confirmed.body.sources.map((s: { budgetYearLabel: string; stage: string }) => [
        s.budgetYearLabel,
        s.stage,
      ]),
    ).toEqual([
      ['FY26', 'SCHOOL_COMMITTEE_ADOPTED'],
      ['FY27', 'DRAFT'],
    ]);
    expect((await residents()).data['2028']!.totalBudget).toBe(0);
  });

  it('refuses an earlier stage than residents read unless confirmed', async () => {
    // Residents read FY2027 as Town Appropriated, published before each fiscal year had one home
    // from a budget year the migration did not choose; the home's FY2027 is School Committee Adopted.
    await t.db.knex.raw(
      `UPDATE public_dashboard_snapshots SET data = data || '{"stage":"TOWN_APPROPRIATED","stageLabel":"Town Appropriated"}'::jsonb
        WHERE fiscal_year = ?`,
      [NEXT],
    );
    const before = await state();
    const p = await preview(`?years=${NEXT}`);
    expect(p.confirmations).toEqual([
      'FY27 is published as Town Appropriated (budget year FY26); publishing School Committee Adopted (budget year FY26) would replace it with an earlier stage',
    ]);
    const res = await publish({ publishedYears: [NEXT] });
    expect(res.status).toBe(409);
    expect(res.body.error).toContain('would replace it with an earlier stage');
    expect(await state()).toEqual(before);
    const confirmed = await publish({ publishedYears: [NEXT], confirm: true });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect((await residents()).data[String(NEXT)]!.stage).toBe('SCHOOL_COMMITTEE_ADOPTED');
  });
});
