import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { conflict } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import * as q from './queries/versions';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import type { CreateVersionBody, VersionsQuery } from '@shared/schemas/versions';
import { requireBudgetYear } from './fiscal-years';

/** Budget versions, newest first, optionally of one fiscal year or one budget year. */
export async function listVersions(app: AppContext, actor: Actor, filter: VersionsQuery) {
  authorize(actor, 'versions.manage');
  return { versions: (await q.listVersions(app.db, filter)).map(q.presentVersion) };
}

/**
 * Creates a version as DRAFT (every version starts so) with the next version number of its fiscal year.
 * The uploader is the signed-in user (the CLI's system actor records none); a label already used
 * in that fiscal year is refused with 409.
 */
export async function createVersion(app: AppContext, actor: Actor, input: CreateVersionBody) {
  authorize(actor, 'versions.manage');
  return app.db.transaction((trx) => createVersionIn(trx, actor, input));
}

/** createVersion inside a caller's transaction (an import creating its version rolls back with it). */
export async function createVersionIn(trx: Db, actor: Actor, input: CreateVersionBody) {
  authorize(actor, 'versions.manage');
  if (input.budgetYearId) {
    await requireBudgetYear(trx, input.budgetYearId);
  }
  if (await q.findVersionByLabel(trx, input.fiscalYear, input.label)) {
    throw conflict(
      `A version labelled "${input.label}" already exists for ${fiscalYearLabel(input.fiscalYear)}`,
    );
  }
  const id = await q.insertVersion(trx, {
    fiscal_year: input.fiscalYear,
    label: input.label,
    version_number: await q.nextVersionNumber(trx, input.fiscalYear),
    description: input.description,
    uploaded_by: actor.id,
    budget_year_id: input.budgetYearId ?? null,
  });
  const version = q.presentVersion((await q.findVersionById(trx, id))!);
  await insertAudit(trx, actor, { action: 'create', entity: 'budget-version', entityId: id, after: version });
  return { version };
}
