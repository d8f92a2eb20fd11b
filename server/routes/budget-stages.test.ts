import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import {
  buildRuleWorld,
  buildScenario,
  insertPeople,
  insertProposed,
  type RuleWorld,
} from '../../test/factories';

/**
 * A fiscal year walks Draft → Superintendent's Recommended → School
 * Committee Adopted → Town Appropriated → Revised; each move freezes the year's lines and totals,
 * which never change afterwards; from the vote on nobody can change the lines until an ADMIN
 * reopens the year with a reason. Totals are recomputed here in cents from the rows written.
 */
const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
let w: RuleWorld;
let proposedIds: number[];
let people: number[];
const FY = 2027;
const AMOUNTS = ['1200000.10', '350000.45', '99999.99'];
const SALARIES = ['61000.00', '48250.50'];

const cents = (v: string | number) => BigInt(Math.round(Number(v) * 100));
const sumCents = (vs: (string | number)[]) => vs.reduce<bigint>((a, v) => a + cents(v), 0n);

beforeAll(async () => {
  w = await buildRuleWorld(t.db.knex);
  proposedIds = await insertProposed(
    t.db.knex,
    AMOUNTS.map((amount) => ({
      budgetYearId: w.budgetYearId,
      fiscalYear: FY,
      amount,
      scenarioId: w.proposedScenarioId,
    })),
  );
  people = await insertPeople(t.db.knex, w, [
    {
      firstName: 'Ada',
      lastName: 'Lane',
      salary: SALARIES[0],
      workGroupId: w.teachers,
      workGroup: w.names.teachers,
      fiscalYear: FY,
    },
    {
      firstName: 'Bo',
      lastName: 'Reed',
      salary: SALARIES[1],
      workGroupId: w.custodians,
      workGroup: w.names.custodians,
      fiscalYear: FY,
    },
  ]);
  // Every dollar has a function code: a vote with unmapped dollars is refused (tested in
  // budget-stages-function-codes.test.ts).
  await t.db
    .knex('line_items')
    .whereIn('id', [...proposedIds, ...people])
    .update({ dese_code: '2305' });
});

const stages = (token = admin.token) =>
  t.api('get', `/budget-stages?budgetYearId=${w.budgetYearId}&fiscalYear=FY2027`, { token });
/** Every snapshot as read right after its move, to compare with at the end. */
const frozenAt = new Map<number, unknown>();
async function advance(stage: string, body: Record<string, unknown> = {}, token = admin.token) {
  const res = await t.api('post', '/budget-stages/advance', {
    token,
    body: {
      budgetYearId: w.budgetYearId,
      fiscalYear: 'FY2027',
      stage,
      date: '2027-03-12',
      note: 'Vote 5-0',
      ...body,
    },
  });
  if (res.status === 200) {
    const made = res.body.events.at(-1);
    frozenAt.set(made.id, await snapshot(made.id));
  }
  return res;
}
const reopen = (reason: unknown, token = admin.token) =>
  t.api('post', '/budget-stages/reopen', {
    token,
    body: { budgetYearId: w.budgetYearId, fiscalYear: FY, reason },
  });
const editAmount = (id: number, amount: number, token = finance.token) =>
  t.api('put', `/line-items/${id}`, { token, body: { amount } });
