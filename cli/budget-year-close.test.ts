import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliRunner, type CliRunner } from '../test/cli';

/**
 * `budget-cli budget-year close FY2028` and `budget-year reopen FY2028 --reason ...`: a past
 * fiscal year as read-only history from the command line, found in its one home budget year; a
 * malformed year is refused naming the argument (exit 2), a second close is refused naming the year.
 */
describe('budget-cli budget-year close and reopen', () => {
  let runner: CliRunner;
  const cli = (...args: string[]) => runner.cli(...args);

  beforeAll(async () => {
    runner = await createCliRunner('close');
  });
  afterAll(() => runner?.close());

  it(
    'closes a fiscal year, refuses it again and a malformed year, and reopens it with a reason',
    { timeout: 300_000 },
    async () => {
      expect((await cli('db', 'migrate')).code).toBe(0);
      expect((await cli('budget-year', 'create', 'FY28')).code).toBe(0);

      const bad = await cli('budget-year', 'close', 'FY2x');
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('FISCAL_YEAR: Invalid fiscal year: FY2x');
      const nowhere = await cli('budget-year', 'close', 'FY2031');
      expect(nowhere.code).toBe(2);
      expect(nowhere.stderr).toContain('No budget year plans FY31');

      const closed = await cli('budget-year', 'close', 'FY2028', '--note', 'Books closed');
      expect(closed.code, closed.stderr).toBe(0);
      expect(closed.stdout).toBe('Closed FY28: Draft, closed: read-only history\n');
      const again = await cli('budget-year', 'close', 'FY28');
      expect(again.code).not.toBe(0);
      expect(again.stderr).toContain('FY28 is already closed');

      const noReason = await cli('budget-year', 'reopen', 'FY2028');
      expect(noReason.code).not.toBe(0);
      expect(noReason.stderr).toContain('--reason');
      const reopened = await cli('budget-year', 'reopen', 'FY2028', '--reason', 'A late invoice', '--json');
      expect(reopened.code, reopened.stderr).toBe(0);
      const body = JSON.parse(reopened.stdout);
      expect(body.current).toMatchObject({ stage: 'DRAFT', closed: false, locked: false });
      expect(body.events.map((e: { event: string }) => e.event)).toEqual(['close', 'unclose']);
    },
  );
});
