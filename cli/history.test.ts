import { describe, expect, it } from 'vitest';
import { useCli } from '../test/use-cli';
import { buildBudgetYear, insertProposed } from '../test/factories';

/**
 * `history <entity> <id>` through budget-cli: the state figures' changes
 * and a stage's reopen with its reason, read from the audit log as the API reads them.
 */
describe('budget-cli history', () => {
  const year = ['--budget-year', 'FY27', '--fiscal-year', 'FY2027'];
  const figures = (requiredNss: string) => [
    'nss',
    'figures',
    'set',
    '--fiscal-year',
    'FY2029',
    '--foundation-enrollment',
    '100',
    '--foundation-budget',
    '850000',
    '--required-local-contribution',
    '600000',
    '--chapter70-aid',
    '300000',
    '--required-nss',
    requiredNss,
  ];

  const { cli } = useCli('history', {
    timeout: 150_000,
    seed: async (knex) => {
      const id = await buildBudgetYear(knex, { label: 'FY27', currentFiscalYear: 2027 });
      await insertProposed(knex, [
        { budgetYearId: id, fiscalYear: 2027, amount: '900000.00', columns: { dese_code: '2305' } },
      ]);
    },
  });

  it('reads the history of a year’s state figures', { timeout: 300_000 }, async () => {
    expect((await cli(...figures('900000'))).code).toBe(0);
    expect((await cli(...figures('912345.67'))).code).toBe(0);
    const json = await cli('history', 'nss-state-figures', '2029', '--json');
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    const { entries } = JSON.parse(json.stdout);
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    expect(entries[0].actor).toBe('budget-cli');
    expect(entries[0].changes).toEqual([{ field: 'requiredNss', before: 900000, after: 912345.67 }]);
    const text = await cli('history', 'nss-state-figures', '2029');
    expect(text.stdout).toMatch(
      /Updated\s+budget-cli\s+Required net school spending\s+\$900,000\.00\s+\$912,345\.67/,
    );

    const bad = await cli('history', 'state-figures', '2029');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Entity must be one of');
  });

  it('reads a stage’s reopen with its reason', { timeout: 300_000 }, async () => {
    for (const [stage, date] of [
      ['SUPERINTENDENT_RECOMMENDED', '2027-02-01'],
      ['SCHOOL_COMMITTEE_ADOPTED', '2027-03-12'],
    ]) {
      expect((await cli('stage', 'advance', ...year, '--stage', stage, '--date', date)).code).toBe(0);
    }
    const reason = 'Grant award arrived after the vote';
    const reopened = await cli('stage', 'reopen', ...year, '--reason', reason, '--json');
    expect(reopened.code).toBe(0);
    const reopen = JSON.parse(reopened.stdout).events.find((e: { event: string }) => e.event === 'reopen');
    const res = await cli('history', 'budget-stage', String(reopen.id), '--json');
    expect(res.code).toBe(0);
    const [entry] = JSON.parse(res.stdout).entries;
    expect(entry.after).toMatchObject({ reason, reopened: 'School Committee Adopted', fiscalYear: 2027 });
    const text = await cli('history', 'budget-stage', String(reopen.id));
    expect(text.stdout).toContain(reason);
    expect((await cli('history', 'budget-stage', '999999')).stderr).toContain('Record not found');
  });
});
