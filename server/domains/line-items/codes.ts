import type { Db } from '@server/db/index';
import { closedGrantKeys } from '@server/domains/funds';
import type { Actor } from '@server/policies/index';
import * as codes from './queries/line-items-writes-codes';
import type { LineCause } from './audit';
import { changedLinesBy } from './change-lines';

/**
 * Function-code rules applied to lines through the writer. Applying them to
 * existing lines is audited line by line like any change (changeLinesBy: locked first, one entry
 * per changed line naming the cause); an import's lines are coded in one statement inside the
 * import, counted on the import's own audit entry like the rest of its bulk work.
 */

export type {
  CodeConflict,
  CodeTarget,
  FundConflict,
  PlannedCode,
  PlannedFund,
} from './queries/line-items-writes-codes';

/** What the rules would do to the target's lines: the changes, and the lines two rules disagree on. */
export async function planCodeRules(trx: Db, target: codes.CodeTarget, overwrite: boolean) {
  return {
    planned: await codes.plannedCodes(trx, target, overwrite),
    conflicts: await codes.codeConflicts(trx, target, overwrite),
  };
}

/**
 * Writes planned codes (from planCodeRules, inside the same transaction): each line is locked, read,
 * changed and audited by the writer. Returns the ids changed.
 */
export async function applyCodeRules(
  trx: Db,
  actor: Actor,
  cause: LineCause,
  planned: readonly codes.PlannedCode[],
): Promise<number[]> {
  return throughWriter(trx, actor, cause, planned, () => codes.writeCodes(trx, planned));
}

/** Planned changes written by `write`, each line locked, read, changed and audited by the writer. */
function throughWriter(
  trx: Db,
  actor: Actor,
  cause: LineCause,
  planned: readonly { id: number }[],
  write: () => Promise<number[]>,
): Promise<number[]> {
  return changedLinesBy(
    trx,
    actor,
    cause,
    planned.map((p) => p.id),
    write,
    { recompute: false },
  );
}

/**
 * After an import's COPY: its lines without a code get the code the rules agree on (the code a
 * file gave wins; lines two rules disagree on stay without one). Returns the ids of the lines coded
 * (a payroll's open positions among them, whose lines then become vacant positions) and the
 * disagreements, for the import's result and audit entry.
 */
export async function codeImportedLines(
  trx: Db,
  importRunId: number,
): Promise<{ codedIds: number[]; conflicts: codes.CodeConflict[] }> {
  if (!(await codes.anyCodeRules(trx))) {
    return { codedIds: [], conflicts: [] };
  }
  const conflicts = await codes.codeConflicts(trx, { importRunId }, false);
  const codedIds = await codes.codeImportedLines(trx, importRunId);
  return { codedIds, conflicts };
}

/** 'fiscal year:fund id' of each grant that cannot pay a year of the target's lines (closedGrantKeys). */
async function closedKeys(trx: Db, target: codes.CodeTarget): Promise<string[]> {
  return closedGrantKeys(trx, await codes.targetYears(trx, target));
}

/**
 * The proposed lines on the general fund the rules' funds would go to (queries: fundMatches), and
 * the lines two rules would give different funds.
 */
export async function planFundRules(trx: Db, target: codes.CodeTarget) {
  return {
    planned: await codes.plannedFunds(trx, target, await closedKeys(trx, target)),
    conflicts: await codes.fundConflicts(trx, target),
  };
}

/** Writes planned funds through the writer: each line locked, read, changed and audited. */
export async function applyFundRules(
  trx: Db,
  actor: Actor,
  cause: LineCause,
  planned: readonly codes.PlannedFund[],
): Promise<number[]> {
  return throughWriter(trx, actor, cause, planned, () => codes.writeFunds(trx, planned));
}

/**
 * After an import's COPY: its proposed lines left on the general fund with no fund named get the
 * fund the rules agree on (lines two rules disagree on stay where they are). Returns how many were
 * funded and the disagreements, for the import's result and audit entry.
 */
export async function fundImportedLines(trx: Db, importRunId: number) {
  if (!(await codes.anyFundRules(trx))) {
    return { funded: 0, conflicts: [] };
  }
  const target = { importRunId };
  const conflicts = await codes.fundConflicts(trx, target);
  const funded = await codes.fundImportedLines(trx, importRunId, await closedKeys(trx, target));
  return { funded, conflicts };
}
