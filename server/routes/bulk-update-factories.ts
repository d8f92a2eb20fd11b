import { createTestApp } from '../../test/app';

/**
 * Test setup shared by the bulk-update route tests: a real server with an ADMIN, a FINANCE and a
 * VIEW_ONLY user, three buildings (one without a code), and factories that give each test its own
 * budget year and employee lines, so tests never depend on each other.
 */

export type BulkUpdateWorld = Awaited<ReturnType<typeof buildBulkUpdateWorld>>;

let seq = 0;

export async function buildBulkUpdateWorld() {
  const t = await createTestApp();
  const admin = await t.userWith('ADMIN');
  const finance = await t.userWith('FINANCE');
  const viewer = await t.userWith('VIEW_ONLY');
  const buildingRows = await t.db
    .knex('buildings')
    .insert([
      { name: 'Bulk High School', code: 'BHS' },
      { name: 'Brookside Elementary School', code: 'BES' },
      { name: 'Riverview Middle School', code: null },
    ])
    .returning(['id', 'name']);
  const buildings = Object.fromEntries(buildingRows.map((r: { id: number; name: string }) => [r.name, r.id]));

  return {
    t,
    admin,
    finance,
    viewer,
    /** Ids by name: Bulk High School (BHS), Brookside Elementary School (BES), Riverview Middle School. */
    buildings,
    /** A new budget year (current fiscal year 2026). */
    async budgetYear(): Promise<number> {
      seq += 1;
      const [row] = await t.db
        .knex('budget_years')
        .insert({ fiscal_year: `FY-bu${seq}`, name: `Bulk ${seq}`, current_fiscal_year: 2026 })
        .returning('id');
      return row.id;
    },
    /** Employee lines (FY2026, operating, $60,000, no building unless overridden); their ids in order. */
    async employees(budgetYearId: number, rows: Record<string, unknown>[]): Promise<number[]> {
      const inserted = await t.db
        .knex('line_items')
        .insert(
          rows.map((r) => ({
            budget_year_id: budgetYearId,
            fiscal_year: 2026,
            is_operating: true,
            current_salary: 60000,
            ...r,
          })),
        )
        .returning('id');
      return inserted.map((r: { id: number }) => r.id);
    },
    /** The line_items rows, by id. */
    lines: (ids: number[]) => t.db.knex('line_items').whereIn('id', ids).orderBy('id'),
    /** The line-item audit rows of those lines, oldest first. */
    audits: (ids: number[]) =>
      t.db
        .knex('audit_log')
        .where({ entity: 'line-item' })
        .whereIn('entity_id', ids.map(String))
        .orderBy('id'),
    /** POST as the admin unless another token is given. */
    post: (path: string, body: unknown, token = admin.token) => t.api('post', path, { token, body }),
  };
}
