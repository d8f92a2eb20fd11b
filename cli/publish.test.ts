import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPublicWorld, FY } from '../test/worlds/public-dashboard.world';
import { createCliRunner, type CliRunner } from '../test/cli';
import { buildBudgetYear, buildScenario, insertProposed, sumCents } from '../test/factories';

/** `publish --years ... [--url-path ...]` and `publish --status`, through budget-cli. */
describe('budget-cli publish', () => {
  let runner: CliRunner;
  let proposed: string[] = [];
  const cli = (...args: string[]) => runner.cli(...args);
  const inDb = async <T>(work: (knex: import('knex').Knex) => Promise<T>) => {
    const handle = await runner.openDb();
    try {
      return await work(handle.knex);
    } finally {
      await handle.close();
    }
  };

  beforeAll(async () => {
    runner = await createCliRunner('publish', { timeout: 150_000 });
    expect((await cli('db', 'migrate')).code).toBe(0);
    proposed = (await inDb((knex) => buildPublicWorld(knex))).proposed.map((p) => p.amount);
  }, 180_000);
  afterAll(() => runner?.close());

  it(
    'shows an unpublished dashboard, refuses bad input writing nothing, then publishes',
    { timeout: 300_000 },
    async () => {
      const status = await cli('publish', '--status', '--json');
      expect(status.stderr).toBe('');
      expect(JSON.parse(status.stdout)).toMatchObject({
        config: { isPublished: false, publishedYears: [] },
        publicPath: '/public/district',
      });

      const none = await cli('publish');
      expect(none.code).toBe(2);
      expect(none.stderr).toContain('Please select at least one year to publish');
      const empty = await cli('publish', '--years', `${FY},2031`);
      expect(empty.code).toBe(2);
      expect(empty.stderr).toContain('FY31 has no budget data to publish');
      const badPath = await cli('publish', '--years', String(FY), '--url-path', 'bad path');
      expect(badPath.code).toBe(2);
      expect(badPath.stderr).toContain('URL path may contain only letters, digits');
      const badYear = await cli('publish', '--years', 'next year');
      expect(badYear.code).toBe(2);
      // The refusal names the flag typed, not the API's field path (publishedYears.0).
      expect(badYear.stderr).toContain('--years:');
      expect(badYear.stderr).not.toContain('publishedYears');
      expect(await inDb((knex) => knex('public_dashboard_snapshots').count('* as n').first())).toEqual({
        n: 0,
      });

      // The preview: what Publish would show, before anything is published.
      const preview = await cli('publish', 'preview', '--years', 'FY26', '--json');
      expect(preview.stderr).toBe('');
      const seen = JSON.parse(preview.stdout);
      expect(seen).toMatchObject({
        years: [FY],
        changes: ['Not published yet'],
        problems: [],
        lastPublishedAt: null,
      });
      expect(Math.round(seen.data[String(FY)].totalBudget * 100)).toBe(sumCents(proposed));

      const done = await cli('publish', '--years', 'FY26', '--url-path', 'springfield', '--json');
      expect(done.stderr).toBe('');
      expect(done.code).toBe(0);
      const body = JSON.parse(done.stdout);
      expect(body).toMatchObject({ publishedYears: [FY], publicPath: '/public/springfield' });
      expect(body.config).toMatchObject({
        isPublished: true,
        urlPath: 'springfield',
        dataChangedSincePublish: false,
      });

      const { snapshots, audit } = await inDb(async (knex) => ({
        snapshots: await knex('public_dashboard_snapshots').select('fiscal_year', 'data'),
        audit: await knex('audit_log').where({ entity: 'public-dashboard', action: 'publish' }),
      }));
      expect(snapshots.map((s) => s.fiscal_year)).toEqual([FY]);
      expect(Math.round(snapshots[0].data.totalBudget * 100)).toBe(sumCents(proposed));
      expect(audit.map((a) => a.actor_label)).toEqual(['budget-cli']);

      const text = await cli('publish', '--status');
      expect(text.code).toBe(0);
      expect(text.stdout).toContain('Public address:   /public/springfield');
      expect(text.stdout).toContain('Published years:  FY26');
      expect(text.stdout).toMatch(/Published: +yes, at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\s[AP]M\n/);
      const after = await cli('publish', 'preview');
      expect(after.code).toBe(0);
      // Nothing changed since Publish: the preview is the page residents read, as the screen's badge says.
      expect(after.stdout).toContain('Published — residents see this page: /public/springfield\n');
      expect(after.stdout).not.toContain('not yet published');
      // The sections by the names the Public Dashboard screen gives them.
      expect(after.stdout).toMatch(/\nSections: +School information, Budget status, /);
      expect(after.stdout).toMatch(
        /Changes since the last Publish \([A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\s[AP]M\):\n {2}\(none\)/,
      );
    },
  );

  it(
    "refuses a $0 year until --confirm and a budget year that is not the home; names each year's budget year and stage",
    { timeout: 300_000 },
    async () => {
      const ZERO = 2030;
      await inDb(async (knex) => {
        const id = await buildBudgetYear(knex, { currentFiscalYear: ZERO, label: 'FY30' });
        const scenarioId = await buildScenario(knex, id, 'proposed');
        await insertProposed(knex, [
          { budgetYearId: id, fiscalYear: ZERO, scenarioId, amount: '250.00' },
          { budgetYearId: id, fiscalYear: ZERO, scenarioId, amount: '-250.00' },
        ]);
      });
      const snapshots = () =>
        inDb((knex) => knex('public_dashboard_snapshots').orderBy('fiscal_year').select('*'));
      const before = await snapshots();
      const refused = await cli('publish', '--years', `${FY},${ZERO}`);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('FY30 from budget year FY30 has a $0 budget');
      expect(refused.stderr).toContain('--confirm');
      const unknown = await cli('publish', '--years', `${FY},${ZERO}`, '--budget-year', '2030=FY99');
      expect(unknown.code).not.toBe(0);
      // A command about a fiscal year, without --budget-year, reads the year's home and says so.
      const stages = await cli('stage', 'list', '--fiscal-year', 'FY2030');
      expect(stages.code, stages.stderr).toBe(0);
      expect(stages.stderr).toContain("Budget year FY30 (FY30's home; --budget-year to choose)");
      // A fiscal year has one home: a budget year that is not it is refused, naming the home.
      const notHome = await cli(
        'publish',
        '--years',
        `${FY},${ZERO}`,
        '--budget-year',
        '2030=FY26',
        '--confirm',
      );
      expect(notHome.code).not.toBe(0);
      expect(notHome.stderr).toContain(
        'FY30 is planned in budget year FY30, its one home: import, stage and plan FY30 there, not in budget year FY26',
      );
      expect(await snapshots()).toEqual(before);

      const preview = await cli('publish', 'preview', '--years', `${FY},${ZERO}`);
      expect(preview.stdout).toContain('FY30: budget year FY30, Draft, $0.00');
      expect(preview.stdout).toContain('Publish would ask you to confirm (--confirm):');

      const done = await cli(
        'publish',
        '--years',
        `${FY},${ZERO}`,
        '--budget-year',
        '2030=FY30',
        '--confirm',
      );
      expect(done.stderr).toBe('');
      expect(done.code).toBe(0);
      // Publish names the budget year and stage of every year it published.
      expect(done.stdout).toContain('  FY26: budget year FY26, Draft\n  FY30: budget year FY30, Draft\n');
      expect((await snapshots()).map((s) => s.fiscal_year)).toEqual([FY, ZERO]);
    },
  );
});
