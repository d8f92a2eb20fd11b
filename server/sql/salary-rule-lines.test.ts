import { expect, it } from 'vitest';
import { EMPLOYEE_STATUSES } from '@shared/schemas/common';
import { isLocked } from '@shared/schemas/salary-rule-lines';
import { useDb } from '../../test/use-db';
import { followsSalaryRuleSql } from './salary-rule-lines';

/**
 * Which lines the automatic next-year salary rule serves is read by TypeScript (the line writer's
 * status rule, the web's locked cells) and by SQL (the recompute, the review flag, what a contract
 * change moves). The database evaluates the one SQL condition here over every kind of line, and
 * the answer must be the TypeScript statement of the rule, so neither can change alone.
 */
const db = useDb();

it('the SQL condition picks exactly the lines the rule serves', async () => {
  const cases = [];
  for (const isOperating of [true, false]) {
    for (const manual of [false, true]) {
      for (const status of [null, ...EMPLOYEE_STATUSES]) {
        for (const salary of [null, '0.00', '0.01', '61000.00']) {
          cases.push({ isOperating, manual, status, salary });
        }
      }
    }
  }
  const values = cases.map(() => '(?::int, ?::boolean, ?::boolean, ?::text, ?::numeric)').join(', ');
  const { rows } = await db.knex.raw<{ rows: { n: number; follows: boolean }[] }>(
    `SELECT l.n, ${followsSalaryRuleSql('l')} AS follows
       FROM (VALUES ${values}) l(n, is_operating, next_year_salary_manual, employee_status, current_salary)
      ORDER BY l.n`,
    cases.flatMap((c, n) => [n, c.isOperating, c.manual, c.status, c.salary]),
  );
  const expected = cases.map(
    (c) => c.isOperating && !c.manual && !isLocked(c.status) && c.salary !== null && c.salary !== '0.00',
  );
  expect(rows.map((r) => r.follows)).toEqual(expected);
  // The grid holds lines on both sides of every condition.
  expect(expected.filter(Boolean)).toHaveLength(4);
});
