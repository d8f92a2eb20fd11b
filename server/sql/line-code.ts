/**
 * THE rule for a line's DESE function code, as SQL: its own code, else its category's
 * (budget_categories.dese_function); blank is none. Every report, the NSS meter, the salary lines
 * set from payroll or positions, the staffing summary and the resident page read a code this way,
 * so a line lands where the others look for it. `own` is the code column of what is read as a line
 * (a line, a position, a scenario's position change); `category` the alias of its category, joined.
 * Here in server/sql, with the other shared fragments, so a migration or any domain can use it
 * without loading a domain.
 */
export const lineCode = (own = 'li.dese_code', category = 'c') =>
  `coalesce(nullif(btrim(${own}), ''), nullif(btrim(${category}.dese_function), ''))`;

/** lineCode where the category is not joined: read by its id (`categoryId`). */
export const lineCodeByCategoryId = (own: string, categoryId: string) =>
  `coalesce(nullif(btrim(${own}), ''),
    (SELECT nullif(btrim(lc.dese_function), '') FROM budget_categories lc WHERE lc.id = ${categoryId}))`;
