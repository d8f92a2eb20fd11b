import type { Knex } from 'knex';
import { dbKind } from '@server/db/queue';
import { centsText } from '@shared/money';
import type { PositionListQuery } from '@shared/schemas/positions';
import { costedPositions, type CostRow } from './cost-cache';

/** The totals of a set of positions, as GET /positions sends them before presentTotals. */
export interface TotalsRow {
  positions: number;
  fte: number;
  filled_fte: number;
  vacant_fte: number;
  unheld_fte: number;
  vacant_count: number;
  frozen_fte: number;
  budgeted_cost: number | string;
  unpriced_count: number;
  over_filled_count: number;
  /** Positions whose cost lands in no salary line (server/sql/salary-line.ts), and that cost. */
  no_salary_line_count: number;
  no_salary_line_cost: number | string;
}

/**
 * Whether the kept cost rows answer the totals: on PostgreSQL, for every filter but the text search
 * (holder names) and the fund (fund shares are not in the kept rows). Not on PGlite (tests, a small district): its first read, costing every position
 * into Node, took longer than the one aggregate it saves.
 */
export const totalsFromCache = (db: Knex, query: PositionListQuery) =>
  dbKind(db) === 'pg' && query.search === undefined && query.fundId === undefined;

/** The list's filters (queries/positions.ts filters(), bar the search) as a test on a cost row. */
function matches(query: PositionListQuery): (r: CostRow) => boolean {
  const statuses = query.status?.length ? new Set<string>(query.status) : null;
  return (r) =>
    (query.buildingId === undefined ||
      (query.buildingId === 'none' ? r.buildingId === null : r.buildingId === query.buildingId)) &&
    (query.deseCode === undefined || r.deseCode === query.deseCode) &&
    (query.categoryId === undefined ||
      (query.categoryId === 'none' ? !r.salaryLine : r.categoryId === query.categoryId)) &&
    (query.workGroupId === undefined || r.workGroupId === query.workGroupId) &&
    (statuses === null || statuses.has(r.status)) &&
    (query.overFilled === undefined || query.overFilled === r.filledFte > r.fte) &&
    (query.unpriced === undefined || query.unpriced === r.unpriced);
}

/**
 * The totals of the roster's positions matching the filters (not a search), from the kept cost
 * rows: the same figures as queries/positions.ts TOTALS sums in SQL, in integers (FTE in
 * thousandths, cost in cents) so the sums are exact.
 */
export async function cachedTotals(
  db: Knex,
  scope: { budgetYearId: number; fiscalYear: number },
  query: PositionListQuery,
): Promise<TotalsRow> {
  const rows = await costedPositions(db, scope);
  const test = matches(query);
  let positions = 0;
  let fte = 0;
  let filled = 0;
  let vacant = 0;
  let unheld = 0;
  let vacantCount = 0;
  let frozen = 0;
  let cents = 0n;
  let unpriced = 0;
  let overFilled = 0;
  let noLine = 0;
  let noLineCents = 0n;
  for (const r of rows.values()) {
    if (!test(r)) {
      continue;
    }
    positions += 1;
    fte += r.fte;
    filled += r.filledPart;
    vacant += r.openPart;
    unheld += r.unheldPart;
    vacantCount += r.vacancy ? 1 : 0;
    frozen += r.frozenPart;
    cents += r.cents ?? 0n;
    unpriced += r.unpriced ? 1 : 0;
    overFilled += r.filledFte > r.fte ? 1 : 0;
    if (!r.salaryLine) {
      noLine += 1;
      noLineCents += r.cents ?? 0n;
    }
  }
  return {
    positions,
    fte: fte / 1000,
    filled_fte: filled / 1000,
    vacant_fte: vacant / 1000,
    unheld_fte: unheld / 1000,
    vacant_count: vacantCount,
    frozen_fte: frozen / 1000,
    budgeted_cost: centsText(cents),
    unpriced_count: unpriced,
    over_filled_count: overFilled,
    no_salary_line_count: noLine,
    no_salary_line_cost: centsText(noLineCents),
  };
}
