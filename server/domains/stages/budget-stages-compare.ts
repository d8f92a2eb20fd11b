import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { badRequest, forbidden, notFound } from '@server/errors';
import { judgesFundChoice, seesIndividualPay, sumShown } from '@server/lib/pay-groups';
import { authorize, can, type Actor } from '@server/policies/index';
import { findStage, type StageRow } from './queries/budget-stages';
import { payRuleSides, rowKey, salaryLinePeople, withheldOf, type Counts } from './budget-stages-compare-pay';
import * as q from './queries/budget-stages-compare';
import * as lq from './queries/budget-stages-compare-lines';
import { longDate, STAGE_LABELS } from '@shared/schemas/budget-stages';
import { fiscalYearLabel } from '@shared/budget-math';
import {
  CURRENT,
  CURRENT_LABEL,
  LINES_STAFF_ONLY,
  SAME_STAGE_MESSAGE,
  type CompareLineList,
  type BreakdownRow,
  type CompareSide,
  type CompareSideInfo,
  type LineChange,
  type MoneyChange,
  type StageComparison,
} from '@shared/schemas/budget-stages-compare';
import { deseCodes } from '@server/domains/massachusetts';
import { requireBudgetYear } from '@server/domains/budgets';
import { reconciliation } from '@server/domains/line-items';
import { positionChangesBetween } from '@server/domains/positions';
import { withPicks } from './budget-stages-compare-picks';
import { echoFunds, type FundChoice } from '@shared/schemas/fund-choice';

/**
 * What changed between two budget stages of a fiscal year, or between a stage and today's working
 * figures, and why: the figures the Stage Comparison screen, its Excel workbook
 * and `budget-cli stage compare` show. Read-only; anyone signed in reads the totals and breakdowns,
 * only staff the lines (they list salaries line by line) and the salaries of groups of fewer than
 * MIN_PAY_GROUP people (server/lib/pay-groups.ts).
 */

export interface CompareInput {
  budgetYearId: number;
  fiscalYear: number;
  from: CompareSide;
  to: CompareSide;
  lines?: CompareLineList;
  /** Every fund's lines (the default) or the general fund's alone: totals, breakdowns and lines. */
  funds?: FundChoice;
}

/**
 * Which lines a comparison lists: what was asked, else changed for those who may read lines and
 * none for the rest (VIEW_ONLY reads the totals and breakdowns, which hold no individual pay).
 */
function linesFor(actor: Actor, asked: CompareLineList | undefined): CompareLineList {
  const mayReadLines = can(actor, 'lineItems.read');
  const lines = asked ?? (mayReadLines ? 'changed' : 'none');
  if (lines !== 'none' && !mayReadLines) {
    throw forbidden(LINES_STAFF_ONLY);
  }
  return lines;
}

/** A stage side, checked: it exists, froze a snapshot, and belongs to the year asked about. */
async function requireStage(
  db: Db,
  id: number,
  field: 'from' | 'to',
  year: { budgetYearId: number; fiscalYear: number; label: string },
): Promise<StageRow> {
  const row = await findStage(db, id);
  if (!row) {
    throw notFound(`Budget stage ${id}`);
  }
  const refuse = (message: string) => badRequest(message, [{ path: field, message }]);
  if (Number(row.budget_year_id) !== year.budgetYearId || Number(row.fiscal_year) !== year.fiscalYear) {
    const other = await requireBudgetYear(db, Number(row.budget_year_id));
    throw refuse(
      `Stage ${id} is a stage of ${fiscalYearLabel(Number(row.fiscal_year))} in budget year ${other.fiscal_year}, ` +
        `not of ${fiscalYearLabel(year.fiscalYear)} in ${year.label}: compare two stages of the same year`,
    );
  }
  if (row.event !== 'advance') {
    throw refuse(
      `Stage ${id} is the reopening of ${fiscalYearLabel(year.fiscalYear)} for changes, which froze no figures: choose a stage the year moved to`,
    );
  }
  return row;
}

