import type { Knex } from 'knex';
import type { Db } from '@server/db/index';
import { systemActor, type Actor } from '@server/policies/index';
import { withSalaryLines, type SalaryLinesLocked } from '@shared/schemas/reconciliation';
import * as q from './queries/reconciliation';
import { followPositions, followRoster, lockedRosterLines, positionsRoster } from './reconciliation';

/**
 * The proposed salary lines of the year being planned follow its roster's positions after every
 * change by any path. A position's cost reads its holders' employee lines (next-year salary, FTE),
 * so every write of an operating line can move it: an edit, a bulk edit, a delete (which vacates
 * the line's positions), an import, a contract or schedule change, an adoption, a roll forward.
 * They all write through this folder and record through its audit writer (audit.ts), so the audit
 * writer marks what changed here, and the marks are followed once, just before the transaction
 * commits: after the whole change, whatever path made it and however many write calls it took,
 * never once per row or per call. An edit marks the places (category, building, function code) of
 * the positions its lines hold, and only the salary lines there are set; a delete (its holders are
 * gone by then) or a bulk change marks whole rosters. A delete marks its lines' year too: left
 * with no payroll of its own, that year's salary lines follow the roster before it from then on.
 */

interface Marks {
  /** Who made the change, for the salary lines' audit entries (a bulk writer may not say). */
  actor: Actor | null;
  /** Employee lines changed: their positions' places are found when followed. */
  lineIds: Set<number>;
  /** Rosters to follow whole, by 'budgetYearId:fiscalYear'; '*' is every roster with positions. */
  rosters: Set<string>;
  /**
   * Years that lost employee lines, by 'budgetYearId:fiscalYear': one left with no payroll of its
   * own follows the roster before it (salarySource), so its salary lines are set from that roster.
   */
  years: Set<string>;
}

const pending = new WeakMap<object, Marks>();

/**
 * The rosters a follow could not reach, by transaction ('budgetYearId:fiscalYear'): the year their
 * cost is budgeted for has a payroll of its own or locked salary lines (salaryLinesNote says which).
 */
const unreached = new WeakMap<object, Set<string>>();

/** The outermost transaction (a savepoint's changes commit with it). */
function rootOf(db: Db): Knex.Transaction | null {
  let trx = (db as Knex.Transaction).isTransaction ? (db as Knex.Transaction) : null;
  while (trx && (trx as unknown as { parentTransaction?: Knex.Transaction }).parentTransaction) {
    trx = (trx as unknown as { parentTransaction: Knex.Transaction }).parentTransaction;
  }
  return trx;
}

/**
 * Records that lines changed: employee lines by id, deleted ones and bulk changes by roster. Outside
 * a transaction (no commit to wait for) they are followed at once.
 */
export async function markLinesChanged(
  db: Db,
  actor: Actor | null,
  change: { lineIds?: readonly number[]; rosters?: readonly string[]; years?: readonly string[] },
): Promise<void> {
  if (!change.lineIds?.length && !change.rosters?.length && !change.years?.length) {
    return;
  }
  const root = rootOf(db);
  const key = root ?? {};
  let marks = pending.get(key);
  if (!marks) {
    marks = { actor, lineIds: new Set(), rosters: new Set(), years: new Set() };
    pending.set(key, marks);
    if (root) {
      const commit = root.commit.bind(root);
      // Knex commits the callback form by calling commit; a throw here rolls the whole change back.
      root.commit = (async (value?: unknown) => {
        await follow(root);
        return commit(value);
      }) as typeof root.commit;
    }
  }
  marks.actor ??= actor;
  change.lineIds?.forEach((id) => marks.lineIds.add(id));
  change.rosters?.forEach((r) => marks.rosters.add(r));
  change.years?.forEach((y) => marks.years.add(y));
  if (!root) {
    await follow(db, key);
  }
}

/**
 * Every roster is followed again before the commit: for a change outside the lines that moves where
 * positions are budgeted (a category's function code places its positions that have none of their
 * own; its personnel flag decides whether they are budgeted at all).
 */