const stageRows = () => t.db.knex('budget_stages').count({ n: '*' }).first();
const snapshot = async (id: number) => {
  const res = await t.api('get', `/budget-stages/${id}/snapshot`, { token: finance.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('budget stages', () => {
  it('starts in Draft with the recommendation next; anyone signed in reads it', async () => {
    const res = await stages(viewer.token);
    expect(res.status).toBe(200);
    expect(res.body.current).toMatchObject({
      stage: 'DRAFT',
      locked: false,
      reopened: false,
      caption: 'Draft',
    });
    expect(res.body.next).toMatchObject({
      stage: 'SUPERINTENDENT_RECOMMENDED',
      label: "Superintendent's Recommended",
    });
    expect(res.body.events).toEqual([]);
  });

  it('answers Draft for a year no budget year plans yet: the dashboard asks the stage of every year its list offers', async () => {
    const later = await t.api('get', `/budget-stages?budgetYearId=${w.budgetYearId}&fiscalYear=FY2033`, {
      token: viewer.token,
    });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(later.body.current.stage).toBe('DRAFT');
  });

  it('refuses FINANCE, an out-of-order stage, bad dates and notes, and unknown years: nothing written', async () => {
    const before = await stageRows();
    expect((await advance('SUPERINTENDENT_RECOMMENDED', {}, finance.token)).status).toBe(403);
    const skipping = await advance('SCHOOL_COMMITTEE_ADOPTED');
    expect(skipping.status).toBe(409);
    expect(skipping.body.error).toBe(
      "FY27 is Draft: the next stage is Superintendent's Recommended, not School Committee Adopted",
    );
    const longNote = await advance('SUPERINTENDENT_RECOMMENDED', { note: 'x'.repeat(2001) });
    expect(longNote.status).toBe(400);
    expect(longNote.body.error).toContain('note must be at most 2000 characters');
    expect((await advance('SUPERINTENDENT_RECOMMENDED', { date: '2027-02-30' })).status).toBe(400);
    const noYear = await advance('SUPERINTENDENT_RECOMMENDED', { fiscalYear: 'FY2040' });
    expect(noYear.status).toBe(400);
    expect(noYear.body.error).toContain('has no lines in FY40');
    expect(await stageRows()).toEqual(before);
  });

  it('freezes the lines and totals at each move; edits afterwards change no snapshot', async () => {
    const recommended = await advance('SUPERINTENDENT_RECOMMENDED', {
      date: '2027-02-01',
      note: 'Presented 1 Feb',
    });
    expect(recommended.status, JSON.stringify(recommended.body)).toBe(200);
    const sr = recommended.body.events[0];
    expect(sr.totals).toEqual({
      proposedTotal: Number(sumCents(AMOUNTS)) / 100,
      proposedCount: 3,
      employeeCount: 2,
      salaryTotal: Number(sumCents(SALARIES)) / 100,
      nextYearSalaryTotal: expect.any(Number),
    });
    expect(sr.lineCount).toBe(5);
    // The history names who recorded the move, not their sign-in address; an event recorded with the
    // email (as before names were kept) names its user too.
    const { name } = await t.db.knex('users').where({ id: admin.id }).first('name');
    expect(sr.createdBy).toBe(name);
    await t.db.knex.raw('ALTER TABLE budget_stages DISABLE TRIGGER USER');
    await t.db.knex('budget_stages').where({ id: sr.id }).update({ created_by_name: admin.email });
    await t.db.knex.raw('ALTER TABLE budget_stages ENABLE TRIGGER USER');
    expect((await stages()).body.events[0].createdBy).toBe(name);
    const frozen = await snapshot(sr.id);

    // Still open: FINANCE edits; the snapshot keeps the amount it froze.
    expect((await editAmount(proposedIds[0], 1100000)).status).toBe(200);
    expect(await snapshot(sr.id)).toEqual(frozen);

    // A vote is not dated before the recommendation it votes on: refused, nothing written.
    const rows = await stageRows();
    const early = await advance('SCHOOL_COMMITTEE_ADOPTED', { date: '2027-01-31' });
    expect(early.status).toBe(400);
    expect(early.body.error).toContain(
      "School Committee Adopted cannot be dated before Superintendent's Recommended (Feb 1, 2027), the stage it follows",
    );
    expect(await stageRows()).toEqual(rows);
    // The same day is in order.
    const adopted = await advance('SCHOOL_COMMITTEE_ADOPTED');
    expect(adopted.status).toBe(200);
    expect(adopted.body.current).toMatchObject({
      stage: 'SCHOOL_COMMITTEE_ADOPTED',
      locked: true,
      caption: 'School Committee Adopted, voted Mar 12, 2027',
    });
    expect(adopted.body.events[1].totals.proposedTotal).toBe(
      Number(sumCents(['1100000.00', AMOUNTS[1], AMOUNTS[2]])) / 100,
    );
    expect(await snapshot(sr.id)).toEqual(frozen);
  });

  it('locks the voted year for every role and every path until an ADMIN reopens it', async () => {
    const locked =
      'FY27 is School Committee Adopted: its lines cannot change until an administrator reopens it with a reason';
    const byFinance = await editAmount(proposedIds[1], 1);
    expect(byFinance.status).toBe(409);
    // Screens tell this refusal by its code, whatever its words.
    expect(byFinance.body).toMatchObject({ error: locked, code: 'YEAR_LOCKED' });
    expect((await editAmount(proposedIds[1], 1, admin.token)).body.code).toBe('YEAR_LOCKED');
    // Any writer, even SQL: the trigger refuses.
    await expect(
      t.db.knex('line_items').where({ id: people[0] }).update({ current_salary: 1 }),
    ).rejects.toMatchObject({
      code: 'BY001',
    });
    // Which budget counts is part of the vote too: another budget cannot be made active.
    const alternative = await buildScenario(t.db.knex, w.budgetYearId, 'proposed', false);
    const switched = await t.api('post', `/scenarios/${alternative}/set-active`, { token: admin.token });
    expect(switched.status).toBe(409);
    expect(switched.body).toMatchObject({ error: locked, code: 'YEAR_LOCKED' });
    const line = await t.db.knex('line_items').where({ id: proposedIds[1] }).first();
    expect(Number(line.amount)).toBe(Number(AMOUNTS[1]));
    // A settings change recomputes open years and leaves the voted one alone.
    const [settings] = await t.db.knex('budget_settings').where({ budget_year_id: w.budgetYearId });
    const saved = await t.api('put', `/budget-settings/${settings.id}`, {
      token: admin.token,
      body: { stepLaneAdjustmentType: 'PERCENTAGE', stepLaneAdjustmentValue: 4 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('refuses a reopen by FINANCE or without a reason, and of an open year', async () => {
    expect((await reopen('Transfer', finance.token)).status).toBe(403);
    expect((await reopen('   ')).status).toBe(400);
    expect((await reopen('x'.repeat(2001))).status).toBe(400);
    expect((await stages()).body.current.locked).toBe(true);
  });

  it('reopens with a reason in the audit and security logs, then walks on to Revised', async () => {
    const res = await reopen('Committee vote on 2 April to restore the library aide');
    expect(res.status).toBe(200);
    expect(res.body.current).toMatchObject({ locked: false, reopened: true });
    expect(res.body.next.stage).toBe('SCHOOL_COMMITTEE_ADOPTED');
    const events = await t.db.knex('audit_log').where({ entity: 'security', action: 'budget-reopened' });
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events[0].after)).toContain('restore the library aide');
    expect((await reopen('again')).status).toBe(409);

    expect((await editAmount(proposedIds[1], 360000)).status).toBe(200);
    expect((await advance('SCHOOL_COMMITTEE_ADOPTED', { date: '2027-04-02' })).status).toBe(200);
    expect((await advance('TOWN_APPROPRIATED', { date: '2027-05-10', note: 'Article 4' })).status).toBe(200);
    const last = await advance('REVISED');
    expect(last.status).toBe(409);
    expect(last.body.error).toContain('reopen the year with a reason');
    expect((await reopen('Transfer of $5,000 voted 1 Dec')).status).toBe(200);
    expect((await editAmount(proposedIds[2], 94999.99)).status).toBe(200);
    const revised = await advance('REVISED', { date: '2027-12-01' });
    expect(revised.status).toBe(200);
    const kinds = revised.body.events.map((e: { event: string; stage: string }) => `${e.event}:${e.stage}`);
    expect(kinds).toEqual([
      'advance:SUPERINTENDENT_RECOMMENDED',
      'advance:SCHOOL_COMMITTEE_ADOPTED',
      'reopen:SCHOOL_COMMITTEE_ADOPTED',
      'advance:SCHOOL_COMMITTEE_ADOPTED',
      'advance:TOWN_APPROPRIATED',
      'reopen:TOWN_APPROPRIATED',
      'advance:REVISED',
    ]);
    const totals = revised.body.events
      .filter((e: { totals: unknown }) => e.totals)
      .map((e: any) => e.totals.proposedTotal);
    expect(totals).toEqual(
      [
        AMOUNTS,
        ['1100000.00', AMOUNTS[1], AMOUNTS[2]],
        ['1100000.00', '360000.00', AMOUNTS[2]],
        ['1100000.00', '360000.00', AMOUNTS[2]],
        ['1100000.00', '360000.00', '94999.99'],
      ].map((a) => Number(sumCents(a)) / 100),
    );
  });

  it('never changes a stage or its snapshot, even by SQL', async () => {
    await expect(t.db.knex('budget_stages').update({ note: 'changed' })).rejects.toMatchObject({
      code: 'BY002',
    });
    await expect(t.db.knex('budget_stage_lines').del()).rejects.toMatchObject({ code: 'BY002' });
    await expect(t.db.knex('budget_stages').del()).rejects.toMatchObject({ code: 'BY002' });
  });

  it('keeps every snapshot exactly as frozen, after edits at every stage', async () => {
    expect(frozenAt.size).toBe(5);
    for (const [id, frozen] of frozenAt) {
      expect(await snapshot(id)).toEqual(frozen);
    }
  });

  it('lets one of two admins moving a year at once win; the other is told', async () => {
    const other = (await t.userWith('ADMIN')).token;
    await reopen('Second transfer');
    const later = { date: '2027-12-15' };
    const [a, b] = await Promise.all([
      advance('REVISED', later, admin.token),
      advance('REVISED', later, other),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });
});
