import type { Db } from '@server/db/index';
import { MAX_MONEY_SQL } from './line-items-projection';
import { followsSalaryRuleSql } from '@server/sql/salary-rule-lines';
import {
  causeOfWarningSql,
  causesOfWarningsSql,
  judgedMetadataSql,
  warningsOf,
} from './line-items-writes-review';
import {
  AUTOMATIC_NEXT_YEAR_SALARY,
  NEXT_YEAR_RULE_JOINS,
  NEXT_YEAR_SALARY_WARNING,
  NEXT_YEAR_WARNING_PREFIX,
  salaryAtFte,
} from '@server/sql/salary-rule';

/**
 * Writing the automatic next-year salary (the rule, as SQL, is in ./salary-rule.ts) onto stored
 * lines. Private to the line writer (server/domains/line-items/next-year.ts).
 */

// The metadata after a run: the rule's earlier warning (if any) replaced by the current one. A
// current warning flags the line for review with its cause (metadata.reviewCauses: 'work-group'
// or 'next-year-salary', server/lib/review-causes.ts) unless a person already reviewed that very
// warning; the writer clears the flag once the cause is fixed (line-items-writes-review.ts).
// An array whose text holds no such warning anywhere is kept as it is, without taking it apart
// (most lines: an import's 100,000 lines spent 0.1 s of PostgreSQL CPU unpacking and rebuilding it).
const KEPT_WARNINGS = `(CASE WHEN jsonb_typeof(calc.metadata -> 'importWarnings') = 'array'
    AND (calc.metadata ->> 'importWarnings') NOT LIKE '%${NEXT_YEAR_WARNING_PREFIX}%'
  THEN calc.metadata -> 'importWarnings'
  ELSE (SELECT coalesce(jsonb_agg(w.value ORDER BY w.ord), '[]'::jsonb)
  FROM jsonb_array_elements(CASE jsonb_typeof(calc.metadata -> 'importWarnings')
    WHEN 'array' THEN calc.metadata -> 'importWarnings' ELSE '[]'::jsonb END) WITH ORDINALITY AS w(value, ord)
  WHERE coalesce(w.value #>> '{}', '') NOT LIKE '${NEXT_YEAR_WARNING_PREFIX}%') END)`;
// The causes the line was flagged for, less the rule's own (the run says anew which holds).
const OTHER_CAUSES = `((CASE
    WHEN jsonb_typeof(calc.metadata -> 'reviewCauses') = 'array' THEN calc.metadata -> 'reviewCauses'
    WHEN calc.needs_review THEN ${causesOfWarningsSql(KEPT_WARNINGS, `'[]'::jsonb`)}
    ELSE '[]'::jsonb END) - 'work-group' - 'next-year-salary')`;
const RAISES_FLAG = `(calc.warning IS NOT NULL AND (calc.needs_review
  OR NOT (${warningsOf('calc.metadata')} @> jsonb_build_array(calc.warning))))`;
const NEXT_METADATA = `CASE
  WHEN ${RAISES_FLAG} THEN calc.metadata || jsonb_build_object('needsReview', true,
    'importWarnings', ${KEPT_WARNINGS} || jsonb_build_array(calc.warning),
    'reviewCauses', ${OTHER_CAUSES} || jsonb_build_array(${causeOfWarningSql('calc.warning')}))
  WHEN calc.warning IS NOT NULL
    THEN calc.metadata || jsonb_build_object('importWarnings', ${KEPT_WARNINGS} || jsonb_build_array(calc.warning))
  WHEN calc.metadata -> 'importWarnings' IS NOT NULL
    THEN calc.metadata || jsonb_build_object('importWarnings', ${KEPT_WARNINGS})
  ELSE calc.metadata END`;

