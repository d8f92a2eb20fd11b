/** Whether a position is a vacancy the district is filling (vacant or posted): the banner's count. */
export const isVacancyOf = (f: string) => `${f}.status IN ('vacant', 'posted')`;

/**
 * How a position's FTE splits into filled, open and frozen: THE rule, as SQL over a
 * positionCosts row `f` (status, fte, filled_fte: its holders' shares). The Positions list's
 * totals (and so its banner's 'FTE to fill'), the kept cost rows they are read from on PostgreSQL
 * and the staffing summary (dashboard, stage comparison, DESE report, resident page) all sum these,
 * so they cannot disagree.
 *
 * - filled: what the holders hold, at most the position's FTE (an over-filled position is filled,
 *   not more than filled: the extra is a problem the Positions list flags, not more staff).
 * - open: what a filled position's holders do not hold (unheld: a 1.5 FTE position held 0.5 has 1.0
 *   to fill: a school committee asks how many FTE are unfilled), and all of a vacant or posted one.
 * - frozen: all of a frozen position (kept in the budget, not to be filled); closed counts nowhere.
 *
 * So filled + open + frozen is the FTE of every position that is not closed.
 */
export const filledFteOf = (f: string) =>
  `CASE WHEN ${f}.status = 'filled' THEN least(${f}.filled_fte, ${f}.fte) ELSE 0 END`;

/**
 * The open FTE of filled positions alone (what their holders do not hold): the part of 'FTE to
 * fill' that Show vacancies (vacant and posted) does not list, so the banner can say so.
 */
export const unheldFteOf = (f: string) =>
  `CASE WHEN ${f}.status = 'filled' THEN ${f}.fte - least(${f}.filled_fte, ${f}.fte) ELSE 0 END`;

export const openFteOf = (f: string) =>
  `(${unheldFteOf(f)} + CASE WHEN ${isVacancyOf(f)} THEN ${f}.fte ELSE 0 END)`;

export const frozenFteOf = (f: string) => `CASE WHEN ${f}.status = 'frozen' THEN ${f}.fte ELSE 0 END`;
