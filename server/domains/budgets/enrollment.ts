import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { badRequest, notFound } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import * as q from './queries/enrollment';
import {
  gradeLabel,
  gradesFor,
  type EnrollmentBuilding,
  type EnrollmentResponse,
  type SaveEnrollmentBatchBody,
  type SaveEnrollmentBody,
} from '@shared/schemas/enrollment';
import { requireBudgetYear } from './fiscal-years';
// A cycle of domains (stages reads budget years), safe: only functions cross it, called at request time.
import { requireUnclosedYear } from '@server/domains/stages';

/** A budget year's enrollment is its current fiscal year's: refused (409) once that year is closed. */
async function requireOpenEnrollment(trx: Db, budgetYearId: number) {
  const by = await requireBudgetYear(trx, budgetYearId);
  await requireUnclosedYear(trx, by.id, by.current_fiscal_year);
}

/**
 * A budget year's enrollment: every record, and every building with the grades its type enrols
 * and its totals, so the Enrollment tab can show buildings that have no counts yet.
 */
export async function listEnrollment(
  app: AppContext,
  actor: Actor,
  budgetYearId: number,
): Promise<EnrollmentResponse> {
  authorize(actor, 'referenceData.read');
  await requireBudgetYear(app.db, budgetYearId);
  const [rows, buildings] = [await q.listEnrollment(app.db, budgetYearId), await q.listBuildings(app.db)];
  const byBuilding = new Map<number, q.EnrollmentRow[]>();
  for (const row of rows) {
    byBuilding.set(row.building_id, [...(byBuilding.get(row.building_id) ?? []), row]);
  }
  const summaries: EnrollmentBuilding[] = buildings.map((b) => {
    const own = byBuilding.get(b.id) ?? [];
    return {
      id: b.id,
      name: b.name,
      code: b.code,
      buildingType: b.building_type,
      grades: [...gradesFor(b.building_type)],
      totalStudents: own.reduce((n, r) => n + r.student_count, 0),
      specialEdStudents: own.reduce((n, r) => n + (r.special_ed_count ?? 0), 0),
      gradesEntered: own.length,
    };
  });
  return {
    budgetYearId,
    enrollment: rows.map(q.presentEnrollment),
    buildings: summaries,
    totals: {
      students: summaries.reduce((n, b) => n + b.totalStudents, 0),
      specialEd: summaries.reduce((n, b) => n + b.specialEdStudents, 0),
    },
  };
}

/** The building, which must exist and enrol every grade given (GRADES_BY_BUILDING_TYPE). */
async function requireBuildingForGrades(db: Db, buildingId: number, grades: string[]) {
  const building = await q.findBuilding(db, buildingId);
  if (!building) {
    throw notFound('Building');
  }
  const allowed = gradesFor(building.building_type);
  const wrong = grades.filter((g) => !(allowed as readonly string[]).includes(g));
  if (wrong.length) {
    throw badRequest(
      `${building.name} does not enrol ${wrong.map(gradeLabel).join(', ')} (grades ${allowed.join(', ')})`,
      wrong.map((g) => ({ path: 'grade', message: `${gradeLabel(g)} is not a grade of this building` })),
    );
  }
  return building;
}

/** Saves one grade of one building (creating or replacing it). */
export async function saveEnrollment(app: AppContext, actor: Actor, input: SaveEnrollmentBody) {
  authorize(actor, 'referenceData.write');
  return app.db.transaction(async (trx) => {
    await requireOpenEnrollment(trx, input.budgetYearId);
    await requireBuildingForGrades(trx, input.buildingId, [input.grade]);
    const before = (await q.listEnrollment(trx, input.budgetYearId, input.buildingId)).find(
      (r) => r.grade === input.grade,
    );
    const id = await q.upsertEnrollment(trx, {
      budget_year_id: input.budgetYearId,
      building_id: input.buildingId,
      grade: input.grade,
      student_count: input.studentCount,
      special_ed_count: input.specialEdCount ?? null,
    });
    const enrollment = q.presentEnrollment((await q.findEnrollmentById(trx, id))!);
    await insertAudit(trx, actor, {
      action: before ? 'update' : 'create',
      entity: 'enrollment',
      entityId: id,
      before: before ? q.presentEnrollment(before) : undefined,
      after: enrollment,
    });
    return { enrollment };
  });
}

/**
 * Saves a building's grades in one transaction: grades with students are stored, the building's
 * other grades that year are removed.
 */
export async function saveEnrollmentBatch(app: AppContext, actor: Actor, input: SaveEnrollmentBatchBody) {
  authorize(actor, 'referenceData.write');
  // The schema has refused a form without students; grades at 0 are dropped, not stored.
  const withStudents = input.grades.filter((g) => g.studentCount > 0);
  const seen = new Set<string>();
  for (const g of input.grades) {
    if (seen.has(g.grade)) {
      throw badRequest(`${gradeLabel(g.grade)} is listed twice`, [
        { path: 'grades', message: 'Duplicate grade' },
      ]);
    }
    seen.add(g.grade);
  }
  return app.db.transaction(async (trx) => {
    await requireOpenEnrollment(trx, input.budgetYearId);
    await requireBuildingForGrades(
      trx,
      input.buildingId,
      input.grades.map((g) => g.grade),
    );
    const before = await q.listEnrollment(trx, input.budgetYearId, input.buildingId);
    const removed = await q.deleteOtherGrades(
      trx,
      input.budgetYearId,
      input.buildingId,
      withStudents.map((g) => g.grade),
    );
    for (const g of withStudents) {
      await q.upsertEnrollment(trx, {
        budget_year_id: input.budgetYearId,
        building_id: input.buildingId,
        grade: g.grade,
        student_count: g.studentCount,
        special_ed_count: g.specialEdCount ?? null,
      });
    }
    const after = (await q.listEnrollment(trx, input.budgetYearId, input.buildingId)).map(
      q.presentEnrollment,
    );
    await insertAudit(trx, actor, {
      action: 'update',
      entity: 'enrollment',
      entityId: `${input.budgetYearId}:${input.buildingId}`,
      before: before.map(q.presentEnrollment),
      after,
    });
    return { enrollment: after, saved: withStudents.length, removed };
  });
}
