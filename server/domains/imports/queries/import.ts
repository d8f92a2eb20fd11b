import type { Db } from '@server/db/index';
import type { FundRef } from '@server/lib/import/fund-match';
import type { BuildingRef, CategoryRef, WorkGroupRef } from '@server/lib/import/match';
import type { ImportKindName, ImportRun, ImportType } from '@shared/schemas/import';
import { NEXT_YEAR_WARNING_PREFIX } from '@server/sql/salary-rule';
import { activeScope } from '@server/sql/line-items-scope';
import { moneyFromText } from '@shared/money';

/** The knex of imports: runs, saved mappings, and the reference data an import matches against. */

/** The active budget (scenario) of a type for a budget year, which imported lines join. */
export async function findActiveScenarioId(
  db: Db,
  budgetYearId: number,
  type: ImportType,
): Promise<number | null> {
  const row = await db('scenarios')
    .where({ budget_year_id: budgetYearId, scenario_type: type, is_active: true })
    .first('id');
  return row?.id ?? null;
}

/** Buildings to match location cells against. */
export function listBuildingRefs(db: Db): Promise<BuildingRef[]> {
  return db('buildings').select('id', 'name', 'code').orderBy('id');
}

/** Budget categories in display order, to match names, codes and DESE codes against. */
export function listCategoryRefs(db: Db): Promise<CategoryRef[]> {
  return db('budget_categories')
    .select('id', 'name', 'code', 'dese_function as deseFunction')
    .orderBy([{ column: 'display_order' }, { column: 'id' }]);
}

/** Funds to match a budget import's Fund cells and account strings against. */
export function listFundRefs(db: Db): Promise<FundRef[]> {
  return db('funds').select(
    'id',
    'code',
    'name',
    'kind',
    db.raw('period_start::text AS "periodStart"'),
    db.raw('period_end::text AS "periodEnd"'),
  );
}

/** Work groups to match work-group cells against. */
export function listWorkGroupRefs(db: Db): Promise<WorkGroupRef[]> {
  return db('work_groups').select('id', 'name').orderBy('id');
}

export interface NewImportRun {
  user_id: number | null;
  file_name: string;
  import_type: ImportType;
  budget_year_id: number;
  version_id: number | null;
  /** The fiscal year its lines go to (the version's): a repeat is the same file into the same one. */
  fiscal_year: number;
  /** The SHA-256 of the file's bytes: the same file again is recognised by it. */
  file_sha256: string;
  column_mappings: unknown;
}

/** Starts a run ('running' until finishImportRun, which happens in the same transaction). */
export async function insertImportRun(db: Db, run: NewImportRun): Promise<number> {
  const [row] = await db('import_runs')
    .insert({ ...run, column_mappings: JSON.stringify(run.column_mappings), status: 'running' })
    .returning('id');
  return row.id;
}

/**
 * The run's fiscal year set to where its lines went: the year of all of them, or of most of them
 * when a Fiscal Year column spread them over several (as migration 20261213000100 filled old runs).
 */
export async function recordRunFiscalYear(db: Db, runId: number): Promise<void> {
  await db.raw(
    `UPDATE import_runs r SET fiscal_year = coalesce(
       (SELECT mode() WITHIN GROUP (ORDER BY li.fiscal_year) FROM line_items li WHERE li.import_run_id = r.id),
       r.fiscal_year)
      WHERE r.id = ?`,
    [runId],
  );
}

/**
 * Records a run's counts; 'completed with warnings' when rows were skipped or lines marked for
 * review. warning_count is the run's lines marked for review (the import's reviewCount): what
 * Import History shows under For review, as the demo seed stores it too.
 */
export async function finishImportRun(
  db: Db,
  id: number,
  counts: {
    row_count: number;
    imported_count: number;
    skipped_count: number;
    warning_count: number;
    error_count: number;
    replaced_projected_count: number;
  },
): Promise<void> {
  await db('import_runs')
    .where({ id })
    .update({
      ...counts,
      status: counts.warning_count || counts.skipped_count ? 'completed with warnings' : 'completed',
    });
}

/**
 * The stored lines of a kind that a fiscal year already holds in the scope an import writes to (the
 * budget year's, in the budgets that count, whatever their version, as the dashboard counts them),
 * in one statement, read before the import's COPY. Projected lines are left out: the import
 * replaces those; these stay, and its lines are added beside them.
 */
export async function storedLinesInScope(
  db: Db,
  scope: { budgetYearId: number; fiscalYear: number; type: ImportType },
) {
  const money = scope.type === 'operating' ? 'current_salary' : 'amount';
  const { rows } = await db.raw<{ rows: { count: number; total: string }[] }>(
    `SELECT count(*)::int AS count, coalesce(sum(??), 0)::numeric(16,2)::text AS total
       FROM line_items li
      WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND li.is_operating = ? AND NOT li.is_projected
        AND ${activeScope()}`,
    [money, scope.budgetYearId, scope.fiscalYear, scope.type === 'operating'],
  );
  // The exact numeric text through whole cents, never a float sum.
  return { fiscalYear: scope.fiscalYear, count: rows[0].count, total: moneyFromText(rows[0].total) };
}

/**
 * What landed, in one pass over the run's lines: the money total and the fiscal years the lines
 * went to (summed in SQL), and the employee lines' next-year salaries after the rule ran: computed
 * by the rule, kept from the file (manual), and flagged by the rule for review (its warning is in
 * importWarnings). A budget import has no employee lines, so its next-year counts are 0.
 */
