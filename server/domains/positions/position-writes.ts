import type { AppContext } from '@server/context';
import { badRequest, conflict, validationFailed } from '@server/errors';
import { homeOfFiscalYear } from '@server/domains/budgets';
import { authorize, type Actor } from '@server/policies/index';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import type {
  CreatePositionBody,
  PositionDetail,
  SetPositionStatusBody,
  UpdatePositionBody,
} from '@shared/schemas/positions';
import {
  checkReferences,
  checkVacancyCell,
  fteText,
  heldMessage,
  lockForWrite,
  milli,
  refuseHeldStatus,
  requireOpenYear,
  rosterBudgetYear,
} from './guards';
import { applyFundShares } from './fund-shares';
import { addHolder } from './holders';
import { readPosition } from './positions';
import { holdersOf, type PositionBase } from './queries/positions';
import type { HistoryEntry } from './queries/position-writes';
import {
  deletePosition as deleteRow,
  insertPosition,
  updatePositions,
  type PositionValues,
} from './queries/position-writes';
import { recordChanges } from './record';
import { afterPositionsChange, placesOf, withSalaryLines } from './sync';
import type { SalaryLinesLocked } from '@shared/schemas/reconciliation';

/** A position write's answer: the position, and what the change could not reach (sync.ts). */
type Answer = { position: PositionDetail; salaryLines?: SalaryLinesLocked };

/** The API's field names and the columns they write. */
const COLUMNS = {
  title: 'title',
  buildingId: 'building_id',
  deseCode: 'dese_code',
  categoryId: 'category_id',
  workGroupId: 'work_group_id',
  fte: 'fte',
  vacancyStep: 'vacancy_step',
  vacancyLane: 'vacancy_lane',
  vacancyRate: 'vacancy_rate',
  notes: 'notes',
  status: 'status',
} as const;
type Field = keyof typeof COLUMNS;

/** The columns a body sets (undefined fields are left alone). */
export function valuesOf(body: Partial<Record<Field, unknown>>): PositionValues {
  const values: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS)) {
    const value = body[field as Field];
    if (value !== undefined) {
      values[column] = value;
    }
  }
  return values as PositionValues;
}

/**
 * The history entries of a change from `before` to `values`: the FTE, the place (building or
 * function code: 'moved'), the status, and the rest, each with what it was and what it became.
 */
export function changeEntries(
  before: PositionBase,
  values: PositionValues,
  reason: string | null,
): HistoryEntry[] {
  const groups: [HistoryEntry['action'], string[]][] = [
    ['fte_changed', ['fte']],
    ['moved', ['building_id', 'dese_code']],
    [values.status === 'closed' ? 'closed' : 'status_changed', ['status']],
    [
      'updated',
      ['title', 'category_id', 'work_group_id', 'vacancy_step', 'vacancy_lane', 'vacancy_rate', 'notes'],
    ],
  ];
  const entries: HistoryEntry[] = [];
  for (const [action, columns] of groups) {
    const changed = columns.filter((c) => {
      const next = (values as Record<string, unknown>)[c];
      const was = (before as unknown as Record<string, unknown>)[c];
      return next !== undefined && String(next ?? '') !== String(was ?? '');
    });
    if (changed.length) {
      entries.push({
        positionId: before.id,
        action,
        reason,
        before: Object.fromEntries(
          changed.map((c) => [c, (before as unknown as Record<string, unknown>)[c]]),
        ),
        after: Object.fromEntries(changed.map((c) => [c, (values as Record<string, unknown>)[c]])),
      });
    }
  }
  return entries;
}

/** POST /positions: a new position in the fiscal year's roster, vacant unless holders fill it. */
export async function createPosition(
  app: AppContext,
  actor: Actor,
  body: CreatePositionBody,
): Promise<Answer> {
  authorize(actor, 'positions.write');
  return app.db.transaction(async (trx) => {
    const budgetYearId = await rosterBudgetYear(trx, body.fiscalYear, body.budgetYearId);
    const home = await homeOfFiscalYear(trx, body.fiscalYear);
    if (home && home.id !== budgetYearId) {
      throw badRequest(
        `${fiscalYearLabel(body.fiscalYear)} is planned in budget year ${home.label}: add its positions there`,
        [
          {
            path: 'budgetYearId',
            message: `${fiscalYearLabel(body.fiscalYear)}'s roster is in budget year ${home.label}`,
          },
        ],
      );
    }
    await requireOpenYear(trx, budgetYearId, body.fiscalYear);
    await checkReferences(trx, body);
    const workGroupId = body.workGroupId ?? null;
    await checkVacancyCell(
      trx,
      workGroupId,
      body.vacancyStep ?? null,
      body.vacancyLane ?? null,
      body.fiscalYear + 1,
    );
    const values: PositionValues = {
      ...valuesOf({ ...body, status: undefined }),
      budget_year_id: budgetYearId,
      fiscal_year: body.fiscalYear,
      status: body.holders?.length ? 'filled' : (body.status ?? 'vacant'),
    };
    const id = await insertPosition(trx, actor, values);
    const entries: HistoryEntry[] = [
      { positionId: id, action: 'created', reason: body.reason ?? null, after: values },
    ];
    const position = { ...(values as PositionBase), id, version: 1 };
    const funds = await applyFundShares(trx, position, body.fundShares, body.reason ?? null);
    entries.push(...(funds ? [funds] : []));
    for (const holder of body.holders ?? []) {
      const added = await addHolder(trx, position, holder.lineItemId, holder.fteShare);
      entries.push({
        positionId: id,
        action: 'filled',
        reason: body.reason ?? null,
        after: { lineItemId: holder.lineItemId, employeeName: added.name, fteShare: added.share },
      });
    }
    await recordChanges(trx, actor, entries);
    const lines = await afterPositionsChange(trx, actor, position, placesOf([position]));
    return withSalaryLines({ position: await readPosition(trx, id) }, lines);
  });
}

