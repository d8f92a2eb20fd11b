/**
 * The words of the budget-against-goal card, one home for the staff dashboard, the residents'
 * page and the residents' page as plain HTML (server/public-page.ts, read without JavaScript).
 * Only budget-math (no zod): the public page's bundle stays small.
 */
import { NO_TOWN_GOAL, guidanceGapText } from './budget-math';
import { GOAL_FUND_NOTE, type FundChoice } from './schemas/fund-words';

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
  budget: 'Proposed budget, general fund',
  goal: 'Town guidance goal',
  noBudget: `No proposed budget lines for ${fy} in this budget year yet`,
  noGoal: `${NO_TOWN_GOAL} for ${fy}: there is no guidance to compare the budget with.`,
  exact: 'The proposed budget meets the town’s guidance goal exactly.',
  over: 'The proposed budget asks for more than the town’s guidance goal.',
  under: 'The proposed budget is within the town’s guidance goal.',
});

/**
 * What residents call the budget of a year in each stage (a Revised budget read
 * 'Proposed school budget'); a year in Draft, or published before stages, is the proposed one.
 */
const STAGE_BUDGET: Record<string, string> = {
  SUPERINTENDENT_RECOMMENDED: 'Recommended',
  SCHOOL_COMMITTEE_ADOPTED: 'Adopted',
  TOWN_APPROPRIATED: 'Appropriated',
  REVISED: 'Revised',
};

/**
 * The residents' words, naming the budget by the year's `stage` ('REVISED'); `generalFund` when the
 * figure beside the goal is the general fund's (goalBudget: every year published since it was kept).
 */
export const residentGapLabels = (fy: string, stage?: string | null, generalFund = false): GapLabels => {
  const word = (stage && STAGE_BUDGET[stage]) || 'Proposed';
  const the = `The ${word.toLowerCase()} budget`;
  return {
    title: `${fy} Budget and the Town's Goal`,
    subtitle: `What the schools plan to spend in ${fy}, next to the amount the town set as its goal`,
    budget: `${word} school budget${generalFund ? ', general fund' : ''}`,
    goal: "Town's budget goal",
    noBudget: `The ${fy} budget has not been published yet.`,
    noGoal: `The town has not set a budget goal for ${fy} yet.`,
    exact: `${the} matches the town's goal exactly.`,
    over: `${the} is more than the town's goal.`,
    under: `${the} is within the town's goal.`,
  };
};

/**
 * A gap's amount: in the card's millions when it is large, in exact dollars below $100,000, so a
 * $1,816 gap never reads '$0.0M'.
 */
export function gapMoney(
  value: number,
  millions: (v: number) => string,
  exact: (v: number) => string,
): string {
  return Math.abs(value) < 100_000 ? exact(value) : millions(value);
}

/**
 * The staff's guidance gap in words, never a signed number (the dashboard's card and every gap the
 * CLI prints): 'Over guidance by X', 'Under guidance by X', 'On the guidance goal', or for a year
 * with no town goal (null) NO_TOWN_GOAL. `gap` is goal - budget: below zero the budget is over
 * guidance (a scenario's gap, adjusted - goal, is passed negated). `money` formats the amount.
 */
export function staffGapText(gap: number | null, money: (value: number) => string): string {
  return gap === 0 ? 'On the guidance goal' : guidanceGapText(gap === null ? null : -gap, money);
}

/**
 * The gap as a share of the goal, to a tenth of a percent from exact cents: '2.4%', and 'less than
 * 0.1%' for a gap too small to show (never '0.0%' for a gap that is not zero). Null without a goal.
 */
export function gapPercentText(gap: number, goal: number): string | null {
  const goalCents = BigInt(Math.round(goal * 100));
  if (goalCents <= 0n) {
    return null;
  }
  const gapCents = BigInt(Math.round(Math.abs(gap) * 100));
  const tenths = (gapCents * 2000n + goalCents) / (2n * goalCents);
  if (tenths === 0n && gapCents !== 0n) {
    return 'less than 0.1%';
  }
  return `${tenths / 10n}.${tenths % 10n}%`;
}

/** The sentence under the figures; gap is goal - budget (below zero: over the goal), null without a goal. */
export function gapStatus(
  labels: GapLabels,
  facts: { hasBudget: boolean; hasGoal: boolean; gap: number | null },
): string {
  if (!facts.hasBudget) {
    return labels.noBudget;
  }
  if (!facts.hasGoal || facts.gap === null) {
    return labels.noGoal;
  }
  return facts.gap === 0 ? labels.exact : facts.gap < 0 ? labels.over : labels.under;
}

