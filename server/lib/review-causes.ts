/* ------------------------------------------------------------------------------------------------
 * Why a line is flagged for review. A flag raised because the line lacked
 * something records that cause (metadata.reviewCauses) and clears itself when the thing is there,
 * by whatever path it came (an edit, a bulk action, the crosswalk, a placement, an import): the
 * line writer re-judges the causes after every change (server/domains/line-items/review.ts). A
 * warning that names no fixable cause is 'other' and stays until a person marks the line reviewed.
 *
 * Each cause is known by the warnings that raise it: SQL LIKE patterns ('%' any run of characters),
 * read the same way here (an import classifies its warnings) and in SQL (the writer classifies the
 * warnings of lines flagged before causes were recorded). What 'fixed' means for each cause is SQL
 * (server/domains/line-items/queries/line-items-writes-review.ts). Imports nothing.
 * ---------------------------------------------------------------------------------------------- */

export const REVIEW_CAUSES = [
  'work-group',
  'next-year-salary',
  'salary',
  'amount',
  'building',
  'category',
  'dese-code',
  'other',
] as const;
export type ReviewCause = (typeof REVIEW_CAUSES)[number];

/** What each cause means, as the Data Quality screen says it. */
export const REVIEW_CAUSE_LABELS: Record<ReviewCause, string> = {
  'work-group': 'No work group',
  'next-year-salary': 'Next-year salary at 0% COLA',
  salary: 'No current salary',
  amount: 'No amount',
  building: 'Building not matched',
  category: 'No category',
  'dese-code': 'No DESE code',
  other: 'Needs a person’s review',
};

/** The warnings (LIKE patterns) that raise each fixable cause; anything else is 'other'. */
export const CAUSE_WARNINGS: readonly (readonly [Exclude<ReviewCause, 'other'>, readonly string[]])[] = [
  ['work-group', ['Next-year salary not computed: the line has no work group%']],
  ['next-year-salary', ['Next-year salary computed at 0% COLA%']],
  [
    'salary',
    ['No current salary', "Current Salary '%' is not %", 'Current Salary % is negative and was not stored'],
  ],
  ['amount', ["Amount '%' is not %"]],
  ['building', ["Building '%' matches no building%"]],
  ['category', ["Budget category '%' matches no category"]],
  ['dese-code', ["% '%' holds no DESE function code"]],
];

/** A LIKE pattern as a whole-text regular expression ('%' any run, '_' one character). */
function likeToRegExp(like: string): RegExp {
  const source = like
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/%/g, '[\\s\\S]*')
    .replace(/_/g, '[\\s\\S]');
  return new RegExp(`^${source}$`);
}

const MATCHERS = CAUSE_WARNINGS.map(([cause, likes]) => [cause, likes.map(likeToRegExp)] as const);

/** The cause a warning names ('other' when none). */
export function causeOfWarning(warning: string): ReviewCause {
  for (const [cause, patterns] of MATCHERS) {
    if (patterns.some((p) => p.test(warning))) {
      return cause;
    }
  }
  return 'other';
}

/** The causes of a list of warnings, each once, in the order first named. */
export function reviewCausesOf(warnings: readonly string[]): ReviewCause[] {
  return [...new Set(warnings.map(causeOfWarning))];
}
