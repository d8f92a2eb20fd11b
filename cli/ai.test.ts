import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsOf } from '@shared/money';
import { encryptSecret } from '@server/lib/secrets';
import { buildAiWorld, sqlTotals, goodAnswer, type AiWorld } from '../test/worlds/ai-analysis.world';
import { createCliRunner, jsonDocument, type CliRunner } from '../test/cli';
import { apiError, startFakeAnthropic, type FakeAnthropic } from '../test/fake-anthropic';

/**
 * `budget-cli ai cuts` against the fake Messages API, with the --as user's
 * own stored key. Figures are recomputed from the rows in SQL, never taken from the code under test.
 */

const SECRETS_KEY = 'ab'.repeat(32);
const KEY = 'sk-ant-cli-KEY-5e5e5e5e';
const EMAIL = 'finance-ai@example.org';
/** What `ai key set` stores: the key a person put in ANTHROPIC_API_KEY. */
const OWN_KEY = 'sk-ant-cli-OWN-7a7a7a7a';
const NEWCOMER = 'newcomer-ai@example.org';

describe('budget-cli ai cuts', () => {
  let runner: CliRunner;
  let fake: FakeAnthropic;
  let w: AiWorld;
  let totals: { proposed: string; personnel: string };
  const cli = (...args: string[]) => runner.cli(...args);
  /** `--as EMAIL ai cuts --budget-year FY99 --target TARGET ...rest` */
  const cuts = (target: string, ...rest: string[]) =>
    cli('--as', EMAIL, 'ai', 'cuts', '--budget-year', 'FY99', '--target', target, ...rest);
  const saved = async () => {
    const handle = await runner.openDb();
    try {
      return Number((await handle.knex('ai_analyses').count({ n: '*' }))[0].n);
    } finally {
      await handle.close();
    }
  };

  beforeAll(async () => {
    fake = await startFakeAnthropic();
    // The child inherits these through the runner's copy of the environment.
    process.env.ANTHROPIC_BASE_URL = fake.url;
    process.env.ANTHROPIC_MODEL = 'claude-test-model';
    process.env.SECRETS_KEY = SECRETS_KEY;
    process.env.AI_RETRY_PAUSE_MS = '5';
    process.env.ANTHROPIC_API_KEY = OWN_KEY;
    runner = await createCliRunner('ai', { timeout: 150_000 });
    expect((await cli('db', 'migrate')).code).toBe(0);
    expect(
      (
        await cli(
          'users',
          'add',
          '--name',
          'Fran Finance',
          '--email',
          EMAIL,
          '--role',
          'FINANCE',
          '--password',
          'long-enough-pw',
        )
      ).code,
    ).toBe(0);
    const handle = await runner.openDb();
    try {
      await handle
        .knex('users')
        .where({ email: EMAIL })
        .update({
          claude_api_key_enc: encryptSecret(KEY, Buffer.from(SECRETS_KEY, 'hex')),
        });
      await handle
        .knex('budget_years')
        .insert({ fiscal_year: 'FY61', name: 'x', current_fiscal_year: 2061, base_year: 2061 });
      w = await buildAiWorld(handle.knex);
      await handle.knex('budget_years').where({ id: w.budgetYearId }).update({ fiscal_year: 'FY99' });
      totals = await sqlTotals(handle.knex, w);
    } finally {
      await handle.close();
    }
  }, 180_000);
  afterAll(async () => {
    delete process.env.ANTHROPIC_API_KEY;
    await runner?.close();
    await fake?.close();
  });

  it('--json prints one document: the saved analysis with server-recomputed totals', async () => {
    fake.answer(goodAnswer);
    const res = await cuts('1200000', '--json');
    const doc = jsonDocument(res, 'object');
    expect(doc.targetAmount).toBe(1200000);
    expect(centsOf(doc.result.proposedTotal)).toBe(centsOf(totals.proposed));
    expect(centsOf(doc.result.personnelTotal)).toBe(centsOf(totals.personnel));
    expect(doc.result.likelyNeeded).toHaveLength(2);
    expect(doc.createdBy).toBe('Fran Finance');
    expect(res.stdout + res.stderr).not.toContain(KEY);
    expect(fake.requests).toHaveLength(1);
    expect(await saved()).toBe(1);
  }, 150_000);

  it('prints the three lists with their savings and the dropped items', async () => {
    fake.answer(goodAnswer);
    const res = await cuts('$1,200,000');
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/Likely needed: \$[\d,]+\.\d\d/);
    expect(res.stdout).toMatch(/Moderate need: \$0\.00/);
    expect(res.stdout).toMatch(/Deep cuts: \$[\d,]+\.\d\d/);
    expect(res.stdout).toContain('likelyNeeded:0');
    expect(res.stdout).toContain('Dropped by the checks (0)');
    // The world's lines are all the general fund's: it says which fund it read, nothing left out.
    expect(res.stdout).toContain("  General fund only: the fund the town's goal pays for.\n");
    expect(res.stdout).not.toContain('Not analysed');
  }, 150_000);

  it('refuses without --as, a bad target, and a refused key, saving nothing', async () => {
    const before = await saved();
    const system = await cli('ai', 'cuts', '--budget-year', 'FY99', '--target', '1000');
    expect(system.code).toBe(2);
    expect(system.stderr).toMatch(/--as EMAIL/);
    // Nothing is asked of Claude before the checks pass, and the command does not say it is.
    expect(system.stderr).not.toContain('Asking Claude');
    const bad = await cuts('-5');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--target: The reduction target must be more than \$0/);
    fake.answer(() => apiError(401, 'authentication_error'));
    const refused = await cuts('1000', '--json');
    expect(refused.code).toBe(2);
    // With --json the refusal is one JSON document on stdout, the key nowhere in it.
    expect(JSON.parse(refused.stdout)).toMatchObject({ code: 'AI_KEY_REFUSED' });
    expect(refused.stdout).not.toContain(KEY);
    expect(refused.stderr).toContain(
      `Enter a working key with \`budget-cli --as ${EMAIL} ai key set\` (it reads the key from ANTHROPIC_API_KEY).`,
    );
    expect(refused.stderr).not.toContain('Profile');
    expect(refused.stderr).not.toContain(KEY);
    const noLines = await cuts('1000', '--fiscal-year', 'FY40');
    expect(noLines.code).toBe(2);
    expect(noLines.stderr).toMatch(/no proposed lines or personnel for FY40/);
    expect(noLines.stderr).not.toContain('Asking Claude');
    expect(await saved()).toBe(before);
  }, 150_000);

  it('says to store a key with `ai key set`, which stores the one in ANTHROPIC_API_KEY', async () => {
    const added = await cli(
      'users',
      'add',
      '--name',
      'Nell Newcomer',
      '--email',
      NEWCOMER,
      '--password',
      'long-enough-pw',
    );
    expect(added.code, added.stderr).toBe(0);
    const before = await saved();
    const newcomer = (...args: string[]) => cli('--as', NEWCOMER, ...args);
    const missing = await newcomer('ai', 'cuts', '--budget-year', 'FY99', '--target', '1000');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      'Error [AI_KEY_MISSING]: No Claude API key is stored for your account. Add yours with ' +
        `\`budget-cli --as ${NEWCOMER} ai key set\` (it reads the key from ANTHROPIC_API_KEY), then run the analysis again.\n`,
    );
    expect(missing.stderr).not.toContain('Profile');
    expect((await newcomer('ai', 'key', 'status')).stdout).toBe(
      `${NEWCOMER} has no Claude API key stored (\`ai key set\` stores one).\n`,
    );
    // The system actor has no key of its own.
    const system = await cli('ai', 'key', 'set');
    expect(system.code).toBe(2);
    expect(system.stderr).toContain('name whose with --as');

    const stored = await newcomer('ai', 'key', 'set');
    expect(stored.code, stored.stderr).toBe(0);
    expect(stored.stdout).toBe(
      `Stored ${NEWCOMER}'s Claude API key (encrypted); \`ai cuts\` run as them uses it.\n`,
    );
    expect(stored.stdout + stored.stderr).not.toContain(OWN_KEY);
    expect(
      await runner.openDb().then(async (h) => {
        try {
          return (await h.knex('users').where({ email: NEWCOMER }).first('claude_api_key_enc'))
            .claude_api_key_enc;
        } finally {
          await h.close();
        }
      }),
    ).not.toContain(OWN_KEY);

    fake.answer(goodAnswer);
    const res = await newcomer('ai', 'cuts', '--budget-year', 'FY99', '--target', '1000', '--json');
    expect(res.code, res.stderr).toBe(0);
    // `fake.answer` began a new record: the one request, with the key that was in ANTHROPIC_API_KEY.
    // The SDK sends it as x-api-key or, in newer versions, as a bearer token.
    const sent = fake.requests.map(
      (r) => r.headers['x-api-key'] ?? String(r.headers.authorization).replace(/^Bearer /, ''),
    );
    expect(sent).toEqual([OWN_KEY]);
    expect(await saved()).toBe(before + 1);

    expect((await newcomer('ai', 'key', 'remove')).stdout).toBe(`Removed ${NEWCOMER}'s Claude API key.\n`);
    expect(jsonDocument(await newcomer('ai', 'key', 'status', '--json'), 'object')).toMatchObject({
      hasApiKey: false,
    });
  }, 150_000);

  it('reads the target as the web form does (1.2M), and lists and shows saved analyses', async () => {
    fake.answer(goodAnswer);
    const res = await cuts('1.2M', '--json');
    const doc = jsonDocument(res, 'object');
    expect(doc.targetAmount).toBe(1200000);
    expect(res.stderr).toContain('Asking Claude');
    const listed = jsonDocument(await cli('ai', 'list', '--budget-year', 'FY99', '--json'), 'array');
    expect(listed[0]).toMatchObject({ id: doc.id, target: 1200000, budgetYear: 'FY99' });
    const shown = jsonDocument(await cli('ai', 'show', String(doc.id), '--json'), 'object');
    expect(shown).toEqual(doc);
    const text = await cli('ai', 'show', String(doc.id));
    expect(text.stdout).toContain(`AI analysis #${doc.id}, FY99 budget`);
    expect(fake.requests.length).toBeGreaterThan(0);
    const missing = await cli('ai', 'show', '99999999');
    expect(missing.code).toBe(1);
  }, 150_000);

  it('targets what the year is over its town goal when no --target is given', async () => {
    const dash = jsonDocument(await cli('dashboard', 'summary', '--budget-year', 'FY99', '--json'), 'object');
    const handle = await runner.openDb();
    const budget = centsOf(dash.summary.proposedBudget);
    const goal = budget - 123_456n; // the budget is $1,234.56 over it
    try {
      await handle.knex('town_goals').insert({
        fiscal_year: w.fiscalYear,
        goal_type: 'DOLLAR',
        dollar_goal: `${goal / 100n}.${String(goal % 100n).padStart(2, '0')}`,
      });
    } finally {
      await handle.close();
    }
    fake.answer(goodAnswer);
    const res = await cli('--as', EMAIL, 'ai', 'cuts', '--budget-year', 'FY99', '--json');
    const doc = jsonDocument(res, 'object');
    expect(centsOf(doc.targetAmount)).toBe(123_456n);
    expect(res.stderr).toContain('Target $1,234.56: what');
  }, 150_000);
});
