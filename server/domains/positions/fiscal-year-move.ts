import type { Db } from '@server/db/index';
import { conflict } from '@server/errors';
import type { Actor } from '@server/policies/index';
import { insertHistory } from './queries/position-writes';
import { fiscalYearLabel as label } from '@shared/schemas/fiscal-year';

/**
 * Fix Base Year (server/domains/planning/projections.ts) moves a budget year's imported employee
 * lines, and every later year's, by `delta` fiscal years: the roster moves with them, so each
 * position stays in the year of the lines its holders fill and the salary lines that follow a
 * roster keep following the same one. Refused (409, nothing changed) when a position of a year that
 * does not move sits where one would land, or when a cut scenario cuts positions that would move:
 * its cuts are of one roster year, and moved they would take another year's cost off its lines.
 * Each moved position's history says so, with the reason (the line moves' audit is one bulk entry).
 * Returns how many positions moved.
 */
export async function moveRosterYears(
  trx: Db,
  actor: Actor,
  move: { budgetYearId: number; fromYear: number; delta: number; reason: string },
): Promise<number> {
  const { budgetYearId, fromYear, delta } = move;
  if (delta === 0) {
    return 0;
  }
  const { rows: clashes } = await trx.raw(
    `SELECT fiscal_year, count(*)::int AS n FROM positions
      WHERE budget_year_id = ? AND fiscal_year < ?
        AND fiscal_year IN (SELECT DISTINCT fiscal_year + ? FROM positions WHERE budget_year_id = ? AND fiscal_year >= ?)
      GROUP BY fiscal_year ORDER BY fiscal_year`,
    [budgetYearId, fromYear, delta, budgetYearId, fromYear],
  );
  if (clashes.length) {
    const where = clashes
      .map((c: { fiscal_year: number; n: number }) => `${c.n} in ${label(c.fiscal_year)}`)
      .join(', ');
    throw conflict(
      `Cannot move the positions to ${label(fromYear + delta)}: other positions are already there (${where})`,
    );
  }
  const { rows: cutBy } = await trx.raw(
    `SELECT cs.name, count(*)::int AS n FROM cut_scenario_positions csp
       JOIN cut_scenarios cs ON cs.id = csp.cut_scenario_id
       JOIN positions p ON p.id = csp.position_id
      WHERE csp.kind = 'cut' AND p.budget_year_id = ? AND p.fiscal_year >= ?
      GROUP BY cs.name ORDER BY cs.name`,
    [budgetYearId, fromYear],
  );
  if (cutBy.length) {
    const which = cutBy.map((c: { name: string; n: number }) => `'${c.name}' cuts ${c.n}`).join(', ');
    throw conflict(
      `Cannot move the positions to ${label(fromYear + delta)}: scenarios cut some of them (${which}); remove those cuts in the Scenario Builder first`,
    );
  }
  const moved: { id: number; fiscal_year: number }[] = await trx('positions')
    .where({ budget_year_id: budgetYearId })
    .where('fiscal_year', '>=', fromYear)
    .update({ fiscal_year: trx.raw('fiscal_year + ?', [delta]) }, ['id', 'fiscal_year']);
  await insertHistory(
    trx,
    actor,
    moved.map((p) => ({
      positionId: p.id,
      action: 'updated',
      reason: move.reason,
      before: { fiscal_year: p.fiscal_year - delta },
      after: { fiscal_year: p.fiscal_year },
    })),
  );
  return moved.length;
}
