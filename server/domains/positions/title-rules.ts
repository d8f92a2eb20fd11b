import type { Db } from '@server/db/index';
import type { Actor } from '@server/policies/index';
import { checkVacancyCell, requireOpenYear } from './guards';
import { changeEntries } from './position-writes';
import type { PositionBase } from './queries/positions';
import { updatePositions, type PositionValues } from './queries/position-writes';
import { recordChanges } from './record';
import type { SalaryLinesLocked } from '@shared/schemas/reconciliation';
import { afterPositionsChange, placesOf } from './sync';

/**
 * A roster's positions given the work group, category and function code that rules on job titles
 * say (the position crosswalk's Apply). A payroll import makes each newcomer's position from their
 * line, so rules made from the import's unmatched titles and applied afterwards must reach the
 * positions too: they are what the planned year's salary lines follow (by category, building and
 * code), and a position without a category has no salary line to land on.
 */

/** What a position's title gives it: the columns it changes and why (the rules, for its history). */
export interface TitlePatch {
  values: Pick<PositionValues, 'work_group_id' | 'category_id' | 'dese_code'>;
  reason: string;
}

type Place = Pick<PositionBase, 'id' | 'title' | 'work_group_id' | 'category_id' | 'dese_code'>;

/** The roster's positions (closed ones cost nothing and stay as they were), locked for the write. */
export async function rosterForTitleRules(
  db: Db,
  roster: { budgetYearId: number; fiscalYear: number },
): Promise<Place[]> {
  return db('positions')
    .where({ budget_year_id: roster.budgetYearId, fiscal_year: roster.fiscalYear })
    .whereNot({ status: 'closed' })
    .orderBy('id')
    .forUpdate()
    .select('id', 'title', 'work_group_id', 'category_id', 'dese_code');
}

/**
 * Writes the patches (position id -> what its title gives it) in the caller's transaction, each
 * position's history and audit entry naming the rules, then sets the planned year's salary lines at
 * the places the positions left and joined. A locked roster year is refused with the lines' lock
 * message; a vacancy whose own step and lane its new work group's schedule lacks is refused as an
 * edit would be. Returns the positions changed and, when the year their cost is budgeted for has
 * locked salary lines the change could not reach, how far they are (afterPositionsChange's note).
 */
export async function applyTitlePatches(
  db: Db,
  actor: Actor,
  roster: { budgetYearId: number; fiscalYear: number },
  patches: ReadonlyMap<number, TitlePatch>,
): Promise<{ changed: number; salaryLines: SalaryLinesLocked | null }> {
  if (!patches.size) {
    return { changed: 0, salaryLines: null };
  }
  await requireOpenYear(db, roster.budgetYearId, roster.fiscalYear);
  const before: PositionBase[] = await db('positions')
    .whereIn('id', [...patches.keys()])
    .orderBy('id')
    .select('*');
  const batches = new Map<string, { values: TitlePatch['values']; ids: number[] }>();
  const entries = [];
  for (const position of before) {
    const patch = patches.get(position.id)!;
    if (patch.values.work_group_id !== undefined && position.vacancy_step !== null) {
      await checkVacancyCell(
        db,
        patch.values.work_group_id,
        position.vacancy_step,
        position.vacancy_lane,
        position.fiscal_year + 1,
      );
    }
    entries.push(...changeEntries(position, patch.values, patch.reason));
    const key = JSON.stringify(patch.values);
    const batch = batches.get(key) ?? { values: patch.values, ids: [] };
    batch.ids.push(position.id);
    batches.set(key, batch);
  }
  for (const batch of batches.values()) {
    await updatePositions(db, actor, batch.ids, batch.values);
  }
  await recordChanges(db, actor, entries);
  const after = before.map((p) => ({ ...p, ...patches.get(p.id)!.values }));
  const salaryLines = await afterPositionsChange(
    db,
    actor,
    { budget_year_id: roster.budgetYearId, fiscal_year: roster.fiscalYear },
    placesOf([...before, ...after]),
  );
  return { changed: before.length, salaryLines };
}
