import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliRunner, type CliRunner } from '../test/cli';
import { csvRecords, decimalText, exportCents } from '../test/real-files';

const VERSION = "FY26 Superintendent's Preliminary";
const DEMO_SCHOOLS = ['Center Street Elementary School', 'LOP'];

/**
 * budget-cli import --only-district-buildings: the Boston payroll slice (fixtures/import), a few of
 * its rows moved to the demo's schools and one to no building, imported into the demo district; the
 * rows of the city's departments are left out, and the summary says how many and what they carried.
 * Expected figures are recomputed here from the file written, in integer cents.
 */
describe('budget-cli import --only-district-buildings', () => {
  let runner: CliRunner;
  let dir: string;
  const cli = (...args: string[]) => runner.cli(...args);
  const source = readFileSync(
    path.resolve(import.meta.dirname, '../fixtures/import/boston-earnings-2024.csv'),
    'utf8',
  );
  const [header, ...records] = csvRecords(source).filter((r) => r.length > 1);
  const DEPT = header.indexOf('DEPARTMENT_NAME');
  const REGULAR = header.indexOf('REGULAR');
  // The last 6 rows to the demo's schools, one before them to no building; the rest stay the city's.
  const rows = records.map((r, i) => {
    const out = [...r];
    const fromEnd = records.length - i;
    if (fromEnd <= 6) {
      out[DEPT] = DEMO_SCHOOLS[i % 2];
    } else if (fromEnd === 7) {
      out[DEPT] = '';
    }
    return out;
  });
  const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
  const csv = [header, ...rows].map((r) => r.map(quote).join(',')).join('\n');
  const left = rows.filter((r) => r[DEPT] !== '' && !DEMO_SCHOOLS.includes(r[DEPT]));
  const leftCents = left.reduce((sum, r) => sum + exportCents(r[REGULAR]), 0n);
  const police = left.filter((r) => r[DEPT] === 'Boston Police Department').length;
  const args = (file: string, ...more: string[]) => [
    'import',
    file,
    '--type',
    'operating',
    '--budget-year',
    'FY26',
    '--version',
    VERSION,
    '--map',
    'currentSalary=REGULAR',
    '--map',
    'locationCode=DEPARTMENT_NAME',
    '--dry-run',
    ...more,
  ];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cli-leave-out-'));
    runner = await createCliRunner('import-leave-out', { timeout: 240_000 });
    expect((await cli('db', 'seed', '--demo')).code).toBe(0);
  }, 240_000);
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    return runner?.close();
  });

  it('offers the flag in --help', async () => {
    const help = await cli('import', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--only-district-buildings');
  });

  it('leaves out the city departments and says how many rows and dollars', { timeout: 120_000 }, async () => {
    const file = path.join(dir, 'boston-city.csv');
    writeFileSync(file, csv);
    expect(left.length).toBeGreaterThan(15);
    expect(police).toBe(5);

    const res = await cli(...args(file, '--only-district-buildings', '--json'));
    expect(res.code, res.stderr).toBe(0);
    const result = JSON.parse(res.stdout) as Record<string, any>;
    expect(result.rowCount).toBe(rows.length);
    expect(result.imported).toBe(rows.length - left.length);
    expect(result.leftOut.rows).toBe(left.length);
    expect(result.leftOut.amount).toBe(decimalText(leftCents));
    expect(result.reconciliation.balanced).toBe(true);

    const text = await cli(...args(file, '--only-district-buildings'));
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      `Left out ${left.length} row(s) whose building is not one of the district's buildings ($`,
    );
    expect(text.stdout).toContain(`the most: Boston Police Department (${police})`);
    expect(text.stdout).toContain(
      `would import ${rows.length - left.length} of ${rows.length} rows into FY26`,
    );

    // Without the flag nothing changes: every row is imported, none left out.
    const plain = await cli(...args(file, '--json'));
    expect(plain.code, plain.stderr).toBe(0);
    expect(JSON.parse(plain.stdout).imported).toBe(rows.length);
    expect(JSON.parse(plain.stdout).leftOut).toBeUndefined();
  });
});
