import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { validationFailed } from '@server/errors';
import { formatMoneyCents } from '@shared/money';
import { authorize, type Actor } from '@server/policies/index';
import type { Adjustments, LineScope } from '@server/domains/planning';
import * as q from './queries/nss';
import { divideRounded, fromCents, fromUnits, unitsOf } from '@shared/schemas/common';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import {
  NO_FIGURES_MESSAGE,
  noLinesMessage,
  percentOfRequiredText,
  percentOfRequiredUnits,
  REQUIRED_NSS_ZERO,
  type NssMeter,
  type NssStatus,
} from '@shared/schemas/nss';
import {
  checkAdjustments,
  requireScenario,
  resolveScope,
  scenarioPositionsCost,
  scopeOf,
} from '@server/domains/planning';
import { cents, schoolSums } from './nss-meter-school';
import { eoyrLabel } from './nss';

/**
 * The NSS meter (docs/MASSACHUSETTS.md): a fiscal year's budgeted spending that
 * counts toward Chapter 70 net school spending, plus the town's counted spending on the schools'
 * behalf, against required NSS, in DESE's six columns, with the headroom above 100% and 95% and what
 * falling short costs. The budget is the dashboard's (the proposed lines that count), under a cut
 * scenario's percents when one is named; which spending counts is the rules table's, never code.
 * All arithmetic in integer cents; a percent is hundredths of a percent, rounded half away from 0,
 * except the percent of required, rounded down so a shortfall never reads as 100%.
 */

const dollars = (c: bigint) => formatMoneyCents(fromCents(c));
const percentText = (hundredths: bigint) => `${fromUnits(hundredths, 2).toFixed(2)}%`;

export interface MeterInput {
  budgetYearId: number;
  fiscalYear: number;
  scenarioId: number | null;
  rulesYear: number | null;
  /** Percent (as text, e.g. '5.00') of the requirement a shortfall may carry forward; null: none in force. */
  carryForwardLimit: string | null;
  sums: q.CodeSumRow[];
  figures: q.StateFiguresRow | null;
  municipal: (q.MunicipalRow & { counts: boolean | null; note: string | null })[];
}