export function followEveryRoster(db: Db, actor: Actor): Promise<void> {
  return markLinesChanged(db, actor, { rosters: ['*'] });
}

/**
 * Follows what is marked in `db`'s transaction now, not at the commit: for a bulk writer whose
 * caller reads the lines again in the same transaction (the marks are then cleared).
 */
export function followNow(db: Db): Promise<void> {
  const root = rootOf(db);
  return root ? follow(root) : Promise.resolve();
}

/** Follows the marks of `db`'s transaction until none are left (the follow itself marks nothing). */
async function follow(db: Db, key: object = db): Promise<void> {
  for (let round = 0; round < 3; round += 1) {
    const marks = pending.get(key);
    if (!marks || (!marks.lineIds.size && !marks.rosters.size && !marks.years.size)) {
      return;
    }
    pending.set(key, { ...marks, lineIds: new Set(), rosters: new Set(), years: new Set() });
    const whole = marks.rosters.has('*')
      ? (await q.rostersWithPositions(db)).map((r) => `${r.budgetYearId}:${r.fiscalYear}`)
      : [...marks.rosters];
    const places = new Map<string, q.Place[]>();
    for (const held of await q.placesHeldBy(db, [...marks.lineIds])) {
      const roster = `${held.budgetYearId}:${held.fiscalYear}`;
      places.set(roster, [...(places.get(roster) ?? []), held.place]);
    }
    for (const roster of new Set([...whole, ...places.keys()])) {
      const [budgetYearId, fiscalYear] = roster.split(':').map(Number);
      const only = whole.includes(roster) ? undefined : places.get(roster);
      const actor = marks.actor ?? systemActor('Salary budget');
      if (!(await followRoster(db, actor, { budgetYearId, fiscalYear }, only))) {
        unreachedOf(key).add(roster);
      }
    }
    for (const year of marks.years) {
      const [budgetYearId, fiscalYear] = year.split(':').map(Number);
      // A budget year deleted in the same change has no lines left to set.
      if (!(await q.budgetYearExists(db, budgetYearId))) {
        continue;
      }
      const { follows, roster } = await positionsRoster(db, budgetYearId, fiscalYear);
      const actor = marks.actor ?? systemActor('Salary budget');
      if (follows && !(await followPositions(db, actor, { budgetYearId, fiscalYear }))) {
        unreachedOf(key).add(`${roster.budgetYearId}:${roster.fiscalYear}`);
      }
    }
  }
}

function unreachedOf(key: object): Set<string> {
  const set = unreached.get(key) ?? new Set<string>();
  unreached.set(key, set);
  return set;
}

/**
 * What the line writes of `db`'s transaction so far could not reach, for their answer to say (as a
 * position write's does): follows the marks now, then, of the rosters whose salary lines were not
 * set, the first whose lines are locked and out of date (reconciliation.lockedRosterLines, worded
 * for `actor`). An open year's lines were set, so it costs nothing more there; null when nothing
 * is left out.
 */
export async function salaryLinesNote(db: Db, actor: Actor): Promise<SalaryLinesLocked | null> {
  const root = rootOf(db);
  if (!root) {
    return null;
  }
  await follow(root);
  const rosters = unreached.get(root);
  unreached.delete(root);
  return firstLocked(db, actor, rosters ?? []);
}

/**
 * A line write's answer with salaryLinesNote's note, when there is one (withSalaryLines); `known`:
 * a note the caller already has (a position write's in the same change), said instead.
 */
export async function answerWithSalaryLines<T extends object>(
  db: Db,
  actor: Actor,
  answer: T,
  known: SalaryLinesLocked | null = null,
) {
  return withSalaryLines(answer, known ?? (await salaryLinesNote(db, actor)));
}

async function firstLocked(db: Db, actor: Actor, rosters: Iterable<string>) {
  for (const roster of rosters) {
    const [budgetYearId, fiscalYear] = roster.split(':').map(Number);
    const note = await lockedRosterLines(db, actor, { budgetYearId, fiscalYear });
    if (note) {
      return note;
    }
  }
  return null;
}
