import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import {
  auditOf,
  buildCategory,
  buildRuleWorld,
  insertPeople,
  insertProposed,
  lineRow,
  unique,
  type RuleWorld,
} from '../../test/factories';

/**
 * Review flags that follow their cause: a flag raised because a line lacked
 * something clears itself when that is fixed, by any path; a flag with no fixable cause stays
 * until Data Quality marks the line reviewed, with a note; the dashboard's count is the list's length.
 */

const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);

const NO_GROUP = 'Next-year salary not computed: the line has no work group, so no contract COLA applies';
/** As an import flags a row without a work group. */
const noGroupFlag = { needsReview: true, importWarnings: [NO_GROUP], reviewCauses: ['work-group'] };
/** A warning no field fixes: only a person's review clears it. */
const otherFlag = { needsReview: true, importWarnings: ['Hire date missing'], reviewCauses: ['other'] };

async function flaggedWithoutGroup(w: RuleWorld, n: number, position = 'Staff'): Promise<number[]> {
  return insertPeople(
    t.db.knex,
    w,
    Array.from({ length: n }, (_, i) => ({
      firstName: 'No',
      lastName: `Group${i}`,
      salary: '40000.00',
      position,
      metadata: noGroupFlag,
    })),
  );
}

/** The flag, causes and warnings a line ends with, and the audit entries it got. */
async function state(id: number) {
  const row = await lineRow(t.db.knex, id);
  return {
    needsReview: row.needs_review as boolean,
    metadata: row.metadata,
    audit: await auditOf(t.db.knex, id),
  };
}

/** A flag that cleared: its cause and warning gone, and the audit entry showing the flag going down. */
async function expectCleared(id: number, cause: string | RegExp) {
  const s = await state(id);
  expect(s.needsReview).toBe(false);
  // The next-year salary rule takes back its own warning once it can compute; the cause is gone.
  expect(s.metadata).toMatchObject({ needsReview: false, reviewCauses: [], importWarnings: [] });
  const last = s.audit.at(-1);
  expect(last.action).toBe('update');
  expect(last.after.cause).toMatch(cause);
  expect(last.before.metadata).toMatchObject({ needsReview: true });
  expect(last.after.metadata).toMatchObject({ needsReview: false });
}

const needsReview = (w: RuleWorld) =>
  t.api('get', `/line-items/budget/needs-review?budgetYearId=${w.budgetYearId}`, { token: admin.token });
const reviewCount = (w: RuleWorld, token = admin.token) =>
  t.api('get', `/line-items/budget/needs-review/count?budgetYearId=${w.budgetYearId}`, { token });

