import { withFundSides, withheldRowsOnAnySide } from '@server/lib/pay-groups';
import type * as q from './queries/budget-stages-compare';

/**
 * The stage comparison's reading of the pay rule (server/lib/pay-groups.ts): which rows of a
 * breakdown a reader who may not see individual pay is not shown, by their head counts.
 */

export const rowKey = (r: q.AggregateRow) => `${r.level}|${r.key}`;
export type Counts = { from: number; to: number };
/**
 * A comparison's head counts as the pay rule reads them: each stage's, and the change between the
 * two (a row going from 6 to 7 people would show the newcomer's pay as its difference). With the
 * fund choice's sides added (withFundSides), then read as numbers of people.
 */
const sidesOf = (counts: Counts[]) => [
  counts.map((c) => c.from),
  counts.map((c) => c.to),
  counts.map((c) => c.to - c.from),
];
export const payRuleSides = (general: Counts[], allFunds: Counts[] | null) =>
  withFundSides(sidesOf(general), allFunds && sidesOf(allFunds)).map((side) => side.map(Math.abs));

/**
 * The rows of a breakdown withheld from a reader who may not see individual pay, by each row's head
 * counts (`people`; `allFunds` gives every fund's, when the fund choice is a side of the rule): those
 * summing 1 to 4 people's pay on either side, or changed by 1 to 4 people between them (or, of a
 * general-fund comparison, so for the people left out), with enough other rows that the total cannot
 * give them back.
 */
export function withheldOf(
  rows: q.AggregateRow[],
  people: (r: q.AggregateRow, counts: Counts) => Counts,
  allFunds: Map<string, Counts> | null,
): Set<number> {
  return withheldRowsOnAnySide(
    payRuleSides(
      rows.map((r) => people(r, r.employeeCount)),
      allFunds && rows.map((r) => people(r, allFunds.get(rowKey(r)) ?? r.employeeCount)),
    ),
  );
}

/**
 * The people whose pay a row's proposed amounts hold: its employees on a side where it has salary
 * lines (proposed lines of a personnel category: the Assistant Superintendent's row is their
 * salary line), none on a side where its proposed lines are other expenses only.
 */
export const salaryLinePeople = (r: q.AggregateRow, c: Counts): Counts => ({
  from: r.salaryLineCount.from ? c.from : 0,
  to: r.salaryLineCount.to ? c.to : 0,
});
