import type { Db } from '@server/db/index';
import { arrayLiteral } from '@server/sql/array-literal';
import type { ImportType } from '@shared/schemas/import';

/**
 * Earlier runs of a byte-identical file of a kind, newest first: only runs whose lines are still
 * stored, since a run whose lines were all deleted since would not be repeated by importing the
 * file again. `into` narrows them to one budget year and the runs with stored lines in one of these
 * fiscal years: where the rows went, which a Fiscal Year column may make other than the run's
 * target year. Who ran it by email, as the audit log names people.
 */
export async function findRunsOfFile(
  db: Db,
  sha256: string,
  type: ImportType,
  into?: { budgetYearId: number; fiscalYears: readonly number[] },
): Promise<PreviousRun[]> {
  const stored = db('line_items as li').select(db.raw('1')).whereRaw('li.import_run_id = r.id');
  if (into) {
    stored.whereRaw('li.fiscal_year = ANY(?::int[])', [arrayLiteral(into.fiscalYears)]);
  }
  const q = db('import_runs as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('budget_years as b', 'b.id', 'r.budget_year_id')
    .select(
      'r.id',
      'r.created_at',
      'r.imported_count',
      'r.budget_year_id',
      'r.fiscal_year',
      'b.fiscal_year as budget_year',
      db.raw(`coalesce(u.email, r.column_mappings ->> 'actor') as user_name`),
    )
    .where({ 'r.file_sha256': sha256, 'r.import_type': type })
    .whereNot('r.status', 'running')
    // An undone run's lines are gone: importing its file again is no repeat.
    .whereNull('r.undone_at')
    .whereExists(stored)
    .orderBy([
      { column: 'r.created_at', order: 'desc' },
      { column: 'r.id', order: 'desc' },
    ])
    .limit(5);
  if (into) {
    q.where({ 'r.budget_year_id': into.budgetYearId });
  }
  return ((await q) as PreviousRunRow[]).map((r) => ({
    id: r.id,
    createdAt: new Date(r.created_at).toISOString(),
    user: r.user_name,
    importedCount: r.imported_count,
    budgetYearId: r.budget_year_id,
    budgetYear: r.budget_year,
    fiscalYear: r.fiscal_year,
  }));
}

interface PreviousRunRow {
  id: number;
  created_at: Date | string;
  imported_count: number;
  budget_year_id: number | null;
  budget_year: string | null;
  fiscal_year: number | null;
  user_name: string | null;
}

/** An earlier run of the same file, as the analysis lists it and an execute's refusal names it. */
export interface PreviousRun {
  id: number;
  createdAt: string;
  user: string | null;
  importedCount: number;
  budgetYearId: number | null;
  budgetYear: string | null;
  /** The fiscal year its lines went to (most of them, when a Fiscal Year column spread them). */
  fiscalYear: number | null;
}
