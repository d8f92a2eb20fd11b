import { beforeAll, describe, expect, it } from 'vitest';
import { centsText, toCents } from '@shared/money';
import { useApp } from '../test/use-app';
import { plainHtml, usePublicPage } from '../test/public-page-server';
import { buildBudgetYear, buildCategory, buildScenario, insertProposed } from '../test/factories';

/**
 * The admin chooses whether residents see the general fund alone or all funds; the page says which
 * in its heading, and each published year keeps the choice it was published with until the next
 * Publish. Every figure is worked out here in integer cents from the lines this test wrote.
 */
const FY = 2030;
const PATH = 'funds-page';
// [amount, on Title I]
const LINES: [string, boolean][] = [
  ['2500000.10', false],
  ['125000.45', false],
  ['310000.99', true],
  ['42000.01', true],
];
const GOAL = '2700000.00';

const { t, admin: adminUser } = useApp(['ADMIN']);
let admin: string;
let configId: number;
const page = usePublicPage(t);

const cents = (n: number) => BigInt(Math.round(n * 100));
const budget = (funds: 'all' | 'general') =>
  LINES.filter(([, title]) => funds === 'all' || !title).reduce((n, [a]) => n + toCents(a)!, 0n);
const view = async () => (await t.api('get', `/public-dashboard/view/${PATH}`)).body.data[String(FY)];
const patch = (body: object) =>
  t.api('patch', `/public-dashboard/config/${configId}`, { token: admin, body });
const publish = async () => {
  const res = await t.api('post', `/public-dashboard/publish/${configId}`, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
/** The page as a reader without JavaScript gets it. */
const plainPage = () => plainHtml(page.base, PATH);

beforeAll(async () => {
  admin = adminUser.token;
  const db = t.db.knex;
  const budgetYearId = await buildBudgetYear(db, { currentFiscalYear: FY, label: 'FY30' });
  const scenarioId = await buildScenario(db, budgetYearId, 'proposed');
  const categoryId = await buildCategory(db, { name: 'Instruction' });
  const made = await t.api('post', '/funds', {
    token: admin,
    body: { name: 'Title I, Part A', code: 'T1PUB', kind: 'federal_grant' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  await insertProposed(
    db,
    LINES.map(([amount, title]) => ({
      budgetYearId,
      fiscalYear: FY,
      scenarioId,
      categoryId,
      amount,
      columns: { fund_id: title ? made.body.fund.id : null },
    })),
  );
  await db('town_goals').insert({ fiscal_year: FY, goal_type: 'DOLLAR', dollar_goal: GOAL });
  configId = (await t.api('get', '/public-dashboard/config', { token: admin })).body.config.id;
});

describe('the public dashboard’s fund setting', () => {
  it('starts at all funds, and refuses a value other than all or general, naming funds', async () => {
    const config = (await t.api('get', '/public-dashboard/config', { token: admin })).body.config;
    expect(config.funds).toBe('all');
    const bad = await patch({ funds: 'federal' });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([{ path: 'funds', message: "funds must be 'all' or 'general'" }]);
    const after = (await t.api('get', '/public-dashboard/config', { token: admin })).body.config;
    expect(after.funds).toBe('all');
  });

  it('publishes the general fund alone, and the page says so in its heading and beside the gap', async () => {
    const saved = await patch({ urlPath: PATH, publishedYears: [FY], funds: 'general' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.config.funds).toBe('general');
    await publish();
    const data = await view();
    expect(data.funds).toBe('general');
    expect(data.fundsLabel).toBe('General fund only');
    expect(cents(data.totalBudget)).toBe(budget('general'));
    expect(cents(data.guidanceGap)).toBe(toCents(GOAL)! - budget('general'));
    const categories = data.categoryBreakdown.reduce(
      (n: bigint, c: { amount: number }) => n + cents(c.amount),
      0n,
    );
    expect(categories).toBe(budget('general'));
    const html = await plainPage();
    expect(html).toContain('<p class="pub-funds">General fund only</p>');
    expect(html).toContain('General fund only: the fund the town&#39;s goal pays for.');
  });

  it('keeps the published choice until the next Publish; the preview names the change', async () => {
    expect((await patch({ funds: 'all' })).status).toBe(200);
    const kept = await view();
    expect(kept.funds).toBe('general');
    expect(cents(kept.totalBudget)).toBe(budget('general'));
    const config = (await t.api('get', '/public-dashboard/config', { token: admin })).body.config;
    expect(config.dataChangedSincePublish).toBe(true);
    const preview = await t.api('get', '/public-dashboard/preview', { token: admin });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.changes).toContain('Figures change to all funds');
    expect(cents(preview.body.data[String(FY)].totalBudget)).toBe(budget('all'));

    await publish();
    const data = await view();
    expect(data.fundsLabel).toBe('All funds');
    expect(cents(data.totalBudget)).toBe(budget('all'));
    // The goal is still compared with the general fund: all funds are over it, the general fund
    // under it, and the page says both.
    expect(budget('all')).toBeGreaterThan(toCents(GOAL)!);
    expect(cents(data.guidanceBudget)).toBe(budget('general'));
    expect(cents(data.guidanceGap)).toBe(toCents(GOAL)! - budget('general'));
    const html = await plainPage();
    expect(html).toContain('<p class="pub-funds">All funds</p>');
    expect(html).toContain('is within the town&#39;s goal.');
    const dollars = (n: bigint) => `$${((n + 50n) / 100n).toLocaleString('en-US')}`;
    expect(html).toContain(
      `General fund only: the fund the town&#39;s goal pays for. All funds, grants and revolving funds included: ${dollars(budget('all'))}.`,
    );
    const csv = await (
      await fetch(`${page.base}/api/public-dashboard/view/${PATH}/data.csv?year=${FY}`)
    ).text();
    expect(csv).toContain(`${FY},Summary,All funds,Total budget,,${centsText(budget('all'))}`);
  });
});
