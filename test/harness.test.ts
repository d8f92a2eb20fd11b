import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@server/db/index';
import { createTestDb } from './db';

describe('test database harness', () => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  it('gives each file a migrated database with exact money', async () => {
    const { rows } = await db.knex.raw('select 0.1::numeric(14,2) + 0.2::numeric(14,2) as total');
    expect(rows[0].total).toBe(0.3);
    expect(await db.knex.schema.hasTable('users')).toBe(true);
  });
});
