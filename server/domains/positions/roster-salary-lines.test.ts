import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../../test/use-app';
import type { PositionsWorld } from '../../../test/worlds/positions.world';
import type { Planned } from './follow-paths.helper';
import { addSpecialist, driftOf, lockedYearWorld, voteYear } from './locked-year.helper';

/**
 * GET /positions/salary-lines: whoever opens the FY2026 roster is told when FY2027's salary lines
 * are locked (voted) and no longer equal the positions' cost, with the amount, not only the next
 * person to change a position (locked-salary-lines.test.ts). The expected difference is worked out
 * here in integer cents from the raw tables (follow-paths.helper.ts), never by the code under test.
 */
const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
let w: PositionsWorld;
let at: Planned;

/** What the positions cost less what FY2027's salary lines hold, in cents, from the tables. */
const drift = () => driftOf(at);
const cents = (dollars: number) => BigInt(Math.round(dollars * 100));
const dollars = (c: bigint) =>
  `$${(Number(c < 0n ? -c : c) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
const read = (token: string) => t.api('get', '/positions/salary-lines?fiscalYear=2026', { token });

beforeAll(async () => {
  ({ w, at } = await lockedYearWorld(t, { admin: admin.token, finance: finance.token }));
});

describe("the roster's locked salary lines, on opening", () => {
  it('are said, with the amount and the steps the reader may take, and not while the year is open', async () => {
    const made = await addSpecialist(t, w, finance.token);
    // Open: the lines follow the positions, nothing to say.
    const open = await read(finance.token);
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body).toEqual({ salaryLines: null });

    await voteYear(at, admin.token);
    // Locked but equal to the positions' cost: nothing out of date, nothing said.
    expect((await read(finance.token)).body).toEqual({ salaryLines: null });

    const edited = await t.api('patch', `/positions/${made.body.position.id}`, {
      token: finance.token,
      body: { version: made.body.position.version, fte: 0.6 },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const expected = await drift();
    expect(expected).toBeLessThan(0n);

    const byAdmin = await read(admin.token);
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
    expect(byAdmin.body.salaryLines).toMatchObject({
      budgetYearId: at.planned.budgetYearId,
      fiscalYear: 2027,
      stageLabel: 'School Committee Adopted',
      closed: false,
      source: 'positions',
      linesOutOfDate: 1,
    });
    expect(cents(byAdmin.body.salaryLines.difference)).toBe(expected);
    // The write's own note, without 'this change is not in them': nobody changed anything here.
    const fact =
      "FY27's salary lines are locked by the stage School Committee Adopted. " +
      `1 salary line is out of date: they hold ${dollars(expected)} more than the positions cost.`;
    expect(byAdmin.body.salaryLines.message).toBe(
      `${fact} Reopen the stage (Budget Stages), then Update Salary Budget, to bring them in line.`,
    );
    // FINANCE may update the salary budget but not reopen a stage: told who can.
    const byFinance = await read(finance.token);
    expect(byFinance.body.salaryLines.message).toBe(
      `${fact} An administrator can reopen the stage (Budget Stages); then Update Salary Budget brings them in line.`,
    );
    // VIEW_ONLY does not read positions.
    expect((await read(viewer.token)).status).toBe(403);

    // A position changed behind the writes' back (directly in the table: FY2026 is open) is read as it is.
    await t.db.knex('positions').where({ id: made.body.position.id }).update({ fte: '0.5' });
    const moved = await drift();
    expect(moved).toBeLessThan(expected);
    const after = await read(admin.token);
    expect(cents(after.body.salaryLines.difference)).toBe(moved);
    expect(after.body.salaryLines.message).toContain(
      `they hold ${dollars(moved)} more than the positions cost`,
    );
  });
});
