import type { Knex } from 'knex';
import type { Actor } from '@server/policies/index';
import { sharesFromImportedLines } from './queries/fund-shares';
import { fillVacanciesFromImport } from './queries/from-import';
import { positionsFromLines, vacanciesFromLines } from './queries/from-lines';

/**
 * A payroll import's open positions (rows with no name) as vacant positions at their salary, first
 * of all (settle): the caller has the line writer remove their lines (`lineIds`), so nothing after
 * reads them as people. Their newcomers do not fill them (fillVacanciesFromImport).
 */
export async function vacanciesForImport(
  trx: Knex.Transaction,
  actor: Actor,
  run: { id: number; fileName: string },
): Promise<{ lineIds: number[]; count: number }> {
  return vacanciesFromLines(trx, {
    importRunId: run.id,
    userId: actor.id,
    actorLabel: actor.email ?? actor.name,
    fileName: run.fileName,
  });
}

/**
 * The positions of a payroll import's people, in the import's transaction: a newcomer fills the
 * vacancy of their title at their building if one waits (fillVacanciesFromImport), anyone else
 * becomes a filled position of their own, as the migration made one per employee line. People who
 * left keep nothing: deleting their line leaves its position vacant (the positions migration's
 * trigger), never deleted. The import's crosswalk has already given the lines their work group,
 * category and function code, which a new position takes from its line.
 */
export async function positionsForImport(
  trx: Knex.Transaction,
  actor: Actor,
  run: { id: number; fileName: string },
): Promise<{ filled: number; created: number; grantFunded: number }> {
  const label = actor.email ?? actor.name;
  const filled = await fillVacanciesFromImport(trx, {
    importRunId: run.id,
    userId: actor.id,
    actorLabel: label,
    reason: `Payroll import of ${run.fileName}`,
  });
  const created = await positionsFromLines(trx, { importRunId: run.id, userId: actor.id, actorLabel: label });
  // A person on a grant's line (the file's Fund column) holds a new position that grant pays.
  const grantFunded = await sharesFromImportedLines(trx, run.id);
  return { filled, created, grantFunded };
}