/** The rule's value and warning for each line of `source` selected by `where` that the rule serves. */
const ruleCalc = (source: string, where: string) => `
  SELECT src.id, src.metadata, src.needs_review, ${AUTOMATIC_NEXT_YEAR_SALARY} AS value,
         -- Projected lines are Generate Projections' to rewrite; review is for imported data.
         CASE WHEN NOT src.is_projected THEN ${NEXT_YEAR_SALARY_WARNING} END AS warning
    FROM ${source} src ${NEXT_YEAR_RULE_JOINS}
   WHERE ${where} AND ${followsSalaryRuleSql('src')}`;

export interface RecomputeResult {
  /** Lines whose next-year salary or review warning changed. */
  changed: number[];
  /** Lines whose computed value would not fit the column (nothing is written then). */
  overflow: { id: number; value: string }[];
}

/**
 * Recomputes the automatic next-year salary of the listed lines that follow the rule: employee
 * lines, not manual, status Active, with a current salary above 0 (0 is a new hire whose next-year
 * salary stays as entered), and flags the imported lines the rule cannot fully serve. When any value would
 * overflow the column, nothing is written and the overflowing lines are returned.
 */
export async function recomputeNextYearSalaries(db: Db, ids: readonly number[]): Promise<RecomputeResult> {
  if (!ids.length) {
    return { changed: [], overflow: [] };
  }
  const result = await db.raw<{
    rows: { changed: number[]; overflow: { id: number; value: string }[] }[];
  }>(
    `WITH calc AS (${ruleCalc('line_items_all', 'src.id = ANY(?)')}),
     overflow AS (SELECT id, value FROM calc WHERE value > ${MAX_MONEY_SQL}),
     upd AS (
       UPDATE line_items li
       SET next_year_salary = n.value, metadata = n.metadata, updated_at = now()
       FROM (SELECT calc.id, calc.value, ${NEXT_METADATA} AS metadata FROM calc) n
       WHERE li.id = n.id AND NOT EXISTS (SELECT 1 FROM overflow)
         AND (li.next_year_salary IS DISTINCT FROM n.value OR li.metadata IS DISTINCT FROM n.metadata)
       RETURNING li.id
     ),
     -- Lines in projected_lines hold their salaries only (their metadata is the view's).
     upd_projected AS (
       UPDATE projected_lines p SET next_year_salary = calc.value, updated_at = now()
       FROM calc
       WHERE p.id = calc.id AND NOT EXISTS (SELECT 1 FROM overflow)
         AND p.next_year_salary IS DISTINCT FROM calc.value
       RETURNING p.id
     )
     SELECT (SELECT coalesce(json_agg(id ORDER BY id), '[]')
               FROM (SELECT id FROM upd UNION ALL SELECT id FROM upd_projected) u) AS changed,
            (SELECT coalesce(json_agg(json_build_object('id', id, 'value', value::text) ORDER BY id), '[]')
               FROM (SELECT * FROM overflow ORDER BY id LIMIT 5) o) AS overflow`,
    [[...ids]],
  );
  const row = result.rows[0];
  return { changed: row.changed, overflow: row.overflow };
}

/**
 * Sets the current salary of the employee lines `ids` whose FTE is about to become `fte` to what
 * the rule pays at that FTE (salaryAtFte: the schedule cell times it, else scaled by new / old),
 * before the FTE itself is written. The ids whose salary changed; when a value would not fit the
 * column, nothing is written and the lines that overflow are returned instead.
 */
