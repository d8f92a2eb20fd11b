import { describe, expect, it } from 'vitest';
import { formatMoneyCents, fromCents } from '@shared/money';
import { buildBudgetYear, buildCategory, insertProposed } from '../test/factories';
import { useCli } from '../test/use-cli';

/**
 * `scenarios list|show|apply` through budget-cli on a database of its own. Every figure is
 * recomputed here from the rows the test wrote, in BigInt cents: each line keeps
 * round(amount x kept / 100, 2), gap = adjusted - town goal.
 */

const c = (n: number) => BigInt(Math.round(n * 100));
/** round(cents x hundredths-of-percent / 10,000), halves away from zero (amounts here are positive). */
const kept = (cents: bigint, pct: bigint) => {
  const s = cents * pct;
  return s / 10000n + ((s % 10000n) * 2n >= 10000n ? 1n : 0n);
};
const usd = (cents: bigint) => formatMoneyCents(fromCents(cents));

/** A dollar figure as the CLI prints it, as a regular expression. */
const money = (cents: bigint) => usd(cents).replace(/[$.]/g, '\\$&');

const SPED = ['12345.67', '999.99'];
const SUPPLIES = ['50000.00', '0.03', '7777.77', '31000.50', '333.33'];
const OTHER = ['1000.00'];
const GOAL = '90000.00';

