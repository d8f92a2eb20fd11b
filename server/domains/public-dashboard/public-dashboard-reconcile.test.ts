import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '@server/policies/index';
import { fiscalYearLabel } from '@shared/budget-math';
import * as q from './queries/public-dashboard';
import type { PublicYearData } from '@shared/schemas/public-dashboard';
import { currentFigures } from './public-dashboard';
import { reconcileMessage, reconcileProblems, type ShownTotal } from './public-dashboard-reconcile';
import { shownSections } from './public-dashboard-release';
import { createTestApp, type TestApp } from '../../../test/app';
import { sumCents } from '../../../test/factories';
import { buildPublicWorld, FY, type PublicWorld } from '../../../test/worlds/public-dashboard.world';

/**
 * Publish refuses a year whose totals do not reconcile between the dashboard, Budget Comparison and
 * the snapshot. They sum the same lines with the same SQL rule, so in one consistent read they
 * cannot disagree: the message is tested on totals that do, the check on the snapshot figures
 * Publish would store (changed by a cent), and the refusal of Publish itself on a real PostgreSQL
 * server, where a line committed by someone else between Publish's reads makes them disagree.
 */

describe('reconcileMessage', () => {
  const at = (source: string, cents: bigint, count: number | null = null): ShownTotal => ({
    source,
    cents,
    count,
  });

  it('returns null when every place shows the same total and count', () => {
    expect(
      reconcileMessage(2027, [
        at('the dashboard', 123456789n, 12),
        at('Budget Comparison', 123456789n, 12),
        at('the published figures', 123456789n),
      ]),
    ).toBeNull();
  });

  it('names the year, both totals and the difference to the cent', () => {
    expect(
      reconcileMessage(2027, [at('the dashboard', 123456789n, 12), at('Budget Comparison', 123456788n, 12)]),
    ).toBe(
      'FY27 does not reconcile: the dashboard shows $1,234,567.89, Budget Comparison $1,234,567.88 (difference $0.01)',
    );
    expect(reconcileMessage(2027, [at('the dashboard', -5000n), at('the published figures', 195000n)])).toBe(
      'FY27 does not reconcile: the dashboard shows -$50.00, the published figures $1,950.00 (difference $2,000.00)',
    );
  });

  it('names a difference of line counts when the totals agree', () => {
    expect(
      reconcileMessage(2027, [
        at('the dashboard', 100n, 12),
        at('Budget Comparison', 100n, 11),
        at('the published figures', 100n),
      ]),
    ).toBe(
      'FY27 does not reconcile: the dashboard counts 12 budget lines, Budget Comparison 11 (difference 1)',
    );
  });
});

