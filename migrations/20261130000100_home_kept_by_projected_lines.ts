import type { Knex } from 'knex';

/**
 * A fiscal year's home (fiscal_year_homes) is given up when its budget year no longer holds any of
 * the year's plan. Projected lines are part of that plan: a year planned by projections (the demo's
 * FY2027, claimed by the seed) lost its home when a salary line there was removed as stale, since
 * only imported or hand-written lines counted, and residents were then offered the year from
 * another budget year at $0. Projected lines still claim nothing (migration 20261127000200).
 */
const RELEASE = (
  counted: string,
) => `CREATE OR REPLACE FUNCTION one_home_release() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM fiscal_year_homes f
       USING (SELECT DISTINCT budget_year_id, fiscal_year FROM old_rows) o
       WHERE f.fiscal_year = o.fiscal_year AND f.budget_year_id = o.budget_year_id
         AND NOT EXISTS (SELECT 1 FROM line_items li WHERE li.budget_year_id = o.budget_year_id
                           AND li.fiscal_year = o.fiscal_year${counted})
         AND NOT EXISTS (SELECT 1 FROM budget_stages s WHERE s.budget_year_id = o.budget_year_id
                           AND s.fiscal_year = o.fiscal_year)
         AND NOT EXISTS (SELECT 1 FROM cut_scenarios c WHERE c.budget_year_id = o.budget_year_id
                           AND c.fiscal_year = o.fiscal_year);
      RETURN NULL;
    END $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(RELEASE(''));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(RELEASE(' AND NOT li.is_projected'));
}
