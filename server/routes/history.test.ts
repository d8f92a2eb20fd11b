import { beforeAll, describe, expect, it } from 'vitest';
import { insertAudit } from '@server/db/audit';
import { useApp } from '../../test/use-app';
import { buildEmployee, buildWorld } from '../../test/factories';

const { t } = useApp();
let finance: { id: number; token: string };
let viewer: { token: string };
beforeAll(async () => {
  finance = await t.userWith('FINANCE', { name: 'Fran Finance' });
  viewer = await t.userWith('VIEW_ONLY');
});

describe('GET /history/:entity/:id', () => {
  it('returns 401, 400 for an unknown entity or bad id, 403 for VIEW_ONLY, 404 for a record that never existed', async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildEmployee(t.db.knex, w);
    expect((await t.api('get', `/history/line-item/${id}`)).status).toBe(401);
    const entity = await t.api('get', `/history/employee/${id}`, { token: finance.token });
    expect(entity.status).toBe(400);
    expect(entity.body.error).toMatch(/line-item, building, work-group/);
    expect((await t.api('get', '/history/line-item/abc', { token: finance.token })).status).toBe(400);
    expect((await t.api('get', `/history/line-item/${id}`, { token: viewer.token })).status).toBe(403);
    expect((await t.api('get', '/history/line-item/999999', { token: finance.token })).status).toBe(404);
    const none = await t.api('get', `/history/line-item/${id}`, { token: finance.token });
    expect(none.body).toEqual({ entries: [] });
  });

  it('lists a line’s changes newest first with who, when and each changed field', async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildEmployee(t.db.knex, w, { first_name: 'Pat' });
    await t.api('patch', `/line-items/budget/${id}`, {
      token: finance.token,
      body: { firstName: 'Patrick', notes: 'Name per HR' },
    });
    await t.api('patch', `/line-items/budget/${id}/status`, {
      token: finance.token,
      body: { employeeStatus: 'Inactive' },
    });
    const res = await t.api('get', `/history/line-item/${id}`, { token: finance.token });
    expect(res.status).toBe(200);
    expect(res.body.entries).toHaveLength(2);
    const [status, edit] = res.body.entries;
    expect(status).toMatchObject({ action: 'status', actor: 'Fran Finance' });
    expect(status.changes).toEqual([
      { field: 'employeeStatus', before: 'Active', after: 'Inactive' },
      { field: 'nextYearSalary', before: 62700, after: null },
    ]);
    expect(edit.changes).toEqual([
      { field: 'firstName', before: 'Pat', after: 'Patrick' },
      { field: 'notes', before: null, after: 'Name per HR' },
    ]);
    expect(edit.before).toMatchObject({ firstName: 'Pat' });
    expect(Date.parse(edit.createdAt)).toBeLessThanOrEqual(Date.parse(status.createdAt));
  });

  it('keeps the history of a deleted line and of reference records written by other services', async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildEmployee(t.db.knex, w);
    await t.api('delete', `/line-items/${id}`, { token: finance.token });
    const res = await t.api('get', `/history/line-item/${id}`, { token: finance.token });
    expect(res.body.entries[0]).toMatchObject({ action: 'delete', after: null });
    expect(res.body.entries[0].changes).toContainEqual({ field: 'id', before: id, after: null });

    await insertAudit(
      t.db.knex,
      { kind: 'system', id: null, role: 'ADMIN', name: 'budget-cli', email: null },
      {
        action: 'update',
        entity: 'building',
        entityId: w.buildingId,
        before: { name: 'North', code: 'N' },
        after: { name: 'North Elementary', code: 'N' },
      },
    );
    const building = await t.api('get', `/history/building/${w.buildingId}`, { token: finance.token });
    expect(building.body.entries).toEqual([
      expect.objectContaining({
        actor: 'budget-cli',
        changes: [{ field: 'name', before: 'North', after: 'North Elementary' }],
      }),
    ]);
    const scenario = await t.api('get', `/history/scenario/${w.proposedScenarioId}`, {
      token: finance.token,
    });
    expect(scenario.body.entries).toEqual([]);
  });
  it('lists changes in the order they were written, not by when their transactions began', async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildEmployee(t.db.knex, w, { first_name: 'Pat' });
    // Two concurrent edits: A's transaction began first (its now() is earlier) but B wrote first.
    // Their rows get ids in the order written; now() would order them the other way.
    const row = (first: string, next: string, createdAt: string) => ({
      user_id: finance.id,
      actor_label: 'Fran Finance',
      action: 'update',
      entity: 'line-item',
      entity_id: String(id),
      before: JSON.stringify({ firstName: first }),
      after: JSON.stringify({ firstName: next }),
      created_at: createdAt,
    });
    await t.db.knex('audit_log').insert(row('Pat', 'Bea', '2026-11-23T10:00:00.500Z')); // B
    await t.db.knex('audit_log').insert(row('Bea', 'Ann', '2026-11-23T10:00:00.100Z')); // A
    const res = await t.api('get', `/history/line-item/${id}`, { token: finance.token });
    expect(res.body.entries.map((e: { after: { firstName: string } }) => e.after.firstName)).toEqual([
      'Ann',
      'Bea',
    ]);
  });

  it('stamps each change with the moment it was written, so times follow the listed order', async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildEmployee(t.db.knex, w, { first_name: 'Pat' });
    await t.db.knex.transaction(async (trx) => {
      // The CLI's notes edit, from `before` to `after`.
      const note = (before: string | null, after: string) =>
        insertAudit(
          trx,
          { kind: 'system', id: null, role: 'ADMIN', name: 'cli', email: null },
          {
            action: 'update',
            entity: 'line-item',
            entityId: id,
            before: { notes: before },
            after: { notes: after },
          },
        );
      await note(null, 'one');
      await trx.raw('SELECT pg_sleep(0.05)');
      await note('one', 'two');
    });
    const res = await t.api('get', `/history/line-item/${id}`, { token: finance.token });
    const [second, first] = res.body.entries;
    expect(second.after.notes).toBe('two');
    // now() is the transaction's start: both rows would carry the same time.
    expect(Date.parse(second.createdAt)).toBeGreaterThan(Date.parse(first.createdAt));
  });
});
