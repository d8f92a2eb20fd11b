import type { AppContext } from '@server/context';
import { validationFailed, conflict, notFound } from '@server/errors';
import { indexBuildings, LINK_NAMES, type BuildingRef } from '@server/lib/building-match';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import * as q from './queries/buildings';
import type { BuildingsQuery, CreateBuildingBody, UpdateBuildingBody } from '@shared/schemas/buildings';
import { requireBudgetYear } from './fiscal-years';

const ENTITY = 'building';

function toValues(input: UpdateBuildingBody): q.BuildingValues {
  const values: q.BuildingValues = {};
  if (input.name !== undefined) {
    values.name = input.name;
  }
  if (input.code !== undefined) {
    values.code = input.code;
  }
  if (input.address !== undefined) {
    values.address = input.address;
  }
  if (input.buildingType !== undefined) {
    values.building_type = input.buildingType;
  }
  if (input.color !== undefined) {
    values.color = input.color;
  }
  if (input.deseSchoolCode !== undefined) {
    values.dese_school_code = input.deseSchoolCode;
  }
  return values;
}

async function refuseTakenCode(db: AppContext['db'], code: string | null | undefined, exceptId?: number) {
  if (code && (await q.findBuildingByCode(db, code, exceptId))) {
    throw conflict(`A building with code ${code} already exists`);
  }
}

/**
 * A name names one building: imports, crosswalks and the staffing tables find a building by its
 * name, so a second 'Lunenburg High School' would split its lines and people between two (409).
 */
async function refuseTakenName(db: AppContext['db'], name: string | undefined, exceptId?: number) {
  const other = name === undefined ? undefined : await q.findBuildingByName(db, name, exceptId);
  if (other) {
    throw conflict(`A building named ${other.name} already exists`);
  }
}

/** A DESE school code names one school: a second building with it is refused (400 on the field). */
async function refuseTakenDeseCode(
  db: AppContext['db'],
  deseCode: string | null | undefined,
  exceptId?: number,
) {
  const other = deseCode ? await q.findBuildingByDeseCode(db, deseCode, exceptId) : undefined;
  if (other) {
    throw validationFailed([
      { path: 'deseSchoolCode', message: `DESE school code ${deseCode} is already ${other.name}'s` },
    ]);
  }
}

/** Buildings with employee counts for a budget year and fiscal year (or every year), by name. */
export async function listBuildings(app: AppContext, actor: Actor, filter: BuildingsQuery = {}) {
  authorize(actor, 'referenceData.read');
  if (filter.budgetYearId !== undefined) {
    await requireBudgetYear(app.db, filter.budgetYearId);
  }
  return { buildings: (await q.listBuildings(app.db, filter)).map(q.presentBuilding) };
}

/** Adds a building; a code another building uses (in any letter case) is refused with 409. */
export async function createBuilding(app: AppContext, actor: Actor, input: CreateBuildingBody) {
  authorize(actor, 'referenceData.write');
  return app.db.transaction(async (trx) => {
    await refuseTakenName(trx, input.name);
    await refuseTakenCode(trx, input.code);
    await refuseTakenDeseCode(trx, input.deseSchoolCode);
    const id = await q.insertBuilding(trx, { ...toValues(input), name: input.name });
    const building = q.presentBuilding((await q.findBuilding(trx, id))!);
    await insertAudit(trx, actor, { action: 'create', entity: ENTITY, entityId: id, after: building });
    return { building };
  });
}

/** Changes a building's name, code, address, type or colour. */
export async function updateBuilding(app: AppContext, actor: Actor, id: number, input: UpdateBuildingBody) {
  authorize(actor, 'referenceData.write');
  return app.db.transaction(async (trx) => {
    const before = await q.findBuilding(trx, id);
    if (!before) {
      throw notFound('Building');
    }
    await refuseTakenName(trx, input.name, id);
    await refuseTakenCode(trx, input.code, id);
    await refuseTakenDeseCode(trx, input.deseSchoolCode, id);
    await q.updateBuilding(trx, id, toValues(input));
    const building = q.presentBuilding((await q.findBuilding(trx, id))!);
    await insertAudit(trx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: id,
      before: q.presentBuilding(before),
      after: building,
    });
    return { building };
  });
}

/**
 * Deletes a building no line points at. Employees or proposed lines assigned to it make this a 409
 * that says how many ('Make sure no employees or line items are assigned to it').
 * Its enrollment rows go with it (they describe only this building).
 */
export async function deleteBuilding(app: AppContext, actor: Actor, id: number) {
  authorize(actor, 'referenceData.write');
  return app.db.transaction(async (trx) => {
    const before = await q.findBuilding(trx, id);
    if (!before) {
      throw notFound('Building');
    }
    const usage = await q.buildingUsage(trx, id);
    if (usage.employees + usage.lineItems > 0) {
      const parts = [
        // Lines of several fiscal years count each person once a year: say so, or the count looks
        // like three times the building's staff.
        usage.employeeYears > 1
          ? `${plural(usage.employees, 'employee record')} across ${usage.employeeYears} fiscal years`
          : usage.employees
            ? plural(usage.employees, 'employee')
            : null,
        usage.lineItems ? plural(usage.lineItems, 'line item') : null,
      ].filter(Boolean);
      const err = conflict(
        `Cannot delete ${before.name}: ${parts.join(' and ')} ${usage.employees + usage.lineItems === 1 ? 'is' : 'are'} assigned to it. Make sure no employees or line items are assigned to it.`,
      );
      err.details = [{ employeeCount: usage.employees, lineItemCount: usage.lineItems }];
      throw err;
    }
    await q.deleteBuilding(trx, id);
    await insertAudit(trx, actor, {
      action: 'delete',
      entity: ENTITY,
      entityId: id,
      before: q.presentBuilding(before),
    });
    return { message: `Building ${before.name} deleted` };
  });
}

/** '1 employee', '3 employees'. */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

export type BuildingMatchMethod = 'code' | 'name' | 'name-prefix';

/**
 * Finds the building a payroll line belongs to, by these rules in order (LINK_NAMES in
 * server/lib/building-match.ts):
 * 1. code: the location code equals a building's code (ignoring case and surrounding spaces);
 * 2. name: the location code or the department, normalised, equals exactly one building's
 *    normalised name ('Millbrook HS' = 'Millbrook High School');
 * 3. name-prefix: the normalised location code is the first whole word(s) of exactly one
 *    building's name and at least 4 letters ('HILLSIDE' = 'Hillside Elementary School').
 * Anything ambiguous or unmatched returns null: a wrong link is worse than none.
 */
export function buildingMatcher(buildings: readonly BuildingRef[]) {
  const index = indexBuildings(buildings, LINK_NAMES);
  return (line: {
    locationCode: string | null;
    department: string | null;
  }): { buildingId: number; method: BuildingMatchMethod } | null => {
    const code = index.byCode(line.locationCode);
    if (code !== null) {
      return { buildingId: code, method: 'code' };
    }
    const named = index.byName(line.locationCode) ?? index.byName(line.department);
    if (named !== null) {
      return { buildingId: named, method: 'name' };
    }
    const prefixed = index.byLooseName(line.locationCode);
    return prefixed === null ? null : { buildingId: prefixed, method: 'name-prefix' };
  };
}