describe('reconcileProblems on a real district', () => {
  let t: TestApp;
  let w: PublicWorld;
  let row: q.ConfigRow;
  let data: PublicYearData;
  const actor = systemActor('reconcile-test');

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildPublicWorld(t.db.knex);
    const admin = (await t.userWith('ADMIN')).token;
    await t.api('get', '/public-dashboard/config', { token: admin });
    row = (await q.firstConfig(t.db.knex))!;
    row = await q.updateConfig(t.db.knex, row.id, { show_building_chart: true, show_category_chart: true });
    const { snapshots } = await currentFigures(t.db.knex, row, [FY], new Date().toISOString());
    data = snapshots[0].data as PublicYearData;
  });
  afterAll(() => t?.close());

  const check = (year: PublicYearData) =>
    reconcileProblems(
      t.app,
      actor,
      [{ fiscal_year: FY, budget_year_id: w.budgetYearId, data: year }],
      shownSections(row),
    );

  it('finds nothing when the dashboard, the comparison and the snapshot show the lines’ own sum', async () => {
    const all = sumCents(w.proposed.map((p) => p.amount));
    expect(Math.round(data.totalBudget * 100)).toBe(all);
    expect(await check(data)).toEqual([]);
  });

  it('names the snapshot figure that is a cent off, or a breakdown that does not add up', async () => {
    const all = sumCents(w.proposed.map((p) => p.amount));
    const money = (cents: number) =>
      `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
    expect(await check({ ...data, totalBudget: (all + 1) / 100 })).toEqual([
      `${fiscalYearLabel(FY)} does not reconcile: the dashboard shows ${money(all)}, the published figures ${money(all + 1)} (difference $0.01)`,
    ]);
    const [first, ...rest] = data.buildingBreakdown;
    expect(
      await check({ ...data, buildingBreakdown: [{ ...first, amount: first.amount - 100 }, ...rest] }),
    ).toEqual([
      `${fiscalYearLabel(FY)} does not reconcile: the dashboard shows ${money(all)}, the published buildings ${money(all - 10000)} (difference $100.00)`,
    ]);
    const [cat, ...cats] = data.categoryBreakdown;
    expect(
      await check({ ...data, categoryBreakdown: [{ ...cat, itemCount: cat.itemCount + 1 }, ...cats] }),
    ).toEqual([
      `${fiscalYearLabel(FY)} does not reconcile: the dashboard counts ${w.proposed.length} budget lines, the published categories ${w.proposed.length + 1} (difference 1)`,
    ]);
  });
});

describe('POST /public-dashboard/publish/:id when a line changes between its reads', () => {
  // PGlite has one connection: nobody can write between two statements of Publish there.
  const onServer = Boolean(process.env.TEST_DATABASE_URL);
  let t: TestApp;
  let w: PublicWorld;
  let admin: string;
  let configId: number;

  beforeAll(async () => {
    if (!onServer) {
      return;
    }
    t = await createTestApp();
    w = await buildPublicWorld(t.db.knex);
    admin = (await t.userWith('ADMIN')).token;
    configId = (await t.api('get', '/public-dashboard/config', { token: admin })).body.config.id;
    await t.api('patch', `/public-dashboard/config/${configId}`, { token: admin, body: { urlPath: 'race' } });
    const first = await t.api('post', `/public-dashboard/publish/${configId}`, {
      token: admin,
      body: { publishedYears: [FY] },
    });
    expect(first.status).toBe(200);
  });
  afterAll(() => t?.close());

  it.runIf(onServer)('refuses with 409 naming the difference, and writes nothing', async () => {
    const knex = t.db.knex;
    const state = async () => ({
      config: await knex('public_dashboard_configs').where({ id: configId }).first(),
      published: await knex('public_dashboard_published').where({ config_id: configId }).first(),
      snapshots: await knex('public_dashboard_snapshots').where({ config_id: configId }),
      audit: await knex('audit_log').where({ entity: 'public-dashboard', action: 'publish' }).count('* as n'),
    });
    const before = await state();
    const all = sumCents(w.proposed.map((p) => p.amount));

    // Another session changes a line and holds the stage table, which Publish reads after the
    // figures (the stage label) and before the dashboard's total: Publish waits there.
    const other = await knex.transaction();
    await other.raw('LOCK TABLE budget_stages IN ACCESS EXCLUSIVE MODE');
    await other('line_items')
      .where({ budget_year_id: w.budgetYearId, is_operating: false })
      .whereNotNull('category_id')
      .orderBy('id')
      .limit(1)
      .first('id')
      .then((line) => other('line_items').where({ id: line.id }).increment('amount', 250));
    const publishing = t.api('post', `/public-dashboard/publish/${configId}`, { token: admin });
    let waiting = false;
    for (let i = 0; i < 400 && !waiting; i++) {
      const { rows } = await knex.raw(
        `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
          WHERE c.relname = 'budget_stages' AND NOT l.granted`,
      );
      waiting = rows[0].n > 0;
      if (!waiting) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
    await other.commit();
    // Publish had read the figures and was waiting when the line was committed.
    expect(waiting).toBe(true);
    const res = await publishing;

    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      `${fiscalYearLabel(FY)} does not reconcile: the dashboard shows $${((all + 25000) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}, the published figures $${(all / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} (difference $250.00)`,
    );
    expect(await state()).toEqual(before);
  });
});
