/**
 * Budget arithmetic and the rules' figures shared by the server, the web and the CLI (money in
 * integer cents): the gaps, the thresholds that colour a variance or a gap, and fiscal-year labels.
 * No zod and no database here, so the web's small bundles (the public dashboard) can import it.
 * budget-math.test.ts fails when web/ or cli/ writes one of these rules again.
 *
 * Two readings of 'gap' exist and both are kept, under names that say which:
 * - the Scenario Builder's gap is the budget over the goal: the general fund's adjusted total -
 *   town goal, over the goal when above zero (meetsGoal when at or below zero);
 * - the dashboard's guidance gap is the room left under the goal: goal - budget, over guidance when
 *   below zero.
 */

export interface ScenarioStatus {
  /** adjusted - goal, in cents: above zero is over the goal; null for a year with no town goal (goalGap). */
  gapCents: bigint | null;
  /**
   * Whether the budget meets the goal: at or under it. Null for a year with no budget lines, which
   * has not started: nothing meets or misses the goal yet (an empty year read 'Meets goal: Yes');
   * null too for a year with no town goal: there is no goal to meet (it read 'No' against $0).
   */
  meetsGoal: boolean | null;
}

/** What a year with no budget lines says where a figure of its budget would be: it has not started. */
export const NO_LINES_YET = 'No budget lines yet';

/**
 * What a year with no town goal says where its guidance gap would be: with no goal there is no
 * guidance to be over (a gap against a goal of 0 read 'Over guidance by $49M').
 */
export const NO_TOWN_GOAL = 'No town goal set';

/**
 * The one home of 'a year with no town goal has no guidance gap': the gap (either reading), or null
 * without a goal. The server's summary, the Town Goals screen and the CLI ask here.
 */
export function goalGap<T>(gap: T, hasGoal: boolean): T | null {
  return hasGoal ? gap : null;
}

/** goal - budget, in cents: below zero is over guidance; null for a year with no goal (goalGap). */
export function guidanceGapCents(budgetCents: bigint, goalCents: bigint): bigint;
export function guidanceGapCents(budgetCents: bigint, goalCents: bigint | null): bigint | null;
export function guidanceGapCents(budgetCents: bigint, goalCents: bigint | null): bigint | null {
  return goalCents === null ? null : goalCents - budgetCents;
}

/**
 * The one home of 'meets the goal': the server's summary, the Scenario Builder and its workbook ask
 * here. `goalCents` null is a year with no town goal: no gap (goalGap) and nothing to meet.
 */
export function scenarioStatus(
  adjustedCents: bigint,
  goalCents: bigint | null,
  lineCount: number,
): ScenarioStatus {
  const gapCents = goalGap(adjustedCents - (goalCents ?? 0n), goalCents !== null);
  return { gapCents, meetsGoal: lineCount === 0 || gapCents === null ? null : gapCents <= 0n };
}

/**
 * The reduction a year needs to meet its town goal, in cents: what the budget is over the goal
 * (the guidance gap negated), or null when it has no goal or is not over it. AI Analysis's target
 * starts here, on the web and in the CLI.
 */
export function cutTargetCents(guidanceGap: bigint | null, hasGoal: boolean): bigint | null {
  const gap = goalGap(guidanceGap, hasGoal);
  return gap !== null && gap < 0n ? -gap : null;
}

/**
 * A guidance gap in the words every screen and the CLI use: overBy > 0 is 'Over guidance by X',
 * otherwise 'Under guidance by X' (the dashboard passes budget - goal, the Town Goals screen need -
 * goal); null, a year with no town goal (goalGap), is NO_TOWN_GOAL. `money` formats the amount.
 */
export function guidanceGapText(overBy: number | null, money: (value: number) => string): string {
  if (overBy === null) {
    return NO_TOWN_GOAL;
  }
  return `${overBy > 0 ? 'Over' : 'Under'} guidance by ${money(Math.abs(overBy))}`;
}

/** amount x percent / 100 rounded half away from zero to the cent; percent in hundredths (7550 = 75.5%). */
export function keptCents(amountCents: bigint, percentHundredths: bigint): bigint {
  const scaled = amountCents * percentHundredths;
  const sign = scaled < 0n ? -1n : 1n;
  const abs = scaled < 0n ? -scaled : scaled;
  const whole = abs / 10000n;
  return sign * ((abs % 10000n) * 2n >= 10000n ? whole + 1n : whole);
}

/** The short label of a fiscal year: 2026 -> 'FY26', 2005 -> 'FY05' (labels are parsed in schemas/fiscal-year.ts). */
export function fiscalYearLabel(year: number): string {
  return `FY${String(((year % 100) + 100) % 100).padStart(2, '0')}`;
}

