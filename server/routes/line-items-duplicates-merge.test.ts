import { afterEach, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import {
  auditOf,
  buildGroup,
  buildImportRun,
  buildWorld,
  footprint,
  lineRow,
  type World,
} from '../../test/factories';

const { t, admin } = useApp(['ADMIN']);

// Each test builds a world of its own whose imported lines claim fiscal year 2026 for its budget
// year; a fiscal year has one home, so a test's lines go before the next world imports the year.
afterEach(async () => {
  await t.db.knex('line_items').del();
});

const PATH = '/line-items/duplicates/merge-by-rule';
const mergeByRule = (body: unknown, token = admin.token) => t.api('post', PATH, { token, body });
const ids = (m: { keepId: number; removeIds: number[] }) => ({ keepId: m.keepId, removeIds: m.removeIds });

/** Three people entered twice: imported + projected, imported + entered, imported by two runs. */
async function threeGroups(w: World) {
  const knex = t.db.knex;
  const runs = {
    first: await buildImportRun(knex, w, 'payroll-july.csv'),
    second: await buildImportRun(knex, w, 'payroll-august.csv'),
  };
  return {
    runs,
    projected: await buildGroup(knex, w, 'Okafor', 'imported', 'projected', runs),
    entered: await buildGroup(knex, w, 'Lindqvist', 'imported', 'entered', runs),
    twice: await buildGroup(knex, w, 'Brennan', 'imported', 'imported', runs),
  };
}

describe('Duplicate Checker: where each record came from', () => {
  it('names each record source, and for an imported one its run, file and date', async () => {
    const w = await buildWorld(t.db.knex);
    const g = await threeGroups(w);
    const res = await t.api('get', `/line-items/duplicates?budgetYearId=${w.budgetYearId}`, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    const records = new Map<number, { source: string; importRun: unknown }>(
      res.body.duplicateGroups.flat().map((c: { id: number }) => [c.id, c]),
    );
    expect(records.size).toBe(6);
    const july = { id: g.runs.first, fileName: 'payroll-july.csv', importedAt: expect.any(String) };
    const august = { id: g.runs.second, fileName: 'payroll-august.csv', importedAt: expect.any(String) };
    expect(records.get(g.projected[0])).toMatchObject({ source: 'imported', importRun: july });
    expect(records.get(g.projected[1])).toMatchObject({ source: 'projected', importRun: null });
    expect(records.get(g.entered[1])).toMatchObject({ source: 'entered', importRun: null });
    expect(records.get(g.twice[1])).toMatchObject({ source: 'imported', importRun: august });
    const run = await t.db.knex('import_runs').where({ id: g.runs.first }).first();
    expect((records.get(g.projected[0])!.importRun as { importedAt: string }).importedAt).toBe(
      new Date(run.created_at).toISOString(),
    );
  });
});

describe('POST /line-items/duplicates/merge-by-rule', () => {
  it('is ADMIN only, and refuses a bad rule, bad merges and an unknown budget year, writing nothing', async () => {
    const w = await buildWorld(t.db.knex);
    const g = await threeGroups(w);
    const before = await footprint(t.db.knex, w);
    const body = { budgetYearId: w.budgetYearId, rule: 'keep-imported', dryRun: false };
    expect((await t.api('post', PATH, { body })).status).toBe(401);
    for (const role of ['VIEW_ONLY', 'FINANCE'] as const) {
      const res = await mergeByRule(body, (await t.userWith(role)).token);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    const badRule = await mergeByRule({ ...body, rule: 'keep-whatever' });
    expect(badRule.status).toBe(400);
    expect(badRule.body.error).toMatch(/rule must be one of keep-imported, keep-entered, keep-newest/);
    expect((await mergeByRule({ budgetYearId: w.budgetYearId, rule: 'keep-imported' })).status).toBe(400);
    const twice = await mergeByRule({
      ...body,
      merges: [
        { keepId: g.projected[0], removeIds: [g.projected[1]] },
        { keepId: g.entered[0], removeIds: [g.projected[1]] },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toMatch(`Record ${g.projected[1]} appears more than once`);
    expect((await mergeByRule({ ...body, budgetYearId: 999999 })).status).toBe(404);
    expect(await footprint(t.db.knex, w)).toEqual(before);
  });

  it('previews with dryRun: the kept and removed records, and the groups the rule cannot decide', async () => {
    const w = await buildWorld(t.db.knex);
    const g = await threeGroups(w);
    const before = await footprint(t.db.knex, w);
    const res = await mergeByRule({ budgetYearId: w.budgetYearId, rule: 'keep-imported', dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      rule: 'keep-imported',
      dryRun: true,
      groupCount: 3,
      mergedGroupCount: 2,
      removedRecordCount: 2,
      skippedGroupCount: 1,
    });
    expect(res.body.merges.map(ids)).toEqual([
      { keepId: g.projected[0], removeIds: [g.projected[1]] },
      { keepId: g.entered[0], removeIds: [g.entered[1]] },
    ]);
    expect(res.body.merges[1].records.map((r: { source: string }) => r.source)).toEqual([
      'imported',
      'entered',
    ]);
    expect(res.body.skipped).toEqual([
      expect.objectContaining({
        fiscalYear: 2026,
        ids: g.twice,
        reason: '2 imported records: the rule cannot choose one',
      }),
    ]);
    expect(await footprint(t.db.knex, w)).toEqual(before);
  });

  it('merges exactly the previewed records in one go, audits each merge, and the check sees it', async () => {
    const w = await buildWorld(t.db.knex);
    const g = await threeGroups(w);
    const before = await footprint(t.db.knex, w);
    const body = { budgetYearId: w.budgetYearId, fiscalYear: 'FY26', rule: 'keep-imported' };
    const preview = await mergeByRule({ ...body, dryRun: true });
    const res = await mergeByRule({ ...body, dryRun: false, merges: preview.body.merges.map(ids) });
    expect(res.status).toBe(200);
    expect({ ...res.body, dryRun: true }).toEqual(preview.body);
    expect(await footprint(t.db.knex, w)).toEqual({ lines: before.lines - 2, merges: before.merges + 4 });
    for (const gone of [g.projected[1], g.entered[1]]) {
      expect(await lineRow(t.db.knex, gone)).toBeUndefined();
    }
    for (const kept of [g.projected[0], g.entered[0], ...g.twice]) {
      expect(await lineRow(t.db.knex, kept)).toBeDefined();
    }
    const [audit] = await auditOf(t.db.knex, g.entered[1]);
    expect(audit).toMatchObject({
      action: 'merge',
      after: { mergedIntoId: g.entered[0], mergeRule: 'keep-imported' },
    });
    const left = await t.api('get', `/line-items/duplicates?budgetYearId=${w.budgetYearId}`, {
      token: admin.token,
    });
    expect(left.body.duplicateGroups.map((grp: { id: number }[]) => grp.map((c) => c.id))).toEqual([g.twice]);
  });

  it('refuses a preview that no longer holds (a record deleted since) with 409, merging nothing', async () => {
    const w = await buildWorld(t.db.knex);
    const g = await threeGroups(w);
    const body = { budgetYearId: w.budgetYearId, rule: 'keep-imported' };
    const preview = await mergeByRule({ ...body, dryRun: true });
    await t.db.knex('line_items').where({ id: g.projected[1] }).delete();
    const before = await footprint(t.db.knex, w);
    const res = await mergeByRule({ ...body, dryRun: false, merges: preview.body.merges.map(ids) });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/1 of the 2 groups changed since the preview/);
    expect(res.body.details).toEqual([
      { path: 'merges', message: `keep ${g.projected[0]}, remove ${g.projected[1]}` },
    ]);
    expect(await footprint(t.db.knex, w)).toEqual(before);
    expect(await lineRow(t.db.knex, g.entered[1])).toBeDefined();
  });

  it('rolls every merge back when one fails part-way (one transaction)', async () => {
    const w = await buildWorld(t.db.knex);
    const g = await threeGroups(w);
    const knex = t.db.knex;
    const keptBefore = await lineRow(knex, g.projected[0]);
    const before = await footprint(knex, w);
    // The second group's delete fails, after the first group's merge was written.
    await knex.raw(`CREATE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'simulated failure'; END $$`);
    await knex.raw(`CREATE TRIGGER refuse_delete BEFORE DELETE ON line_items FOR EACH ROW
      WHEN (OLD.id = ${g.entered[1]}) EXECUTE FUNCTION refuse_delete()`);
    try {
      const res = await mergeByRule({ budgetYearId: w.budgetYearId, rule: 'keep-imported', dryRun: false });
      expect(res.status).toBe(500);
    } finally {
      await knex.raw('DROP TRIGGER refuse_delete ON line_items');
      await knex.raw('DROP FUNCTION refuse_delete()');
    }
    expect(await footprint(knex, w)).toEqual(before);
    expect(await lineRow(knex, g.projected[1])).toBeDefined();
    expect(await lineRow(knex, g.projected[0])).toEqual(keptBefore);
  });

  it('keeps the record entered by hand, or the most recently changed one, by those rules', async () => {
    const w = await buildWorld(t.db.knex);
    const g = await threeGroups(w);
    const entered = await mergeByRule({ budgetYearId: w.budgetYearId, rule: 'keep-entered', dryRun: true });
    expect(entered.body.merges.map(ids)).toEqual([{ keepId: g.entered[1], removeIds: [g.entered[0]] }]);
    expect(entered.body.skipped.map((s: { reason: string }) => s.reason)).toEqual([
      'No record entered by hand',
      'No record entered by hand',
    ]);
    const at = (iso: string, id: number) => t.db.knex('line_items').where({ id }).update({ updated_at: iso });
    for (const id of [...g.projected, ...g.entered, g.twice[0]]) {
      await at('2026-01-05T10:00:00Z', id);
    }
    await at('2026-02-01T10:00:00Z', g.twice[1]);
    const newest = await mergeByRule({ budgetYearId: w.budgetYearId, rule: 'keep-newest', dryRun: true });
    expect(newest.body.merges.map(ids)).toEqual([{ keepId: g.twice[1], removeIds: [g.twice[0]] }]);
    expect(newest.body.skippedGroupCount).toBe(2);
    expect(newest.body.skipped[0].reason).toBe(
      '2 records last changed at the same time: the rule cannot choose one',
    );
  });
});
