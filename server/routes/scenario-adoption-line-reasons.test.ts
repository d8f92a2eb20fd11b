import { expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { plannedWorld, startFollowing } from '../domains/positions/follow-paths.helper';

/**
 * A scenario that cuts a position, adopted after the superintendent's recommendation: the salary
 * line that follows the position moves, and the stage comparison of the recommendation with today
 * gives it the adoption as its reason, as it does a line the adoption set itself (it said 'No
 * reason recorded'). Its undo moves the lines back.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);

const cents = (dollars: number | string) => BigInt(Math.round(Number(dollars) * 100));

it("gives the salary lines an adoption's position cut moves the adoption as their reason", async () => {
  const { w, at } = await plannedWorld(t, { admin: admin.token, finance: finance.token });
  await startFollowing(at);
  const call = (method: string, path: string, body?: unknown) =>
    t.api(method, path, { token: admin.token, body });
  const scope = { budgetYearId: w.budgetYearId, fiscalYear: 2027 };
  const advanced = await call('post', '/budget-stages/advance', {
    ...scope,
    stage: 'SUPERINTENDENT_RECOMMENDED',
    date: '2027-02-01',
  });
  expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
  const stageId = advanced.body.events.at(-1).id;

  const made = await call('post', '/scenarios/cuts', { ...scope, name: 'Staffing' });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.scenario.id as number;
  const cut = await call('post', `/scenarios/cuts/${id}/positions/cut`, {
    title: 'Grade 3 Teacher',
    buildingId: w.school,
    fte: 1,
  });
  expect(cut.status, JSON.stringify(cut.body)).toBe(200);
  const preview = await call('post', `/scenarios/cuts/${id}/adopt/preview`, {});
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  expect(preview.body.lines).toEqual([]);
  const saved = preview.body.positions.reduce(
    (sum: bigint, p: { amount: number }) => sum + cents(p.amount),
    0n,
  );
  expect(saved).toBeGreaterThan(0n);
  const adopted = await call('post', `/scenarios/cuts/${id}/adopt`, {
    basis: preview.body.basis,
    reason: 'Committee workshop, 3 March',
  });
  expect(adopted.status, JSON.stringify(adopted.body)).toBe(200);
  // It says what it did: a position closed, not '0 lines changed'.
  expect(adopted.body.message).toMatch(
    /^Adopted scenario “Staffing” into FY27: 1 position closed, proposed total /,
  );

  const compare = async () => {
    const res = await call(
      'get',
      `/budget-stages/compare?budgetYearId=${w.budgetYearId}&fiscalYear=2027&from=${stageId}&to=current`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.lines as { field: string; difference: number; reason: string | null }[];
  };
  const moved = await compare();
  expect(moved.length).toBeGreaterThan(0);
  // The salary lines at the cut position's place move down by what it cost, to the cent.
  expect(moved.reduce((sum, l) => sum + cents(l.difference), 0n)).toBe(-saved);
  for (const line of moved) {
    expect(line.reason).toBe('Adopted scenario "Staffing": Committee workshop, 3 March');
  }

  const adoptionId = adopted.body.adoption.id as number;
  const undoPreview = await call('post', `/scenario-adoptions/${adoptionId}/undo/preview`, {});
  expect(undoPreview.status, JSON.stringify(undoPreview.body)).toBe(200);
  const undone = await call('post', `/scenario-adoptions/${adoptionId}/undo`, {
    basis: undoPreview.body.basis,
  });
  expect(undone.status, JSON.stringify(undone.body)).toBe(200);
  // Back where they were: nothing differs from the recommendation any more.
  expect((await compare()).filter((l) => cents(l.difference) !== 0n)).toEqual([]);
});
