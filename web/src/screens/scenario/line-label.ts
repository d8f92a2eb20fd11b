import type { ScenarioLine } from '@web/api/cut-scenarios';
import { DISTRICT_WIDE } from '@web/components/data-grid/column-types';

export interface LineLabel {
  /** What the line pays for, without its building: 'Teachers Salaries (Title I, Part A)'. */
  main: string;
  /** Where: the line's building, or District Wide. */
  place: string;
  /** The description as stored, for the tooltip and screen readers. */
  whole: string;
}

/**
 * A scenario line's label in two parts. Descriptions name the building in the middle ('Teachers
 * Salaries - Center Street Elementary School (Title I, Part A)'), so a narrow cell cut them to
 * 'Teachers Salaries - Cente…' twice: the building goes on a line of its own and the rest (with
 * the fund that tells two lines of one building apart) keeps the first line.
 */
export function lineLabel(
  line: Pick<ScenarioLine, 'id' | 'accountDesc' | 'accountLine' | 'building'>,
): LineLabel {
  const whole = line.accountDesc ?? line.accountLine ?? `Line ${line.id}`;
  const building = line.building?.name;
  const place = building ?? DISTRICT_WIDE;
  if (!building) {
    return { main: whole, place, whole };
  }
  const at = whole.indexOf(` - ${building}`);
  const main = at > 0 ? `${whole.slice(0, at)}${whole.slice(at + 3 + building.length)}`.trim() : whole;
  return { main: main || whole, place, whole };
}