/** The meter from its inputs: no database, so the arithmetic can be read (and tested) on its own. */
export function meterFrom(m: MeterInput): NssMeter {
  const fy = fiscalYearLabel(m.fiscalYear);
  const next = fiscalYearLabel(m.fiscalYear + 1);
  const warnings: string[] = [];
  const school = schoolSums(m.sums);
  const { counted, unmappedCents, unmappedLines } = school;
  if (unmappedLines) {
    warnings.push(
      `${unmappedLines.toLocaleString('en-US')} line${unmappedLines === 1 ? '' : 's'} (${dollars(unmappedCents)}) ` +
        'of funds that count toward NSS have no DESE function code the NSS rules know, so they are not counted: give them function codes.',
    );
  }
  let municipalCounted = 0n;
  let municipalNot = 0n;
  const municipalLines = m.municipal.map((row) => {
    const amount = cents(row.amount);
    if (row.counts === true) {
      municipalCounted += amount;
    } else {
      municipalNot += amount;
    }
    return {
      eoyrCode: row.eoyr_code,
      label: eoyrLabel(row.eoyr_code),
      amount: fromCents(amount),
      source: row.source,
      counts: row.counts === true,
      rule: row.note ?? `No rule for line ${row.eoyr_code}: not counted`,
    };
  });
  const budgeted = counted + municipalCounted;
  const base = {
    budgetYearId: m.budgetYearId,
    fiscalYear: m.fiscalYear,
    scenarioId: m.scenarioId,
    rulesYear: m.rulesYear,
    school: school.part,
    municipal: {
      counted: fromCents(municipalCounted),
      notCounted: fromCents(municipalNot),
      lines: municipalLines,
    },
    warnings,
  };
  const none = (message: string, status: NssStatus = 'NO_FIGURES'): NssMeter => ({
    ...base,
    status,
    message,
    columns: null,
    headroom: null,
    consequence: null,
  });
  if (!m.figures) {
    return none(NO_FIGURES_MESSAGE);
  }
  if (m.rulesYear === null) {
    return none(`No NSS inclusion rules are in force for ${fy}: add the year's rules first`);
  }
  if (school.part.lineCount === 0) {
    // A year not started: the town's lines alone would read as a shortfall of nearly all of it.
    return none(noLinesMessage(fy), 'NO_LINES');
  }
  const requiredNss = cents(m.figures.required_nss);
  const foundation = cents(m.figures.foundation_budget);
  // The table's CHECK keeps both above 0; a divisor of 0 is still refused here, never divided by.
  if (requiredNss <= 0n || foundation <= 0n) {
    return none(requiredNss <= 0n ? REQUIRED_NSS_ZERO : 'The foundation budget must be more than $0');
  }
  const carry = cents(m.figures.carry_forward);
  const carriedIn = carry < 0n ? -carry : 0n;
  const required = requiredNss + carriedIn;
  const parts = cents(m.figures.required_local_contribution) + cents(m.figures.chapter70_aid);
  if (parts !== requiredNss) {
    warnings.push(
      `Required NSS (${dollars(requiredNss)}) is not the required local contribution plus Chapter 70 aid ` +
        `(${dollars(parts)}): check the figures against DESE's sheet.`,
    );
  }
  const limit = m.carryForwardLimit === null ? null : unitsOf(m.carryForwardLimit, 2);
  if (limit === null) {
    warnings.push(`No carry-forward limit is in force for ${fy}: the 95% line is not shown.`);
  }
  const limitUnits = limit ?? 0n;
  // The least budget at or above (100 - limit)% of the requirement, in whole cents (rounded up).
  const keep = required * (10000n - limitUnits);
  const threshold = keep / 10000n + (keep % 10000n === 0n ? 0n : 1n);
  const pctRequired = percentOfRequiredUnits(budgeted, required);
  const standing = (of: string) =>
    percentOfRequiredText(
      { percentOfRequired: fromUnits(pctRequired, 2), overUnder: fromCents(budgeted - required) },
      of,
    );
  const pctFoundation = divideRounded(budgeted * 10000n, foundation);
  const status: NssStatus =
    budgeted >= required ? 'MEETS' : budgeted >= threshold ? 'CARRY_FORWARD' : 'BELOW_95';
  let consequence: NssMeter['consequence'] = null;
  let message: string;
  if (status === 'MEETS') {
    message = `${fy} budgets ${dollars(budgeted)} of net school spending, ${percentText(pctRequired)} of the ${dollars(required)} required: ${dollars(budgeted - required)} above the requirement.`;
  } else {
    const shortfall = required - budgeted;
    // G.L. c.70 §11: up to the limit carries into next year's requirement, aid is cut by the rest;
    // in a year already making up a carried shortfall, aid is cut by the whole difference.
    const carriedForward =
      carriedIn > 0n ? 0n : shortfall < required - threshold ? shortfall : required - threshold;
    const aidReduction = shortfall - carriedForward;
    consequence = {
      shortfall: fromCents(shortfall),
      carriedForward: fromCents(carriedForward),
      aidReduction: fromCents(aidReduction),
      nextFiscalYear: m.fiscalYear + 1,
    };
    const carriedText =
      carriedForward > 0n ? `${dollars(carriedForward)} is added to ${next}'s requirement` : '';
    const aidText = aidReduction > 0n ? `${next} state aid is cut by ${dollars(aidReduction)}` : '';
    const effects = [carriedText, aidText].filter(Boolean).join(' and ');
    message =
      status === 'CARRY_FORWARD'
        ? `${fy} budgets ${standing('required net school spending')}: ${effects} (G.L. c.70 §11).`
        : `Below 95% of required net school spending (${standing('required')}): ${effects}, and the town's tax rate may not be approved (G.L. c.70 §11; DESE).`;
    if (carriedIn > 0n) {
      message += ` ${fy} already makes up a ${dollars(carriedIn)} shortfall carried in, so the whole difference comes off state aid.`;
    }
  }
  return {
    ...base,
    status,
    message,
    columns: {
      requiredNss: fromCents(requiredNss),
      carriedIn: fromCents(carriedIn),
      requiredWithCarry: fromCents(required),
      budgetedNss: fromCents(budgeted),
      overUnder: fromCents(budgeted - required),
      percentOfRequired: fromUnits(pctRequired, 2),
      foundationBudget: fromCents(foundation),
      percentOfFoundation: fromUnits(pctFoundation, 2),
    },
    headroom: {
      above100: fromCents(budgeted - required),
      above95: fromCents(budgeted - threshold),
      threshold95: fromCents(threshold),
      carryForwardLimitPercent: fromUnits(limitUnits, 2),
    },
    consequence,
  };
}

