import type { Db } from '@server/db/index';
import * as q from './queries/public-dashboard';
import type { BudgetYearChoice, PublicYearData } from '@shared/schemas/public-dashboard';
import { yearFigures } from './public-dashboard-figures';
import { chooseSources } from './public-dashboard-sources';
import { shownSections, type ReleasedCounts } from './public-dashboard-release';
import { echoFunds } from '@shared/schemas/fund-choice';

/**
 * The figures a Publish would store now for each year, with the budget year each comes from, and
 * the staff totals released once they are published (public-dashboard-release.ts).
 */
export async function currentFigures(
  db: Db,
  row: q.ConfigRow,
  years: number[],
  publishedAt: string,
  choices: readonly BudgetYearChoice[] = [],
) {
  const snapshots: q.SnapshotRow[] = [];
  const released: ReleasedCounts = { ...row.released_staff_counts };
  const shown = shownSections(row);
  const sources = await chooseSources(db, row.id, years, choices);
  for (const year of years) {
    const budgetYearId = sources.get(year) ?? null;
    const figures =
      budgetYearId === null
        ? null
        : await yearFigures(db, budgetYearId, year, {
            includeProjectedEmployees: row.show_projected_employees,
            funds: row.funds,
            publishedAt,
            shown,
            released: released[String(year)] ?? {},
          });
    if (figures) {
      released[String(year)] = figures.released;
    }
    snapshots.push({
      fiscal_year: year,
      budget_year_id: budgetYearId,
      data: figures?.data ?? null,
      published_at: publishedAt,
    });
  }
  return { snapshots, released };
}

/** JSON with every object's keys sorted: jsonb gives keys back in its own order. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * Whether what a Publish would store now differs from what residents see: the budget data of a
 * published year changed (a line, a goal, a category's name or colour, enrollment), or the year
 * now comes from another budget year. Worked out by the same code Publish runs, so it cannot
 * disagree with it.
 */
export async function dataChangedSincePublish(db: Db, row: q.ConfigRow): Promise<boolean> {
  if (!row.is_published) {
    return false;
  }
  const snapshots = await q.listSnapshots(db, row.id);
  for (const snap of snapshots) {
    const publishedAt = new Date(snap.published_at).toISOString();
    const {
      snapshots: [now],
    } = await currentFigures(db, row, [snap.fiscal_year], publishedAt);
    if (now.budget_year_id !== snap.budget_year_id || canonical(now.data) !== canonical(storedData(snap))) {
      return true;
    }
  }
  return false;
}

/**
 * A stored year's figures as a Publish now writes them: before stages, snapshots had no stageLabel;
 * before the fund choice, no funds (they summed every fund's lines).
 */
export function storedData(snap: Pick<q.SnapshotRow, 'data'>): unknown {
  const data = snap.data as PublicYearData | null;
  return data && { ...data, stageLabel: data.stageLabel ?? null, ...echoFunds(data.funds) };
}
