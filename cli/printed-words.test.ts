import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMoneyCents, fromCents } from '@shared/money';
import {
  buildBudgetYear,
  buildCategory,
  buildWorkGroup,
  insertEmployees,
  insertProposed,
} from '../test/factories';
import { useCli } from '../test/use-cli';

/**
 * What the CLI prints a person, in the web's words: the gap against the town goal in words (never a
 * signed number whose sign differed between commands), dates and times readable, money as money,
 * counts with thousands grouped, table headers in words (--json keeps its keys), a cut-off list
 * that says how many more there are and where they are.
 */

/** A timestamp as the CLI prints it: 'Dec 2, 2026, 1:15 AM' (shared/day-words.ts formatDateTime). */
const WHEN = String.raw`[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\s[AP]M`;
const LINES = 1_001;
const AMOUNT = '1000.25';
const usd = (cents: bigint) => formatMoneyCents(fromCents(cents));
const escape = (text: string) => text.replace(/[$.()]/g, '\\$&');

describe('budget-cli printed words', () => {
  let lineId = 0;
  const world = useCli('printed-words', {
    timeout: 240_000,
    setupTimeout: 240_000,
    seed: async (knex) => {
      const budgetYearId = await buildBudgetYear(knex, { label: 'FY27', currentFiscalYear: 2027 });
      const supplies = await buildCategory(knex, { name: 'Supplies', displayOrder: 1 });
      const ids = await insertProposed(
        knex,
        Array.from({ length: LINES }, () => ({
          budgetYearId,
          fiscalYear: 2027,
          amount: AMOUNT,
          categoryId: supplies,
        })),
      );
      lineId = ids[0];
      await buildWorkGroup(knex, 'Clerks');
      await insertEmployees(
        knex,
        Array.from({ length: LINES }, () => ({
          budgetYearId,
          fiscalYear: 2027,
          salary: '50000.00',
          position: 'Clerk',
        })),
      );
    },
  });
  const { cli, withDb } = world;
  const ok = async (...args: string[]) => {
    const res = await cli(...args);
    expect(res.code, `${args.join(' ')}\n${res.stderr}`).toBe(0);
    return res;
  };

  it('says a one-year budget year as one fiscal year', async () => {
    const made = await ok('budget-year', 'create', 'FY26');
    expect(made.stdout).toContain('fiscal year FY26, current FY26');
    expect(made.stdout).not.toContain('FY26 to FY26');
  });

  it('words the gap against the town goal the same way in the dashboard and the scenarios', async () => {
    await ok('town-goals', 'set', '--fiscal-year', 'FY27', '--dollar', '1000');
    const over = usd(BigInt(LINES) * 100025n - 100000n);
    const dash = await ok('dashboard', 'summary', '--budget-year', 'FY27');
    expect(dash.stdout).toContain(`  Gap                 Over guidance by ${over}\n`);
    expect(dash.stdout).toContain('(1,001 lines, 0 projected)');
    expect(dash.stdout).not.toMatch(/-\$/);
    await ok('scenarios', 'apply', 'Uncut', '--budget-year', 'FY27', '--cut', 'Supplies=0', '--create');
    const shown = await ok('scenarios', 'show', 'Uncut', '--budget-year', 'FY27');
    expect(shown.stdout).toContain(`  Gap                     Over guidance by ${over}\n`);
    expect(shown.stdout).toContain('(1,001 lines)');
    const listed = await ok('scenarios', 'list', '--budget-year', 'FY27');
    const [head, , row] = listed.stdout.split('\n');
    expect(head).toMatch(
      /^ID +Name +FY +Active +Original +Cuts +Adjusted +Goal +Gap +Meets goal +Lines cut$/,
    );
    expect(row).toMatch(new RegExp(`  Over guidance by ${escape(over)} +no +0$`));
    // --json keeps its keys and its signed figures: scripts read them.
    const json = JSON.parse((await ok('scenarios', 'list', '--budget-year', 'FY27', '--json')).stdout);
    expect(json[0].summary).toMatchObject({ meetsGoal: false, itemsModified: 0 });
    expect(json[0].summary.gap).toBeGreaterThan(0);
  });

  it('heads tables in words, and --json keeps the keys', async () => {
    const goals = await ok('town-goals', 'list');
    expect(goals.stdout.split('\n')[0]).toMatch(
      /^Fiscal year +Type +Dollar goal +Percent +Baseline +Baseline of +Notes$/,
    );
    const json = JSON.parse((await ok('town-goals', 'list', '--json')).stdout);
    expect(Object.keys(json[0])).toContain('fiscalYear');
  });

  it('groups the thousands of a count', async () => {
    await ok(
      'crosswalk',
      'add',
      '--match',
      'exact',
      '--pattern',
      'Clerk',
      '--work-group',
      'Clerks',
      '--budget-year',
      'FY27',
    );
    const applied = await ok('crosswalk', 'apply', '--budget-year', 'FY27');
    expect(applied.stdout).toContain('changed 1,001 FY27 employee line(s) (work group 1,001)');
  });

  it('prints money as money, fields by name and times as dates in a line’s history', async () => {
    await withDb(async (knex) => {
      await knex('audit_log').insert({
        actor_label: 'budget-cli',
        action: 'update',
        entity: 'line-item',
        entity_id: String(lineId),
        before: JSON.stringify({ amount: 1000.25 }),
        after: JSON.stringify({ amount: 544946415.9, changeReason: 'Grant moved to the general fund' }),
      });
    });
    const text = await ok('history', 'line-item', String(lineId));
    expect(text.stdout.split('\n')[0]).toMatch(/^When +Action +By +Field +Before +After$/);
    expect(text.stdout).toMatch(
      new RegExp(`${WHEN} +Updated +budget-cli +Amount +\\$1,000\\.25 +\\$544,946,415\\.90`),
    );
    expect(text.stdout).toMatch(/Reason for change +— +Grant moved to the general fund/);
    expect(text.stdout).not.toMatch(/changeReason|\dT\d/);
  });

  it('prints when it published as a date and a time', async () => {
    const done = await ok('publish', '--years', 'FY27', '--url-path', 'words');
    expect(done.stdout).toMatch(new RegExp(`^Published FY27 at /public/words \\(${WHEN}\\)\\.`));
    const status = await ok('publish', '--status');
    expect(status.stdout).toMatch(new RegExp(`Published: +yes, at ${WHEN}\\n`));
  });

  it('says how many warnings it did not list, and where they are', { timeout: 240_000 }, async () => {
    const file = path.join(world.runner.dataDir, 'negative.csv');
    const rows = Array.from({ length: 25 }, (_, i) => `"Person ${i}, Pat",Aide,-647.66`);
    writeFileSync(file, ['Name,Position,Current Salary', ...rows].join('\n'));
    const res = await ok('import', file, '--type', 'operating', '--budget-year', 'FY27');
    expect(res.stdout).toContain('25 row(s) imported with warnings:\n');
    expect(res.stdout).toContain('  ... and 5 more (--json lists them all)\n');
  });
});
