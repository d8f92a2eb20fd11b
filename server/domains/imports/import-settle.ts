import type { Knex } from 'knex';
import type { Actor } from '@server/policies/index';
import {
  dropImportedVacancyLines,
  functionCodes,
  runNeedsReviewCount,
  settleImportedLines,
} from '@server/domains/line-items';
import { positionsForImport, vacanciesForImport } from '@server/domains/positions';
import type { RunInput } from './import-run';
import * as q from './queries/import';

/** How many lines the rules disagreed on, over every group of disagreeing rules. */
const linesOf = (conflicts: readonly { line_count: number }[]) =>
  conflicts.reduce((n, c) => n + c.line_count, 0);

/**
 * What follows the COPY, in the same transaction, by the line writer (line-items/projected.ts):
 * actuals supersede projections (the projected lines of the fiscal years and kind the run imported
 * are deleted), and imported employees get their next-year salary by the one rule an edit uses (a
 * value the file gave is manual and kept, transform-employee.ts).
 */
export async function settle(
  trx: Knex.Transaction,
  actor: Actor,
  input: RunInput,
  runId: number,
  years: Set<number>,
) {
  const { plan, targets } = input;
  const run = { id: runId, fileName: input.file.originalName };
  // Lines the file gave no function code get the one the ADMIN's rules agree on: first, so an
  // open position's line has its code before it becomes the position (the rules' one home is the
  // line writer's; a position is coded as its line is).
  const coding = await functionCodes.codeImportedLines(trx, runId);
  // The file's open positions (rows with no name) become vacant positions at their salary, and
  // their lines leave before anything reads the year's people: an open position is no one.
  const vacancies = plan.importType === 'operating' ? await vacanciesForImport(trx, actor, run) : null;
  if (vacancies) {
    await dropImportedVacancyLines(trx, vacancies.lineIds);
  }
  // The codes counted where the user finds them: on the lines the import leaves, and on the open
  // positions (their lines gone, each vacant position keeps its line's code).
  const open = new Set(vacancies?.lineIds ?? []);
  const openPositions = coding.codedIds.filter((id) => open.has(id)).length;
  // So too the lines two rules disagree on: those the import leaves, and apart from them the open
  // positions' (what the rules still disagree on once the open positions' lines are gone).
  const conflicts =
    open.size && coding.conflicts.length
      ? (await functionCodes.planCodeRules(trx, { importRunId: runId }, false)).conflicts
      : coding.conflicts;
  const codes = {
    coded: coding.codedIds.length - openPositions,
    openPositions,
    conflicts,
    openPositionConflicts: linesOf(coding.conflicts) - linesOf(conflicts),
  };
  // The fiscal years the lines were written in, as the rows gave them (not read back from the lines).
  const replaced = await settleImportedLines(
    trx,
    { id: runId, budgetYearId: targets.budgetYear.id, type: plan.importType },
    [...years].sort((a, b) => a - b),
  );
  // Budget lines left on the general fund with no fund named get the fund the rules agree on.
  const funds =
    plan.importType === 'proposed'
      ? await functionCodes.fundImportedLines(trx, runId)
      : { funded: 0, conflicts: [] };
  // The people's positions, once their lines have their codes: a newcomer fills a waiting vacancy.
  const positions = vacancies
    ? { ...(await positionsForImport(trx, actor, run)), vacant: vacancies.count }
    : undefined;
  const reviewCount = await runNeedsReviewCount(trx, targets.budgetYear.id, runId);
  // Totals, years and next-year counts in one pass (a code changes none of them).
  const { nextYearSalaries, ...totals } = await q.runFigures(trx, runId, plan.importType);
  const fromRules = {
    functionCodes: codes.coded,
    openPositionCodes: codes.openPositions,
    funds: funds.funded,
    codeConflicts: linesOf(codes.conflicts),
    openPositionCodeConflicts: codes.openPositionConflicts,
    fundConflicts: linesOf(funds.conflicts),
  };
  return { replaced, nextYearSalaries, codes, funds, fromRules, positions, reviewCount, totals };
}
