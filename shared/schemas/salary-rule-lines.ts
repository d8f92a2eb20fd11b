/**
 * Which employee lines the automatic next-year salary rule serves, the one statement of it that the
 * server, the web and the SQL (server/sql/salary-rule-lines.ts) all read:
 * - an employee line (not a proposed one),
 * - whose next-year salary was not typed by hand,
 * - whose status does not lock it (Inactive and Retiring employees leave: their next-year salary
 *   is held at null and cannot be typed; no status reads as Active),
 * - with a current salary above 0 (0 is a new hire, whose next-year salary stays as entered).
 */

/** The statuses that hold a line's next-year salary at null. */
export const LOCKED_STATUSES: ReadonlySet<string> = new Set(['Inactive', 'Retiring']);

/** Whether an employee's status holds their next-year salary at null (no status reads as Active). */
export const isLocked = (status: string | null | undefined): boolean =>
  LOCKED_STATUSES.has(status ?? 'Active');
