/**
 * Why a cut's order took a position, as the cut said when it was saved ('vacant', 'hired
 * 2019-08-26 (least senior)', 'no hire date: newest position'), and its $0 warning while it holds
 * (the server keeps both, cut_scenario_positions.pick_why and pick_warning, and an adoption keeps
 * them with what it closed). The one home of their words: the Scenario Builder's list, its cut
 * preview, printed page and workbook, and the stage comparison's 'Positions changed' on screen and
 * in `budget-cli stage compare` all say them so.
 */

/**
 * The warning as a sentence of its own: the server writes it in lower case ('saves nothing: its
 * holder has no salary'), to follow a reason; shown apart from it, it starts with a capital.
 */
function warningSentence(warning: string): string {
  return warning.charAt(0).toUpperCase() + warning.slice(1);
}

/**
 * The pick's reason and warning to show, null where there is none: an add (made by hand, not
 * picked) and a cut saved before the reasons were kept have neither, and nothing is made up.
 */
export function pickedWords(c: { why: string | null; warning: string | null }): {
  why: string | null;
  warning: string | null;
} {
  return { why: c.why || null, warning: c.warning ? warningSentence(c.warning) : null };
}
