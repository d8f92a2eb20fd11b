import type { Knex } from 'knex';
import { positionsFromLines } from '@server/domains/positions';
import { CURRENT_FISCAL_YEAR } from './demo-district';
import type { ReferenceIds } from './demo-insert';

/**
 * The demo's positions: every FY2025 and FY2026 employee becomes a filled position (as the
 * migration does for an existing district), and FY2026's roster gains the vacancies a business
 * manager carries into next year's plan: a new teacher at Hillside and a special educator at
 * Whitcomb (vacant), a posted guidance counselor, and a frozen district-wide technology post. The
 * demo has no step-and-lane schedule, so the vacancies show as unpriced, with why, until one is
 * imported and a vacancy placement set (the frozen post costs nothing either way).
 */
const VACANCIES = [
  {
    title: 'Grade 3 Teacher',
    building: 'HSE',
    code: '2305',
    category: 'Teachers',
    group: 'Teachers',
    fte: 1,
    status: 'vacant',
  },
  {
    title: 'Special Education Teacher',
    building: 'WMS',
    code: '2305',
    category: 'Teachers',
    group: 'Special Education',
    fte: 1,
    status: 'vacant',
  },
  {
    title: 'School Counselor',
    building: 'MHS',
    code: '2710',
    category: 'Pupil Services',
    group: 'Guidance',
    fte: 0.5,
    status: 'posted',
  },
  {
    title: 'Network Technician',
    building: null,
    code: '4400',
    category: 'Operations & Maintenance',
    group: 'Technology',
    fte: 1,
    status: 'frozen',
  },
] as const;

export async function insertDemoPositions(
  trx: Knex.Transaction,
  budgetYearId: number,
  ref: ReferenceIds,
): Promise<number> {
  const filled = await positionsFromLines(trx, { budgetYearId, actorLabel: 'seed-demo' });
  const rows = await trx('positions')
    .insert(
      VACANCIES.map((v) => ({
        budget_year_id: budgetYearId,
        fiscal_year: CURRENT_FISCAL_YEAR,
        title: v.title,
        building_id: v.building ? ref.buildings.get(v.building) : null,
        dese_code: v.code,
        category_id: ref.categories.get(v.category),
        work_group_id: ref.workGroups.get(v.group),
        fte: v.fte,
        status: v.status,
      })),
    )
    .returning(['id', 'status']);
  await trx('position_history').insert(
    rows.map((r: { id: number; status: string }) => ({
      position_id: r.id,
      action: 'created',
      reason: 'Demo: a vacancy for next year',
      after: JSON.stringify({ status: r.status }),
      actor_label: 'seed-demo',
    })),
  );
  return filled + rows.length;
}
