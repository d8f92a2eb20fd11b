import type { Db } from '@server/db/index';
import { CAUSE_WARNINGS, type ReviewCause } from '@server/lib/review-causes';
import { followsSalaryRuleSql } from '@server/sql/salary-rule-lines';

/**
 * Review flags that follow their cause, in SQL: which cause a warning names, and
 * whether a line still lacks what a cause says it lacks. Private to the line writer
 * (server/domains/line-items/review.ts); the causes themselves are server/lib/review-causes.ts.
 */

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The cause a warning (a SQL text expression) names, 'other' when none. */
export function causeOfWarningSql(expr: string): string {
  const whens = CAUSE_WARNINGS.flatMap(([cause, likes]) =>
    likes.map((like) => `WHEN ${expr} LIKE ${literal(like)} THEN ${literal(cause)}`),
  );
  return `(CASE ${whens.join(' ')} ELSE 'other' END)`;
}

/** A line's warnings as a jsonb array (metadata may hold none, or something else). */
export const warningsOf = (metadata: string) =>
  `(CASE jsonb_typeof(${metadata} -> 'importWarnings') WHEN 'array' THEN ${metadata} -> 'importWarnings' ELSE '[]'::jsonb END)`;

/** The causes of a jsonb array of warnings, each once (`none` when there is no warning). */
export const causesOfWarningsSql = (warnings: string, none = `'["other"]'::jsonb`) =>
  `coalesce((SELECT jsonb_agg(DISTINCT ${causeOfWarningSql('w.value')})
     FROM jsonb_array_elements_text(${warnings}) w(value)), ${none})`;

/** Whether line `li` still lacks what `cause` (a SQL text expression) says it lacks. */
function stillLacksSql(cause: string): string {
  const lacks: Record<Exclude<ReviewCause, 'other'>, string> = {
    'work-group': 'li.work_group_id IS NULL',
    // The rule keeps its own warning current; a typed value, or a line that stopped following
    // the rule (Inactive, Retiring, a new hire's 0), needs no COLA.
    'next-year-salary': `${followsSalaryRuleSql('li')}
      AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(${warningsOf('li.metadata')}) w(value)
                   WHERE w.value LIKE 'Next-year salary computed at 0%')`,
    salary: 'li.current_salary IS NULL',
    amount: 'li.amount IS NULL',
    building: 'li.building_id IS NULL',
    category: 'li.category_id IS NULL',
    'dese-code': `nullif(btrim(li.dese_code), '') IS NULL`,
  };
  const whens = Object.entries(lacks).map(([key, sql]) => `WHEN ${literal(key)} THEN (${sql})`);
  return `(CASE ${cause} ${whens.join(' ')} ELSE true END)`;
}

/**
 * Re-judges the review flags of the flagged lines among `ids`: each recorded cause (or, for a line
 * flagged before causes were recorded, the causes its warnings name) is dropped when the line no
 * longer lacks what it named; the warnings of dropped causes move to metadata.resolvedWarnings; the
 * flag stays while any cause is left ('other' always is). Returns the lines whose flag cleared and
 * those whose causes changed.
 */
export async function reevaluateReviewFlags(
  db: Db,
  ids: readonly number[],
): Promise<{ changed: number[]; cleared: number[] }> {
  if (!ids.length) {
    return { changed: [], cleared: [] };
  }
  const result = await db.raw<{ rows: { changed: number[]; cleared: number[] }[] }>(
    // One pass over the flagged lines among `ids` reads their causes and what is still open, and
    // only the lines whose causes shrank are looked up again to be written: joining every flagged
    // line back to line_items made the planner hash the whole table on each call (each part of an
    // import scanned every line stored).
    `WITH judged AS MATERIALIZED (
       SELECT li.id, f.warnings, f.causes,
              coalesce((SELECT jsonb_agg(c.cause ORDER BY c.ord)
                          FROM jsonb_array_elements_text(f.causes) WITH ORDINALITY c(cause, ord)
                         WHERE ${stillLacksSql('c.cause')}), '[]'::jsonb) AS open
         FROM line_items li
        CROSS JOIN LATERAL (
          SELECT ${warningsOf('li.metadata')} AS warnings,
                 CASE WHEN jsonb_typeof(li.metadata -> 'reviewCauses') = 'array' THEN li.metadata -> 'reviewCauses'
                      ELSE ${causesOfWarnings('li.metadata')} END AS causes) f
        WHERE li.id = ANY(?) AND li.needs_review
     ),
     shrank AS MATERIALIZED (SELECT * FROM judged j WHERE jsonb_array_length(j.open) < jsonb_array_length(j.causes)),
     upd AS (
       UPDATE line_items li
          SET metadata = li.metadata || jsonb_build_object(
                'reviewCauses', j.open,
                'needsReview', jsonb_array_length(j.open) > 0,
                'importWarnings', coalesce((SELECT jsonb_agg(w.value ORDER BY w.ord)
                   FROM jsonb_array_elements_text(j.warnings) WITH ORDINALITY w(value, ord)
                  WHERE j.open @> jsonb_build_array(${causeOfWarningSql('w.value')})), '[]'::jsonb),
                'resolvedWarnings', (CASE jsonb_typeof(li.metadata -> 'resolvedWarnings') WHEN 'array'
                   THEN li.metadata -> 'resolvedWarnings' ELSE '[]'::jsonb END)
                  || coalesce((SELECT jsonb_agg(w.value ORDER BY w.ord)
                   FROM jsonb_array_elements_text(j.warnings) WITH ORDINALITY w(value, ord)
                  WHERE NOT (j.open @> jsonb_build_array(${causeOfWarningSql('w.value')}))), '[]'::jsonb)),
              updated_at = now()
         FROM shrank j
        WHERE li.id = j.id
       RETURNING li.id, li.needs_review
     )
     SELECT (SELECT coalesce(json_agg(id ORDER BY id), '[]') FROM upd) AS changed,
            (SELECT coalesce(json_agg(id ORDER BY id), '[]') FROM upd WHERE NOT needs_review) AS cleared`,
    [[...ids]],
  );
  return result.rows[0];
}

/** causesOfWarningsSql over a metadata expression's warnings. */
function causesOfWarnings(metadata: string): string {
  return causesOfWarningsSql(warningsOf(metadata));
}
