import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { badRequest, conflict, notFound, validationFailed } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import type { FillPositionBody, PositionDetail, VacatePositionBody } from '@shared/schemas/positions';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { fteText, lockForWrite, milli } from './guards';
import { readPosition } from './positions';
import type { PositionBase } from './queries/positions';
import { holdersOf } from './queries/positions';
import { deleteHolder, holderLine, insertHolder, updatePositions } from './queries/position-writes';
import { recordChanges } from './record';
import { afterPositionsChange, withSalaryLines } from './sync';
import type { SalaryLinesLocked } from '@shared/schemas/reconciliation';

/**
 * Adds a holder to a locked position, refusing (400 on fteShare, nothing written) a line that is
 * not an employee of the position's year, a person already holding it, and shares above the
 * person's FTE or the position's. The share defaults to the FTE nobody holds yet.
 */
export async function addHolder(
  db: Db,
  position: PositionBase,
  lineItemId: number,
  share: number | undefined,
): Promise<{ name: string | null; share: number }> {
  const line = await holderLine(db, lineItemId);
  if (!line) {
    throw notFound(`Employee line ${lineItemId}`);
  }
  if (!line.is_operating || line.is_projected) {
    throw validationFailed([
      { path: 'lineItemId', message: `Line ${lineItemId} is not an employee line of a payroll` },
    ]);
  }
  if (line.budget_year_id !== position.budget_year_id || line.fiscal_year !== position.fiscal_year) {
    throw validationFailed([
      {
        path: 'lineItemId',
        message: `Line ${lineItemId} is an employee of ${fiscalYearLabel(line.fiscal_year)} in another budget year; this position is in ${fiscalYearLabel(position.fiscal_year)}'s roster`,
      },
    ]);
  }
  const holders = await holdersOf(db, position.id);
  if (holders.some((h) => h.line_item_id === lineItemId)) {
    throw conflict(`${line.name ?? `Line ${lineItemId}`} already holds this position`);
  }
  const held = holders.reduce((sum, h) => sum + milli(h.fte_share), 0);
  const fte = milli(position.fte);
  const wanted = share === undefined ? fte - held : milli(share);
  if (wanted <= 0) {
    throw validationFailed([
      { path: 'fteShare', message: `This position's ${fteText(fte)} FTE is held in full already` },
    ]);
  }
  if (held + wanted > fte) {
    throw validationFailed([
      {
        path: 'fteShare',
        message: `The position's holders would hold ${fteText(held + wanted)} FTE, above its ${fteText(fte)} FTE (${fteText(Math.max(fte - held, 0))} FTE is free)`,
      },
    ]);
  }
  const personFte = milli(line.current_fte) || 1000;
  const personHeld = milli(line.total_share);
  if (personHeld + wanted > personFte) {
    const who = line.name ?? `Line ${lineItemId}`;
    throw validationFailed([
      {
        path: 'fteShare',
        message: `${who} would hold ${fteText(personHeld + wanted)} FTE of positions, above their ${fteText(personFte)} FTE (${fteText(personHeld)} FTE held already)`,
      },
    ]);
  }
  await insertHolder(db, position.id, lineItemId, wanted / 1000);
  return { name: line.name, share: wanted / 1000 };
}

/** POST /positions/:id/fill: an employee fills (a share of) the position, which becomes filled. */
export async function fillPosition(
  app: AppContext,
  actor: Actor,
  id: number,
  body: FillPositionBody,
): Promise<{ position: PositionDetail; salaryLines?: SalaryLinesLocked }> {
  authorize(actor, 'positions.write');
  return app.db.transaction(async (trx) => {
    const [position] = await lockForWrite(trx, [{ id, version: body.version }]);
    if (position.status === 'closed') {
      throw validationFailed([
        { path: 'status', message: 'A closed position cannot be filled: set it vacant first' },
      ]);
    }
    const added = await addHolder(trx, position, body.lineItemId, body.fteShare);
    await updatePositions(trx, actor, [id], { status: 'filled' });
    await recordChanges(trx, actor, [
      {
        positionId: id,
        action: 'filled',
        reason: body.reason ?? null,
        before: { status: position.status },
        after: {
          status: 'filled',
          lineItemId: body.lineItemId,
          employeeName: added.name,
          fteShare: added.share,
        },
      },
    ]);
    const lines = await afterPositionsChange(trx, actor, position);
    return withSalaryLines({ position: await readPosition(trx, id) }, lines);
  });
}

/**
 * POST /positions/:id/vacate: a holder leaves. The position stays (the job is still there); once
 * nobody holds it, it takes the status asked for (vacant unless said).
 */
export async function vacatePosition(
  app: AppContext,
  actor: Actor,
  id: number,
  body: VacatePositionBody,
): Promise<{ position: PositionDetail; salaryLines?: SalaryLinesLocked }> {
  authorize(actor, 'positions.write');
  return app.db.transaction(async (trx) => {
    const [position] = await lockForWrite(trx, [{ id, version: body.version }]);
    const holders = await holdersOf(trx, id);
    if (!holders.length) {
      throw badRequest('Nobody holds this position', [
        { path: 'lineItemId', message: 'Nobody holds this position' },
      ]);
    }
    if (body.lineItemId === undefined && holders.length > 1) {
      throw validationFailed([
        {
          path: 'lineItemId',
          message: `Name the holder who leaves: ${holders.length} people hold this position`,
        },
      ]);
    }
    const leaving = holders.find((h) => h.line_item_id === (body.lineItemId ?? holders[0].line_item_id));
    if (!leaving) {
      throw validationFailed([
        { path: 'lineItemId', message: `Line ${body.lineItemId} does not hold this position` },
      ]);
    }
    await deleteHolder(trx, id, leaving.line_item_id);
    const status = holders.length === 1 ? (body.status ?? 'vacant') : position.status;
    await updatePositions(trx, actor, [id], { status });
    await recordChanges(trx, actor, [
      {
        positionId: id,
        action: 'vacated',
        reason: body.reason ?? null,
        before: {
          status: position.status,
          lineItemId: leaving.line_item_id,
          employeeName: leaving.employee_name,
          fteShare: Number(leaving.fte_share),
        },
        after: { status },
      },
    ]);
    const lines = await afterPositionsChange(trx, actor, position);
    return withSalaryLines({ position: await readPosition(trx, id) }, lines);
  });
}
