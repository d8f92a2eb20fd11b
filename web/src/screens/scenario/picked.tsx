import type { ScenarioPositionChange } from '@web/api/scenario-positions';
import { pickedWords } from '@shared/picked-words';
// The warning's look (bold, in the warning colour) lives with the list's.
import './positions.css';

/**
 * A Picked cell's content, in the list and on the printed page: why the cut's order took the
 * position, then its $0 warning apart from it, in bold. Empty for an add and an older cut.
 */
export function PickedText({ change }: { change: Pick<ScenarioPositionChange, 'why' | 'warning'> }) {
  const { why, warning } = pickedWords(change);
  return (
    <>
      {why ? <span>{why}</span> : null}
      {warning ? <strong className="positions__pick-warning">{warning}</strong> : null}
    </>
  );
}
