import type { Db } from '@server/db/index';

/** The columns of an import run undo reads (migration 20261214000100 added undone_at). */
export interface UndoRunRow {
  id: number;
  file_name: string;
  import_type: string;
  status: string;
  budget_year_id: number | null;
  fiscal_year: number | null;
  /** created_at as PostgreSQL writes it, to the microsecond (a Date keeps milliseconds only). */
  created_text: string;
  imported_count: number;
  replaced_projected_count: number;
  undone_at: Date | string | null;
}

const COLUMNS = [
  'id',
  'file_name',
  'import_type',
  'status',
  'budget_year_id',
  'fiscal_year',
  'imported_count',
  'replaced_projected_count',
  'undone_at',
];

/** The run, locked against a second undo in the caller's transaction when `lock`. */
export async function findRun(db: Db, id: number, lock = false): Promise<UndoRunRow | undefined> {
  const q = db('import_runs')
    .where({ id })
    .first<UndoRunRow | undefined>([...COLUMNS, db.raw('created_at::text AS created_text')]);
  return lock ? q.forUpdate() : q;
}

/**
 * The latest line import into the same budget year and fiscal year after this one, not undone (a
 * run that recorded no fiscal year, as the demo's, by where its lines are).
 */
export async function laterRun(
  db: Db,
  run: UndoRunRow,
  fiscalYear: number,
): Promise<{ id: number; file_name: string } | undefined> {
  return db('import_runs as r')
    .where({ budget_year_id: run.budget_year_id })
    .where((w) =>
      w
        .where({ fiscal_year: fiscalYear })
        .orWhere((n) =>
          n
            .whereNull('fiscal_year')
            .whereExists(
              db('line_items as li')
                .select(db.raw('1'))
                .whereRaw('li.import_run_id = r.id AND li.fiscal_year = ?', [fiscalYear]),
            ),
        ),
    )
    .whereIn('import_type', ['operating', 'proposed'])
    .whereNot('status', 'running')
    .whereNull('undone_at')
    .where('id', '>', run.id)
    .orderBy('id', 'desc')
    .first('id', 'file_name');
}

/** When the next import run of any kind started, or null: what this one wrote was before it. */
export async function nextRunStart(db: Db, run: UndoRunRow): Promise<string | null> {
  const row = await db('import_runs')
    .where('id', '>', run.id)
    .orderBy('id')
    .first(db.raw('created_at::text AS created_text'));
  return (row?.created_text as string | undefined) ?? null;
}

/** The fiscal years the run's lines are in (a file may give rows of several). */
export async function linesYears(db: Db, runId: number): Promise<number[]> {
  const years = await db('line_items').where({ import_run_id: runId }).distinct().pluck('fiscal_year');
  return years.map(Number);
}

/** How many open-position rows the run made vacant positions of, as its audit entry recorded. */
export async function vacanciesRecorded(db: Db, runId: number): Promise<number> {
  const row = await db('audit_log')
    .where({ entity: 'import-run', entity_id: String(runId), action: 'import' })
    .first('after');
  const after = (typeof row?.after === 'string' ? JSON.parse(row.after) : row?.after) as
    { positionsVacantFromRows?: number } | undefined;
  return Number(after?.positionsVacantFromRows ?? 0);
}

export async function markUndone(db: Db, id: number, userId: number | null): Promise<void> {
  await db('import_runs')
    .where({ id })
    .update({ undone_at: db.raw('clock_timestamp()'), undone_by: userId });
}
