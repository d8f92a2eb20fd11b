import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptSecret } from '@server/lib/secrets';
import { buildAiWorld, sqlTotals, goodAnswer, type AiWorld } from '../server/routes/ai-analysis.world';
import { createCliRunner, jsonDocument, type CliRunner } from '../test/cli';
import { apiError, startFakeAnthropic, type FakeAnthropic } from '../test/fake-anthropic';

/**
 * `budget-cli ai cuts` through the real binary against the fake Messages API, with the --as user's
 * own stored key. Figures are recomputed from the rows in SQL, never taken from the code under test.
 */

const SECRETS_KEY = 'ab'.repeat(32);
const KEY = 'sk-ant-cli-KEY-5e5e5e5e';
const EMAIL = 'finance-ai@example.org';

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
    await runner?.close();
    await fake?.close();
  });

  it('--json prints one document: the saved analysis with server-recomputed totals', async () => {
    fake.answer(goodAnswer);
    const res = await cuts('1200000', '--json');
    const doc = jsonDocument(res, 'object');
    expect(doc.targetAmount).toBe('1200000.00');
    expect(doc.result.proposedTotal).toBe(totals.proposed);
    expect(doc.result.personnelTotal).toBe(totals.personnel);
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
  }, 150_000);

  it('refuses without --as, a bad target, and a refused key, saving nothing', async () => {
    const before = await saved();
    const system = await cli('ai', 'cuts', '--budget-year', 'FY99', '--target', '1000');
    expect(system.code).toBe(2);
    expect(system.stderr).toMatch(/--as EMAIL/);
    const bad = await cuts('-5');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--target: The reduction target must be more than \$0/);
    fake.answer(() => apiError(401, 'authentication_error'));
    const refused = await cuts('1000', '--json');
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/AI_KEY_REFUSED.*Profile > Claude API Key/);
    expect(refused.stderr).not.toContain(KEY);
    expect(await saved()).toBe(before);
  }, 150_000);
});
