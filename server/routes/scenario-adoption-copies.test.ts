import { describe, expect, it } from 'vitest';
import {
  adopt,
  c,
  call,
  expectLines,
  freshYear,
  kept,
  now,
  scenario,
  total,
  undo,
  useAdoptionApp,
  w,
} from '../../test/worlds/scenario-adoption.suite';

/**
 * A scenario made before an adoption (a copy of the adopted plan) does not apply
 * the adopted cuts a second time. Its cuts that the adoption already made (the same line, the same
 * percent) count as applied; the rest are shown against today's figures; the API says which
 * adoption came after it; undoing the adoption gives the copy its cuts back. Figures are recomputed
 * in integer cents from the amounts written and the percents chosen.
 */
useAdoptionApp();

const listed = async (id: number) => {
  const q = `budgetYearId=${w.budgetYearId}&fiscalYear=${w.fiscalYear}`;
  const res = await call('get', `/scenarios/cuts?${q}`, undefined, w.finance);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.scenarios.find((s: any) => s.id === id);
};
const preview = (id: number) => call('post', `/scenarios/cuts/${id}/adopt/preview`, {});

describe('a scenario made before an adoption', () => {
  it('a copy of the adopted plan does not cut again; another plan shows its cuts against today', async () => {
    const ids = await freshYear(2030);
    // Line 0 plays Boston Latin: the plan keeps 75% of it.
    const cuts = { [ids[0]]: 75, [ids[1]]: 50 };
    const plan = await scenario('Plan A', cuts);
    const copy = await scenario('Plan A (copy)', {}, plan);
    const other = await scenario('Plan E', { [ids[0]]: 90, [ids[3]]: 80 });
    const start = new Map(now);
    const adoption = await adopt(plan, cuts);
    await expectLines();

    // The copy: both its cuts are in the budget already, nothing left to adopt or to show.
    const shown = await preview(copy);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.lines).toEqual([]);
    expect([c(shown.body.totalBefore), c(shown.body.totalAfter)]).toEqual([total(), total()]);
    expect(shown.body.blocked).toMatch(
      /^Nothing to adopt: scenario “Plan A \(copy\)” changes no line of FY30 \(its cuts were already applied by the adoption of “Plan A” on /,
    );
    expect(shown.body.adoptedSince).toEqual([
      { adoptionId: adoption, scenarioName: 'Plan A', adoptedAt: expect.any(String), cutsApplied: 2 },
    ]);
    const copyRow = await listed(copy);
    expect(copyRow.adoptedSince).toMatchObject([
      { adoptionId: adoption, scenarioName: 'Plan A', cutsApplied: 2 },
    ]);
    expect(c(copyRow.summary.adjustedTotal)).toBe(total());
    expect(c(copyRow.summary.totalCuts)).toBe(0n);

    // Plan E was made before too and says so; its own percents apply to today's figures.
    const otherRow = await listed(other);
    expect(otherRow.adoptedSince).toMatchObject([{ adoptionId: adoption, cutsApplied: 0 }]);
    const e = await preview(other);
    expect(e.body.lines.map((l: any) => [l.id, c(l.currentAmount), c(l.newAmount)])).toEqual([
      [ids[0], now.get(ids[0]), kept(now.get(ids[0])!, 90)],
      [ids[3], now.get(ids[3]), kept(now.get(ids[3])!, 80)],
    ]);
    // A scenario made after the adoption has nothing to say about it.
    const later = await scenario('Plan F', {});
    expect((await listed(later)).adoptedSince).toEqual([]);
    // Nor does the adopted plan itself.
    expect((await listed(plan)).adoptedSince).toEqual([]);

    // Adopting the copy is refused: Line 0 is cut once, not twice.
    const refused = await call('post', `/scenarios/cuts/${copy}/adopt`, { basis: shown.body.basis });
    expect(refused.status).toBe(409);
    await expectLines();
    expect(now.get(ids[0])).toBe(kept(start.get(ids[0])!, 75));

    // Undone, the adoption gives the copy its cuts back (and the audit says so).
    const undone = await undo(adoption);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    ids.forEach((id) => now.set(id, start.get(id)!));
    await expectLines();
    const back = await w.t.db
      .knex('cut_adjustments')
      .where({ cut_scenario_id: copy })
      .orderBy('line_item_id');
    expect(back.map((r) => [r.line_item_id, Number(r.percent_kept)])).toEqual([
      [ids[0], 75],
      [ids[1], 50],
    ]);
    expect((await listed(copy)).adoptedSince).toEqual([]);
    const audits = await w.t.db
      .knex('audit_log')
      .where({ entity: 'cut-scenario', entity_id: String(copy) })
      .whereIn('action', ['cuts-applied-by-adoption', 'cuts-given-back-by-undo'])
      .orderBy('id')
      .select('action');
    expect(audits.map((a) => a.action)).toEqual(['cuts-applied-by-adoption', 'cuts-given-back-by-undo']);
    const again = await preview(copy);
    expect(c(again.body.totalAfter)).toBe(
      total() -
        start.get(ids[0])! +
        kept(start.get(ids[0])!, 75) -
        start.get(ids[1])! +
        kept(start.get(ids[1])!, 50),
    );
  });
});
