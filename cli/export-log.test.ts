import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceArgs, useCli } from '../test/use-cli';
import { buildBudgetYear, buildScenario, insertProposed } from '../test/factories';

/**
 * A workbook the CLI writes is an export like a screen's or the API's: it leaves a 'data-exported'
 * entry in the security log naming the command, the year, the file and its size.
 */
describe('budget-cli exports in the security log', () => {
  let out: string;
  let budgetYearId: number;

  const { cli, withDb } = useCli('export-log', {
    timeout: 150_000,
    seed: async (knex) => {
      budgetYearId = await buildBudgetYear(knex, { label: 'FY27', currentFiscalYear: 2027 });
      const scenarioId = await buildScenario(knex, budgetYearId, 'proposed', true, 'Proposed');
      await insertProposed(knex, [
        { budgetYearId, scenarioId, fiscalYear: 2027, amount: '4100.10', columns: { dese_code: '2305' } },
      ]);
    },
  });
  beforeAll(() => {
    out = mkdtempSync(path.join(tmpdir(), 'export-log-cli-'));
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  const year = ['--budget-year', 'FY27', '--fiscal-year', 'FY2027'];
  /** The data-exported entries of the security log, oldest first, with their detail. */
  async function exports() {
    return withDb(async (knex) => {
      const rows = await knex('audit_log')
        .where({ entity: 'security', action: 'data-exported' })
        .orderBy('id');
      return rows.map((r) => ({
        actor: r.actor_label as string,
        detail: (typeof r.after === 'string' ? JSON.parse(r.after) : r.after) as Record<string, unknown>,
      }));
    });
  }

  it(
    'records `dese report --xlsx` and `stage compare --xlsx` as exports by budget-cli',
    { timeout: 200_000 },
    async () => {
      const dese = path.join(out, 'dese.xlsx');
      const res = await cli('dese', 'report', ...year, '--xlsx', dese);
      expect(res.code, res.stderr).toBe(0);
      const moved = await cli(...advanceArgs('SUPERINTENDENT_RECOMMENDED', '2027-02-01', '--json'));
      expect(moved.code, moved.stderr).toBe(0);
      const stageId = String(JSON.parse(moved.stdout).events[0].id);
      const compare = path.join(out, 'compare.xlsx');
      const compared = await cli(
        'stage',
        'compare',
        ...year,
        '--from',
        stageId,
        '--to',
        'current',
        '--xlsx',
        compare,
      );
      expect(compared.code, compared.stderr).toBe(0);

      const logged = await exports();
      expect(logged.map((e) => e.actor)).toEqual(['budget-cli', 'budget-cli']);
      expect(logged.map((e) => e.detail)).toEqual([
        expect.objectContaining({
          via: 'cli',
          what: 'budget-cli dese report --xlsx',
          file: 'dese.xlsx',
          bytes: statSync(dese).size,
          fiscalYear: 2027,
          budgetYearId,
        }),
        expect.objectContaining({
          via: 'cli',
          what: 'budget-cli stage compare --xlsx',
          file: 'compare.xlsx',
          bytes: statSync(compare).size,
          fiscalYear: 2027,
          budgetYearId,
        }),
      ]);
    },
  );
});
