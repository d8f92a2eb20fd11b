import { describe, expect, it } from 'vitest';
import { jsonDocument } from '../test/cli';
import { useCli } from '../test/use-cli';

/**
 * A grant's award typed as the award letter writes it ('$412,345.67'), as the Funds screen takes
 * it, and `funds delete --json`, on an empty district (the general fund only).
 */
describe('budget-cli funds: awards as written, delete --json', () => {
  const { cli, withDb } = useCli('funds-award', { timeout: 150_000 });
  /** The stored award, as PostgreSQL writes the numeric (no float on the way). */
  const awardOf = (id: number) =>
    withDb(
      async (knex) =>
        (await knex('funds').where({ id }).first(knex.raw('award_amount::text AS award'))).award as string,
    );

  it('takes an award with a dollar sign and thousands separators, to the cent', async () => {
    const added = jsonDocument(
      await cli(
        'funds',
        'add',
        'Title I',
        '--code',
        '0310',
        '--kind',
        'federal_grant',
        '--award',
        '$412,345.67',
        '--start',
        '2027-07-01',
        '--end',
        '2028-09-30',
        '--json',
      ),
      'object',
    );
    expect(added).toMatchObject({ name: 'Title I', awardAmount: 412345.67 });
    expect(await awardOf(added.id)).toBe('412345.67');

    const changed = jsonDocument(
      await cli('funds', 'update', String(added.id), '--award', '1,250,000.05', '--json'),
      'object',
    );
    expect(changed.awardAmount).toBe(1250000.05);
    expect(await awardOf(added.id)).toBe('1250000.05');
    expect((await cli('funds', 'list')).stdout).toMatch(
      /0310 +Title I +Federal grant +left out +\$1,250,000\.05/,
    );

    // What the API refuses is still refused, naming the flag, and nothing changes.
    const cents = await cli('funds', 'update', String(added.id), '--award', '$1,000.005');
    expect(cents.code).toBe(2);
    expect(cents.stderr).toContain('--award:');
    const words = await cli('funds', 'update', String(added.id), '--award', 'a lot');
    expect(words.code).toBe(2);
    expect(words.stderr).toContain('--award: Enter an amount in dollars');
    expect(await awardOf(added.id)).toBe('1250000.05');

    const nothing = await cli('funds', 'update', String(added.id));
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toBe('Error [VALIDATION_FAILED]: Invalid input:\n  Nothing to update\n');
  }, 120_000);

  it('deletes a fund with --json: one document, the API’s answer', async () => {
    const made = jsonDocument(
      await cli('funds', 'add', 'Rental Revolving', '--code', '2801', '--kind', 'revolving', '--json'),
      'object',
    );
    const deleted = await cli('funds', 'delete', String(made.id), '--json');
    expect(jsonDocument(deleted, 'object')).toEqual({ message: 'Rental Revolving (Revolving fund) deleted' });
    const general = await cli('funds', 'delete', '1', '--json');
    expect(general.code).toBe(1);
    expect(JSON.parse(general.stdout)).toMatchObject({ code: 'CONFLICT' });
    expect(
      jsonDocument(await cli('funds', 'list', '--json'), 'array').map((f: { code: string }) => f.code),
    ).toEqual(['GF', '0310']);
  }, 120_000);
});
