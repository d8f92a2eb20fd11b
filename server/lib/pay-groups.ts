import { MIN_RANGE_COUNT } from '@shared/schemas/dashboard';
import { can, type Actor } from '@server/policies/index';

/**
 * Individual pay reaches only ADMIN and FINANCE (those who may read lines). Everyone else reads
 * salaries only summed over at least MIN_PAY_GROUP people: the dashboard's salary ranges and the
 * public dashboard use the same size. A sum over 1 to 4 people is withheld, and so are enough
 * other rows of the same breakdown that the total minus the rows shown cannot give it back.
 */
export const MIN_PAY_GROUP = MIN_RANGE_COUNT;

/** The note a report carries when it withheld a sum of pay from its reader. */
export const PAY_WITHHELD_NOTE = `Salaries summed over fewer than ${MIN_PAY_GROUP} people (and enough other rows that they cannot be worked out from the total) are shown only to administrators and finance staff.`;

/** Whether this reader sees every sum of pay, however few people it covers. */
export const seesIndividualPay = (actor: Pick<Actor, 'role'>) => can(actor, 'lineItems.read');

/** Whether a sum over `people` people's pay would show one person's: 1 to 4 people (0 shows nothing). */
export const tooFewToShow = (people: number) => people > 0 && people < MIN_PAY_GROUP;

/**
 * The rows of one breakdown (its head counts, in any order) whose pay is withheld: every row of
 * 1 to 4 people, then, while the withheld rows hold fewer than MIN_PAY_GROUP people together, the
 * smallest other row with people (its sum would otherwise let the total reveal theirs).
 */
export function withheldRows(people: readonly number[]): Set<number> {
  const withheld = new Set(people.flatMap((n, i) => (tooFewToShow(n) ? [i] : [])));
  if (!withheld.size) {
    return withheld;
  }
  let hidden = [...withheld].reduce((sum, i) => sum + people[i], 0);
  const others = people
    .map((n, i) => [n, i] as const)
    .filter(([n, i]) => n > 0 && !withheld.has(i))
    .sort((a, b) => a[0] - b[0]);
  for (const [n, i] of others) {
    if (hidden >= MIN_PAY_GROUP) {
      break;
    }
    withheld.add(i);
    hidden += n;
  }
  return withheld;
}

/** withheldRows over rows named by key (funds, a view's groups): the keys of the rows withheld. */
export function withheldKeys<K>(keys: readonly K[], people: (key: K) => number): Set<K> {
  const out = withheldRows(keys.map(people));
  return new Set(keys.filter((_, i) => out.has(i)));
}

/**
 * withheldRows over several sides of the same rows (a comparison's two stages): a row is withheld
 * when any side withholds it.
 */
export function withheldRowsOnAnySide(sides: readonly (readonly number[])[]): Set<number> {
  return new Set(sides.flatMap((people) => [...withheldRows(people)]));
}

/**
 * A breakdown as a page that shows no one's pay prints it (the public dashboard's budget by
 * category, by building and by DESE function, its staffing by school): the rows withheld on any
 * side (withheldRowsOnAnySide over `people`, a row's head counts: one side, or this year and last)
 * are `folded`, for the caller to sum into one row; when on some side those rows hold 1 to 4 people
 * even together, that row may not be shown either (`withheld`: their figures are in the total
 * only). Rows with no people, or enough, are `shown` as they are, in their order. Rows with equal
 * head counts are folded in their order.
 */
export function foldSmallGroups<T>(
  rows: readonly T[],
  people: (row: T) => readonly number[],
): { shown: T[]; folded: T[]; withheld: boolean } {
  const sides = rows.length ? people(rows[0]).map((_, s) => rows.map((r) => people(r)[s])) : [];
  const out = withheldRowsOnAnySide(sides);
  const folded = rows.filter((_, i) => out.has(i));
  return {
    shown: rows.filter((_, i) => !out.has(i)),
    folded,
    withheld: sides.some((side) => tooFewToShow([...out].reduce((n, i) => n + side[i], 0))),
  };
}

/**
 * Whether a general-fund answer must also be judged on every fund's head counts. A reader who may
 * not see individual pay may ask for every fund and then for the general fund: the difference is
 * the pay of the people only another fund pays, so those people are sides of the rule too.
 */
export const judgesFundChoice = (actor: Pick<Actor, 'role'>, funds: string | undefined) =>
  !seesIndividualPay(actor) && funds === 'general';

/**
 * The sides of a general-fund answer's rows with the fund choice's sides added: for each side
 * counted in the general fund, the people every fund's answer counts more in each row. `allFunds`
 * holds every fund's counts of the same rows, side by side; null adds nothing (judgesFundChoice).
 */
export function withFundSides(
  general: readonly (readonly number[])[],
  allFunds: readonly (readonly number[])[] | null,
): number[][] {
  const sides = general.map((side) => [...side]);
  if (!allFunds) {
    return sides;
  }
  return [...sides, ...allFunds.map((side, s) => side.map((n, i) => n - general[s][i]))];
}

/** Whether a reader sees one sum of pay whose sides (withFundSides) count these people. */
export const sumShown = (actor: Pick<Actor, 'role'>, sides: readonly (readonly number[])[]) =>
  seesIndividualPay(actor) || !sides.flat().some(tooFewToShow);
