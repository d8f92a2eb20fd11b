import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCli } from '../test/use-cli';
import { buildBudgetYear, insertProposed } from '../test/factories';

/** `nss figures set|import|list`, `nss show` and `nss rules`, through budget-cli. */
describe('budget-cli nss', () => {
  const cliDb = useCli('nss', {
    timeout: 150_000,
    seed: async (knex) => {
      const id = await buildBudgetYear(knex, { label: 'FY27', currentFiscalYear: 2027 });
      await insertProposed(knex, [
        { budgetYearId: id, fiscalYear: 2027, amount: '900000.00', columns: { dese_code: '2305' } },
        { budgetYearId: id, fiscalYear: 2027, amount: '100000.00', columns: { dese_code: '3300' } },
      ]);
    },
  });
  const { cli } = cliDb;

  it('says to enter the figures, refuses bad ones, then shows the meter', { timeout: 300_000 }, async () => {
    const empty = await cli('nss', 'show', '--budget-year', 'FY27', '--fiscal-year', 'FY2027');
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain('Enter the state figures to see NSS');
    const figures = [
      '--fiscal-year',
      'FY27',
      '--foundation-enrollment',
      '100',
      '--foundation-budget',
      '850000',
      '--required-local-contribution',
      '600000',
      '--chapter70-aid',
      '300000',
    ];
    const zero = await cli('nss', 'figures', 'set', ...figures, '--required-nss', '0');
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain('--required-nss: Required net school spending must be more than $0');
    const set = await cli(
      'nss',
      'figures',
      'set',
      ...figures,
      '--required-nss',
      '900000',
      '--municipal',
      '5200=60000',
      '--municipal',
      '8000=50000',
      '--source',
      'Test sheet',
    );
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('Entered the FY27 state figures');
    const show = await cli('nss', 'show', '--budget-year', 'FY27', '--fiscal-year', 'FY2027', '--json');
    expect(show.code).toBe(0);
    const { meter } = JSON.parse(show.stdout);
    // $900,000 of teachers and $60,000 of health insurance count; buses and debt service do not.
    expect(meter.columns.budgetedNss).toBe(960000);
    // 960,000 / 900,000 = 106.666...%: rounded down to the hundredth.
    expect(meter.columns.percentOfRequired).toBe(106.66);
    const text = await cli('nss', 'show', '--budget-year', 'FY27', '--fiscal-year', 'FY2027');
    expect(text.stdout).toContain('Percent of required    106.66%\n');
    expect(text.stdout).toContain('Headroom above 100%    $60,000.00\n');

    // $599.89 short of the requirement: rounded down, with the dollars short.
    const short = await cli(
      'nss',
      'figures',
      'set',
      ...figures.map((f) => (f === '600000' ? '660599.89' : f)),
      '--required-nss',
      '960599.89',
      '--municipal',
      '5200=60000',
      '--municipal',
      '8000=50000',
    );
    expect(short.code, short.stderr).toBe(0);
    const shortText = await cli('nss', 'show', '--budget-year', 'FY27', '--fiscal-year', 'FY2027');
    // 96,000,000 / 96,059,989 cents = 99.9375...%: 99.93.
    expect(shortText.stdout).toContain('Percent of required    99.93%, $599.89 short\n');
    // Short of a line is said as short, as the dashboard's card says it, not as a negative headroom.
    expect(shortText.stdout).toContain('Short of 100%          $599.89\n');
    expect(shortText.stdout).not.toContain('Headroom above 100%');
    expect(shortText.stdout).toContain('FY27 budgets 99.93% of required net school spending, $599.89 short:');
    expect(text.stdout).toContain('Per pupil, DESE method');
  });

  it('imports a CSV all or nothing', { timeout: 300_000 }, async () => {
    const file = path.join(cliDb.runner.dataDir, 'figures.csv');
    writeFileSync(
      file,
      'fiscal_year,foundation_enrollment,foundation_budget,required_local_contribution,chapter70_aid,required_nss,bogus\nFY28,100,1,1,1,2,x\n',
    );
    const bad = await cli('nss', 'figures', 'import', file);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Unknown column: bogus');
    writeFileSync(
      file,
      'fiscal_year,foundation_enrollment,foundation_budget,required_local_contribution,chapter70_aid,required_nss\nFY28,101,"$870,000",610000,310000,920000\n',
    );
    const ok = await cli('nss', 'figures', 'import', file);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('Imported: FY28 (new)');
    const list = await cli('nss', 'figures', 'list', '--json');
    expect(JSON.parse(list.stdout).map((f: { fiscalYear: number }) => f.fiscalYear)).toEqual([2027, 2028]);
    const rules = await cli('nss', 'rules', '--fiscal-year', 'FY28');
    expect(rules.stdout).toContain('Transportation of students to and from school does not count');
  });

  it('takes a foundation enrollment written with thousands separators, as its dollar flags', async () => {
    const figures = (enrollment: string) =>
      cli(
        'nss',
        'figures',
        'set',
        '--fiscal-year',
        'FY29',
        '--foundation-enrollment',
        enrollment,
        '--foundation-budget',
        '$21,450,000',
        '--required-local-contribution',
        '14,000,000',
        '--chapter70-aid',
        '7,450,000',
        '--required-nss',
        '21,450,000',
        '--json',
      );
    const garbled = await figures('1,50');
    expect(garbled.code).toBe(2);
    expect(garbled.stderr).toContain('--foundation-enrollment: Enter the foundation enrollment in pupils');
    const set = await figures('1,500.25');
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout).figures).toMatchObject({
      fiscalYear: 2029,
      foundationEnrollment: 1500.25,
      foundationBudget: 21_450_000,
      requiredNss: 21_450_000,
    });
    // Printed as it was typed: pupils grouped as every count the CLI prints.
    const listed = await cli('nss', 'figures', 'list');
    expect(listed.stdout).toMatch(/^FY29 +1,500\.25 +\$21,450,000\.00 /m);
  });
});
