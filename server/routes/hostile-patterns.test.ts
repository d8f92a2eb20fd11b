import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type ApiResponse, type TestApp } from '../../test/app';
import {
  analyze,
  buildBudgetYear,
  buildScenario,
  buildWorld,
  insertEmployees,
  makeDistrict,
  type World,
} from '../../test/factories';
import { watchHealth } from '../../test/health-watch';
import { LEDGER_FILE } from '../../test/worlds/ledger.suite';
import { suggestedMapping } from '../../test/worlds/import.suite';

/**
 * Patterns people write cannot hold the server. Before, a crosswalk regex such as '^(a|a)*$' or
 * '((a+))+$' (the check for nested repetition missed both) or a glob of many stars, once stored,
 * made the next preview, apply or payroll dry run hold every request for seconds on one
 * 26-character title, doubling with each character; a ledger account pattern with six '...' did
 * the same on one long account. Here such rules are stored straight into the tables (as if saved
 * before the API refused them), lines and files carry the hostile titles and account, and
 * /api/health, polled from another thread, must keep answering. The bound is generous for a
 * loaded 2-core machine, and far below the stalls of before (4 to 8 s for these inputs).
 */
const HEALTH_BOUND_MS = 1500;
const FY = 2026;
/** Titles that took each hostile regex about 2 s before (JavaScript's engine backtracks 2^26 ways). */
const HOSTILE_TITLES = [`${'a'.repeat(26)}!`, 'a'.repeat(30)];
const MANY_STARS = `${'*a'.repeat(12)}*b`;

let t: TestApp;
let admin: string;
let w: World;
const ruleId: Record<string, number> = {};

beforeAll(async () => {
  // The embedded database on a thread of its own, as the server runs it.
  t = await createTestApp({ thread: 'worker' });
  t.app.config.dataDir = mkdtempSync(path.join(tmpdir(), 'hostile-patterns-'));
  admin = (await t.userWith('ADMIN')).token;
  w = await buildWorld(t.db.knex);
  const rules = await t.db
    .knex('position_crosswalk_rules')
    .insert([
      { match_type: 'regex', pattern: '^(a|a)*$', work_group_id: w.teachersId },
      { match_type: 'regex', pattern: '((a+))+$', dese_code: '2305' },
      { match_type: 'glob', pattern: MANY_STARS, dese_code: '2310' },
      // Saved when JavaScript's engine ran the rules: RE2 has no backreferences.
      { match_type: 'regex', pattern: '^(a)\\1', dese_code: '2330' },
    ])
    .returning('id');
  [ruleId.alternation, ruleId.nested, ruleId.stars, ruleId.backreference] = rules.map(
    (r: { id: number }) => r.id,
  );
  await insertEmployees(
    t.db.knex,
    [...HOSTILE_TITLES, 'Teacher'].map((position) => ({
      budgetYearId: w.budgetYearId,
      scenarioId: w.operatingScenarioId,
      fiscalYear: FY,
      position,
      salary: '50000.00',
    })),
  );
});
afterAll(async () => {
  rmSync(t.app.config.dataDir, { recursive: true, force: true });
  await t.close();
});

/** `call` while health is polled: its answer, and the slowest health answer meanwhile. */
async function withHealth<T>(call: () => Promise<T>): Promise<{ res: T; slowestMs: number }> {
  const health = await watchHealth(t.url);
  const res = await call();
  const seen = await health.stop();
  expect(seen.statuses).toEqual([200]);
  expect(seen.answered).toBeGreaterThan(0);
  return { res, slowestMs: seen.slowestMs };
}

const backreferenceRefused = {
  ruleId: 0,
  pattern: '^(a)\\1',
  message: expect.stringMatching(/cannot be used: backreferences/),
};

