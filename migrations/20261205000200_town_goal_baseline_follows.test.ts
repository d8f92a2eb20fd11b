import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../test/migration-db';
import { down, up } from './20261205000200_town_goal_baseline_follows';
import { migrationSource } from './index';

const NAME = '20261205000200_town_goal_baseline_follows';

/**
 * Goals saved with their baseline year's goal as the baseline follow it from now on (no amount
 * stored); a baseline entered as another amount, and a BOTH goal's, stay stored.
 */
describe(`migration ${NAME}`, () => {
  const db = databaseBefore(down);

  it('is registered, so every database that migrates runs it', async () => {
    expect(await migrationSource.getMigrations([])).toContain(NAME);
  });

  it('clears the baselines that are the baseline year’s goal, and puts them back going down', async () => {
    const goal = (fiscal_year: number, goal_type: string, dollar_goal: string, more = {}) => ({
      fiscal_year,
      goal_type,
      dollar_goal,
      ...more,
    });
    await db.knex('town_goals').insert([
      goal(2091, 'DOLLAR', '1000.10'),
      goal(2092, 'PERCENT', '1035.10', {
        percent_goal: 3.5,
        baseline_year: 2091,
        baseline_amount: '1000.10',
      }),
      goal(2093, 'DOLLAR', '1100.00', {
        percent_goal: 6.27,
        baseline_year: 2092,
        baseline_amount: '1035.10',
      }),
      goal(2094, 'PERCENT', '990.00', {
        percent_goal: -1,
        baseline_year: 2093,
        baseline_amount: '1000.00',
      }),
      goal(2095, 'BOTH', '1111.00', { percent_goal: 1, baseline_year: 2094, baseline_amount: '990.00' }),
    ]);
    const baselines = async () =>
      (
        await db.knex.raw(
          'SELECT fiscal_year, baseline_amount::text AS b FROM town_goals WHERE fiscal_year > 2090 ORDER BY 1',
        )
      ).rows.map((r: { fiscal_year: number; b: string | null }) => [r.fiscal_year, r.b]);

    await up(db.knex);
    expect(await baselines()).toEqual([
      [2091, null],
      [2092, null],
      [2093, null],
      [2094, '1000.00'],
      [2095, '990.00'],
    ]);
    await down(db.knex);
    expect(await baselines()).toEqual([
      [2091, null],
      [2092, '1000.10'],
      [2093, '1035.10'],
      [2094, '1000.00'],
      [2095, '990.00'],
    ]);
  });
});
