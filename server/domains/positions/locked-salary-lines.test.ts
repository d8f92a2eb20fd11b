import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../../test/use-app';
import type { PositionsWorld } from '../../../test/worlds/positions.world';
import { salaryLines, type Planned } from './follow-paths.helper';
import { addSpecialist, driftOf, lockedYearWorld, voteYear } from './locked-year.helper';

/**
 * FY2027's salary lines follow FY2026's positions until the School Committee votes FY2027: from
 * then on they are locked and keep what was voted. A later change to the FY2026 roster is not in
 * them, and the write's answer says so (salaryLines), with how far the lines now are from the
 * positions' cost; Update Salary Budget's dry run says the same and its update is refused with
 * those words, writing nothing. The expected difference is recomputed here in integer cents from
 * the raw tables (follow-paths.helper.ts), never by the code under test.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: PositionsWorld;
let at: Planned;

/** What the positions cost less what FY2027's salary lines hold, in cents, from the tables. */
const drift = () => driftOf(at);
const cents = (dollars: number) => BigInt(Math.round(dollars * 100));

beforeAll(async () => {
  ({ w, at } = await lockedYearWorld(t, { admin: admin.token, finance: finance.token }));
});

describe('a change to the roster of a year whose salary lines are locked', () => {
  it('is said in the answer, with how far the lines are from the positions, and nothing is written', async () => {
    const made = await addSpecialist(t, w, finance.token);
    // Open: the lines followed, and the answer has nothing to say.
    expect(made.body.salaryLines).toBeUndefined();
    expect(await drift()).toBe(0n);

    await voteYear(at, admin.token);
    const voted = await salaryLines(t.db.knex, at.planned);

    const edited = await t.api('patch', `/positions/${made.body.position.id}`, {
      token: finance.token,
      body: { version: made.body.position.version, fte: 0.6 },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    // The voted lines kept what they held; the positions cost less now.
    expect(await salaryLines(t.db.knex, at.planned)).toEqual(voted);
    const expected = await drift();
    expect(expected).toBeLessThan(0n);
    const note = edited.body.salaryLines;
    expect(note).toMatchObject({
      budgetYearId: at.planned.budgetYearId,
      fiscalYear: 2027,
      stageLabel: 'School Committee Adopted',
      closed: false,
      source: 'positions',
      linesOutOfDate: 1,
    });
    expect(cents(note.difference)).toBe(expected);
    const amount = `$${(Number(-expected) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(note.message).toBe(
      "FY27's salary lines are locked by the stage School Committee Adopted: this change is not in them. " +
        `1 salary line is out of date: they hold ${amount} more than the positions cost. ` +
        // FINANCE may update the salary budget but not reopen a stage: the words say who can.
        'An administrator can reopen the stage (Budget Stages); then Update Salary Budget brings them in line.',
    );

    // A write that does not move the cost still says the lines are out of date; to ADMIN, who
    // may reopen the stage, as the steps to take.
    const noted = await t.api('patch', `/positions/${made.body.position.id}`, {
      token: admin.token,
      body: { version: edited.body.position.version, notes: 'Half time from January' },
    });
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    expect(cents(noted.body.salaryLines.difference)).toBe(expected);
    expect(noted.body.salaryLines.message).toMatch(
      /more than the positions cost\. Reopen the stage \(Budget Stages\), then Update Salary Budget, to bring them in line\.$/,
    );

    // Update Salary Budget: the dry run says the same; the update is refused and writes nothing.
    const dry = await t.api('post', '/reconciliation/update-salary-budget', {
      token: finance.token,
      body: { ...at.planned, dryRun: true },
    });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.locked).toMatchObject({ linesOutOfDate: 1, stageLabel: 'School Committee Adopted' });
    expect(cents(dry.body.locked.difference)).toBe(expected);
    expect(dry.body.changes).toHaveLength(1);
    const run = await t.api('post', '/reconciliation/update-salary-budget', {
      token: finance.token,
      body: at.planned,
    });
    expect(run.status, JSON.stringify(run.body)).toBe(409);
    expect(run.body.code).toBe('YEAR_LOCKED');
    expect(run.body.error).toContain('1 salary line is out of date');
    expect(await salaryLines(t.db.knex, at.planned)).toEqual(voted);

    // Reopened, Update Salary Budget brings them in line, and the next change follows again.
    const reopened = await t.api('post', '/budget-stages/reopen', {
      token: admin.token,
      body: { ...at.planned, reason: 'Half-time specialist' },
    });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    const update = await t.api('post', '/reconciliation/update-salary-budget', {
      token: finance.token,
      body: at.planned,
    });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    expect(update.body.locked).toBeUndefined();
    // FY2027 has no payroll of its own: its lines took the FY2026 positions' cost.
    expect(update.body.source).toBe('positions');
    expect(await drift()).toBe(0n);
  });
});
