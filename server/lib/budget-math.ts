/**
 * Budget arithmetic shared by the server, the web and the CLI, in integer cents. No zod and no
 * database here, so the web's small bundles can import it.
 *
 * Two readings of 'gap' exist in SPEC section 4 and both are kept, under names that say which:
 * - the Scenario Builder's gap is the budget over the goal: adjusted total - town goal, over the
 *   goal when above zero (meetsGoal when at or below zero);
 * - the dashboard's guidance gap is the room left under the goal: goal - budget, over guidance when
 *   below zero.
 */

export interface ScenarioStatus {
  /** adjusted - goal, in cents: above zero is over the goal. */
  gapCents: bigint;
  meetsGoal: boolean;
}

export function scenarioStatus(adjustedCents: bigint, goalCents: bigint): ScenarioStatus {
  const gapCents = adjustedCents - goalCents;
  return { gapCents, meetsGoal: gapCents <= 0n };
}

/** goal - budget, in cents: below zero is over guidance. */
export function guidanceGapCents(budgetCents: bigint, goalCents: bigint): bigint {
  return goalCents - budgetCents;
}

/** amount x percent / 100 rounded half away from zero to the cent; percent in hundredths (7550 = 75.5%). */
export function keptCents(amountCents: bigint, percentHundredths: bigint): bigint {
  const scaled = amountCents * percentHundredths;
  const sign = scaled < 0n ? -1n : 1n;
  const abs = scaled < 0n ? -scaled : scaled;
  const whole = abs / 10000n;
  return sign * ((abs % 10000n) * 2n >= 10000n ? whole + 1n : whole);
}