function sideInfo(row: StageRow | null, now: string): CompareSideInfo {
  if (!row) {
    return { stageId: null, stage: null, label: CURRENT_LABEL, date: null, recordedAt: now };
  }
  return {
    stageId: Number(row.id),
    stage: row.stage,
    label: `${STAGE_LABELS[row.stage]}, ${longDate(row.stage_date)}`,
    date: row.stage_date,
    recordedAt: new Date(row.created_at).toISOString(),
  };
}

const change = (m: q.MoneyFigures): MoneyChange => ({ ...m });

/**
 * One breakdown's rows. For a reader who may not see individual pay, a row's salaries over 1 to 4
 * people are withheld (null), and its proposed amounts when its salary lines are theirs, each with
 * enough other rows that the total cannot give them back (withheldOf).
 */
function breakdown(
  rows: q.AggregateRow[],
  name: (r: q.AggregateRow) => string,
  allPay: boolean,
  allFunds: Map<string, Counts> | null,
): BreakdownRow[] {
  const none = new Set<number>();
  const salaries = allPay ? none : withheldOf(rows, (_r, c) => c, allFunds);
  const proposed = allPay ? none : withheldOf(rows, salaryLinePeople, allFunds);
  return rows
    .map((r, i) => ({
      key: r.key,
      name: name(r),
      proposed: proposed.has(i) ? null : change(r.money.proposed),
      salaries: salaries.has(i) ? null : change(r.money.salaries),
    }))
    .sort((a, b) =>
      a.key === null ? 1 : b.key === null ? -1 : a.name.localeCompare(b.name, 'en', { numeric: true }),
    );
}

/** The name of a DESE function code from the state's chart ('2305 Teachers, Classroom'). */
function functionName(code: string | null): string {
  if (code === null) {
    return 'No DESE code';
  }
  const known = deseCodes().get(code);
  return known ? `${code} ${known.name}` : `${code} (not in the DESE chart)`;
}

function presentLine(r: lq.LineChangeRow, reasons: Map<number, string[]>): LineChange {
  const num = (v: number | null) => (v === null ? null : Number(v));
  return {
    lineId: Number(r.line_id),
    kind: r.is_operating ? 'employee' : 'proposed',
    change: r.change,
    description: r.description,
    categoryName: r.category_name,
    buildingName: r.building_name,
    deseCode: r.dese_code,
    field: r.field,
    fieldLabel: r.field_label,
    valueType: r.money ? 'money' : 'text',
    from: r.money ? num(r.from_amount) : r.from_text,
    to: r.money ? num(r.to_amount) : r.to_text,
    difference: num(r.difference),
    reason: reasons.get(Number(r.line_id))?.join('; ') ?? null,
  };
}

/**
 * How many lines were added, removed, changed and left unchanged, from the line-by-line rows (every
 * added, removed or changed line has at least one) and the number of lines on the later side (the
 * rest of them are unchanged): no second pass over both sides.
 */
function lineChangeCounts(
  rows: readonly lq.LineChangeRow[],
  linesOnLaterSide: number,
): Record<lq.LineChangeKind, number> {
  const ids: Record<lq.LineChangeKind, Set<number>> = {
    added: new Set(),
    removed: new Set(),
    changed: new Set(),
    unchanged: new Set(),
  };
  for (const r of rows) {
    ids[r.change].add(Number(r.line_id));
  }
  return {
    added: ids.added.size,
    removed: ids.removed.size,
    changed: ids.changed.size,
    unchanged: linesOnLaterSide - ids.added.size - ids.changed.size,
  };
}

