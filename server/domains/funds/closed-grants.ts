import type { Db } from '@server/db/index';
import { periodReaches } from '@shared/schemas/funds';

type GrantPeriod = { id: number; period_start: string | null; period_end: string | null };

/** The funds with a period (grants), as text dates: which years they can pay is periodReaches'. */
async function grantPeriods(db: Db): Promise<GrantPeriod[]> {
  return db('funds')
    .where((q) => q.whereNotNull('period_start').orWhereNotNull('period_end'))
    .select('id', db.raw('period_start::text AS period_start'), db.raw('period_end::text AS period_end'));
}

/**
 * The grants that cannot pay a line of `fiscalYear`: their period does not reach the year the line
 * costs, `costOffset` years later (0 for a budget line; 1 for a roster's position, whose holders'
 * next-year salaries pay the year after: costFiscalYear).
 */
export async function closedGrants(db: Db, fiscalYear: number, costOffset = 0): Promise<number[]> {
  const periods = await grantPeriods(db);
  return periods
    .filter((f) => !periodReaches(f.period_start, f.period_end, fiscalYear + costOffset))
    .map((f) => f.id);
}

/**
 * 'fiscal year:fund id' of each grant that cannot pay a line of each of `years` (closedGrants), for
 * SQL that checks many lines of several years at once (`fiscal_year || ':' || fund_id`).
 */
export async function closedGrantKeys(db: Db, years: readonly number[], costOffset = 0): Promise<string[]> {
  if (!years.length) {
    return [];
  }
  const periods = await grantPeriods(db);
  return years.flatMap((year) =>
    periods
      .filter((f) => !periodReaches(f.period_start, f.period_end, year + costOffset))
      .map((f) => `${year}:${f.id}`),
  );
}