/** Refuses an FTE below what the holders hold. */
async function checkFteCoversHolders(
  db: Parameters<typeof holdersOf>[0],
  position: PositionBase,
  fte: number,
) {
  const held = (await holdersOf(db, position.id)).reduce((sum, h) => sum + milli(h.fte_share), 0);
  if (milli(fte) < held) {
    throw validationFailed([
      {
        path: 'fte',
        message: `Its holders hold ${fteText(held)} FTE: the position's FTE cannot go below that (vacate a holder first)`,
      },
    ]);
  }
}

/**
 * PATCH /positions/:id: title, place, category, work group, FTE, vacancy step and lane, notes; and
 * the roster's rate cleared (vacancyRate null), after which its step and lane price the vacancy.
 */
export async function updatePosition(
  app: AppContext,
  actor: Actor,
  id: number,
  body: UpdatePositionBody,
): Promise<Answer> {
  authorize(actor, 'positions.write');
  return app.db.transaction(async (trx) => {
    const [position] = await lockForWrite(trx, [{ id, version: body.version }]);
    await checkReferences(trx, body);
    if (body.fte !== undefined) {
      await checkFteCoversHolders(trx, position, body.fte);
    }
    if ([body.workGroupId, body.vacancyStep, body.vacancyLane].some((v) => v !== undefined)) {
      await checkVacancyCell(
        trx,
        body.workGroupId !== undefined ? body.workGroupId : position.work_group_id,
        body.vacancyStep !== undefined ? body.vacancyStep : position.vacancy_step,
        body.vacancyLane !== undefined ? body.vacancyLane : position.vacancy_lane,
        position.fiscal_year + 1,
      );
    }
    const values = valuesOf(body);
    const entries = changeEntries(position, values, body.reason ?? null);
    const after = { ...position, ...values };
    const funds = await applyFundShares(trx, after, body.fundShares, body.reason ?? null);
    let lines: SalaryLinesLocked | null = null;
    if (entries.length || funds) {
      // A change of fund shares alone moves the version on too: a second user holding the old one
      // must be told, not silently undo the split.
      await updatePositions(trx, actor, [id], values);
      await recordChanges(trx, actor, [...entries, ...(funds ? [funds] : [])]);
      // Its cost leaves the place it was at and joins the one it is at.
      lines = await afterPositionsChange(trx, actor, position, placesOf([position, after]));
    }
    return withSalaryLines({ position: await readPosition(trx, id) }, lines);
  });
}

/** POST /positions/:id/status: vacant, posted, frozen or closed (a closed one may be set vacant again). */
export async function setPositionStatus(
  app: AppContext,
  actor: Actor,
  id: number,
  body: SetPositionStatusBody,
): Promise<Answer> {
  authorize(actor, 'positions.write');
  return app.db.transaction(async (trx) => {
    const [position] = await lockForWrite(trx, [{ id, version: body.version }]);
    await refuseHeldStatus(trx, position, (await holdersOf(trx, id)).length, body.status);
    const entries = changeEntries(position, { status: body.status }, body.reason ?? null);
    let lines: SalaryLinesLocked | null = null;
    if (entries.length) {
      await updatePositions(trx, actor, [id], { status: body.status });
      await recordChanges(trx, actor, entries);
      lines = await afterPositionsChange(trx, actor, position, placesOf([position]));
    }
    return withSalaryLines({ position: await readPosition(trx, id) }, lines);
  });
}

/**
 * DELETE /positions/:id: for a position made by mistake. One somebody holds is refused (vacate
 * first, or close it to keep its history); the audit log keeps what it was.
 */
export async function deletePosition(
  app: AppContext,
  actor: Actor,
  id: number,
  version: number,
): Promise<{ deleted: number; salaryLines?: SalaryLinesLocked }> {
  authorize(actor, 'positions.write');
  return app.db.transaction(async (trx) => {
    const [position] = await lockForWrite(trx, [{ id, version }]);
    const holders = await holdersOf(trx, id);
    if (holders.length) {
      throw conflict(await heldMessage(trx, position, 'deleting it, or close it to keep its history'));
    }
    // The audit entry is written first: the position's own history goes with it.
    await recordChanges(trx, actor, [{ positionId: id, action: 'deleted', before: position, after: null }]);
    await deleteRow(trx, id);
    const lines = await afterPositionsChange(trx, actor, position, placesOf([position]));
    return withSalaryLines({ deleted: id }, lines);
  });
}
