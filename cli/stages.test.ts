import { describe, expect, it } from 'vitest';
import { advanceArgs, useCli } from '../test/use-cli';
import { buildBudgetYear, insertProposed, sumCents } from '../test/factories';

/** `stage list|advance|reopen|show`, through budget-cli. */
describe('budget-cli stage', () => {
  const AMOUNTS = ['2500000.25', '125000.50', '7300.01'];
  const year = ['--budget-year', 'FY27', '--fiscal-year', 'FY2027'];

  const { cli } = useCli('stages', {
    timeout: 150_000,
    seed: async (knex) => {
      const id = await buildBudgetYear(knex, { label: 'FY27', currentFiscalYear: 2027 });
      await insertProposed(
        knex,
        AMOUNTS.map((amount) => ({ budgetYearId: id, fiscalYear: 2027, amount })),
      );
    },
  });

  it(
    'refuses a stage out of order, then records one with its frozen totals',
    { timeout: 300_000 },
    async () => {
      const skipping = await cli(...advanceArgs('TOWN_APPROPRIATED', '2027-05-10'));
      expect(skipping.code).toBe(1);
      expect(skipping.stderr).toContain(
        "FY27 is Draft: the next stage is Superintendent's Recommended, not Town Appropriated",
      );
      const badDate = await cli(...advanceArgs('SUPERINTENDENT_RECOMMENDED', 'May'));
      expect(badDate.code).toBe(2);
      expect(badDate.stderr).toContain('--date');

      const moved = await cli(
        ...advanceArgs('SUPERINTENDENT_RECOMMENDED', '2027-02-01', '--note', 'Presented 1 Feb', '--json'),
      );
      expect(moved.code, moved.stderr).toBe(0);
      const body = JSON.parse(moved.stdout);
      expect(body.current.caption).toBe("Superintendent's Recommended, recommended Feb 1, 2027");
      expect(body.events[0].totals.proposedTotal).toBe(Number(sumCents(AMOUNTS)) / 100);

      const listed = await cli('stage', 'list', ...year);
      expect(listed.stdout).toContain('Next stage: School Committee Adopted');
      expect(listed.stdout).toContain('Presented 1 Feb');

      const shown = await cli('stage', 'show', String(body.events[0].id), '--json');
      expect(
        JSON.parse(shown.stdout)
          .lines.map((l: { amount: number }) => l.amount)
          .sort(),
      ).toEqual(AMOUNTS.map(Number).sort());
    },
  );

  it('takes the next stage by the name Budget Stages shows, as `stage list` prints it with its code', async () => {
    const listed = await cli('stage', 'list', ...year);
    expect(listed.stdout).toContain(
      'Next stage: School Committee Adopted (stage advance --stage SCHOOL_COMMITTEE_ADOPTED)\n',
    );
    // A vote needs every dollar under a DESE function code.
    expect((await cli('dese', 'set-code', ...year, '--code', '2305')).code).toBe(0);
    const adopted = await cli(...advanceArgs('School Committee Adopted', '2027-03-10', '--json'));
    expect(adopted.code, adopted.stderr).toBe(0);
    expect(JSON.parse(adopted.stdout).current).toMatchObject({ stage: 'SCHOOL_COMMITTEE_ADOPTED' });
    // Any letter case, and the code's spelling with dashes, are the same stage.
    const appropriated = await cli(...advanceArgs('town-appropriated', '2027-05-10', '--json'));
    expect(appropriated.code, appropriated.stderr).toBe(0);
    expect(JSON.parse(appropriated.stdout).current).toMatchObject({ stage: 'TOWN_APPROPRIATED' });
    // A stage that does not exist is refused naming the flag; nothing moves.
    const unknown = await cli(...advanceArgs('Approved', '2027-06-01'));
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--stage: stage must be one of');
    expect((await cli('stage', 'list', ...year)).stdout).toMatch(/^FY27: Town Appropriated/);
  }, 120_000);

  it('refuses a fiscal year no budget year plans, naming the flag, rather than print it as a Draft', async () => {
    const nowhere = ['--fiscal-year', 'FY1999'];
    const refusals = [
      await cli('stage', 'list', ...nowhere),
      await cli('stage', 'list', '--budget-year', 'FY27', ...nowhere),
      await cli('stage', 'compare', ...nowhere, '--from', 'current', '--to', 'current'),
      await cli(
        'stage',
        'advance',
        ...nowhere,
        '--stage',
        'SUPERINTENDENT_RECOMMENDED',
        '--date',
        '2027-02-01',
      ),
      await cli('stage', 'reopen', ...nowhere, '--reason', 'A late invoice'),
    ];
    for (const refused of refusals) {
      expect(refused.code).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toContain('--fiscal-year: No budget year plans FY99');
    }
    const json = await cli('stage', 'list', ...nowhere, '--json');
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout).details).toEqual([
      { path: '--fiscal-year', message: 'No budget year plans FY99' },
    ]);
    // The year it plans still reads, its stage unmoved by the refused writes.
    const planned = await cli('stage', 'list', ...year);
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stdout).toMatch(/^FY27: /);
    expect((await cli('stage', 'list', ...nowhere)).code).toBe(2);
  }, 120_000);
});
