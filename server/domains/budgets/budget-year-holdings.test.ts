import { expect, it } from 'vitest';
import { useDb } from '../../../test/use-db';
import { HOLDING_TABLES } from './queries/budget-year-holdings';

/**
 * Deleting a budget year removes its row, and the database's ON DELETE CASCADE takes every row that
 * names it: a table the delete's check (Holdings) does not count would lose its rows with no word.
 * So every table with a budget year's id is counted, or is one the budget year's creation makes
 * and its delete means to take (its settings, its Draft versions, its two active budgets, its
 * fiscal years' homes; the non-Draft versions and the other scenarios are counted).
 */
const MADE_WITH_IT = ['budget_settings', 'budget_versions', 'fiscal_year_homes', 'scenarios'];

const db = useDb();

it('counts every table that names a budget year before a delete takes its rows', async () => {
  const { rows } = await db.knex.raw<{ rows: { table_name: string }[] }>(
    `SELECT DISTINCT c.table_name FROM information_schema.columns c
       JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
        AND c.column_name LIKE '%budget_year_id'
      ORDER BY c.table_name`,
  );
  const naming = rows.map((r) => r.table_name);
  expect(naming.length).toBeGreaterThan(10);
  const uncounted = naming.filter((t) => !HOLDING_TABLES.includes(t) && !MADE_WITH_IT.includes(t));
  expect(uncounted).toEqual([]);
});