describe('a flag raised for a missing work group clears when a work group is given', () => {
  it('by a single edit (PATCH /line-items/:id and PATCH /line-items/budget/:id)', async () => {
    const w = await buildRuleWorld(t.db.knex);
    const [a, b] = await flaggedWithoutGroup(w, 2);
    const one = await t.api('patch', `/line-items/${a}`, {
      token: finance.token,
      body: { workGroupId: w.teachers },
    });
    expect(one.status).toBe(200);
    expect(one.body.lineItem.metadata).toMatchObject({ needsReview: false });
    await expectCleared(a, 'Work group assigned');
    const two = await t.api('patch', `/line-items/budget/${b}`, {
      token: finance.token,
      body: { workGroupId: w.custodians },
    });
    expect(two.status).toBe(200);
    await expectCleared(b, 'Employee line edited');
  });

  it('by the bulk work-group action', async () => {
    const w = await buildRuleWorld(t.db.knex);
    const ids = await flaggedWithoutGroup(w, 3);
    const res = await t.api('post', '/line-items/bulk-work-group', {
      token: finance.token,
      body: { itemIds: ids, workGroupId: w.teachers },
    });
    expect(res.status).toBe(200);
    for (const id of ids) {
      await expectCleared(id, 'Bulk: work group assigned');
      expect((await auditOf(t.db.knex, id)).at(-1).after.workGroupId).toBe(w.teachers);
    }
    expect((await needsReview(w)).body.lineItems).toEqual([]);
  });

  it('by the position crosswalk', async () => {
    const w = await buildRuleWorld(t.db.knex);
    const title = `Lunch Aide ${unique()}`;
    const ids = await flaggedWithoutGroup(w, 2, title);
    const rule = await t.api('post', '/crosswalk/rules', {
      token: admin.token,
      body: {
        matchType: 'exact',
        pattern: title,
        workGroupId: w.custodians,
        budgetYearId: w.budgetYearId,
        fiscalYear: 2026,
      },
    });
    expect(rule.status).toBe(201);
    const applied = await t.api('post', '/crosswalk/apply', {
      token: admin.token,
      body: { budgetYearId: w.budgetYearId, fiscalYear: 2026, ruleIds: [rule.body.rule.id] },
    });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ changedLines: 2, clearedFlags: 2 });
    for (const id of ids) {
      await expectCleared(id, /crosswalk/i);
      expect((await auditOf(t.db.knex, id)).at(-1).after.workGroupId).toBe(w.custodians);
    }
  });

  it('a proposed line flagged for its category clears when a category is given (PUT /line-items/:id)', async () => {
    const w = await buildRuleWorld(t.db.knex);
    const warning = "Budget category 'Supplys' matches no category";
    const [id] = await insertProposed(t.db.knex, [
      {
        budgetYearId: w.budgetYearId,
        scenarioId: w.proposedScenarioId,
        fiscalYear: 2026,
        amount: '1200.00',
        columns: {
          metadata: JSON.stringify({
            needsReview: true,
            importWarnings: [warning],
            reviewCauses: ['category'],
          }),
        },
      },
    ]);
    const categoryId = await buildCategory(t.db.knex, { name: `Supplies ${unique()}`, displayOrder: 1 });
    const res = await t.api('put', `/line-items/${id}`, { token: finance.token, body: { categoryId } });
    expect(res.status).toBe(200);
    const s = await state(id);
    expect(s.needsReview).toBe(false);
    expect(s.metadata).toMatchObject({ reviewCauses: [], importWarnings: [], resolvedWarnings: [warning] });
    expect(s.audit.at(-1).after).toMatchObject({ categoryId, metadata: { needsReview: false } });
  });
});

describe('a flag with no fixable cause', () => {
  it('stays after unrelated edits and after its fixable causes are fixed', async () => {
    const w = await buildRuleWorld(t.db.knex);
    const [other, both] = await insertPeople(t.db.knex, w, [
      { firstName: 'O', lastName: 'Other', salary: '50000.00', workGroupId: w.teachers, metadata: otherFlag },
      {
        firstName: 'B',
        lastName: 'Both',
        salary: '50000.00',
        metadata: {
          needsReview: true,
          importWarnings: ['Hire date missing', NO_GROUP],
          reviewCauses: ['other', 'work-group'],
        },
      },
    ]);
    const edit = await t.api('patch', `/line-items/budget/${other}`, {
      token: finance.token,
      body: { notes: 'Called payroll', currentSalary: 51000 },
    });
    expect(edit.status).toBe(200);
    expect((await state(other)).metadata).toMatchObject(otherFlag);
    expect((await state(other)).needsReview).toBe(true);

    await t.api('patch', `/line-items/${both}`, { token: finance.token, body: { workGroupId: w.teachers } });
    const s = await state(both);
    expect(s.needsReview).toBe(true);
    expect(s.metadata).toMatchObject({ reviewCauses: ['other'], importWarnings: ['Hire date missing'] });
  });
});

