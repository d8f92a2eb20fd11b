import type { Knex } from 'knex';
import { buildEmployee, type World } from './worlds';

/**
 * Test factories for the Duplicate Checker's merge by rule: groups of two records of one person
 * (the same surname, 'Katherine' and 'Kathryn', same job), each record imported by a run, projected
 * or entered by hand.
 */

export type Source = 'imported' | 'projected' | 'entered';

/** An import run of the world's budget year. */
export async function buildImportRun(db: Knex, w: World, fileName: string): Promise<number> {
  const [run] = await db('import_runs')
    .insert({ file_name: fileName, import_type: 'operating', budget_year_id: w.budgetYearId })
    .returning('id');
  return run.id as number;
}

/** One record of `lastName` from `source` (an imported one needs its run). */
export function buildRecord(
  db: Knex,
  w: World,
  lastName: string,
  firstName: string,
  source: Source,
  runId?: number,
  extra: Record<string, unknown> = {},
): Promise<number> {
  return buildEmployee(db, w, {
    first_name: firstName,
    last_name: lastName,
    position: 'Grade 3 Teacher',
    current_salary: '70000.00',
    hire_date: '2019-08-26',
    import_run_id: source === 'imported' ? runId : null,
    is_projected: source === 'projected',
    ...extra,
  });
}

/** A group of two records of one person: the first of `a`, the second (misspelt) of `b`. */
export async function buildGroup(
  db: Knex,
  w: World,
  lastName: string,
  a: Source,
  b: Source,
  runs: { first: number; second: number },
): Promise<[number, number]> {
  const first = await buildRecord(db, w, lastName, 'Katherine', a, runs.first);
  const second = await buildRecord(db, w, lastName, 'Kathryn', b, runs.second);
  return [first, second];
}

/** Counts that show whether anything was written: the world's lines and the merge audit rows. */
export async function footprint(db: Knex, w: World): Promise<{ lines: number; merges: number }> {
  const [lines] = await db('line_items').where({ budget_year_id: w.budgetYearId }).count({ n: '*' });
  const [merges] = await db('audit_log').where({ action: 'merge' }).count({ n: '*' });
  return { lines: Number(lines.n), merges: Number(merges.n) };
}
