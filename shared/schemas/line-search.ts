/**
 * THE search rule of the budget grids (Employee Budget Manager, Proposed Budget Manager) and of
 * their summary totals, written once: the grids filter in the browser with `lineSearchMatcher`,
 * the totals filter in SQL with `whereLineSearch` (server/domains/line-items/queries/line-search.ts), both from the
 * term splitting and field lists below.
 *
 * The search text is split into terms on commas and whitespace; a line matches when every term
 * occurs (case-insensitive, anywhere) in at least one of its searchable fields. So a name is found
 * as the grid shows it ('Almeida, Amy'), as it is spoken ('Amy Almeida'), and by parts of either
 * ('Alme', 'amy alm'). A term never holds a comma or white space, so it can never match across
 * two fields; punctuation inside a term is literal ("O'Brien", '01-2430', '100%').
 *
 * No imports: the web app bundles this file.
 */

/** Searchable fields of each kind of line: the DTO's property → the line_items column. */
export const LINE_SEARCH_FIELDS = {
  operating: {
    firstName: 'first_name',
    lastName: 'last_name',
    position: 'position',
    locationCode: 'location_code',
    department: 'department',
    workGroup: 'work_group',
    jobClass: 'job_class',
    deseCode: 'dese_code',
  },
  proposed: {
    accountDescription: 'account_description',
    name: 'name',
    accountLine: 'account_line',
    deseCode: 'dese_code',
    deseCategories: 'dese_categories',
    notes: 'notes',
  },
} as const;

export type LineSearchKind = keyof typeof LINE_SEARCH_FIELDS;

/** What a line needs for the matcher: its searchable fields (extra properties are ignored). */
export type SearchableLine<K extends LineSearchKind> = {
  readonly [P in keyof (typeof LINE_SEARCH_FIELDS)[K]]?: string | null;
};

/** The search text's terms, lower-cased: split on commas and white space, empty pieces dropped. */
export function searchTerms(text: string | null | undefined): string[] {
  return (text ?? '')
    .toLowerCase()
    .split(/[\s,]+/)
    .filter((t) => t !== '');
}

/** The line_items columns searched for a kind of line. */
export function searchColumns(kind: LineSearchKind): string[] {
  return Object.values(LINE_SEARCH_FIELDS[kind]);
}

/**
 * The rule as a predicate for the grid's rows, or null when the text has no terms (every line
 * matches). Each line's fields are joined by a line break (which no term contains) and lower-cased
 * once per line object, so refiltering 50,000 rows per keystroke stays cheap.
 */
export function lineSearchMatcher<K extends LineSearchKind>(
  kind: K,
  text: string | null | undefined,
): ((line: SearchableLine<K>) => boolean) | null {
  const terms = searchTerms(text);
  if (!terms.length) {
    return null;
  }
  const keys = Object.keys(LINE_SEARCH_FIELDS[kind]) as (keyof SearchableLine<K>)[];
  const haystacks = new WeakMap<object, string>();
  return (line) => {
    let haystack = haystacks.get(line);
    if (haystack === undefined) {
      haystack = keys
        .map((k) => line[k] ?? '')
        .join('\n')
        .toLowerCase();
      haystacks.set(line, haystack);
    }
    return terms.every((term) => haystack.includes(term));
  };
}
