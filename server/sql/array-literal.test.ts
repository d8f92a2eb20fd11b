import { describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/db';
import { arrayLiteral } from './array-literal';

/** The literal is read back by PostgreSQL itself, element for element. */
describe('arrayLiteral', () => {
  it('round-trips numbers and texts, quotes and backslashes included, and the empty array', async () => {
    const db = await createTestDb();
    try {
      const ints = await db.knex.raw('SELECT ?::int[] AS a', [arrayLiteral([3, 1, 2])]);
      expect(ints.rows[0].a).toEqual([3, 1, 2]);
      const texts = ['2026:5', 'a"b', 'c\\d', 'e,f}'];
      const back = await db.knex.raw('SELECT ?::text[] AS a', [arrayLiteral(texts)]);
      expect(back.rows[0].a).toEqual(texts);
      const none = await db.knex.raw('SELECT cardinality(?::int[]) AS n', [arrayLiteral([])]);
      expect(none.rows[0].n).toBe(0);
    } finally {
      await db.close();
    }
  });
});