describe('budget-cli scenarios', () => {
  const ids = { sped: [] as number[], supplies: [] as number[], other: [] as number[] };
  const amounts = new Map<number, bigint>();
  let spedId = 0;
  /** Rows a refusal must leave alone. */
  const counts = async () => {
    return withDb(async (knex) => {
      const n = async (table: string) => Number((await knex(table).count({ n: '*' }).first())!.n);
      return {
        scenarios: await n('cut_scenarios'),
        adjustments: await n('cut_adjustments'),
        audit: await n('audit_log'),
      };
    });
  };
  /** The expected summary when each line keeps pct (hundredths of a percent; absent = 100%). */
  const expected = (pct: Map<number, bigint>) => {
    const original = [...amounts.values()].reduce((a, b) => a + b, 0n);
    const adjusted = [...amounts].reduce((s, [id, a]) => s + kept(a, pct.get(id) ?? 10000n), 0n);
    return {
      originalTotal: original,
      totalCuts: original - adjusted,
      adjustedTotal: adjusted,
      townGoal: c(Number(GOAL)),
      gap: adjusted - c(Number(GOAL)),
      meetsGoal: adjusted <= c(Number(GOAL)),
      itemsModified: [...pct.values()].filter((p) => p < 10000n).length,
    };
  };
  const actual = (s: any) => ({
    originalTotal: c(s.originalTotal),
    totalCuts: c(s.totalCuts),
    adjustedTotal: c(s.adjustedTotal),
    townGoal: c(s.townGoal),
    gap: c(s.gap),
    meetsGoal: s.meetsGoal,
    itemsModified: s.itemsModified,
  });

  const { cli, withDb } = useCli('scenarios', {
    timeout: 150_000,
    seed: async (db) => {
      const budgetYearId = await buildBudgetYear(db, { label: 'FY26', currentFiscalYear: 2026 });
      spedId = await buildCategory(db, { name: 'Special Education', displayOrder: 1 });
      const suppliesId = await buildCategory(db, { name: 'Supplies', displayOrder: 2 });
      const add = async (list: string[], categoryId: number | null) => {
        const made = await insertProposed(
          db,
          list.map((amount) => ({ budgetYearId, fiscalYear: 2026, amount, categoryId })),
        );
        made.forEach((id, i) => amounts.set(id, c(Number(list[i]))));
        return made;
      };
      ids.sped = await add(SPED, spedId);
      ids.supplies = await add(SUPPLIES, suppliesId);
      ids.other = await add(OTHER, null);
      await db('town_goals').insert({ fiscal_year: 2026, goal_type: 'DOLLAR', dollar_goal: GOAL });
    },
  });

  it('creates a scenario, cuts categories by the percent to cut, holds floors, lists and shows it', async () => {
    const applied = await cli(
      'scenarios',
      'apply',
      'Level service',
      '--budget-year',
      'FY26',
      '--cut',
      'supplies=25',
      '--cut',
      'Special Education=10.5%',
      '--create',
      '--json',
    );
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    const body = JSON.parse(applied.stdout);
    expect(body.created).toBe(true);
    // 'supplies=25' cuts a quarter: each Supplies line keeps 75%.
    const pct = new Map<number, bigint>([
      ...ids.supplies.map((id) => [id, 7500n] as const),
      ...ids.sped.map((id) => [id, 8950n] as const),
    ]);
    expect(actual(body.scenario.summary)).toEqual(expected(pct));
    expect(body.scenario.summary.meetsGoal).toBe(true);
    expect(body.cuts).toEqual([
      expect.objectContaining({
        category: 'Supplies',
        cutPercent: 25,
        percentKept: 75,
        linesChanged: 5,
        heldByFloor: 0,
        notCutByFloor: 0,
      }),
      expect.objectContaining({ category: 'Special Education', cutPercent: 10.5, percentKept: 89.5 }),
    ]);

    // A 95% floor on Special Education: cutting it all keeps each line at 95% and says what was not cut.
    await withDb(async (knex) => {
      await knex('cut_floors').insert({
        budget_year_id: body.scenario.budgetYearId,
        category_id: spedId,
        floor_percent: 95,
        reason: 'Maintenance of effort',
      });
    });
    const held = await cli(
      'scenarios',
      'apply',
      'level SERVICE',
      '--budget-year',
      'FY26',
      '--cut',
      'Special Education=100',
    );
    expect(held.stderr).toBe('');
    expect(held.code).toBe(0);
    const notCut = ids.sped.reduce((s, id) => s + kept(amounts.get(id)!, 9500n), 0n);
    expect(held.stdout).toContain(
      `Special Education: cut 100% (each line keeps 0%); 2 lines changed; 2 held at their floor, ${usd(notCut)} not cut.`,
    );
    ids.sped.forEach((id) => pct.set(id, 9500n));
    const e = expected(pct);
    expect(held.stdout).toContain(`Total cuts              ${usd(e.totalCuts)} (7 lines cut)`);
    expect(held.stdout).toContain(`Adjusted total          ${usd(e.adjustedTotal)}`);
    expect(held.stdout).toMatch(/\n  Gap +Under guidance by \$[\d,.]+\n/);

    const listed = JSON.parse((await cli('scenarios', 'list', '--budget-year', 'FY26', '--json')).stdout);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ name: 'Level service', fiscalYear: 2026, isActive: false });
    expect(actual(listed[0].summary)).toEqual(e);
    const text = await cli('scenarios', 'list', '--budget-year', 'FY26', '--fiscal-year', '2026');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      new RegExp(
        `Level service +FY26 +${[e.originalTotal, e.totalCuts, e.adjustedTotal, e.townGoal]
          .map(money)
          .join(' +')} +Under guidance by ${money(c(Number(GOAL)) - e.adjustedTotal)} +yes +7`,
      ),
    );

    const shown = JSON.parse(
      (await cli('scenarios', 'show', 'Level service', '--budget-year', 'FY26', '--json')).stdout,
    );
    expect(actual(shown.scenario.summary)).toEqual(e);
    expect(shown.lines.map((l: any) => l.id).sort()).toEqual([...pct.keys()].sort());
    for (const line of shown.lines) {
      expect(c(line.adjustedAmount)).toBe(kept(amounts.get(line.id)!, pct.get(line.id)!));
    }
    const byName = Object.fromEntries(shown.categories.map((k: any) => [k.category, k]));
    const cutOf = (list: number[]) =>
      list.reduce((s, id) => s + amounts.get(id)! - kept(amounts.get(id)!, pct.get(id) ?? 10000n), 0n);
    expect(c(byName['Special Education'].cut)).toBe(cutOf(ids.sped));
    expect(c(byName.Supplies.cut)).toBe(cutOf(ids.supplies));
    expect(c(byName.Uncategorized.cut)).toBe(0n);
    const showText = await cli('scenarios', 'show', 'level service', '--budget-year', 'FY26');
    expect(showText.code).toBe(0);
    expect(showText.stdout).toContain("Scenario 'Level service'");
    const supplies = ids.supplies.map((id) => amounts.get(id)!).reduce((a, b) => a + b, 0n);
    const suppliesCut = cutOf(ids.supplies);
    expect(showText.stdout).toMatch(
      new RegExp(`Supplies +${[supplies, supplies - suppliesCut, suppliesCut].map(money).join(' +')}`),
    );
    expect(showText.stdout).toContain('Lines cut (7)');
    expect(showText.stdout).toMatch(/Special Education +\$12,345\.67 +95% +95% +\$11,728\.39 +\$617\.28/);
  }, 300_000);

  it('refuses bad input (exit 2, naming the flag) and unknown names (exit 1), writing nothing', async () => {
    const before = await counts();
    const apply = (...flags: string[]) =>
      cli('scenarios', 'apply', 'Refused', '--budget-year', 'FY26', '--create', ...flags);
    const bad: [string[], RegExp][] = [
      [
        ['--cut', 'Supplies=150'],
        /--cut: Supplies=150: Enter a percent from 0 to 100 with at most 2 decimals/,
      ],
      [['--cut', 'Supplies=-5'], /--cut: Supplies=-5: Enter a percent from 0 to 100/],
      [['--cut', 'Supplies=ten'], /--cut: Supplies=ten: Enter a percent from 0 to 100/],
      [['--cut', 'Supplies=12.345'], /at most 2 decimals/],
      [['--cut', 'Supplies'], /--cut: Supplies: write each cut as CATEGORY=PERCENT/],
      [[], /required option '--cut <category=percent>' not specified/],
      [['--cut', 'Supplies=10', '--cut', 'supplies=20'], /--cut: supplies is named twice/],
      [['--cut', 'Supplies=10', '--fiscal-year', 'next'], /--fiscal-year: /],
    ];
    for (const [flags, message] of bad) {
      const r = await apply(...flags);
      expect(r.code, flags.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    }
    const unknownCategory = await apply('--cut', 'Supplies=10', '--cut', 'Books=10');
    expect(unknownCategory.code).toBe(1);
    expect(unknownCategory.stderr).toMatch(
      /No budget category Books \(there are: .*Special Education, Supplies/,
    );
    const unknownScenario = await cli(
      'scenarios',
      'apply',
      'Nope',
      '--budget-year',
      'FY26',
      '--cut',
      'Supplies=10',
    );
    expect(unknownScenario.code).toBe(1);
    expect(unknownScenario.stderr).toMatch(/No cut scenario Nope in FY26 \(there are: Level service\)/);
    const unknownShow = await cli('scenarios', 'show', 'Nope', '--budget-year', 'FY26', '--json');
    expect(unknownShow.code).toBe(1);
    // With --json the refusal is the one JSON document on stdout.
    expect(JSON.parse(unknownShow.stdout)).toEqual({
      error: 'No cut scenario Nope in FY26 (there are: Level service)',
      code: 'NOT_FOUND',
    });
    expect((await cli('scenarios', 'list', '--budget-year', 'FY99')).stderr).toMatch(
      /No budget year FY99 \(there are: /,
    );
    expect(await counts()).toEqual(before);
    expect(
      JSON.parse((await cli('scenarios', 'list', '--budget-year', 'FY26', '--json')).stdout).map(
        (s: any) => s.name,
      ),
    ).toEqual(['Level service']);
  }, 300_000);

  // One arithmetic (shared/budget-math.ts): the CLI's dashboard and its Scenario Builder give
  // the same gap for the same lines and goal, to the cent, as the API's do (routes/cut-scenarios.test.ts).
  it('gives the dashboard the same gap as an uncut scenario, to the cent, in the same words', async () => {
    const original = [...amounts.values()].reduce((a, b) => a + b, 0n);
    const goal = c(Number(GOAL));
    const dash = await cli('dashboard', 'summary', '--budget-year', 'FY26', '--json');
    expect(dash.code).toBe(0);
    expect(c(JSON.parse(dash.stdout).gap)).toBe(goal - original);
    const uncut = await cli(
      'scenarios',
      'apply',
      'Uncut',
      '--budget-year',
      'FY26',
      '--cut',
      'Supplies=0',
      '--create',
      '--json',
    );
    expect(uncut.code).toBe(0);
    const summary = JSON.parse(uncut.stdout).scenario.summary;
    expect(c(summary.gap)).toBe(original - goal);
    expect(summary.meetsGoal).toBe(false);
    const text = await cli('dashboard', 'summary', '--budget-year', 'FY26');
    expect(text.stdout).toContain(`  Gap                 Over guidance by ${usd(original - goal)}\n`);
    // The scenario says its gap (adjusted - goal, the other way round) in the same words.
    const shown = await cli('scenarios', 'show', 'Uncut', '--budget-year', 'FY26');
    expect(shown.stdout).toContain(`  Gap                     Over guidance by ${usd(original - goal)}\n`);
  }, 300_000);

  it('uses the budget year the web app opens on when none is given, and says so', async () => {
    const listed = await cli('scenarios', 'list', '--json');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stderr).toContain("Budget year FY26 (the web app's default; --budget-year to choose)");
    const named = await cli('scenarios', 'list', '--budget-year', 'FY26', '--json');
    expect(JSON.parse(listed.stdout)).toEqual(JSON.parse(named.stdout));
    const shown = await cli('scenarios', 'show', 'Uncut', '--json');
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout).scenario.name).toBe('Uncut');
  }, 300_000);

  it('says a year with no town goal has none: no gap against $0 and no goal to meet', async () => {
    await withDb(async (knex) => {
      const year = await knex('budget_years').where({ current_fiscal_year: 2026 }).first();
      const supplies = await knex('budget_categories').where({ name: 'Supplies' }).first();
      await insertProposed(knex, [
        { budgetYearId: year.id, fiscalYear: 2027, amount: '49000000.25', categoryId: supplies.id },
      ]);
    });
    const args = ['--budget-year', 'FY26', '--fiscal-year', 'FY27'];
    const made = await cli(
      'scenarios',
      'apply',
      'No goal',
      ...args,
      '--cut',
      'Supplies=0',
      '--create',
      '--json',
    );
    expect(made.code, made.stderr).toBe(0);
    expect(JSON.parse(made.stdout).scenario.summary).toMatchObject({
      lineCount: 1,
      hasTownGoal: false,
      gap: null,
      meetsGoal: null,
    });
    const shown = await cli('scenarios', 'show', 'No goal', ...args);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/Town goal +not set\n/);
    expect(shown.stdout).toContain(
      'No town goal set for FY27 (budget-cli town-goals set --fiscal-year FY27)',
    );
    expect(shown.stdout).not.toMatch(/counts as \$0|guidance by/);
  }, 300_000);
});
