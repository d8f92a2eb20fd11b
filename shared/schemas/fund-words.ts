/**
 * Which lines a figure sums: every fund's ('all', what the screens always showed) or only the
 * general fund's, the money the town appropriates (a line naming no fund is the general fund's).
 * The dashboard, the stage comparison, per-pupil spending and the resident page each take the
 * choice and say which in every answer, so a figure is never read without it.
 *
 * No zod here: the resident page's bundle reads these words (fund-choice.ts holds the schemas).
 */
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
