import type { Db } from '@server/db/index';
import type { BudgetVersion } from '@shared/schemas/versions';

export interface VersionRow {
  id: number;
  fiscal_year: number;
  label: string;
  version_number: number;
  description: string | null;
  status: BudgetVersion['status'];
  is_active: boolean;
  uploaded_by: number | null;
  uploaded_by_name?: string | null;
  budget_year_id: number | null;
  created_at: Date | string;
}

/** Row -> API shape of a budget version. */
export function presentVersion(row: VersionRow): BudgetVersion {
  return {
    id: row.id,
    label: row.label,
    fiscalYear: row.fiscal_year,
    versionNumber: row.version_number,
    description: row.description,
    status: row.status,
    isActive: row.is_active,
    uploadedBy: row.uploaded_by,
    uploadedByName: row.uploaded_by_name ?? null,
    budgetYearId: row.budget_year_id,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const COLUMNS = [
  'v.id',
  'v.fiscal_year',
  'v.label',
  'v.version_number',
  'v.description',
  'v.status',
  'v.is_active',
  'v.uploaded_by',
  'u.name as uploaded_by_name',
  'v.budget_year_id',
  'v.created_at',
];

/**
 * Versions, newest fiscal year and number first. `budgetYearId` keeps that budget year's versions
 * and those tied to none.
 */
export function listVersions(
  db: Db,
  filter: { fiscalYear?: number; budgetYearId?: number },
): Promise<VersionRow[]> {
  const q = db('budget_versions as v').leftJoin('users as u', 'u.id', 'v.uploaded_by').select(COLUMNS);
  if (filter.fiscalYear !== undefined) {
    q.where('v.fiscal_year', filter.fiscalYear);
  }
  if (filter.budgetYearId !== undefined) {
    q.where((w) => w.where('v.budget_year_id', filter.budgetYearId!).orWhereNull('v.budget_year_id'));
  }
  return q.orderBy([
    { column: 'v.fiscal_year', order: 'desc' },
    { column: 'v.version_number', order: 'desc' },
    { column: 'v.id', order: 'desc' },
  ]);
}

/** One version with its uploader's name. */
export function findVersionById(db: Db, id: number): Promise<VersionRow | undefined> {
  return db('budget_versions as v')
    .leftJoin('users as u', 'u.id', 'v.uploaded_by')
    .select(COLUMNS)
    .where('v.id', id)
    .first();
}

/** A fiscal year's version with this label, ignoring case (labels are unique per fiscal year). */
export function findVersionByLabel(
  db: Db,
  fiscalYear: number,
  label: string,
): Promise<VersionRow | undefined> {
  return db('budget_versions as v')
    .leftJoin('users as u', 'u.id', 'v.uploaded_by')
    .select(COLUMNS)
    .where('v.fiscal_year', fiscalYear)
    .whereRaw('lower(v.label) = lower(?)', [label])
    .first();
}

/** The next version number within a fiscal year (1 for the first). */
export async function nextVersionNumber(db: Db, fiscalYear: number): Promise<number> {
  const row = await db('budget_versions')
    .where({ fiscal_year: fiscalYear })
    .max<{ max: number | null }>('version_number as max')
    .first();
  return (row?.max ?? 0) + 1;
}

/** Inserts a version as DRAFT and inactive; returns its id. */
export async function insertVersion(
  db: Db,
  values: {
    fiscal_year: number;
    label: string;
    version_number: number;
    description: string | null;
    uploaded_by: number | null;
    budget_year_id: number | null;
  },
): Promise<number> {
  const [row] = await db('budget_versions')
    .insert({ ...values, status: 'DRAFT', is_active: false })
    .returning('id');
  return row.id;
}