export async function runFigures(db: Db, runId: number, type: ImportType) {
  const money = type === 'operating' ? 'current_salary' : 'amount';
  const { rows } = await db.raw<{
    rows: {
      total: number;
      total_text: string;
      count: number;
      years: number[] | null;
      automatic: number;
      manual: number;
      flagged: number;
    }[];
  }>(
    `SELECT coalesce(sum(??), 0)::numeric(16,2) AS total,
            coalesce(sum(??), 0)::numeric(16,2)::text AS total_text,
            count(*)::int AS count,
            array_agg(DISTINCT fiscal_year ORDER BY fiscal_year) AS years,
            count(*) FILTER (WHERE is_operating AND NOT next_year_salary_manual
                               AND next_year_salary IS NOT NULL)::int AS automatic,
            count(*) FILTER (WHERE is_operating AND next_year_salary_manual)::int AS manual,
            -- A JSON path match (its operator escaped for knex) rather than a subquery over each
            -- line's warnings: a third of this pass over the run's lines.
            count(*) FILTER (WHERE is_operating AND jsonb_typeof(metadata -> 'importWarnings') = 'array'
              AND metadata -> 'importWarnings' @\\? ?::jsonpath)::int AS flagged
       FROM line_items WHERE import_run_id = ?`,
    [money, money, `strict $[*] ? (@ starts with ${JSON.stringify(NEXT_YEAR_WARNING_PREFIX)})`, runId],
  );
  const row = rows[0];
  return {
    total: Number(row?.total ?? 0),
    /** The same sum as an exact decimal string, for the reconciliation. */
    totalText: String(row?.total_text ?? '0.00'),
    count: Number(row?.count ?? 0),
    fiscalYears: (row?.years ?? []).map(Number),
    nextYearSalaries: {
      automatic: Number(row?.automatic ?? 0),
      manual: Number(row?.manual ?? 0),
      flagged: Number(row?.flagged ?? 0),
    },
  };
}

interface RunRow {
  id: number;
  file_name: string;
  import_type: ImportType;
  budget_year_id: number | null;
  budget_year: string | null;
  version_id: number | null;
  version_label: string | null;
  user_name: string | null;
  created_at: Date | string;
  undone_at: Date | string | null;
  row_count: number;
  imported_count: number;
  skipped_count: number;
  warning_count: number;
  error_count: number;
  replaced_projected_count: number;
  status: string;
}

function presentRun(row: RunRow): ImportRun {
  return {
    id: row.id,
    fileName: row.file_name,
    importType: row.import_type,
    budgetYearId: row.budget_year_id,
    budgetYear: row.budget_year,
    versionId: row.version_id,
    versionLabel: row.version_label,
    user: row.user_name,
    createdAt: new Date(row.created_at).toISOString(),
    rowCount: row.row_count,
    importedCount: row.imported_count,
    skippedCount: row.skipped_count,
    warningCount: row.warning_count,
    errorCount: row.error_count,
    replacedProjectedCount: row.replaced_projected_count,
    status: row.status,
    undoneAt: row.undone_at ? new Date(row.undone_at).toISOString() : null,
  };
}

/** Recorded import runs, newest first, with who ran them and into which budget year and version. */
export async function listImportRuns(
  db: Db,
  filter: { budgetYearId?: number; limit: number },
): Promise<ImportRun[]> {
  const q = db('import_runs as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('budget_years as b', 'b.id', 'r.budget_year_id')
    .leftJoin('budget_versions as v', 'v.id', 'r.version_id')
    .select(
      'r.id',
      'r.file_name',
      'r.import_type',
      'r.budget_year_id',
      'b.fiscal_year as budget_year',
      'r.version_id',
      'v.label as version_label',
      db.raw(`coalesce(u.name, r.column_mappings ->> 'actor') as user_name`),
      'r.created_at',
      'r.row_count',
      'r.imported_count',
      'r.skipped_count',
      'r.warning_count',
      'r.error_count',
      'r.replaced_projected_count',
      'r.status',
      'r.undone_at',
    )
    .whereNot('r.status', 'running')
    .orderBy([
      { column: 'r.created_at', order: 'desc' },
      { column: 'r.id', order: 'desc' },
    ])
    .limit(filter.limit);
  if (filter.budgetYearId !== undefined) {
    q.where('r.budget_year_id', filter.budgetYearId);
  }
  return ((await q) as RunRow[]).map(presentRun);
}

export interface SavedMapping {
  columnMappings: Record<string, string | null>;
  noteColumns: string[];
}

/** The mapping saved for a file layout (header signature), or null. */
export async function findSavedMapping(db: Db, type: ImportKindName, signature: string) {
  const row = await db('saved_column_mappings')
    .where({ import_type: type, header_signature: signature })
    .first('mappings', 'updated_at');
  if (!row) {
    return null;
  }
  const mappings = (
    typeof row.mappings === 'string' ? JSON.parse(row.mappings) : row.mappings
  ) as SavedMapping;
  return { ...mappings, updatedAt: new Date(row.updated_at).toISOString() };
}

/** Remembers the mapping confirmed for a file layout (one per import kind, the ledger's too, and layout). */
export async function saveMapping(
  db: Db,
  type: ImportKindName,
  signature: string,
  mapping: SavedMapping,
): Promise<void> {
  await db('saved_column_mappings')
    .insert({ import_type: type, header_signature: signature, mappings: JSON.stringify(mapping) })
    .onConflict(['import_type', 'header_signature'])
    .merge({ mappings: JSON.stringify(mapping), updated_at: db.fn.now() });
}