export async function rescaleSalariesToFte(
  db: Db,
  ids: readonly number[],
  fte: number,
): Promise<{ changed: number[]; overflow: number[] }> {
  if (!ids.length) {
    return { changed: [], overflow: [] };
  }
  const result = await db.raw<{ rows: { changed: number[]; overflow: number[] }[] }>(
    `WITH calc AS (
       SELECT src.id, ${salaryAtFte('CAST(:fte AS numeric)')} AS salary
         FROM line_items src ${NEXT_YEAR_RULE_JOINS}
        WHERE src.id = ANY(:ids) AND src.is_operating AND src.current_salary IS NOT NULL
          AND src.current_fte IS DISTINCT FROM CAST(:fte AS numeric)
     ),
     overflow AS (SELECT id FROM calc WHERE salary > ${MAX_MONEY_SQL}),
     upd AS (
       UPDATE line_items li SET current_salary = calc.salary, updated_at = now()
         FROM calc
        WHERE li.id = calc.id AND NOT EXISTS (SELECT 1 FROM overflow)
          AND li.current_salary IS DISTINCT FROM calc.salary
       RETURNING li.id
     )
     SELECT (SELECT coalesce(json_agg(id ORDER BY id), '[]') FROM upd) AS changed,
            (SELECT coalesce(json_agg(id ORDER BY id), '[]') FROM overflow) AS overflow`,
    { ids: [...ids], fte },
  );
  return result.rows[0];
}

/**
 * Moves an import's staged lines (the temporary table `staging`, line_items' columns, filled by the
 * COPY) into line_items in one INSERT, the employee lines the rule serves carrying their automatic
 * next-year salary and review warning already: the very values and metadata recomputeNextYearSalaries
 * writes, but each row is written once. (Updating every line just copied rewrote each row and its
 * index entries a second time: most of a 100,000-row import's time.) The employee lines' review
 * flags are judged in the same statement (judgedMetadataSql: what reevaluateReviewFlags would do to
 * them once stored; reading each part back to judge it cost 0.2 s of PostgreSQL CPU per 100,000
 * lines). When a value would not fit the column nothing is inserted and the overflowing lines are
 * returned.
 */
export async function insertStagedLines(
  db: Db,
  staging: string,
): Promise<{ inserted: number; overflow: RecomputeResult['overflow'] }> {
  // Every stored column, whatever later migrations add (a generated column cannot be given).
  const { rows: columns } = await db.raw<{ rows: { name: string }[] }>(
    `SELECT attname AS name FROM pg_attribute
      WHERE attrelid = 'line_items'::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
      ORDER BY attnum`,
  );
  const names = columns.map((c) => c.name);
  const values = names.map((name) => {
    if (name === 'next_year_salary') {
      return 'CASE WHEN n.id IS NULL THEN s.next_year_salary ELSE n.value END';
    }
    return name === 'metadata' ? 'j.metadata' : `s."${name}"`;
  });
  const result = await db.raw<{ rows: { inserted: number; overflow: RecomputeResult['overflow'] }[] }>(
    `WITH calc AS (${ruleCalc(staging, 'true')}),
     overflow AS (SELECT id, value FROM calc WHERE value > ${MAX_MONEY_SQL}),
     ins AS (
       INSERT INTO line_items (${names.map((name) => `"${name}"`).join(', ')})
       SELECT ${values.join(', ')}
         FROM ${staging} s
         LEFT JOIN (SELECT calc.id, calc.value, ${NEXT_METADATA} AS metadata FROM calc) n ON n.id = s.id
        -- OFFSET 0 keeps the metadata one value: the planner would otherwise copy its expression
        -- (the rule's metadata) into every place the judge reads it, and work it out each time.
        CROSS JOIN LATERAL (SELECT CASE WHEN n.id IS NULL THEN s.metadata ELSE n.metadata END AS metadata
                              OFFSET 0) m
        CROSS JOIN LATERAL (SELECT ${judgedMetadataSql('s', 'm.metadata')} AS metadata) j
        WHERE NOT EXISTS (SELECT 1 FROM overflow)
        ORDER BY s.id
       RETURNING 1
     )
     SELECT (SELECT count(*)::int FROM ins) AS inserted,
            (SELECT coalesce(json_agg(json_build_object('id', id, 'value', value::text) ORDER BY id), '[]')
               FROM (SELECT * FROM overflow ORDER BY id LIMIT 5) o) AS overflow`,
  );
  return result.rows[0];
}
