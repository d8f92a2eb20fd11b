import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { positionsFromLines } from '@server/domains/positions';
import { buildBudgetYear, buildCategory, insertEmployees } from '../test/factories';
import { jsonDocument } from '../test/cli';
import { useCli } from '../test/use-cli';

/**
 * What a finance officer reads in `positions list` and `positions show`: money to the cent as the
 * Positions screen shows it, counts with thousands separators, and refusals that name no flag that
 * does not exist. 1,001 people whose next-year salary is $50,000.37 each.
 */
describe('budget-cli positions, as text', () => {
  const PEOPLE = 1001;
  const NEXT_YEAR = '50000.37';
  const lineIds: number[] = [];
  const seed = async (knex: Knex) => {
    const budgetYearId = await buildBudgetYear(knex, { label: 'FY26' });
    await buildCategory(knex, { name: 'Teachers', isPersonnel: true, deseFunction: '2305' });
    const rows = Array.from({ length: PEOPLE }, (_, i) => ({
      budgetYearId,
      fiscalYear: 2026,
      firstName: 'Pat',
      lastName: `Teacher ${i + 1}`,
      position: 'Teacher',
      salary: '48000.00',
      nextYearSalary: NEXT_YEAR,
      manual: true,
    }));
    lineIds.push(...(await insertEmployees(knex, rows)));
    await positionsFromLines(knex, { actorLabel: 'test' });
  };
  const { cli } = useCli('positions-text', { timeout: 150_000, seed });

  it('writes each cost and the total to the cent, and the counts grouped', async () => {
    // 1,001 x $50,000.37 = $50,050,370.37, worked out by hand.
    const listed = await cli('positions', 'list', '--fiscal-year', 'FY26', '--limit', '2');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(
      '1,001 positions, 1,001 FTE (1,001 filled, 0 vacant or posted, 0 frozen); budgeted $50,050,370.37\n',
    );
    expect(listed.stdout).toMatch(/Pat Teacher \d+ \(1\) +\$50,000\.37\n/);

    const json = jsonDocument(
      await cli('positions', 'list', '--fiscal-year', 'FY26', '--search', 'Teacher 1001', '--json'),
      'object',
    );
    expect(json.totals).toMatchObject({ positions: 1, budgetedCost: 50000.37 });
    const id = String(json.positions[0].id);
    const shown = await cli('positions', 'show', id);
    expect(shown.stdout).toContain('Budgeted for FY27: $50,000.37');
    expect(shown.stdout).toContain(`Held by Pat Teacher 1001 (line ${lineIds.at(-1)}): 1 FTE, $50,000.37`);
  }, 120_000);

  it('refuses an edit that changes nothing without naming a flag that does not exist', async () => {
    const json = jsonDocument(
      await cli('positions', 'list', '--fiscal-year', 'FY26', '--limit', '1', '--json'),
      'object',
    );
    const id = String(json.positions[0].id);
    const nothing = await cli('positions', 'edit', id);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toBe('Error [VALIDATION_FAILED]: Invalid input:\n  Nothing to update\n');
    const after = jsonDocument(await cli('positions', 'show', id, '--json'), 'object');
    expect(after.position.version).toBe(json.positions[0].version);
  }, 120_000);

  it('adds a full-time vacancy when --fte is left out, and deletes it with --json: the API’s answer', async () => {
    const added = jsonDocument(
      await cli(
        'positions',
        'add',
        '--fiscal-year',
        'FY26',
        '--title',
        'Typo Teacher',
        '--category',
        'Teachers',
        '--json',
      ),
      'object',
    );
    // No --fte: one full-time job, as the Positions screen's form starts.
    expect(added.position).toMatchObject({ fte: 1, status: 'vacant' });
    const id = added.position.id as number;
    const deleted = await cli('positions', 'delete', String(id), '--json');
    expect(jsonDocument(deleted, 'object')).toEqual({ deleted: id });
    const gone = await cli('positions', 'show', String(id));
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain(`Position ${id} not found`);
  }, 120_000);
});
