/**
 * The words of the budget-against-goal card, one home for the staff dashboard, the residents'
 * page and the residents' page as plain HTML (server/public-page.ts, read without JavaScript).
 * No imports: the public page's bundle stays small.
 */
export interface GapLabels {
  title: string;
  subtitle: string;
  budget: string;
  goal: string;
  noBudget: string;
  noGoal: string;
  exact: string;
  over: string;
  under: string;
}

/** The staff dashboard's words for fiscal year label `fy` ('FY27'). */
export const staffGapLabels = (fy: string): GapLabels => ({
  title: 'Budget vs Town Guidance',
  subtitle: `${fy} proposed budget against the town’s guidance goal`,
  budget: 'Proposed budget',
  goal: 'Town guidance goal',
  noBudget: `No proposed budget lines for ${fy} in this budget year yet`,
  noGoal: `No town guidance set for ${fy}: the goal counts as $0`,
  exact: 'The proposed budget meets the town’s guidance goal exactly.',
  over: 'The proposed budget asks for more than the town’s guidance goal.',
  under: 'The proposed budget is within the town’s guidance goal.',
});

/** The residents' words (SPEC section 8). */
export const residentGapLabels = (fy: string): GapLabels => ({
  title: `${fy} Budget and the Town's Goal`,
  subtitle: `What the schools plan to spend in ${fy}, next to the amount the town set as its goal`,
  budget: 'Proposed school budget',
  goal: "Town's budget goal",
  noBudget: `The ${fy} budget has not been published yet.`,
  noGoal: `The town has not set a budget goal for ${fy} yet.`,
  exact: "The proposed budget matches the town's goal exactly.",
  over: "The proposed budget is more than the town's goal.",
  under: "The proposed budget is within the town's goal.",
});

/** The sentence under the figures; gap is goal - budget (below zero: over the goal). */
export function gapStatus(
  labels: GapLabels,
  facts: { hasBudget: boolean; hasGoal: boolean; gap: number },
): string {
  if (!facts.hasBudget) {
    return labels.noBudget;
  }
  if (!facts.hasGoal) {
    return labels.noGoal;
  }
  return facts.gap === 0 ? labels.exact : facts.gap < 0 ? labels.over : labels.under;
}
