import type { Db } from '@server/db/index';
import { validationFailed } from '@server/errors';
import type { AnyLineItem } from '@shared/schemas/line-items';
import { heldBeyond } from './queries/line-holdings';
import { fteText } from '@shared/budget-math';
import { unitsOf } from '@shared/money';
import { requireChartCode } from '@server/domains/massachusetts';

/** What the line writer (change-lines.ts) checks and reads of a patch against a line. */

// What the rule reads from a line: changing any of these moves an automatic next-year salary.
const BASIS: [column: string, field: keyof AnyLineItem][] = [
  ['current_salary', 'currentSalary' as keyof AnyLineItem],
  ['work_group_id', 'workGroupId' as keyof AnyLineItem],
  ['work_group', 'workGroup' as keyof AnyLineItem],
  ['salary_step', 'salaryStep' as keyof AnyLineItem],
  ['salary_lane', 'salaryLane' as keyof AnyLineItem],
  ['current_fte', 'currentFTE' as keyof AnyLineItem],
];

const NUMERIC = new Set(['current_salary', 'current_fte']);

/**
 * Every line's function code is one of DESE's chart: a code being written is
 * checked here, in the writer, so an edit, the CLI and every service refuse an unknown code alike
 * (a 400 naming the value, nothing written). Blank clears the code.
 */
export function chartColumns<T extends Record<string, unknown>>(columns: T): T {
  const code = columns.dese_code;
  if (typeof code !== 'string' || !code.trim()) {
    return columns;
  }
  return { ...columns, dese_code: requireChartCode(code, 'deseCode') };
}

export function basisChanged(columns: Record<string, unknown>, line: AnyLineItem): boolean {
  return BASIS.some(([column, field]) => {
    if (!(column in columns)) {
      return false;
    }
    const next = columns[column];
    const was = (line as unknown as Record<string, unknown>)[field as string];
    return NUMERIC.has(column) ? Number(next ?? 0) !== Number(was ?? 0) : (next ?? null) !== (was ?? null);
  });
}

/**
 * Whether an FTE change moves the line's current salary: its FTE changes and the patch leaves its
 * salary as it was (a salary typed with the new FTE is the person's decision and wins).
 */
export function fteMovesSalary(columns: Record<string, unknown>, line: AnyLineItem): boolean {
  const fte = columns.current_fte;
  const was = line as unknown as Record<string, unknown>;
  return (
    typeof fte === 'number' &&
    Number(fte) !== Number(was.currentFTE ?? 1) &&
    (!('current_salary' in columns) || Number(columns.current_salary ?? 0) === Number(was.currentSalary ?? 0))
  );
}

/**
 * An FTE below what a person holds of positions is refused, nothing written: each position they
 * hold is priced at their salary for their share (server/sql/position-cost.ts), so a share above
 * their FTE would price more than they are paid. Their shares are changed on Positions first.
 */
export async function refuseFteBelowShares(trx: Db, ids: readonly number[], fte: number): Promise<void> {
  if (!ids.length) {
    return;
  }
  const fteMilli = Number(unitsOf(fte, 3) ?? 0n);
  const over = await heldBeyond(trx, ids, fteMilli);
  if (!over.length) {
    return;
  }
  const said = over
    .slice(0, 3)
    .map((l) => `${l.name} holds ${fteText(l.held)} FTE of positions (${l.positions.join('; ')})`);
  const more = over.length > 3 ? `, and ${over.length - 3} more` : '';
  const message = `${said.join('; ')}${more}: more than an FTE of ${fteText(fteMilli)}. Lower the share on Positions first.`;
  throw validationFailed([{ path: 'currentFTE', message }], message);
}
