/**
 * Which lines a figure sums: every fund's ('all', what the screens always showed) or only the
 * general fund's, the money the town appropriates (a line naming no fund is the general fund's).
 * The dashboard, the stage comparison, per-pupil spending and the resident page each take the
 * choice and say which in every answer, so a figure is never read without it.
 *
 * No zod here: the resident page's bundle reads these words (fund-choice.ts holds the schemas).
 */
import { formatNumber } from '@shared/money';

export const FUND_CHOICES = ['all', 'general'] as const;
export type FundChoice = (typeof FUND_CHOICES)[number];

/** What the screens, the workbook and the resident page call each choice. */
export const FUND_CHOICE_LABELS: Record<FundChoice, string> = {
  all: 'All funds',
  general: 'General fund only',
};

/** Echoed in an answer: which lines its figures sum, and the words for it ('all' when not given). */
export const echoFunds = (funds: FundChoice = 'all') => ({ funds, fundsLabel: FUND_CHOICE_LABELS[funds] });

/**
 * THE lines a gap against the town's goal sums: the goal is the town's appropriation to the
 * schools, which pays the general fund alone, so a grant's or a revolving fund's line neither puts
 * the budget over the goal nor, cut, brings it under. The dashboard, the resident page, Town
 * Guidance's gap analysis, the planning tools' baseline and the Scenario Builder compare this
 * fund's figure with the goal whichever funds their other figures sum.
 */
export const GOAL_FUNDS: FundChoice = 'general';

/** Said beside every gap against the town's goal, so nobody reads it as all funds. */
export const GOAL_FUND_NOTE = "General fund only: the fund the town's goal pays for.";

/**
 * Said beside an AI analysis, which reads the general fund's lines and people alone: what it left
 * out (`money` formats the total as the caller shows money). Null for an analysis saved before it
 * counted what it left out.
 */
export function analysedFundsNote(
  other: { lines: number; total: number; people: number } | undefined,
  money: (dollars: number) => string,
): string | null {
  if (!other) {
    return null;
  }
  if (other.lines === 0 && other.people === 0) {
    return GOAL_FUND_NOTE;
  }
  const lines = `${formatNumber(other.lines)} proposed line${other.lines === 1 ? '' : 's'} (${money(other.total)})`;
  const people = `${formatNumber(other.people)} ${other.people === 1 ? 'person' : 'people'}`;
  return `${GOAL_FUND_NOTE} Not analysed: ${lines} and ${people} paid by grants and other funds, whose cuts would save those funds, not the town.`;
}