describe('POST /line-items/mark-reviewed', () => {
  it('clears many flags with a note, keeps who and the note, audits each line, and the count follows the list', async () => {
    const w = await buildRuleWorld(t.db.knex);
    const [a, b] = await insertPeople(t.db.knex, w, [
      { firstName: 'A', lastName: 'One', salary: '50000.00', workGroupId: w.teachers, metadata: otherFlag },
      { firstName: 'B', lastName: 'Two', salary: '50000.00', workGroupId: w.teachers, metadata: otherFlag },
    ]);
    const [c] = await flaggedWithoutGroup(w, 1);
    const [clean] = await insertPeople(t.db.knex, w, [
      { firstName: 'C', lastName: 'Clean', salary: '50000.00', workGroupId: w.teachers },
    ]);
    const list = await needsReview(w);
    expect(list.body.lineItems.map((l: { id: number }) => l.id).sort()).toEqual([a, b, c].sort());
    expect((await reviewCount(w)).body).toEqual({ count: 3 });

    const note = 'Hire dates checked against the personnel files';
    const res = await t.api('post', '/line-items/mark-reviewed', {
      token: admin.token,
      body: { itemIds: [a, b, clean], note: `  ${note}  ` },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ reviewed: 2, notFlagged: 1 });
    for (const id of [a, b]) {
      const s = await state(id);
      expect(s.needsReview).toBe(false);
      expect(s.metadata).toMatchObject({
        needsReview: false,
        reviewCauses: [],
        reviewNote: note,
        reviewedBy: admin.email,
        importWarnings: ['Hire date missing'],
      });
      expect(Date.parse(s.metadata.reviewedAt)).not.toBeNaN();
      expect(s.audit).toHaveLength(1);
      expect(s.audit[0]).toMatchObject({ action: 'review', actor_label: admin.email });
      expect(s.audit[0].after).toMatchObject({ cause: `Marked reviewed: ${note}`, changeReason: note });
      expect(s.audit[0].before.metadata).toMatchObject({ needsReview: true });
    }
    // The line that was not flagged is left as it was, with no audit entry.
    expect((await state(clean)).audit).toHaveLength(0);
    expect((await state(clean)).metadata).toEqual({});

    const after = await needsReview(w);
    expect(after.body.lineItems.map((l: { id: number }) => l.id)).toEqual([c]);
    expect((await reviewCount(w)).body).toEqual({ count: after.body.lineItems.length });
    // The count by fiscal year follows the list by fiscal year.
    const fy = await t.api(
      'get',
      `/line-items/budget/needs-review/count?budgetYearId=${w.budgetYearId}&fiscalYear=2027`,
      {
        token: admin.token,
      },
    );
    expect(fy.body).toEqual({ count: 0 });

    // A reviewed line is not flagged again by a later edit.
    await t.api('patch', `/line-items/budget/${a}`, { token: finance.token, body: { notes: 'later' } });
    expect((await state(a)).needsReview).toBe(false);
  });

  it('refuses an empty note (400), an unknown id (404) and other roles (403), changing nothing', async () => {
    const w = await buildRuleWorld(t.db.knex);
    const ids = await insertPeople(t.db.knex, w, [
      { firstName: 'R', lastName: 'One', salary: '50000.00', workGroupId: w.teachers, metadata: otherFlag },
      { firstName: 'R', lastName: 'Two', salary: '50000.00', workGroupId: w.teachers, metadata: otherFlag },
    ]);
    const rows = () => t.db.knex('line_items').whereIn('id', ids).orderBy('id');
    const before = await rows();
    const post = (body: unknown, token = admin.token) =>
      t.api('post', '/line-items/mark-reviewed', { token, body });

    for (const note of ['', '   ']) {
      const res = await post({ itemIds: ids, note });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([{ path: 'note', message: 'Write a note saying what was checked' }]);
    }
    expect((await post({ itemIds: [], note: 'x' })).status).toBe(400);
    expect((await post({ itemIds: [ids[0], ids[0]], note: 'x' })).status).toBe(400);

    const missing = await post({ itemIds: [...ids, 999999], note: 'Checked' });
    expect(missing.status).toBe(404);
    expect(missing.body.details).toEqual([{ id: 999999, error: 'Item not found or already deleted' }]);

    for (const token of [finance.token, viewer.token]) {
      const res = await post({ itemIds: ids, note: 'Checked' }, token);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    expect((await post({ itemIds: ids, note: 'x' }, '')).status).toBe(401);
    expect((await reviewCount(w, finance.token)).status).toBe(403);

    expect(await rows()).toEqual(before);
    for (const id of ids) {
      expect(await auditOf(t.db.knex, id)).toHaveLength(0);
    }
    expect((await reviewCount(w)).body).toEqual({ count: 2 });
  });
});
