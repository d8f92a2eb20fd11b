import type { Cell } from './cells';
import { fiscalYearLabel } from '@shared/budget-math';
import { periodReaches, type FundMatcher } from './fund-match';
import {
  buildNotes,
  exactAmount,
  fieldCell,
  metadataJson,
  rowBuilding,
  textField,
  type LineValues,
  type RowMoney,
  type RowOutcome,
  type RowPlace,
  type TransformContext,
} from './transform';

/** Why a row is left out: "Boston Police Department is not one of the district's buildings". */
export const leftOutReason = (building: string) => `${building} is not one of the district's buildings`;

/**
 * The row left out (skipped, its amount in the reconciliation) when the import leaves out rows whose
 * filled building cell names none of the district's buildings; null to read it on as a line.
 */
export function leftOutRow(
  ctx: TransformContext,
  cells: readonly Cell[],
  place: RowPlace,
  moneyField: string,
): RowOutcome | null {
  if (!ctx.onlyDistrictBuildings || place.unmatched === null) {
    return null;
  }
  return {
    kind: 'skip',
    reason: leftOutReason(place.unmatched),
    amount: exactAmount(fieldCell(ctx, cells, moneyField)),
    leftOut: place.unmatched,
  };
}

/**
 * A row read as a line of either kind: its own columns plus those every line has (the import's
 * budget year, scenario, version and run, the fiscal year, the building, notes and metadata). The
 * building and the notes are read after the line's own columns, so their warnings come last, and the
 * metadata records every warning.
 */
export function lineOutcome(
  ctx: TransformContext,
  n: number,
  cells: readonly Cell[],
  line: {
    values: LineValues;
    /** The row's building (placeOf): read before, so a row left out for it is not read on. */
    place: RowPlace;
    warnings: string[];
    name: string;
    fiscalYear: number;
    money: RowMoney;
    /** The file named the general fund for the line (metadata.fundNamed). */
    fundNamed?: boolean;
    /** An open position, not a person (metadata.vacancy): see transform-employee.ts. */
    vacancy?: boolean;
  },
): RowOutcome {
  const { values, place, warnings, name, fiscalYear, money, fundNamed, vacancy } = line;
  return {
    kind: 'line',
    values: Object.assign(values, {
      budget_year_id: ctx.fixed.budgetYearId,
      scenario_id: ctx.fixed.scenarioId,
      version_id: ctx.fixed.versionId,
      fiscal_year: String(fiscalYear),
      building_id: rowBuilding(place, warnings),
      notes: buildNotes(ctx, cells, warnings),
      import_run_id: ctx.fixed.importRunId,
      metadata: metadataJson(warnings, n, fundNamed, vacancy),
    }),
    warnings,
    name,
    fiscalYear,
    money,
  };
}

/**
 * The fund a row's line is paid by (null: the general fund), whether a crosswalk rule gave it, and
 * whether the file named the general fund itself (the function-code rules' funds then leave the
 * line alone: what the file says wins).
 */
export interface RowFund {
  fundId: number | null;
  byRule: boolean;
  generalNamed?: boolean;
}

/**
 * The fund that pays a row's line, null for the general fund: a mapped Fund cell's fund, else the
 * fund its account string's first segment names (a payroll has no account string), else the fund
 * the position crosswalk's rule for the row's title gives (`ruleFundId`): what the file says wins
 * over the rules. A Fund cell that names no fund, a blank one no rule fills, or a grant whose
 * period does not reach the row's year leaves the line on the general fund with a warning (the
 * line is listed for review).
 */
export function fundOf(
  ctx: TransformContext,
  funds: FundMatcher,
  cells: readonly Cell[],
  accountLine: string | null,
  fiscalYear: number,
  warnings: string[],
  ruleFundId: number | null = null,
): RowFund {
  const text = textField(ctx, cells, 'fund', warnings);
  // A blank mapped Fund cell says nothing: the account string is not read in its place.
  const byFile = text
    ? funds.match(text)
    : accountLine && !ctx.mapping.has('fund')
      ? funds.fromAccount(accountLine)
      : null;
  if (text && !byFile) {
    warnings.push(`Fund '${text}' matches no fund: the general fund pays this line`);
    return { fundId: null, byRule: false };
  }
  const byRule = !byFile && ruleFundId !== null ? funds.byId(ruleFundId) : null;
  const fund = byFile ?? byRule;
  if (!fund && ctx.mapping.has('fund')) {
    warnings.push('No fund: the general fund pays this line');
    return { fundId: null, byRule: false };
  }
  if (!fund || fund.kind === 'general') {
    return {
      fundId: null,
      byRule: fund !== null && fund === byRule,
      generalNamed: fund !== null && fund === byFile,
    };
  }
  if (!periodReaches(fund.periodStart, fund.periodEnd, fiscalYear)) {
    warnings.push(
      `${fund.name}'s grant period does not reach ${fiscalYearLabel(fiscalYear)}: the general fund pays this line`,
    );
    return { fundId: null, byRule: false };
  }
  return { fundId: fund.id, byRule: fund === byRule };
}
