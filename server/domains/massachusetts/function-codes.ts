import type { AppContext } from '@server/context';
import { countOf } from '@shared/count-words';
import type { Db } from '@server/db/index';
import { conflict } from '@server/errors';
import { formatMoneyCents } from '@shared/money';
import { fiscalYearLabel } from '@shared/budget-math';
import { seesIndividualPay, tooFewToShow } from '@server/lib/pay-groups';
import { authorize, type Actor } from '@server/policies/index';
import * as q from './queries/function-codes';
import { fromCents, toCents } from '@shared/schemas/common';
import type { UnmappedCodes } from '@shared/schemas/function-codes';
import { requireChartCode } from './dese-codes';
import { requireBudgetYear } from '@server/domains/budgets';
import { changeLines } from '@server/domains/line-items';
import { lockBulk } from '@server/domains/line-items';

/**
 * A DESE function code on every dollar: which codes exist, which of a year's
 * lines have none, the grids' bulk assignment, and the check that keeps unmapped dollars out of a
 * budget the school committee adopts.
 */

// The chart (series, names, the check a code must pass) lives with the codes in dese-codes.ts, where the
// line writer reads it too.
export { DESE_SERIES_FILE, deseSeries, functionName, requireChartCode } from './dese-codes';

const cents = (text: string) => toCents(text) ?? 0n;

/** '$1,234.00 in 3 lines have no function code' (or 'line has'). */
export function unmappedMessage(amountCents: bigint, lines: number): string {
  return `${formatMoneyCents(fromCents(amountCents))} in ${countOf(lines, 'line')} ${lines === 1 ? 'has' : 'have'} no function code`;
}

/** A kind's unmapped lines: how many, and their dollars in cents. */
interface Part {
  lineCount: number;
  cents: bigint;
}

/**
 * The year's lines without a function code (queries/function-codes.ts, the one rule), counted once
 * for every reader: the dashboard's figure, the School Committee Adopted check and the DESE report's
 * note all give these numbers. `dollarLines` are those carrying money (a $0 line blocks nothing).
 */
export async function unmappedLines(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
): Promise<{ employee: Part; proposed: Part; lineCount: number; cents: bigint; dollarLines: number }> {
  const rows = await q.unmappedTotals(db, budgetYearId, fiscalYear);
  const part = (isOperating: boolean): Part => {
    const row = rows.find((r) => r.is_operating === isOperating);
    return { lineCount: row?.line_count ?? 0, cents: row ? cents(row.amount) : 0n };
  };
  const employee = part(true);
  const proposed = part(false);
  return {
    employee,
    proposed,
    lineCount: employee.lineCount + proposed.lineCount,
    cents: employee.cents + proposed.cents,
    dollarLines: rows.reduce((n, r) => n + r.dollar_lines, 0),
  };
}

/** '1 employee line, 2 proposed lines': the kinds of unmapped lines there are, employees first. */
export function unmappedKinds(u: { employee: Part; proposed: Part }): string {
  return [
    u.employee.lineCount ? countOf(u.employee.lineCount, 'employee line') : '',
    u.proposed.lineCount ? countOf(u.proposed.lineCount, 'proposed line') : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * GET /function-codes/unmapped: the year's lines (as the dashboard counts them) without a code.
 * Anyone signed in reads it (the dashboard shows it), but the salaries of fewer than MIN_PAY_GROUP
 * uncoded people reach only those who may read lines.
 */
export async function unmappedCodes(
  app: AppContext,
  actor: Actor,
  input: { budgetYearId: number; fiscalYear?: number },
): Promise<UnmappedCodes> {
  authorize(actor, 'dashboard.read');
  const by = await requireBudgetYear(app.db, input.budgetYearId);
  const fiscalYear = input.fiscalYear ?? by.current_fiscal_year;
  const { employee, proposed, lineCount, cents: total } = await unmappedLines(app.db, by.id, fiscalYear);
  const result = {
    budgetYearId: by.id,
    fiscalYear,
    employee: { lineCount: employee.lineCount, amount: fromCents(employee.cents) },
    proposed: { lineCount: proposed.lineCount, amount: fromCents(proposed.cents) },
    lineCount,
    amount: fromCents(total),
    message: lineCount ? unmappedMessage(total, lineCount) : null,
  };
  // The salaries of one to four uncoded people would be theirs: withheld, and so is the total.
  if (seesIndividualPay(actor) || !tooFewToShow(employee.lineCount)) {
    return result;
  }
  const people = countOf(employee.lineCount, 'employee line');
  const dollars = proposed.lineCount
    ? `${formatMoneyCents(fromCents(proposed.cents))} in ${countOf(proposed.lineCount, 'proposed line')} and `
    : '';
  return {
    ...result,
    employee: { lineCount: employee.lineCount, amount: null },
    amount: null,
    message: `${dollars}${people} (salaries shown only to administrators and finance staff) ${lineCount === 1 ? 'has' : 'have'} no function code`,
  };
}

/**
 * The committee adopts a budget with a function code on every dollar: a 409 when any line of the
 * year carrying money has none. It names the lines as the dashboard does (every line without a
 * code, the same figure) and says how many of them are $0 lines, which do not block it. Called by
 * advanceStage inside its transaction, before anything is written.
 */
export async function requireMappedDollars(db: Db, budgetYearId: number, fiscalYear: number): Promise<void> {
  const u = await unmappedLines(db, budgetYearId, fiscalYear);
  if (!u.dollarLines) {
    return;
  }
  const zero = u.lineCount - u.dollarLines;
  const free = zero ? `; ${countOf(zero, 'line')} of $0 ${zero === 1 ? 'does' : 'do'} not block it` : '';
  throw conflict(
    `${fiscalYearLabel(fiscalYear)} cannot be School Committee Adopted with unmapped dollars: ` +
      `${unmappedMessage(u.cents, u.lineCount)} (${unmappedKinds(u)}${free}). Give them DESE function codes first ` +
      '(the function-code rules, or Set function code in the budget grids).',
  );
}

/** POST /line-items/bulk-function-code: one chart code on every selected line, audited per line. */
export async function bulkSetFunctionCode(
  app: AppContext,
  actor: Actor,
  input: { itemIds: number[]; functionCode: string },
) {
  authorize(actor, 'lineItems.write');
  const code = requireChartCode(input.functionCode);
  return app.db.transaction(async (trx) => {
    await lockBulk(trx, input.itemIds, { requireAll: true });
    await changeLines(
      trx,
      actor,
      { action: 'update', reason: `Bulk: function code ${code} set` },
      input.itemIds,
      { columns: { dese_code: code } },
    );
    return { count: input.itemIds.length };
  });
}
