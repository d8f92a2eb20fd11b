import type { AppContext } from '@server/context';
import { badRequest } from '@server/errors';
import { districtNeedAndGap } from '@shared/budget-math';
import { centsText } from '@shared/money';
import { authorize, type Actor } from '@server/policies/index';
import * as q from './queries/rif-calculations';
import { MAX_MONEY_CENTS, MAX_MONEY_TEXT } from '@shared/schemas/common';
import {
  AVERAGE_POSITION_COST,
  type ColaSource,
  type RifCalculation,
  type RifGapInput,
} from '@shared/schemas/cola-calc';
import { colaWarningsOfBreakdown } from './cola-assumptions';
import { cents, colaSourceOf, resolveScope, sumCents, walkScope } from './cola-calc';
import { planningAmounts, plannedYearBudget } from './planning-defaults';
import { GOAL_FUNDS } from '@shared/schemas/fund-words';

/**
 * The RIF gap of a fiscal year (docs/ARCHITECTURE.md 'Salary rules'): the COLA impact by source and
 * the steps-and-lanes dollars of the salary walk moving into the year (from the latest actual year
 * before it), districtNeed = baseline + colaImpact.total + steps and lanes (when included) + new
 * hires' salaries + typed next-year salaries' difference from the rule, gap = need - town funding,
 * the positions a positive gap means at AVERAGE_POSITION_COST each, and the cost of 1% COLA per
 * bargaining unit. Saved with its working (rif_calculations).
 */

const POSITION_CENTS = BigInt(AVERAGE_POSITION_COST) * 100n;
/** Cents as plain decimal text ('-1234.05'), exactly, for numeric columns and jsonb (shared/money.ts). */
const str = centsText;

interface StoredBreakdown {
  workGroupId: number | null;
  workGroupName: string | null;
  category: string | null;
  colaSource: ColaSource;
  contractYear: number | null;
  percentage: string;
  employees: number;
  payroll: string;
  amount: string;
  stepsLanesAmount: string;
}

interface StoredDetails {
  budgetYearId: number;
  baseYear: number;
  employees: number;
  /** Of them, those with no current salary (counted as $0); absent from older calculations. */
  employeesWithoutSalary?: number;
  /** Set when the need is the year's own proposed budget (see plannedYearBudget). */
  needSource?: string;
  averagePositionCost: number;
  costOfOnePercent: q.OnePercentRow[];
  /** Decimal strings; absent from calculations saved before new hires were counted (read as 0). */
  newHires?: number;
  newHiresAmount?: string;
  adjustmentsAmount?: string;
}

/** Row -> DTO; money stored as numeric or decimal strings in jsonb, numbers only here. */
export function presentRif(row: q.RifCalculationRow): RifCalculation {
  const impact = row.cola_impact ?? {};
  const details = (row.baseline_details ?? {}) as Partial<StoredDetails>;
  const num = (v: string | number | null | undefined) => (v === null || v === undefined ? 0 : Number(v));
  return {
    id: row.id,
    fiscalYear: row.fiscal_year,
    scenarioId: row.scenario_id,
    townFundingAmount: num(row.town_funding_amount),
    baselineBudget: num(row.baseline_budget),
    baseYear: details.baseYear ?? null,
    employees: details.employees ?? null,
    employeesWithoutSalary: details.employeesWithoutSalary ?? 0,
    needSource: details.needSource ?? null,
    colaImpact: {
      settled: num(impact.settled),
      negotiating: num(impact.negotiating),
      scenario: num(impact.scenario),
      longTerm: num(impact.longTerm),
      total: num(impact.total),
    },
    stepsLanesAmount: num(row.steps_lanes_amount),
    includeStepsLanes: row.include_steps_lanes,
    newHires: details.newHires ?? 0,
    newHiresAmount: num(details.newHiresAmount),
    adjustmentsAmount: num(details.adjustmentsAmount),
    districtNeed: num(row.district_need),
    gap: num(row.gap),
    rifRequired: row.rif_required,
    positionsEstimate: num(row.positions_estimate),
    averagePositionCost: details.averagePositionCost ?? AVERAGE_POSITION_COST,
    breakdown: ((row.breakdown ?? []) as StoredBreakdown[]).map((b) => ({
      ...b,
      percentage: num(b.percentage),
      payroll: num(b.payroll),
      amount: num(b.amount),
      stepsLanesAmount: num(b.stepsLanesAmount),
    })),
    costOfOnePercent: (details.costOfOnePercent ?? []).map((c) => ({
      ...c,
      payroll: num(c.payroll),
      amount: num(c.amount),
    })),
    calculatedAt: new Date(row.calculated_at).toISOString(),
    calculatedBy: row.calculated_by_name,
    colaWarnings: colaWarningsOfBreakdown(row.fiscal_year, (row.breakdown ?? []) as StoredBreakdown[]),
  };
}

