import { beforeAll, describe, expect, it } from 'vitest';
import { centsOf } from '@shared/money';
import { useApp } from '../../test/use-app';
import {
  buildPositionsWorld,
  proposedSalaryLines,
  type PositionsWorld,
} from '../../test/worlds/positions.world';
import { positionsFromLines } from '@server/domains/positions';

/**
 * A vacancy imported with its roster's salary is priced at that rate (vacancy_rate, a full-time
 * rate) before its work group's vacancy placement. Before, nobody could take the rate away: PATCH
 * refused `vacancyRate` as an unknown field. Now `vacancyRate: null` clears it (audited, in the
 * position's history) and the work group's placement prices the vacancy, the salary lines
 * following; anything else is refused with a 400 naming the field, and nothing changes. Every
 * figure is worked out here in integer cents.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: PositionsWorld;
let id: number;

/** The world's FY2026 holders' next-year salaries, in cents: Ada, Ben, Cy (0.5) and Di (0.8). */
const HOLDERS = 6180001n + 7210003n + 3090005n + 4944007n;
/** 15,000.01 at 0.6 FTE, as an import keeps it (salary / FTE, to the millionth). */
const RATE = '25000.016667';

const patch = (body: Record<string, unknown>) =>
  t.api('patch', `/positions/${id}`, { token: finance.token, body });
const detail = async () => (await t.api('get', `/positions/${id}`, { token: finance.token })).body.position;
const lines = async () =>
  Object.fromEntries(
    Object.entries(await proposedSalaryLines(t.db.knex, w.budgetYearId)).map(([k, v]) => [k, BigInt(v)]),
  );
/** Everything a refused write must leave alone. */
const state = async () => ({
  position: await t.db.knex('positions').where({ id }).first(),
  history: await t.db.knex('position_history').where({ position_id: id }).count('* as n'),
  audit: await t.db.knex('audit_log').where({ entity: 'position' }).count('* as n'),
  lines: await lines(),
});

beforeAll(async () => {
  w = await buildPositionsWorld(t, admin.token);
  await positionsFromLines(t.db.knex, { budgetYearId: w.budgetYearId, actorLabel: 'test' });
  await t.api('put', `/positions/vacancy-placement/${w.teacherGroup}`, {
    token: finance.token,
    body: { step: 2, lane: 'MA' },
  });
  const made = await t.api('post', '/positions', {
    token: finance.token,
    body: {
      fiscalYear: 2026,
      title: 'Paraprofessional',
      buildingId: w.school,
      categoryId: w.teachers,
      workGroupId: w.teacherGroup,
      fte: 0.6,
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  id = made.body.position.id;
  // As a payroll import writes an open position's rate (positions/queries/from-lines.ts).
  await t.db.knex('positions').where({ id }).update({ vacancy_rate: RATE });
  // Any edit brings the salary lines to the roster's price.
  expect((await patch({ version: 1, notes: 'From the roster' })).status).toBe(200);
});

describe("a vacancy's roster rate", () => {
  const school = () => `${w.teachers}|${w.school}|2305`;

  it('prices it and is shown with it, the salary lines holding that price', async () => {
    const p = await detail();
    expect(p).toMatchObject({ vacancyRate: RATE, placementSource: 'roster', budgetedStep: null });
    expect(centsOf(p.budgetedCost)).toBe(1_500_001n);
    expect(await lines()).toEqual({ [school()]: HOLDERS + 1_500_001n });
  });

  it('cannot be set or sent as anything but null: a 400 naming it, nothing changed', async () => {
    const before = await state();
    for (const vacancyRate of [50000, '0', 'none', false]) {
      const res = await patch({ version: 2, vacancyRate });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toMatch(/The roster rate can only be cleared \(null\), not set/);
      expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(['vacancyRate']);
    }
    expect(await state()).toEqual(before);
  });

  it('cleared, the work group’s placement prices it, the lines follow, and the change is recorded', async () => {
    const res = await patch({ version: 2, vacancyRate: null, reason: 'Budget it on the schedule' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const cell = (centsOf('57250.50') * 600n + 500n) / 1000n; // Step 2, MA at 0.6 FTE: 34,350.30.
    expect(res.body.position).toMatchObject({
      vacancyRate: null,
      placementSource: 'workGroup',
      budgetedStep: 2,
      budgetedLane: 'MA',
      version: 3,
    });
    expect(centsOf(res.body.position.budgetedCost)).toBe(cell);
    expect(await lines()).toEqual({ [school()]: HOLDERS + cell });
    expect(res.body.position.history[0]).toMatchObject({
      action: 'updated',
      reason: 'Budget it on the schedule',
      before: { vacancy_rate: Number(RATE) },
      after: { vacancy_rate: null },
    });
    const audit = await t.db
      .knex('audit_log')
      .where({ entity: 'position', entity_id: String(id) })
      .orderBy('id', 'desc')
      .first();
    expect(audit).toMatchObject({ action: 'update' });
    expect(audit.after).toMatchObject({ vacancy_rate: null, positionAction: 'updated' });

    // Cleared again: nothing to change, nothing written.
    const again = await patch({ version: 3, vacancyRate: null });
    expect(again.status).toBe(200);
    expect(again.body.position.version).toBe(3);
  });
});
