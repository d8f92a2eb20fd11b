import { describe, expect, it } from 'vitest';
import { useDb } from './use-db';

describe('test database harness', () => {
  const db = useDb();

  it('gives each file a migrated database with exact money', async () => {
    const { rows } = await db.knex.raw('select 0.1::numeric(14,2) + 0.2::numeric(14,2) as total');
    expect(rows[0].total).toBe(0.3);
    expect(await db.knex.schema.hasTable('users')).toBe(true);
  });
});
