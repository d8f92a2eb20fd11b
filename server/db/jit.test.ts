import { describe, expect, it } from 'vitest';
import { AUTOMATIC_NEXT_YEAR_SALARY, NEXT_YEAR_RULE_JOINS } from '@server/sql/salary-rule';
import { useDb } from '../../test/use-db';

/**
 * The next-year salary rule's statements are planned at costs of millions, so PostgreSQL 15 (whose
 * JIT is on by default) compiled each with LLVM: 4.7 s to compile a statement that ran in 20 ms,
 * on every line edit and in every projection. The connection turns JIT off; PGlite has none, so
 * this runs against a real server (TEST_DATABASE_URL).
 */

const db = useDb();

describe('statements on a PostgreSQL server', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'a line edit’s next-year salary is planned without JIT',
    async () => {
      const { rows } = await db.knex.raw<{
        rows: { 'QUERY PLAN': { JIT?: unknown; Plan: { 'Total Cost': number } }[] }[];
      }>(
        `EXPLAIN (FORMAT JSON) SELECT src.id, ${AUTOMATIC_NEXT_YEAR_SALARY} AS value
         FROM line_items src ${NEXT_YEAR_RULE_JOINS} WHERE src.id = ANY(?)`,
        [[1, 2, 3]],
      );
      const [plan] = rows[0]['QUERY PLAN'];
      // The cost that made PostgreSQL reach for JIT (its threshold is 100,000) is still there...
      expect(plan.Plan['Total Cost']).toBeGreaterThan(100_000);
      // ...and the statement is not compiled for it.
      expect(plan.JIT).toBeUndefined();
    },
  );
});