/** A run of fiscal years in a sentence: 'FY26 to FY30', or 'FY26' alone. */
export function fiscalYearsText(first: number, last: number): string {
  return first === last ? fiscalYearLabel(first) : `${fiscalYearLabel(first)} to ${fiscalYearLabel(last)}`;
}

/**
 * Budget Comparison's variance thresholds, in percent of the operating amount:
 * within 1% is ALIGNED, within 5% MINOR, over 5% HIGHLIGHT (the row is highlighted), over 10% LARGE.
 */
export const VARIANCE_ALIGNED = 1;
export const VARIANCE_HIGHLIGHT = 5;
export const VARIANCE_LARGE = 10;

/** The flag of a variance of `percent` (either sign) when both sides have lines. */
export function varianceSize(percent: number): 'ALIGNED' | 'MINOR' | 'HIGHLIGHT' | 'LARGE' {
  const size = Math.abs(percent);
  return size <= VARIANCE_ALIGNED
    ? 'ALIGNED'
    : size <= VARIANCE_HIGHLIGHT
      ? 'MINOR'
      : size <= VARIANCE_LARGE
        ? 'HIGHLIGHT'
        : 'LARGE';
}

/** Town guidance: a gap (need - goal) beyond these many dollars either side is OVER or UNDER, else NEAR. */
export const GAP_THRESHOLD = 100_000;
/** A town goal's actual minus goal beyond these many dollars colours its card. */
export const VARIANCE_THRESHOLD = 10_000;

/** The gap analysis's status of need - goal, in cents. */
export function gapStatus(gapCents: bigint): 'OVER' | 'UNDER' | 'NEAR' {
  const threshold = BigInt(GAP_THRESHOLD) * 100n;
  return gapCents > threshold ? 'OVER' : gapCents < -threshold ? 'UNDER' : 'NEAR';
}

/** A goal card's colour from actual - goal (dollars): under the goal is good, over it is not. */
export function varianceTone(variance: number | null): 'good' | 'bad' | 'near' | null {
  if (variance === null) {
    return null;
  }
  return variance < -VARIANCE_THRESHOLD ? 'good' : variance > VARIANCE_THRESHOLD ? 'bad' : 'near';
}

/** What the salary walk adds to a year's baseline, in cents: the payroll the year will pay on top. */
export interface NeedParts {
  baseline: bigint;
  cola: bigint;
  /** 0 when the calculation leaves steps and lanes out. */
  stepsLanes: bigint;
  newHires: bigint;
  /** Typed next-year salaries' difference from the rule. */
  adjustments: bigint;
}

/**
 * A year's district need and its RIF gap, in cents, the one sum the RIF gap and the multi-year
 * projection both make. The need is baseline + COLA + steps and lanes + new hires + typed next-year
 * salaries, except for the year being built (`own`: its own proposed budget, whose COLA and steps are
 * already in it). The gap is need - the town's funding, except that the year being built, funded by
 * its own town goal, takes Town Guidance's own gap (null for a year with no goal, whose funding is
 * then given: need - funding); no funding, no gap. A gap above zero means a reduction in force.
 */
export function districtNeedAndGap(
  parts: NeedParts,
  funding: { cents: bigint; fromGoal: boolean } | null,
  own: { needCents: bigint; gapCents: bigint | null } | null,
): { needCents: bigint; gapCents: bigint | null; rifRequired: boolean } {
  const needCents = own
    ? own.needCents
    : parts.baseline + parts.cola + parts.stepsLanes + parts.newHires + parts.adjustments;
  // Town Guidance has no gap for a year with no goal (goalGap): funding from elsewhere is need - it.
  const gapCents =
    funding === null
      ? null
      : own && funding.fromGoal && own.gapCents !== null
        ? own.gapCents
        : needCents - funding.cents;
  return { needCents, gapCents, rifRequired: gapCents !== null && gapCents > 0n };
}

/** A change in FTE, exact to the thousandth: integer thousandths subtracted, then divided back. */
export function fteChange(now: number, before: number): number {
  return (Math.round(now * 1000) - Math.round(before * 1000)) / 1000;
}

/**
 * Whether a staffing table has a Frozen FTE column: any row (or the total) holds frozen FTE. One
 * rule for the signed-in tables, the resident page and its plain HTML; a snapshot published before
 * the figure was kept has none.
 */
export const showsFrozen = (rows: readonly { frozenFte?: number }[]): boolean =>
  rows.some((r) => (r.frozenFte ?? 0) > 0);

/** FTE in thousandths as messages write it, in the fewest digits: 1000 -> '1', 750 -> '0.75'. */
export const fteText = (thousandths: number) => (thousandths / 1000).toFixed(3).replace(/\.?0+$/, '');
