import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeCounts } from '../../test/factories';
import { BOSTON_PAYROLL, writeLargePayroll } from '../../test/large-payroll';
import { csvRecords, decimalText, exportCents, realFile, skipWithout } from '../../test/real-files';
import { importSuite } from '../../test/worlds/import.suite';

/**
 * A payroll of 30,000 rows grown from the real Boston earnings export (test/large-payroll.ts) goes
 * through the whole import: the crosswalk gives every 'Teacher' the district's work group (a settled
 * 3% COLA), the writer gives those teachers their next-year salary by the rule and flags everyone
 * else (no work group), the reconciliation balances. Every line and total is checked against what
 * is worked out here from the file's own text in cents, never from the importer's code.
 */

const s = importSuite('import-large-');
const ROWS = 30_000;
const REGULAR = 3;
const TITLE = 2;

/** Text as the importer stores it: runs of white space as one space, trimmed. */
const stored = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Round half up to the cent of cents * 103 / 100 (the rule's round(salary * 1.03, 2) for salary > 0). */
const withCola = (cents: bigint) => (cents * 103n + 50n) / 100n;

describe.skipIf(skipWithout(realFile(BOSTON_PAYROLL)))('a 30,000-row payroll import', () => {
  it(
    'stores every row exactly, with the rule next-year salaries, and reconciles to the cent',
    { timeout: 900_000 },
    async () => {
      const knex = s.t.db.knex;
      const file = path.join(s.t.app.config.dataDir, 'payroll-large.csv');
      await writeLargePayroll(file, ROWS);
      const text = readFileSync(file, 'utf8');
      const records = csvRecords(text).slice(1);
      expect(records).toHaveLength(ROWS);

      const group = await knex('work_groups').where({ id: s.d.workGroupId }).first('name');
      const rule = { matchType: 'exact', pattern: 'Teacher', workGroupId: s.d.workGroupId };
      const made = await s.t.api('post', '/crosswalk/rules/batch', {
        token: s.admin.token,
        body: { rules: [rule], titles: ['Teacher'] },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);

      // Worked out from the file: a blank REGULAR is no salary, a negative one is not stored.
      let fileSum = 0n;
      let storedSum = 0n;
      let automatic = 0;
      let flagged = 0;
      const expected = records.map((r) => {
        const cents = r[REGULAR].trim() ? exportCents(r[REGULAR]) : null;
        fileSum += cents ?? 0n;
        const salary = cents !== null && cents >= 0n ? cents : null;
        storedSum += salary ?? 0n;
        const teacher = stored(r[TITLE]) === 'Teacher';
        const ruled = salary !== null && salary > 0n;
        automatic += teacher && ruled ? 1 : 0;
        flagged += !teacher && ruled ? 1 : 0;
        return {
          position: stored(r[TITLE]),
          salary: salary === null ? null : decimalText(salary),
          nextYear: teacher && ruled ? decimalText(withCola(salary)) : null,
          workGroup: teacher ? group.name : null,
        };
      });

      const { fileName, mapping } = await s.upload(text, 'payroll-large.csv');
      const body = { fileName, columnMappings: { ...mapping, currentSalary: 'REGULAR' }, ...s.target() };
      const before = await writeCounts(knex);
      const dry = await s.execute({ ...body, dryRun: true });
      expect(dry.status, JSON.stringify(dry.body).slice(0, 2000)).toBe(200);
      expect(dry.body).toMatchObject({ dryRun: true, imported: ROWS });
      expect(await writeCounts(knex)).toEqual(before);

      const res = await s.execute(body);
      expect(res.status, JSON.stringify(res.body).slice(0, 2000)).toBe(200);
      expect(res.body).toMatchObject({
        imported: ROWS,
        skipped: 0,
        nextYearSalaries: { automatic, manual: 0, flagged },
        reconciliation: { fileSum: decimalText(fileSum), unexplained: '0.00', balanced: true },
      });
      expect(res.body.totalAmount).toBe(Number(decimalText(storedSum)));

      const runId = res.body.importRunId as number;
      const { rows: sums } = await knex.raw(
        `SELECT sum(current_salary)::text AS salary, count(*)::int AS lines FROM line_items WHERE import_run_id = ?`,
        [runId],
      );
      expect(sums[0]).toEqual({ salary: decimalText(storedSum), lines: ROWS });
      const lines: {
        row: number;
        position: string;
        salary: string | null;
        nextYear: string | null;
        workGroup: string | null;
      }[] = (
        await knex.raw(
          `SELECT (metadata ->> 'importRow')::int AS row, position, current_salary::text AS salary,
                  next_year_salary::text AS "nextYear", work_group AS "workGroup"
             FROM line_items WHERE import_run_id = ? ORDER BY id`,
          [runId],
        )
      ).rows;
      // Row n of the file is data row n - 2 (the header is row 1); every row once, in file order.
      expect(lines.map((l) => l.row)).toEqual(records.map((_, i) => i + 2));
      const wrong = lines.filter((l) => {
        const e = expected[l.row - 2];
        return (
          l.position !== e.position ||
          l.salary !== e.salary ||
          l.nextYear !== e.nextYear ||
          l.workGroup !== e.workGroup
        );
      });
      expect(wrong.slice(0, 5)).toEqual([]);
    },
  );
});