/** Compares two sides of a fiscal year: totals, by category, DESE function and building, and line by line. */
export async function compareStages(
  app: AppContext,
  actor: Actor,
  input: CompareInput,
): Promise<StageComparison> {
  authorize(actor, 'stageComparison.read');
  const listed = linesFor(actor, input.lines);
  if (String(input.from) === String(input.to)) {
    throw badRequest(SAME_STAGE_MESSAGE, [{ path: 'to', message: SAME_STAGE_MESSAGE }]);
  }
  // One snapshot of the working figures for every statement below.
  return app.db.transaction(
    async (trx) => {
      const by = await requireBudgetYear(trx, input.budgetYearId);
      const year = { budgetYearId: by.id, fiscalYear: input.fiscalYear, label: by.fiscal_year };
      const from = input.from === CURRENT ? null : await requireStage(trx, input.from, 'from', year);
      const to = input.to === CURRENT ? null : await requireStage(trx, input.to, 'to', year);
      const sides = {
        from: input.from,
        to: input.to,
        budgetYearId: by.id,
        fiscalYear: input.fiscalYear,
        funds: input.funds,
      };
      const aggregates = await q.aggregates(trx, sides);
      const total = aggregates.find((a) => a.level === 'total')!;
      const allPay = seesIndividualPay(actor);
      // Every fund's head counts of the same rows, when the fund choice is a side of the pay rule.
      const allFunds = judgesFundChoice(actor, input.funds)
        ? new Map(
            (await q.aggregates(trx, { ...sides, funds: 'all' })).map((r) => [rowKey(r), r.employeeCount]),
          )
        : null;
      const lines = await lq.lineChanges(trx, sides, listed === 'all');
      const counts = lineChangeCounts(lines, total.proposedCount.to + total.employeeCount.to);
      // The counts need the changed lines; their reasons are read only when the lines are listed.
      const shown = listed === 'none' ? [] : lines;
      const moved = [...new Set(shown.filter((l) => l.change !== 'unchanged').map((l) => Number(l.line_id)))];
      const stageIds = [from, to].filter((s): s is StageRow => s !== null).map((s) => Number(s.id));
      const reasons = await lq.lineReasons(trx, stageIds, from === null || to === null, moved);
      const count = (c: { from: number; to: number }) => ({ ...c, difference: c.to - c.from });
      const of = (level: q.AggregateRow['level']) => aggregates.filter((a) => a.level === level);
      const now = new Date().toISOString();
      // The year's own salaries over 1 to 4 people on a side are theirs: withheld like a row's.
      const { follows, roster } = await reconciliation.positionsRoster(trx, by.id, input.fiscalYear);
      const changedRoster = follows ? roster : { budgetYearId: by.id, fiscalYear: input.fiscalYear };
      const positionChanges = await positionChangesBetween(
        trx,
        changedRoster,
        from ? new Date(from.created_at).toISOString() : null,
        to ? new Date(to.created_at).toISOString() : null,
      );
      const allTotal = allFunds?.get(rowKey(total)) ?? total.employeeCount;
      const yearPay = sumShown(actor, payRuleSides([total.employeeCount], allFunds && [allTotal]));
      return {
        budgetYearId: by.id,
        budgetYear: by.fiscal_year,
        fiscalYear: input.fiscalYear,
        from: sideInfo(from, now),
        to: sideInfo(to, now),
        totals: {
          proposed: change(total.money.proposed),
          proposedCount: count(total.proposedCount),
          employeeCount: count(total.employeeCount),
          salaries: yearPay ? change(total.money.salaries) : null,
          nextYearSalaries: yearPay ? change(total.money.next_year_salaries) : null,
        },
        byCategory: breakdown(of('category'), (r) => r.name ?? 'No category', allPay, allFunds),
        byFunction: breakdown(of('function'), (r) => functionName(r.key as string | null), allPay, allFunds),
        byBuilding: breakdown(of('building'), (r) => r.name ?? 'District Wide', allPay, allFunds),
        lineCounts: counts,
        linesListed: listed,
        lines: shown.map((l) => presentLine(l, reasons)),
        positionChanges: await withPicks(trx, positionChanges.changes),
        positionChangeCount: positionChanges.total,
        positionRosterFiscalYear: changedRoster.fiscalYear,
        ...echoFunds(input.funds),
      };
    },
    { isolationLevel: 'repeatable read' },
  );
}