/** POST /cola/calculate-rif-gap: calculates and saves, in one transaction; a refusal saves nothing. */
export async function calculateRifGap(app: AppContext, actor: Actor, input: RifGapInput) {
  authorize(actor, 'cola.write');
  return app.db.transaction(async (trx) => {
    await q.allowLargeWalk(trx);
    const fy = input.fiscalYear;
    const scope = await resolveScope(trx, input, fy, 'fiscalYear');
    // The town's funding pays the general fund's people: a grant pays its own (GOAL_FUNDS).
    const walk = await walkScope(trx, scope, fy, fy, 'fiscalYear', { onePercentYear: fy, funds: GOAL_FUNDS });
    const inTrx = { ...app, db: trx };
    // The year being built, with no baseline given: its need is its own proposed budget and its gap
    // Town Guidance's (plannedYearBudget), not the year before's budget grown by the walk.
    const own =
      input.baselineBudget === undefined
        ? await plannedYearBudget(inTrx, actor, scope.budgetYearId, fy)
        : null;
    const amounts = await planningAmounts(
      inTrx,
      actor,
      {
        budgetYearId: scope.budgetYearId,
        fiscalYear: fy,
        baseline: own ? own.districtNeed : input.baselineBudget,
        funding: input.townFundingAmount,
      },
      { baseline: 'baselineBudget', funding: 'townFundingAmount', fundingRequired: true },
    );
    if (own) {
      amounts.sources.unshift({ field: 'baselineBudget', source: own.source });
    }
    const rows = walk.yearRows(fy);
    const bySource = (source: ColaSource) =>
      sumCents(
        rows.filter((r) => colaSourceOf(r) === source),
        (r) => r.colaAmount,
      );
    const settled = bySource('SETTLED');
    const negotiating = bySource('NEGOTIATING');
    const scenario = bySource('SCENARIO');
    const longTerm = bySource('LONG_TERM');
    const total = settled + negotiating + scenario + longTerm;
    const stepsLanes = sumCents(rows, (r) => r.stepsLanesAmount);
    const newHiresAmount = sumCents(rows, (r) => r.newHiresAmount);
    const adjustments = sumCents(rows, (r) => r.adjustmentsAmount);
    const baseline = cents(amounts.baseline);
    const townFunding = cents(amounts.funding!);
    // New hires and typed next-year salaries are payroll the year will pay, like the COLA. Funding
    // not typed comes from the town goal, so the year being built keeps Town Guidance's own gap.
    const sums = districtNeedAndGap(
      {
        baseline,
        cola: total,
        stepsLanes: input.includeStepsLanes ? stepsLanes : 0n,
        newHires: newHiresAmount,
        adjustments,
      },
      { cents: townFunding, fromGoal: input.townFundingAmount === undefined },
      own && { needCents: baseline, gapCents: own.gap === null ? null : cents(own.gap) },
    );
    const need = sums.needCents;
    const gap = sums.gapCents!;
    if (need > MAX_MONEY_CENTS || gap > MAX_MONEY_CENTS || gap < -MAX_MONEY_CENTS) {
      throw badRequest(`The district need would exceed $${MAX_MONEY_TEXT}, the most an amount can hold`, [
        { path: 'baselineBudget', message: `The need would exceed $${MAX_MONEY_TEXT}` },
      ]);
    }
    const rifRequired = sums.rifRequired;
    const positions = rifRequired ? (gap + POSITION_CENTS - 1n) / POSITION_CENTS : 0n;
    const breakdown: StoredBreakdown[] = rows.map((r) => ({
      workGroupId: r.workGroupId,
      workGroupName: r.workGroup,
      category: r.category,
      colaSource: colaSourceOf(r),
      contractYear: r.contractYear,
      percentage: r.colaPercentage ?? '0',
      employees: r.employees,
      payroll: r.previousPayroll,
      amount: r.colaAmount,
      stepsLanesAmount: r.stepsLanesAmount,
    }));
    // The cost of 1% is on each unit's salaries of the year before fy, imported or walked: the
    // walk rounds each employee's 1% to the cent, as the rule rounds a COLA.
    const costOfOnePercent: q.OnePercentRow[] = rows
      .filter((r) => r.workGroupId !== null)
      .map((r) => ({
        workGroupId: r.workGroupId!,
        workGroupName: r.workGroup ?? '',
        employees: r.employees,
        payroll: r.previousPayroll,
        amount: r.onePercentAmount,
      }))
      .sort((a, b) => a.workGroupName.localeCompare(b.workGroupName) || a.workGroupId - b.workGroupId);
    const details: StoredDetails = {
      budgetYearId: scope.budgetYearId,
      baseYear: walk.baseOf(fy).baseYear,
      employees: walk.employees,
      employeesWithoutSalary: walk.employeesWithoutSalary,
      ...(own ? { needSource: own.source } : {}),
      averagePositionCost: AVERAGE_POSITION_COST,
      costOfOnePercent,
      newHires: rows.reduce((n, r) => n + r.newHires, 0),
      newHiresAmount: str(newHiresAmount),
      adjustmentsAmount: str(adjustments),
    };
    const id = await q.insertRifCalculation(trx, {
      fiscal_year: fy,
      scenario_id: scope.scenarioId,
      town_funding_amount: amounts.funding!,
      baseline_budget: amounts.baseline,
      district_need: str(need),
      gap: str(gap),
      rif_required: rifRequired,
      cola_impact: {
        settled: str(settled),
        negotiating: str(negotiating),
        scenario: str(scenario),
        longTerm: str(longTerm),
        total: str(total),
      },
      breakdown,
      positions_estimate: Number(positions),
      include_steps_lanes: input.includeStepsLanes,
      steps_lanes_amount: str(stepsLanes),
      baseline_details: details as unknown as Record<string, unknown>,
      calculated_by: actor.id,
    });
    const saved = await q.findRifCalculation(trx, id);
    return { calculation: presentRif(saved!), filledIn: amounts.sources };
  });
}

/** GET /cola/rif-calculations: the latest `limit` saved calculations, newest first. */
export async function listRifCalculations(app: AppContext, actor: Actor, limit: number) {
  authorize(actor, 'cola.read');
  return { calculations: (await q.listRifCalculations(app.db, limit)).map(presentRif) };
}