describe('stored hostile crosswalk rules', () => {
  it('preview and apply answer at once, health meanwhile, the unusable rule named', async () => {
    const { res: preview, slowestMs } = await withHealth(() =>
      t.api('get', `/crosswalk/preview?budgetYearId=${w.budgetYearId}&fiscalYear=FY${FY}`, {
        token: admin,
      }),
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(slowestMs).toBeLessThan(HEALTH_BOUND_MS);
    const titles = Object.fromEntries(
      preview.body.rules.map((r: { ruleId: number; titles: number }) => [r.ruleId, r.titles]),
    );
    // 'aaa…a' (30) matches both regexes; 'aaa…a!' neither; the glob wants a final 'b'.
    expect(titles).toMatchObject({ [ruleId.alternation]: 1, [ruleId.nested]: 1, [ruleId.stars]: 0 });
    expect(preview.body.unusableRules).toEqual([{ ...backreferenceRefused, ruleId: ruleId.backreference }]);
    expect(preview.body.unmatchedTitles.map((u: { title: string }) => u.title).sort()).toEqual([
      'Teacher',
      HOSTILE_TITLES[0],
    ]);

    const { res: apply, slowestMs: applyMs } = await withHealth(() =>
      t.api('post', '/crosswalk/apply', {
        token: admin,
        body: { budgetYearId: w.budgetYearId, fiscalYear: FY, dryRun: true },
      }),
    );
    expect(apply.status, JSON.stringify(apply.body)).toBe(200);
    expect(apply.body).toMatchObject({ dryRun: true, changedLines: 1 });
    expect(applyMs).toBeLessThan(HEALTH_BOUND_MS);
  });

  it('a payroll import dry run with hostile titles answers at once, health meanwhile', async () => {
    const d = await makeDistrict(t.db.knex);
    const csv = [
      'Name,Title,Salary',
      ...HOSTILE_TITLES.map((title, i) => `"Row, ${i}",${title},40000.00`),
      '"Lee, Ana",Teacher,50000.00',
    ].join('\n');
    const analysis = await analyze(t, admin, { name: 'hostile-staff.csv', data: csv });
    expect(analysis.status, JSON.stringify(analysis.body)).toBe(200);
    const { res: dry, slowestMs } = await withHealth(() =>
      t.api('post', '/import/execute', {
        token: admin,
        body: {
          fileName: analysis.body.fileName,
          columnMappings: suggestedMapping(analysis),
          importType: 'operating',
          budgetYearId: d.budgetYearId,
          versionId: d.versionId,
          dryRun: true,
        },
      }),
    );
    expect(dry.status, JSON.stringify(dry.body).slice(0, 500)).toBe(200);
    expect(slowestMs).toBeLessThan(HEALTH_BOUND_MS);
    expect(dry.body.crosswalk).toMatchObject({
      rules: 3,
      matchedRows: 1,
      unmatchedRows: 2,
      unusableRules: [{ ...backreferenceRefused, ruleId: ruleId.backreference }],
    });
  });

  it('refuses to save such a rule when RE2 cannot run it, and saves a nested repetition it runs', async () => {
    const save = (pattern: string) =>
      t.api('post', '/crosswalk/rules', {
        token: admin,
        body: { matchType: 'regex', pattern, deseCode: '2305', titles: ['aaaa', 'Teacher'] },
      });
    const refused = await save('^(?=a)(a)\\1');
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      { path: 'pattern', message: expect.stringMatching(/^'\^\(\?=a\)\(a\)\\1' cannot be used: /) },
    ]);
    const { res: saved, slowestMs } = await withHealth(() => save('^(a|aa)+$'));
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(slowestMs).toBeLessThan(HEALTH_BOUND_MS);
  });
});

