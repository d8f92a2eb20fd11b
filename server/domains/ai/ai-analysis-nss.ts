import type { Db } from '@server/db/index';
import { centsOf, divideRounded, formatMoneyCents, fromCents, fromUnits } from '@shared/money';
import type { AnalysisLine, PersonnelGroup } from './queries/ai-analysis-inputs';
import type { LineScope } from '@server/domains/planning';
import { countedLineIds } from '@server/domains/massachusetts';
import {
  SUGGESTION_LISTS,
  type AnalysisResult,
  type Suggestion,
  type SuggestionList,
} from '@shared/schemas/ai-analysis';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { percentOfRequiredText, percentOfRequiredUnits, type NssMeter } from '@shared/schemas/nss';
import { computeMeter } from '@server/domains/massachusetts';

/**
 * Net school spending as a constraint on an AI analysis: the request tells the
 * model how much counted spending the year can lose before it falls below 100% of required NSS and
 * which lines do not count; the answer is then checked, every suggestion taken in list order, and
 * one that would take the district below 100% (or 95%) is flagged on the screen, never silently
 * kept as if it were harmless. Cents throughout; a personnel group's savings count in full (salaries
 * of school staff count), a line's in proportion to what its lines count.
 */

export interface NssConstraint {
  meter: NssMeter;
  /** Itemised lines whose function code counts toward NSS. */
  counted: Set<number>;
  /** What the request says, or nothing without state figures. */
  prompt: string[];
}

const dollars = (cents: bigint) => formatMoneyCents(fromCents(cents));

/** The year's meter, the analysed lines that count, and the words for the request. */
export async function nssConstraint(db: Db, scope: LineScope, lines: AnalysisLine[]): Promise<NssConstraint> {
  const meter = await computeMeter(db, scope, { map: {} }, null);
  if (!meter.columns || !meter.headroom || meter.rulesYear === null) {
    return { meter, counted: new Set(), prompt: [] };
  }
  const counted = await countedLineIds(
    db,
    scope,
    lines.map((l) => l.id),
    meter.rulesYear,
  );
  const fy = fiscalYearLabel(scope.fiscalYear);
  const headroom = centsOf(meter.headroom.above100);
  const notCounted = lines.filter((l) => !counted.has(l.id)).map((l) => l.id);
  return {
    meter,
    counted,
    prompt: [
      '',
      `Net school spending (Chapter 70) constraint: ${fy} counts ${dollars(centsOf(meter.columns.budgetedNss))} toward the ${dollars(centsOf(meter.columns.requiredWithCarry))} of net school spending the state requires (${percentOfRequiredText(meter.columns)}).`,
      headroom > 0n
        ? `Cuts to spending that counts must total at most ${dollars(headroom)}, or the district falls below 100% (the shortfall is added to next year's requirement; below 95% state aid is cut).`
        : `The budget is already below 100% of the requirement: any cut to spending that counts deepens the shortfall.`,
      'Personnel groups count in full. Proposed lines that do not count toward net school spending (cutting them does not lower it):',
      JSON.stringify(notCounted),
    ],
  };
}

/**
 * Marks each kept suggestion with what it does to NSS, in list order, and sums up; null fields and
 * no marks without state figures.
 */
export function flagSuggestions(
  lists: Record<SuggestionList, Suggestion[]>,
  c: NssConstraint,
  lines: AnalysisLine[],
  groups: PersonnelGroup[],
): NonNullable<AnalysisResult['nss']> {
  const m = c.meter;
  if (!m.columns || !m.headroom) {
    return {
      status: m.status,
      message: m.message,
      requiredNss: null,
      budgetedNss: null,
      percentOfRequired: null,
      headroomAbove100: null,
      flagged: 0,
    };
  }
  const required = centsOf(m.columns.requiredWithCarry);
  const threshold = centsOf(m.headroom.threshold95);
  const lineById = new Map(lines.map((l) => [l.id, l]));
  const groupTotal = new Map(
    groups.map((g) => [`${g.position}\u0000${g.workGroup ?? ''}`, centsOf(g.total)]),
  );
  let left = centsOf(m.columns.budgetedNss);
  let flagged = 0;
  for (const list of SUGGESTION_LISTS) {
    for (const s of lists[list]) {
      let basis = 0n;
      let countedBasis = 0n;
      for (const id of s.lineIds) {
        const amount = centsOf(lineById.get(id)?.amount ?? '0');
        basis += amount;
        countedBasis += c.counted.has(id) ? amount : 0n;
      }
      for (const g of s.positionGroups) {
        const total = groupTotal.get(`${g.position}\u0000${g.workGroup ?? ''}`) ?? 0n;
        basis += total;
        countedBasis += total;
      }
      const savings = centsOf(s.savings);
      const countedSavings = basis > 0n ? divideRounded(savings * countedBasis, basis) : 0n;
      left -= countedSavings;
      const belowRequired = left < required;
      flagged += belowRequired ? 1 : 0;
      s.nss = {
        countedSavings: fromCents(countedSavings),
        percentAfter: fromUnits(percentOfRequiredUnits(left, required), 2),
        belowRequired,
        below95: left < threshold,
      };
    }
  }
  const fy = fiscalYearLabel(m.fiscalYear);
  return {
    status: m.status,
    message: flagged
      ? `${flagged} suggestion${flagged === 1 ? '' : 's'} would take ${fy} below 100% of required net school spending (flagged): the shortfall would be added to next year's requirement, and below 95% state aid is cut.`
      : `Taken in order, the suggestions keep ${fy} at or above 100% of required net school spending.`,
    requiredNss: fromCents(required),
    budgetedNss: m.columns.budgetedNss,
    percentOfRequired: m.columns.percentOfRequired,
    headroomAbove100: m.headroom.above100,
    flagged,
  };
}
