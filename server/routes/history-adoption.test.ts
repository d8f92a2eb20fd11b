import { describe, expect, it } from 'vitest';
import {
  adopt,
  call,
  freshYear,
  scenario,
  undo,
  useAdoptionApp,
  w,
} from '../../test/worlds/scenario-adoption.suite';

/**
 * An adoption and its undo were written to the audit log (entity scenario-adoption) but GET
 * /history refused them. Its history now reads: who adopted, who undid it and why, newest first;
 * to staff only, as the adoption's lines carry pay.
 */
useAdoptionApp();

describe('GET /history/scenario-adoption/:id', () => {
  it('shows the adoption and its undo with the reason', async () => {
    const ids = await freshYear(2027);
    const cuts = { [ids[0]]: 80 };
    const adoption = await adopt(await scenario('History plan', cuts), cuts);
    const reason = 'The committee reversed the cut';
    const undone = await undo(adoption, { reason });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);

    const res = await call('get', `/history/scenario-adoption/${adoption}`, undefined, w.finance);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [undoEntry, createEntry] = res.body.entries;
    expect([undoEntry.action, createEntry.action]).toEqual(['undo', 'create']);
    expect(undoEntry.actor).toBe('Alice Admin');
    expect(createEntry.after).toMatchObject({ id: adoption, budgetYearId: w.budgetYearId });
    expect(undoEntry.changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'undoReason', after: reason })]),
    );

    const viewer = (await w.t.userWith('VIEW_ONLY')).token;
    expect((await call('get', `/history/scenario-adoption/${adoption}`, undefined, viewer)).status).toBe(403);
    expect((await call('get', '/history/scenario-adoption/999999')).status).toBe(404);
  });
});