/**
 * The gap in words with its share of the goal, as residents read it, naming the goal as the rest of
 * their page does ('the town's goal', never the staff's 'guidance'): 'Under the town's goal by
 * $1,816 (0.1% of the goal)'; small gaps in dollars (gapMoney). `money` is the card's millions,
 * `exact` whole dollars.
 */
export function residentGapText(
  data: { guidanceGap: number; townGoal: number },
  money: (v: number) => string,
  exact: (v: number) => string,
): string {
  if (data.guidanceGap === 0) {
    return "Matches the town's goal";
  }
  const percent = gapPercentText(data.guidanceGap, data.townGoal);
  const amount = gapMoney(Math.abs(data.guidanceGap), money, exact);
  // guidanceGap is the goal minus the budget: below zero the budget is over the goal.
  const words = `${data.guidanceGap < 0 ? 'Over' : 'Under'} the town's goal by ${amount}`;
  return `${words}${percent ? ` (${percent} of the goal)` : ''}`;
}

/**
 * How a year in Draft (or published before stages were kept) is named: on a line of its own, inside
 * a sentence ('the district's proposed budget'), and to staff, who know the stage as Draft.
 */
const DRAFT_BUDGET = {
  line: 'Proposed budget',
  sentence: 'proposed budget',
  staff: 'Proposed budget (Draft)',
} as const;

/**
 * A year's budget named by its stage, one rule for the residents' page, its plain HTML and the
 * admin's preview: 'School Committee Adopted budget', or the proposed budget of a year in Draft.
 */
export function stageBudget(
  stageLabel: string | null | undefined,
  draft: keyof typeof DRAFT_BUDGET = 'line',
): string {
  return stageLabel ? `${stageLabel} budget` : DRAFT_BUDGET[draft];
}

/**
 * Where a published year stands, with its date: 'School Committee Adopted, voted March 12, 2026';
 * a snapshot from before the date was kept names only the stage; a Draft is the proposed budget.
 */
export function stageLine(data: { stageCaption?: string | null; stageLabel?: string | null }): string {
  return data.stageCaption ?? stageBudget(data.stageLabel);
}

/**
 * The first words about the district, true of the year shown: a Draft is the district's proposal
 * and a recommended budget the superintendent's, neither voted on yet; from the committee's vote
 * on, the budget is the one the school committee has published. The stage comes as its label
 * (STAGE_LABELS: "Superintendent's Recommended"), the only stage whose label says 'Recommended'.
 */
export const schoolIntro = (stageLabel: string | null | undefined): string =>
  !stageLabel
    ? 'The proposed budget the district has published for residents; the school committee has not voted on it yet.'
    : /recommended/i.test(stageLabel)
      ? 'The budget the superintendent has recommended to the school committee, published for residents; the committee has not voted on it yet.'
      : 'The budget the school committee has published for residents.';

/**
 * The budget figure a year's town goal is compared with: the general fund's (GOAL_FUNDS), or the
 * total in figures published before that part was kept.
 */
export const goalBudget = (data: { totalBudget: number; guidanceBudget?: number }) =>
  data.guidanceBudget ?? data.totalBudget;

/**
 * Said under the gap: which lines it compares with the goal (the general fund's), and the all-funds
 * total beside it when the other figures sum every fund and grants make it larger. Figures
 * published before the general fund's part was kept compared their total, and say which.
 */
export function goalFundNote(
  data: { funds?: FundChoice; totalBudget: number; guidanceBudget?: number },
  money: (value: number) => string,
): string {
  if (data.guidanceBudget === undefined) {
    return data.funds === 'general'
      ? GOAL_FUND_NOTE
      : "All funds, grants and revolving funds included: the town's goal pays for the general fund alone.";
  }
  return data.funds === 'general' || data.guidanceBudget === data.totalBudget
    ? GOAL_FUND_NOTE
    : `${GOAL_FUND_NOTE} All funds, grants and revolving funds included: ${money(data.totalBudget)}.`;
}

/**
 * Why a year's spending per pupil is missing, said where the figure would be (the residents' page
 * and its plain HTML): a year is divided only by its own students and its own state figures.
 */
export const perPupilMissing = (fy: string) => ({
  enrollment: `No ${fy} enrollment has been entered, so spending per student is not worked out.`,
  state: `The state’s ${fy} figures (its foundation enrollment) are not entered yet.`,
});