describe('a hostile ledger account pattern and a long account', () => {
  /** A dry run of the real Lunenburg ledger, its third row's account replaced by `account`. */
  async function ledgerDryRun(account: string): Promise<ApiResponse> {
    const lines = readFileSync(LEDGER_FILE, 'utf8').split('\r\n');
    lines[2] = lines[2].replace('0100-3-300-2440-05-5-63-2-535016', account);
    const form = new FormData();
    form.append('file', new Blob([lines.join('\r\n')]), 'ledger.csv');
    const analysis = await fetch(`${t.url}/api/ledger/import/analyze`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
      body: form,
    });
    const body = await analysis.json();
    expect(analysis.status, JSON.stringify(body)).toBe(200);
    const columnMappings = Object.fromEntries(
      Object.entries(body.suggestedMappings as Record<string, { csvColumn: string | null }>).map(
        ([field, s]) => [field, s.csvColumn],
      ),
    );
    return t.api('post', '/ledger/import/execute', {
      token: admin,
      body: { fileName: body.fileName, columnMappings, fiscalYear: 2023, dryRun: true },
    });
  }

  /** Split six ways at each '...': seconds of backtracking before, on an account of 261 characters. */
  const HOSTILE_PATTERN = 'a-...-b-...-c-...-d-...-e-...-FUNC-...-x';
  const LONG_ACCOUNT = `${'1-'.repeat(130)}y`;

  it('refuses to set the pattern, naming the limit', async () => {
    const res = await t.api('put', '/ledger/account-pattern', {
      token: admin,
      body: { pattern: HOSTILE_PATTERN },
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      { path: 'pattern', message: expect.stringMatching(/writes '\.\.\.' 6 times: write it at most once/) },
    ]);
  });

  it('a dry run under a stored hostile pattern is refused at once, naming it; a long account is set aside', async () => {
    const budgetYearId = await buildBudgetYear(t.db.knex, { currentFiscalYear: 2023, label: 'FY2023' });
    await buildScenario(t.db.knex, budgetYearId, 'proposed', true, 'Proposed');
    const before = await t.db.knex('ledger_settings').where({ id: 1 }).first('account_pattern');
    await t.db.knex('ledger_settings').where({ id: 1 }).update({ account_pattern: HOSTILE_PATTERN });
    const { res: stored, slowestMs } = await withHealth(() => ledgerDryRun(LONG_ACCOUNT));
    expect(stored.status).toBe(400);
    expect(stored.body.details).toEqual([
      {
        path: 'accountPattern',
        message: expect.stringMatching(/^The account pattern 'a-\.\.\.-b-.*' writes '\.\.\.' 6 times/),
      },
    ]);
    expect(slowestMs).toBeLessThan(HEALTH_BOUND_MS);
    await t.db.knex('ledger_settings').where({ id: 1 }).update(before);

    const { res: dry, slowestMs: dryMs } = await withHealth(() => ledgerDryRun(LONG_ACCOUNT));
    expect(dry.status, JSON.stringify(dry.body).slice(0, 500)).toBe(200);
    expect(dryMs).toBeLessThan(HEALTH_BOUND_MS);
    expect(dry.body.rows.filter((r: { status: string }) => r.status === 'set-aside')).toEqual([
      expect.objectContaining({
        row: 3,
        reason: `account '${LONG_ACCOUNT.slice(0, 30)}…' is 261 characters long: an account is at most 100`,
      }),
    ]);
  });
});

describe('function-code rules: the database reads their globs with LIKE', () => {
  // PostgreSQL's LIKE gives up on a '%' as soon as the rest of the pattern cannot match the rest of
  // the text (LIKE_ABORT), so many '%' against a long text cost about their product, not the
  // exponential a backtracking matcher would take. Shown here rather than assumed.
  it('a rule of 66 stars against a 5,000-character title: the list answers at once, health meanwhile', async () => {
    const stars = `${'*a'.repeat(66)}*b`;
    const longTitle = 'a'.repeat(5000);
    const started = performance.now();
    const { rows } = await t.db.knex.raw(`SELECT ?::text ILIKE ? AS hit`, [
      longTitle,
      stars.replace(/\*/g, '%'),
    ]);
    expect(rows[0].hit).toBe(false);
    expect(performance.now() - started).toBeLessThan(HEALTH_BOUND_MS);

    await insertEmployees(t.db.knex, [
      {
        budgetYearId: w.budgetYearId,
        scenarioId: w.operatingScenarioId,
        fiscalYear: FY,
        position: longTitle,
        salary: '1.00',
      },
    ]);
    const made = await t.api('post', '/function-codes/rules', {
      token: admin,
      body: { kind: 'position', match: stars, functionCode: '2305' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { res: list, slowestMs } = await withHealth(() =>
      t.api('get', '/function-codes/rules', { token: admin }),
    );
    expect(list.status).toBe(200);
    expect(slowestMs).toBeLessThan(HEALTH_BOUND_MS);
    expect(list.body.rules.find((r: { id: number }) => r.id === made.body.rule.id)).toMatchObject({
      lineCount: 0,
    });
  });
});
