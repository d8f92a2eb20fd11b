import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { CliRunner } from './cli';

/** FY2028 in budget year FY28, as the CLI's flags name it. */
export const CURLEY_FY2028 = ['--budget-year', 'FY28', '--fiscal-year', 'FY2028'];

/** The first two people of every Curley district: two Grade 3 Teachers, $119,234.75 between them. */
export const CURLEY_TEACHERS = [
  '"Lee, Ana",Grade 3 Teacher,CUR,"61,234.50",1',
  '"Ortiz, Sam",Grade 3 Teacher,CUR,"58,000.25",1',
];

/**
 * A district of one school, Curley K-8 (CUR), started from nothing through the CLI as a person
 * does: its name, the demo's categories and a Teachers work group, budget year FY28 (FY27 to FY32),
 * and its FY2028 payroll of `rows` (Employee Name, Title, School, Salary, FTE) imported. The tests of
 * the crosswalk's Apply and of the salary lines that follow its positions start here.
 */
export async function curleyDistrict(
  runner: CliRunner,
  dir: string,
  name: string,
  rows: readonly string[] = CURLEY_TEACHERS,
): Promise<void> {
  const ok = async (...args: string[]) => {
    const res = await runner.cli(...args);
    expect(res.code, `${args.join(' ')}\n${res.stderr}`).toBe(0);
  };
  await ok('setup', '--district-name', name, '--demo-categories', '--work-group', 'Teachers');
  await ok('budget-year', 'create', 'FY28', '--fiscal-years', 'FY27-FY32', '--current', 'FY28');
  await ok('buildings', 'add', 'Curley K-8', '--code', 'CUR');
  const file = path.join(dir, 'payroll.csv');
  writeFileSync(file, ['Employee Name,Title,School,Salary,FTE', ...rows].join('\n'));
  await ok('import', file, '--type', 'operating', '--budget-year', 'FY28', '--version', 'FY28 Draft');
}

/** A crosswalk rule giving '*Teacher' titles the Teachers category, code 2305 and work group, applied to FY2028. */
export async function teachersRuleApplied(runner: CliRunner): Promise<void> {
  const rule = ['--match', 'glob', '--pattern', '*Teacher', '--category', 'Teachers', '--code', '2305'];
  for (const args of [
    ['crosswalk', 'add', ...rule, '--work-group', 'Teachers', ...CURLEY_FY2028],
    ['crosswalk', 'apply', ...CURLEY_FY2028],
  ]) {
    const res = await runner.cli(...args);
    expect(res.code, `${args.join(' ')}\n${res.stderr}`).toBe(0);
  }
}