/** The meter of a scope under adjustments (no authorization: the callers check it). */
export async function computeMeter(
  db: Db,
  scope: LineScope,
  adj: Adjustments,
  scenarioId: number | null,
): Promise<NssMeter> {
  const rulesYear = await q.rulesYearFor(db, scope.fiscalYear);
  const params = await q.parametersFor(db, scope.fiscalYear);
  const figures = await q.findStateFigures(db, scope.fiscalYear);
  // A scenario's cuts and adds by position move its spending, per code and fund, as its lines' percents do.
  const positions =
    scenarioId === null
      ? []
      : await scenarioPositionsCost.positionsNetByCode(db, await requireScenario(db, scenarioId));
  return meterFrom({
    budgetYearId: scope.budgetYearId,
    fiscalYear: scope.fiscalYear,
    scenarioId,
    rulesYear,
    carryForwardLimit: params?.carry_forward_limit_percent ?? null,
    sums: await q.sumsByCode(db, scope, adj, rulesYear, positions),
    figures,
    municipal: figures ? await q.municipalWithRules(db, scope.fiscalYear, rulesYear) : [],
  });
}

/** GET /nss/meter: the budget of a budget year's fiscal year (default: its current one). */
export async function yearMeter(
  app: AppContext,
  actor: Actor,
  input: { budgetYearId: number; fiscalYear?: number },
) {
  authorize(actor, 'dashboard.read');
  const scope = await resolveScope(app.db, {
    budgetYearId: input.budgetYearId,
    fiscalYear: input.fiscalYear,
  });
  return computeMeter(app.db, scope, { map: {} }, null);
}

/**
 * POST /nss/meter/scenario: a saved cut scenario's meter (its own budget year, fiscal year and
 * version), or the meter of a set of percents kept not yet saved, checked as the Scenario
 * Builder's calculate checks them (lines in scope, floors).
 */
export async function scenarioMeter(
  app: AppContext,
  actor: Actor,
  input: {
    scenarioId?: number;
    budgetYearId?: number;
    fiscalYear?: number;
    adjustments?: Record<string, number>;
  },
) {
  authorize(actor, 'scenarios.read');
  let scope: LineScope;
  if (input.scenarioId !== undefined) {
    const row = await requireScenario(app.db, input.scenarioId);
    if (input.budgetYearId !== undefined && input.budgetYearId !== row.budget_year_id) {
      throw validationFailed([
        { path: 'budgetYearId', message: 'This scenario belongs to another budget year' },
      ]);
    }
    scope = scopeOf(row);
  } else {
    scope = await resolveScope(app.db, { budgetYearId: input.budgetYearId!, fiscalYear: input.fiscalYear });
  }
  if (input.adjustments) {
    await checkAdjustments(app.db, scope, input.adjustments);
    return computeMeter(app.db, scope, { map: input.adjustments }, input.scenarioId ?? null);
  }
  const adj: Adjustments = input.scenarioId !== undefined ? { scenarioId: input.scenarioId } : { map: {} };
  return computeMeter(app.db, scope, adj, input.scenarioId ?? null);
}
