/**
 * The resident page's rule for small groups, in words and numbers: no zod, so the public page's
 * first load (under 100 kB, no schema code) may use it as the server does.
 */

/** A breakdown cell (salary range, location) counting fewer employees than this is never published. */
export const MIN_CELL_COUNT = 5;

/**
 * The row of a budget breakdown that its groups of 1 to 4 staff are counted into, with the
 * smallest others until it holds MIN_CELL_COUNT (server/lib/pay-groups.ts foldSmallGroups):
 * 'Other buildings (fewer than 5 staff each)'.
 */
export const otherGroupsLabel = (groups: 'categories' | 'buildings' | 'functions') =>
  `Other ${groups} (fewer than ${MIN_CELL_COUNT} staff each)`;
export const OTHER_CATEGORIES_LABEL = otherGroupsLabel('categories');
export const OTHER_BUILDINGS_LABEL = otherGroupsLabel('buildings');

/**
 * What the resident page says under a breakdown (budget by category or by school, staffing by
 * school) some of whose rows the rule folded (its otherGroupsLabel row is there) or withheld (in the total only); null when it did
 * neither. One sentence for the page's script and its plain HTML.
 */
export function smallGroupsNote(
  groups: 'categories' | 'buildings',
  rows: readonly { name: string }[],
  withheld: boolean | undefined,
): string | null {
  const what = groups === 'categories' ? 'Categories' : 'Schools and other places';
  if (withheld) {
    return `${what} whose staff are fewer than ${MIN_CELL_COUNT} even all together are counted in the total only, so no one can be singled out.`;
  }
  return rows.some((r) => r.name === otherGroupsLabel(groups))
    ? `${what} with fewer than ${MIN_CELL_COUNT} staff are counted together, so no one can be singled out.`
    : null;
}
