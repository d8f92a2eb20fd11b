import { describe, expect, it } from 'vitest';
import { buildRuleWorld, grow, insertPeople, toCents, type RuleWorld } from '../../test/factories';
import { dollars, readIndependently, scheduleKit } from '../../test/worlds/salary-schedules.suite';

/**
 * A step and lane are cells of the schedule attached to the line's work group: every call that moves
 * an employee line to another work group clears them, and the automatic next-year salary follows the
 * new group's rule at once. Re-sending the same group keeps the placement.
 */
const kit = scheduleKit();
const S = readIndependently();
const knex = () => kit.t.db.knex;

/** A teacher confirmed on step 5, Masters of the Lunenburg schedule (FY26 amount + $100). */
async function placedTeacher(w: RuleWorld, extra: { position?: string; manual?: string } = {}) {
  const salary = S.at(2026, 5, 'Masters') + 10000n;
  const [id] = await insertPeople(knex(), w, [
    {
      firstName: 'Pat',
      lastName: 'Mover',
      salary: dollars(salary),
      workGroupId: w.teachers,
      workGroup: w.names.teachers,
      position: extra.position,
      ...(extra.manual ? { nextYearSalary: extra.manual, manual: true } : {}),
    },
  ]);
  await kit.importInto(w);
  const placed = await kit.t.api('patch', `/line-items/budget/${id}/placement`, {
    token: kit.finance,
    body: { salaryStep: 5, salaryLane: 'Masters' },
  });
  expect(placed.status).toBe(200);
  if (!extra.manual) {
    // On the schedule: FY27's amount one step up.
    expect(toCents(placed.body.lineItem.nextYearSalary)).toBe(S.at(2027, 6, 'Masters'));
  }
  return { id, salary };
}

async function placementOf(id: number) {
  const row = await knex()('line_items').where({ id }).first();
  return {
    step: row.salary_step,
    lane: row.salary_lane,
    kind: row.salary_placement,
    workGroupId: row.work_group_id,
    next: toCents(row.next_year_salary),
    manual: row.next_year_salary_manual,
  };
}

/** What a Teacher moved to Custodians has: no placement, the custodians' 2.5% negotiating COLA. */
function expectMovedToCustodians(got: Awaited<ReturnType<typeof placementOf>>, w: RuleWorld, salary: bigint) {
  expect(got).toMatchObject({ step: null, lane: null, kind: null, workGroupId: w.custodians });
  expect(got.next).toBe(grow(salary, w.custodianBp[2027]));
}

describe('a work-group change clears the step and lane', () => {
  it('PATCH /line-items/budget/:id with workGroupId', async () => {
    const w = await buildRuleWorld(knex());
    const { id, salary } = await placedTeacher(w);
    const res = await kit.t.api('patch', `/line-items/budget/${id}`, {
      token: kit.finance,
      body: { workGroupId: w.custodians },
    });
    expect(res.status).toBe(200);
    expect(res.body.lineItem).toMatchObject({ salaryStep: null, salaryLane: null, salaryPlacement: null });
    expectMovedToCustodians(await placementOf(id), w, salary);
    const audit = await knex()('audit_log')
      .where({ entity: 'line-item', entity_id: String(id), action: 'update' })
      .orderBy('id', 'desc')
      .first();
    expect([audit.before.salaryStep, audit.after.salaryStep]).toEqual([5, null]);
  });

  it('PATCH /line-items/budget/:id with the work group by name only', async () => {
    const w = await buildRuleWorld(knex());
    const { id, salary } = await placedTeacher(w);
    const res = await kit.t.api('patch', `/line-items/budget/${id}`, {
      token: kit.admin,
      body: { workGroup: w.names.custodians },
    });
    expect(res.status).toBe(200);
    expectMovedToCustodians(await placementOf(id), w, salary);
  });

  it('PATCH /line-items/:id with workGroupId, and with the work group cleared', async () => {
    const w = await buildRuleWorld(knex());
    const { id, salary } = await placedTeacher(w);
    const res = await kit.t.api('patch', `/line-items/${id}`, {
      token: kit.finance,
      body: { workGroupId: w.custodians },
    });
    expect(res.status).toBe(200);
    expectMovedToCustodians(await placementOf(id), w, salary);

    const other = await placedTeacher(w);
    const none = await kit.t.api('patch', `/line-items/${other.id}`, {
      token: kit.finance,
      body: { workGroupId: null },
    });
    expect(none.status).toBe(200);
    // No work group: no placement and, by the rule, no automatic next-year salary.
    expect(await placementOf(other.id)).toMatchObject({ step: null, lane: null, kind: null, next: null });
  });

  it('POST /line-items/bulk-work-group', async () => {
    const w = await buildRuleWorld(knex());
    const { id, salary } = await placedTeacher(w);
    const res = await kit.t.api('post', '/line-items/bulk-work-group', {
      token: kit.finance,
      body: { itemIds: [id], workGroupId: w.custodians },
    });
    expect(res.status).toBe(200);
    expectMovedToCustodians(await placementOf(id), w, salary);
  });

  it('POST /bulk-update/work-groups (Manage Data), which also recomputes the next-year salary', async () => {
    const w = await buildRuleWorld(knex());
    const position = `Mover ${w.budgetYearId}`;
    const { id, salary } = await placedTeacher(w, { position });
    const res = await kit.t.api('post', '/bulk-update/work-groups', {
      token: kit.admin,
      body: {
        budgetYearId: w.budgetYearId,
        fiscalYear: 2026,
        match: { position },
        workGroupId: w.custodians,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ matched: 1, totalUpdated: 1 });
    expectMovedToCustodians(await placementOf(id), w, salary);
  });

  it('keeps a manual next-year salary manual while clearing the placement', async () => {
    const w = await buildRuleWorld(knex());
    const { id } = await placedTeacher(w, { manual: '99999.00' });
    const res = await kit.t.api('post', '/line-items/bulk-work-group', {
      token: kit.finance,
      body: { itemIds: [id], workGroup: w.names.custodians },
    });
    expect(res.status).toBe(200);
    expect(await placementOf(id)).toMatchObject({
      step: null,
      lane: null,
      kind: null,
      manual: true,
      next: 9999900n,
    });
  });

  it('keeps the placement when the call names the group the line is already in', async () => {
    const w = await buildRuleWorld(knex());
    const { id } = await placedTeacher(w);
    const calls: [string, string, unknown][] = [
      ['patch', `/line-items/budget/${id}`, { workGroupId: w.teachers, notes: 'same group' }],
      ['patch', `/line-items/${id}`, { workGroupId: w.teachers }],
      ['post', '/line-items/bulk-work-group', { itemIds: [id], workGroupId: w.teachers }],
    ];
    for (const [method, path, body] of calls) {
      const res = await kit.t.api(method, path, { token: kit.finance, body });
      expect(res.status, path).toBe(200);
      expect(await placementOf(id), path).toMatchObject({
        step: 5,
        lane: 'Masters',
        kind: 'confirmed',
        next: S.at(2027, 6, 'Masters'),
      });
    }
  });
});
