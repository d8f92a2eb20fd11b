import type { Knex } from 'knex';

/**
 * A town goal whose baseline is its baseline year's goal follows that goal (issue: a percent goal's
 * dollars stayed computed from the baseline it was saved with). Such a goal keeps no baseline
 * amount: baseline_amount is null and baseline_year names the goal it follows, read as it stands
 * (server/domains/budgets/queries/town-goal-standing.ts). Every DOLLAR or PERCENT goal saved with
 * its baseline year's goal as the baseline, still that goal's dollars, becomes such a goal; a
 * baseline entered as another amount, or one that goal has since moved away from, stays the amount
 * stored. No goal's figures change here: the baseline read is the amount that was stored.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    UPDATE town_goals g SET baseline_amount = NULL
      FROM town_goals b
     WHERE g.goal_type IN ('DOLLAR', 'PERCENT') AND g.baseline_year = b.fiscal_year
       AND g.baseline_amount = b.dollar_goal`);
}

/** Back to a stored baseline: the dollars of the goal followed, as they were last saved. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    UPDATE town_goals g SET baseline_amount = b.dollar_goal
      FROM town_goals b
     WHERE g.baseline_amount IS NULL AND g.goal_type IN ('DOLLAR', 'PERCENT')
       AND g.baseline_year = b.fiscal_year`);
}
