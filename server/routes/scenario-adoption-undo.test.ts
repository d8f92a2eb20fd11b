import { describe, expect, it } from 'vitest';
import {
  adopt,
  c,
  call,
  edit,
  expectLines,
  freshYear,
  now,
  original,
  scenario,
  setCuts,
  throughTheVote,
  total,
  undo,
  useAdoptionApp,
  w,
} from '../../test/worlds/scenario-adoption.suite';

/**
 * An undo returns exactly the lines the adoption changed to what that adoption
 * replaced; a line edited since (a transfer after the vote) is named in the preview and left as it
 * is unless the person chooses to overwrite it. Every amount is recomputed in integer cents from the
 * amounts the test wrote and the percents it chose (scenario-adoption.suite.ts), never read back.
 */
useAdoptionApp();

describe('undoing an adoption after later edits', () => {
  it('adopt, vote, appropriate, reopen, transfer $40,000 with reasons, undo: both sides of the transfer stay', async () => {
    const ids = await freshYear(2027);
    const cuts = { [ids[0]]: 75, [ids[1]]: 50 };
    const plan = await scenario('Plan A', cuts);
    const start = new Map(now);
    const adoption = await adopt(plan, cuts);
    const adopted = new Map(now);
    await throughTheVote('Transfer of $40,000 voted 1 December');
    // The transfer: $40,000 from an adopted line to a line the adoption did not touch.
    const TRANSFER = 40_000_00n;
    await edit(ids[0], now.get(ids[0])! - TRANSFER, 'Transfer to Line 2, voted 1 December');
    await edit(ids[2], now.get(ids[2])! + TRANSFER, 'Transfer from Line 0, voted 1 December');
    await expectLines();

    const shown = await call('post', `/scenario-adoptions/${adoption}/undo/preview`, {});
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.blocked).toBeNull();
    expect(shown.body.editedCount).toBe(1);
    const byId = new Map(shown.body.lines.map((l: any) => [l.id, l]));
    // The transferred line is named as edited since, with its amount now, and stays as it is.
    expect(byId.get(ids[0])).toMatchObject({ editedSince: true });
    const edited: any = byId.get(ids[0]);
    expect([c(edited.currentAmount), c(edited.adoptedAmount), c(edited.replacedAmount)]).toEqual([
      now.get(ids[0]),
      adopted.get(ids[0]),
      start.get(ids[0]),
    ]);
    expect([c(edited.returnsTo), c(edited.difference)]).toEqual([now.get(ids[0]), 0n]);
    // The untouched adopted line returns to what the adoption replaced.
    const untouched: any = byId.get(ids[1]);
    expect([untouched.editedSince, c(untouched.returnsTo)]).toEqual([false, start.get(ids[1])]);
    const expectedAfter = total() + start.get(ids[1])! - now.get(ids[1])!;
    expect([c(shown.body.totalBefore), c(shown.body.totalAfter)]).toEqual([total(), expectedAfter]);

    const done = await call('post', `/scenario-adoptions/${adoption}/undo`, {
      basis: shown.body.basis,
      reason: 'Wrong plan',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect([done.body.linesChanged, done.body.linesKept]).toEqual([1, 1]);
    expect(done.body.message).toContain('1 line edited since left as it is');
    now.set(ids[1], start.get(ids[1])!);
    await expectLines();
    // Both sides of the transfer are there: the debit on Line 0 and the credit on Line 2.
    expect(now.get(ids[0])).toBe(adopted.get(ids[0])! - TRANSFER);
    expect(now.get(ids[2])).toBe(original(2) + TRANSFER);
    // Plan A gets back only the cut it no longer has in the budget (Line 0 still carries its cut).
    const back = await w.t.db
      .knex('cut_adjustments')
      .where({ cut_scenario_id: plan })
      .orderBy('line_item_id');
    expect(
      back.filter((r) => Number(r.percent_kept) !== 100).map((r) => [r.line_item_id, Number(r.percent_kept)]),
    ).toEqual([[ids[1], 50]]);
    const audit = await w.t.db
      .knex('audit_log')
      .where({ entity: 'scenario-adoption', entity_id: String(adoption), action: 'undo' })
      .first('after');
    expect(audit.after).toMatchObject({
      editedLinesKept: [ids[0]],
      linesReturned: [ids[1]],
      overwriteEdited: false,
    });
  });

  it('undoing a re-adoption returns what that adoption replaced, not the stage snapshot', async () => {
    const ids = await freshYear(2028);
    const cuts = { [ids[1]]: 50, [ids[3]]: 80 };
    const plan = await scenario('Plan A', cuts);
    const start = new Map(now);
    const first = await adopt(plan, cuts);
    await throughTheVote('Plan A was the wrong plan');
    // Undone after the vote: the lines go back to what Plan A replaced.
    const undone = await undo(first);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    ids.forEach((id) => now.set(id, start.get(id)!));
    await expectLines();
    // Adopted again, from the Town Appropriated snapshot that holds Plan A's amounts: its undo
    // returns what the re-adoption replaced, not that snapshot (which would undo nothing).
    const readoption = await adopt(plan, cuts);
    const shown = await call('post', `/scenario-adoptions/${readoption}/undo/preview`, {});
    expect(shown.body.lines.map((l: any) => [l.id, c(l.returnsTo)])).toEqual([
      [ids[1], start.get(ids[1])],
      [ids[3], start.get(ids[3])],
    ]);
    const done = await call('post', `/scenario-adoptions/${readoption}/undo`, { basis: shown.body.basis });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    ids.forEach((id) => now.set(id, start.get(id)!));
    await expectLines();

    // Adopted twice over: undoing the second adoption returns the first adoption's amounts.
    const stacked = await scenario('Plan C', { [ids[3]]: 80 });
    await adopt(stacked, { [ids[3]]: 80 });
    const afterFirst = new Map(now);
    await setCuts(stacked, { [ids[3]]: 50 });
    const second = await adopt(stacked, { [ids[3]]: 50 });
    const undoSecond = await undo(second);
    expect(undoSecond.status, JSON.stringify(undoSecond.body)).toBe(200);
    now.set(ids[3], afterFirst.get(ids[3])!);
    await expectLines();
  });

  it('overwrites a line edited since only when asked, and refuses a bad option writing nothing', async () => {
    const ids = await freshYear(2029);
    const cuts = { [ids[4]]: 90 };
    const plan = await scenario('Plan D', cuts);
    const before = now.get(ids[4])!;
    const adoption = await adopt(plan, cuts);
    await edit(ids[4], now.get(ids[4])! + 100_00n, 'Correction');
    const rows = async () =>
      w.t.db.knex('line_items').whereIn('id', ids).orderBy('id').select('amount', 'updated_at');
    const untouched = await rows();

    const bad = await call('post', `/scenario-adoptions/${adoption}/undo`, {
      basis: 'any',
      overwriteEdited: 'yes',
    });
    expect([bad.status, bad.body.error]).toEqual([
      400,
      expect.stringContaining('overwriteEdited must be true or false'),
    ]);
    const keep = await call('post', `/scenario-adoptions/${adoption}/undo/preview`, {});
    const overwrite = await call('post', `/scenario-adoptions/${adoption}/undo/preview`, {
      overwriteEdited: true,
    });
    expect(c(keep.body.lines[0].returnsTo)).toBe(now.get(ids[4]));
    expect([overwrite.body.overwriteEdited, c(overwrite.body.lines[0].returnsTo)]).toEqual([true, before]);
    expect(c(overwrite.body.totalAfter)).toBe(total() - now.get(ids[4])! + before);
    // The basis of the preview that kept the edit does not overwrite it.
    const stale = await call('post', `/scenario-adoptions/${adoption}/undo`, {
      basis: keep.body.basis,
      overwriteEdited: true,
    });
    expect(stale.status).toBe(409);
    expect(await rows()).toEqual(untouched);
    const byFinance = await call(
      'post',
      `/scenario-adoptions/${adoption}/undo`,
      { basis: overwrite.body.basis, overwriteEdited: true },
      w.finance,
    );
    expect(byFinance.status).toBe(403);

    const done = await call('post', `/scenario-adoptions/${adoption}/undo`, {
      basis: overwrite.body.basis,
      overwriteEdited: true,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.message).toContain('(1 line edited since overwritten)');
    now.set(ids[4], before);
    await expectLines();
  });

  it('refuses an undo without the basis of its preview, or with a basis older than an edit, changing nothing', async () => {
    const ids = await freshYear(2030);
    const cuts = { [ids[0]]: 60, [ids[3]]: 80 };
    const plan = await scenario('Plan G', cuts);
    const adoption = await adopt(plan, cuts);
    // The admin reads the undo, choosing to overwrite any edits: both lines would return.
    const shown = await call('post', `/scenario-adoptions/${adoption}/undo/preview`, {
      overwriteEdited: true,
    });
    expect([shown.status, shown.body.editedCount]).toEqual([200, 0]);
    // Meanwhile FINANCE corrects one of the adopted lines.
    await edit(ids[3], now.get(ids[3])! + 2_500_00n, 'Correction after the preview');
    const footprint = async () => ({
      lines: await w.t.db.knex('line_items').whereIn('id', ids).orderBy('id').select('amount', 'updated_at'),
      audits: (await w.t.db.knex('audit_log').count({ n: '*' }).first())!.n,
      adoption: await w.t.db.knex('scenario_adoptions').where({ id: adoption }).first('undone_at'),
    });
    const before = await footprint();

    const path = `/scenario-adoptions/${adoption}/undo`;
    for (const body of [{ overwriteEdited: true }, {}, undefined, { basis: '', overwriteEdited: true }]) {
      const refused = await call('post', path, body);
      expect([refused.status, refused.body.details], JSON.stringify(body)).toEqual([
        400,
        [{ path: 'basis', message: 'basis is required: preview the undo first' }],
      ]);
    }
    const stale = await call('post', path, { basis: shown.body.basis, overwriteEdited: true });
    expect([stale.status, stale.body.error]).toEqual([
      409,
      'The budget changed since you reviewed this undo: review it again',
    ]);
    expect(await footprint()).toEqual(before);
    await expectLines();

    // Read again, the preview names the correction; the undo that echoes it goes through.
    const again = await call('post', `${path}/preview`, { overwriteEdited: true });
    expect(again.body.editedCount).toBe(1);
    const done = await call('post', path, { basis: again.body.basis, overwriteEdited: true });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    ids.forEach((id, i) => now.set(id, original(i)));
    await expectLines();
  });
});
