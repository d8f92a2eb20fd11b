import { fiscalYearLabel, keptCents, NO_TOWN_GOAL, scenarioStatus } from '@shared/budget-math';
import { centsOf, fromCents } from '@shared/money';
import type { ScenarioLine, ScenarioSummary } from '@web/api/cut-scenarios';
import { countOf, formatMoneyCents } from '@web/lib/format';

/*
 * The Scenario Builder's arithmetic in the browser, in integer cents with the server's own rules
 * (shared/budget-math.ts): a line keeps round(amount x percent / 100, 2), and the summary's gap
 * is the general fund's adjusted total - goal, over the goal above zero. It only previews: the cards settle on the server's
 * summary once the percents are saved.
 */

/** A percent (at most 2 decimals) in hundredths: 75.5 -> 7550n. */
export const toHundredths = (percent: number): bigint => BigInt(Math.round(percent * 100));

/** A percent rounded to 2 decimals and held within [floor, 100]. */
export function clampPercent(value: number, floor = 0): number {
  const rounded = Math.round(value * 100) / 100;
  return Math.min(100, Math.max(floor, Math.max(0, rounded)));
}

/** A typed percent ('75', '75.5', '75 %'): the number, or null unless it is 0-100 with at most 2 decimals. */
export function parsePercent(text: string): number | null {
  const trimmed = text.trim().replace(/\s*%$/, '');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) {
    return null;
  }
  const value = Number(trimmed);
  return value >= 0 && value <= 100 ? value : null;
}

/** What a line keeps and loses at a percent. */
export function lineFigures(amount: number, percent: number): { adjustedAmount: number; cut: number } {
  const amountCents = centsOf(amount);
  const kept = keptCents(amountCents, toHundredths(percent));
  return { adjustedAmount: fromCents(kept), cut: fromCents(amountCents - kept) };
}

/** The percents the server stores: every line under 100 (a line left out keeps 100). */
export function adjustmentsOf(percents: ReadonlyMap<number, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [id, percent] of percents) {
    if (percent < 100) {
      out[String(id)] = percent;
    }
  }
  return out;
}

/**
 * Running totals of the lines under the percents on screen, kept up to date one line at a time, so
 * a slider tick costs a couple of BigInt operations however many lines the year holds.
 */
export class PreviewTotals {
  private readonly amounts = new Map<number, bigint>();
  private readonly percents = new Map<number, number>();
  /** The lines the general fund pays: their cuts count against the town's goal (GOAL_FUNDS). */
  private readonly general = new Set<number>();
  private original = 0n;
  private adjusted = 0n;
  private goalAdjusted = 0n;
  private modified = 0;

  constructor(lines: readonly Pick<ScenarioLine, 'id' | 'fy26ProposedV3' | 'percentKept' | 'generalFund'>[]) {
    for (const line of lines) {
      const amount = centsOf(line.fy26ProposedV3);
      const kept = keptCents(amount, toHundredths(line.percentKept));
      this.amounts.set(line.id, amount);
      this.percents.set(line.id, line.percentKept);
      this.original += amount;
      this.adjusted += kept;
      if (line.generalFund) {
        this.general.add(line.id);
        this.goalAdjusted += kept;
      }
      this.modified += line.percentKept < 100 ? 1 : 0;
    }
  }

  percentOf(id: number): number | undefined {
    return this.percents.get(id);
  }

  /** Moves one line to a new percent; false when the line is not one of these. */
  set(id: number, percent: number): boolean {
    const amount = this.amounts.get(id);
    const before = this.percents.get(id);
    if (amount === undefined || before === undefined) {
      return false;
    }
    const moved = keptCents(amount, toHundredths(percent)) - keptCents(amount, toHundredths(before));
    this.adjusted += moved;
    this.goalAdjusted += this.general.has(id) ? moved : 0n;
    this.modified += (percent < 100 ? 1 : 0) - (before < 100 ? 1 : 0);
    this.percents.set(id, percent);
    return true;
  }

  /** Every line's percent (line id -> percent kept). */
  all(): ReadonlyMap<number, number> {
    return this.percents;
  }

  /**
   * The summary these percents give against the server's goal (the server's other fields kept).
   * The scenario's cuts and adds by position (positionsNet, the server's) come off the total as
   * the server takes them off, so the cards do not jump when a save settles.
   */
  summary(base: ScenarioSummary): ScenarioSummary {
    // A year with no town goal: no gap against $0 and nothing to meet (scenarioStatus).
    const goal = base.hasTownGoal ? centsOf(base.townGoal) : null;
    const adjusted = this.adjusted - centsOf(base.positionsNet);
    // The goal is compared with the general fund's part, as the server compares it.
    const goalTotal = this.goalAdjusted - centsOf(base.positionsGeneralNet);
    // These lines' own count: a year with none has not started (meetsGoal null).
    const status = scenarioStatus(goalTotal, goal, this.amounts.size);
    return {
      ...base,
      originalTotal: fromCents(this.original),
      totalCuts: fromCents(this.original - adjusted),
      adjustedTotal: fromCents(adjusted),
      goalTotal: fromCents(goalTotal),
      gap: status.gapCents === null ? null : fromCents(status.gapCents),
      meetsGoal: status.meetsGoal,
      itemsModified: this.modified,
    };
  }
}

/** Per category (by name, in the lines' order: the server sorts them by category): original and cut, in cents. */
export function categoryTotals(
  lines: readonly Pick<ScenarioLine, 'category' | 'fy26ProposedV3' | 'percentKept'>[],
): Map<string, { original: bigint; cut: bigint; lines: number }> {
  const out = new Map<string, { original: bigint; cut: bigint; lines: number }>();
  for (const l of lines) {
    const name = l.category?.name ?? 'No category';
    const amount = centsOf(l.fy26ProposedV3);
    const entry = out.get(name) ?? { original: 0n, cut: 0n, lines: 0 };
    entry.original += amount;
    entry.cut += amount - keptCents(amount, toHundredths(l.percentKept));
    entry.lines += 1;
    out.set(name, entry);
  }
  return out;
}

/**
 * The gap in words, never a bare minus: 'Over goal by $X', 'Under goal by $X' or 'On the goal';
 * 'No town goal set' for a year with no goal (null: scenarioStatus), never a gap against $0.
 */
export function gapLabel(gap: number | null): string {
  if (gap === null) {
    return NO_TOWN_GOAL;
  }
  if (gap > 0) {
    return `Over goal by ${formatMoneyCents(gap)}`;
  }
  if (gap < 0) {
    return `Under goal by ${formatMoneyCents(-gap)}`;
  }
  return 'On the goal exactly';
}

/** The name a line goes by in labels and messages. */
export function lineLabel(line: Pick<ScenarioLine, 'id' | 'accountDesc' | 'accountLine'>): string {
  return line.accountDesc || line.accountLine || `Line ${line.id}`;
}

/** 'FY26' from 2026. */
export const fyLabel = (fiscalYear: number | undefined): string =>
  fiscalYear ? fiscalYearLabel(fiscalYear) : '';

export const count = (n: number, noun: string): string => countOf(n, noun);
