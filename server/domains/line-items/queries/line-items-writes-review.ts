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

/** What line `line` (a row alias), whose metadata is `meta`, lacks for each cause to hold. */
function lacksSql(line: string, meta: string): Record<Exclude<ReviewCause, 'other'>, string> {
  return {
    'work-group': `${line}.work_group_id IS NULL`,
    // The rule keeps its own warning current; a typed value, or a line that stopped following
    // the rule (Inactive, Retiring, a new hire's 0), needs no COLA.
    'next-year-salary': `${followsSalaryRuleSql(line)}
      AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(${warningsOf(meta)}) w(value)
                   WHERE w.value LIKE 'Next-year salary computed at 0%')`,
    salary: `${line}.current_salary IS NULL`,
    amount: `${line}.amount IS NULL`,
    building: `${line}.building_id IS NULL`,
    category: `${line}.category_id IS NULL`,
    'dese-code': `nullif(btrim(${line}.dese_code), '') IS NULL`,
  };
}

/** Whether the line still lacks what `cause` (a SQL text expression) says it lacks. */
function stillLacksSql(cause: string, line: string, meta: string): string {
  const whens = Object.entries(lacksSql(line, meta)).map(
    ([key, sql]) => `WHEN ${literal(key)} THEN (${sql})`,
  );
  return `(CASE ${cause} ${whens.join(' ')} ELSE true END)`;
}

/**
 * Whether any cause of `causes` (a jsonb array) no longer holds for the line: stillLacksSql asked
 * of each known cause at once, without taking the array apart (unknown causes always hold). A
 * column test comes before the array's, which is asked only of what the line does not lack; the
 * rule's test reads the warnings, so the array is asked first there.
 */
function anyCauseFixedSql(causes: string, line: string, meta: string): string {
  return `(${Object.entries(lacksSql(line, meta))
    .map(([key, sql]) => {
      const named = `${causes} @> ${literal(JSON.stringify([key]))}::jsonb`;
      const fixed = `(${sql}) IS NOT TRUE`;
      return key === 'next-year-salary' ? `(${named} AND ${fixed})` : `(${fixed} AND ${named})`;
    })
    .join(' OR ')})`;
}

/** A flagged line's causes: those recorded, or (flagged before causes were recorded) its warnings'. */
const causesSql = (meta: string) => `CASE WHEN jsonb_typeof(${meta} -> 'reviewCauses') = 'array'
  THEN ${meta} -> 'reviewCauses' ELSE ${causesOfWarnings(meta)} END`;

/** The causes among `causes` (a jsonb array) that line `line` with metadata `meta` still lacks. */
const openCausesSql = (causes: string, line: string, meta: string) =>
  `coalesce((SELECT jsonb_agg(c.cause ORDER BY c.ord)
     FROM jsonb_array_elements_text(${causes}) WITH ORDINALITY c(cause, ord)
    WHERE ${stillLacksSql('c.cause', line, meta)}), '[]'::jsonb)`;

/**
 * Metadata `meta` after its causes shrank to `open`: the flag stays while any is open, the
 * warnings of `warnings` whose cause was dropped move to resolvedWarnings.
 */
const shrunkMetadataSql = (meta: string, warnings: string, open: string) => `${meta} || jsonb_build_object(
    'reviewCauses', ${open},
    'needsReview', jsonb_array_length(${open}) > 0,
    'importWarnings', coalesce((SELECT jsonb_agg(w.value ORDER BY w.ord)
       FROM jsonb_array_elements_text(${warnings}) WITH ORDINALITY w(value, ord)
      WHERE ${open} @> jsonb_build_array(${causeOfWarningSql('w.value')})), '[]'::jsonb),
    'resolvedWarnings', (CASE jsonb_typeof(${meta} -> 'resolvedWarnings') WHEN 'array'
       THEN ${meta} -> 'resolvedWarnings' ELSE '[]'::jsonb END)
      || coalesce((SELECT jsonb_agg(w.value ORDER BY w.ord)
       FROM jsonb_array_elements_text(${warnings}) WITH ORDINALITY w(value, ord)
      WHERE NOT (${open} @> jsonb_build_array(${causeOfWarningSql('w.value')}))), '[]'::jsonb))`;

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
       SELECT li.id, f.warnings, f.causes, ${openCausesSql('f.causes', 'li', 'li.metadata')} AS open
         FROM line_items li
        CROSS JOIN LATERAL (
          SELECT ${warningsOf('li.metadata')} AS warnings, ${causesSql('li.metadata')} AS causes) f
        WHERE li.id = ANY(?) AND li.needs_review
     ),
     shrank AS MATERIALIZED (SELECT * FROM judged j WHERE jsonb_array_length(j.open) < jsonb_array_length(j.causes)),
     upd AS (
       UPDATE line_items li
          SET metadata = ${shrunkMetadataSql('li.metadata', 'j.warnings', 'j.open')},
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

/**
 * The same judge as an expression, for a line being written: the metadata employee line `line`
 * (a row alias) gets when it is about to be stored with metadata `meta`, exactly what
 * reevaluateReviewFlags would leave on it once stored (an import's INSERT applies it, so the lines
 * are not read back and judged after). Not flagged, or nothing fixed: `meta` as it is.
 */
export function judgedMetadataSql(line: string, meta: string): string {
  const flagged = `${line}.is_operating AND coalesce((${meta} -> 'needsReview') = 'true'::jsonb, false)`;
  // Most flagged lines still lack all they were flagged for: the causes are taken apart only when
  // one no longer holds.
  return `CASE WHEN ${flagged} THEN (
    SELECT CASE WHEN ${anyCauseFixedSql('f.causes', line, meta)} THEN (
             SELECT ${shrunkMetadataSql(meta, warningsOf(meta), 'o.open')}
               FROM (SELECT ${openCausesSql('f.causes', line, meta)} AS open) o)
           ELSE ${meta} END
      FROM (SELECT ${causesSql(meta)} AS causes) f)
  ELSE ${meta} END`;
}

/** causesOfWarningsSql over a metadata expression's warnings. */
function causesOfWarnings(metadata: string): string {
  return causesOfWarningsSql(warningsOf(metadata));
}
