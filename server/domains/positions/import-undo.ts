import type { Db } from '@server/db/index';

/**
 * The positions' part of undoing a payroll import (server/domains/imports/import-undo.ts). What the
 * import made (from-import.ts) is found again by its history: the filled positions whose 'created'
 * entry names one of the run's lines, the vacancies its open-position rows made (their 'created'
 * entry names the file, written between the run's start and the next run's), and the waiting
 * vacancies its newcomers filled ('filled' entries naming the run's lines). Undo removes the first
 * two and gives the third back the status they had, only while none of them changed since.
 */

export interface ImportRunRef {
  id: number;
  fileName: string;
  budgetYearId: number;
  fiscalYear: number;
  /** When the run started (its transaction's now()). */
  since: string;
  /** When the next import into anything started, or null: the open-position vacancies are before it. */
  until: string | null;
}

export interface ImportPositions {
  /** Positions the import made (filled by its people, or vacant from its open-position rows). */
  made: number[];
  /** Vacant positions made from open-position rows. */
  vacancies: number;
  /** Waiting positions the import's newcomers filled, with the status each had before. */
  filled: { id: number; was: string }[];
  /** Positions among these changed since the import (a history entry it did not write, or a newer version). */
  changed: number;
}

const MADE = `SELECT ph.position_id AS id, false AS vacancy FROM position_history ph
    WHERE ph.action = 'created' AND (ph.after ->> 'lineItemId')::int IN (SELECT id FROM line_items WHERE import_run_id = :run)
  UNION
  SELECT ph.position_id, true FROM position_history ph JOIN positions p ON p.id = ph.position_id
    WHERE ph.action = 'created' AND p.budget_year_id = :by AND p.fiscal_year = :fy AND p.status <> 'filled'
      AND ph.reason LIKE 'An open position in ' || :file || '%'
      AND ph.created_at >= :since::timestamptz AND (:until::timestamptz IS NULL OR ph.created_at < :until::timestamptz)`;

const FILLED = `SELECT DISTINCT ON (ph.position_id) ph.position_id AS id, ph.id AS entry, ph.before ->> 'status' AS was
    FROM position_history ph
   WHERE ph.action = 'filled' AND (ph.after ->> 'lineItemId')::int IN (SELECT id FROM line_items WHERE import_run_id = :run)
   ORDER BY ph.position_id, ph.id DESC`;

const bindOf = (run: ImportRunRef) => ({
  run: run.id,
  by: run.budgetYearId,
  fy: run.fiscalYear,
  file: run.fileName.replace(/[\\%_]/g, (c) => `\\${c}`),
  since: run.since,
  until: run.until,
});

/** What a payroll import did to the roster, and how much of it changed since. */
export async function importPositions(db: Db, run: ImportRunRef): Promise<ImportPositions> {
  const { rows } = await db.raw(
    `WITH made AS MATERIALIZED (${MADE}), filled AS MATERIALIZED (${FILLED})
     SELECT 'made' AS kind, m.id, m.vacancy::text AS was,
            (p.version <> 1 OR EXISTS (SELECT 1 FROM position_history o WHERE o.position_id = m.id
               AND o.action <> 'created'))::int AS changed
       FROM made m JOIN positions p ON p.id = m.id
     UNION ALL
     SELECT 'filled', f.id, f.was,
            EXISTS (SELECT 1 FROM position_history o WHERE o.position_id = f.id AND o.id > f.entry)::int
       FROM filled f`,
    bindOf(run),
  );
  const list = rows as { kind: string; id: number | string; was: string | null; changed: number | string }[];
  return {
    made: list.filter((r) => r.kind === 'made').map((r) => Number(r.id)),
    vacancies: list.filter((r) => r.kind === 'made' && r.was === 'true').length,
    filled: list
      .filter((r) => r.kind === 'filled')
      .map((r) => ({ id: Number(r.id), was: r.was ?? 'vacant' })),
    changed: list.reduce((n, r) => n + Number(r.changed), 0),
  };
}

/**
 * Deletes the positions the import made (their holders, fund shares and history go with them), in
 * the undo's transaction, before its lines go: deleting a held line would vacate them and write
 * history first.
 */
export async function removeImportPositions(trx: Db, made: readonly number[]): Promise<number> {
  if (!made.length) {
    return 0;
  }
  const { rows } = await trx.raw(
    `WITH gone AS (DELETE FROM positions WHERE id = ANY(?::int[]) RETURNING id) SELECT count(*)::int AS n FROM gone`,
    [[...made]],
  );
  return Number(rows[0].n);
}

/**
 * After the lines went (the line trigger made the positions they held vacant), a position that was
 * posted before the import filled it is posted again, as the district had it.
 */
export async function restorePostedPositions(trx: Db, filled: ImportPositions['filled']): Promise<void> {
  const posted = filled.filter((f) => f.was === 'posted').map((f) => f.id);
  if (posted.length) {
    await trx.raw(
      `UPDATE positions SET status = 'posted', updated_at = now() WHERE id = ANY(?::int[]) AND status = 'vacant'`,
      [posted],
    );
  }
}
