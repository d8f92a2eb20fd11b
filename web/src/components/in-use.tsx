import { RowAction } from '@web/components/form/button';
import { countOf } from '@web/lib/format';

/**
 * A usage count and the noun it counts: [12, 'employee line'], or with its plural where adding an
 * s would not do: [3, 'line in other years', 'lines in other years'].
 */
export type Usage = readonly (readonly [count: number, noun: string, plural?: string])[];

/**
 * Why Delete is refused: the record is in use while any of the counts the server checks before a
 * delete is above zero (server/domains/budgets: a 409 that says the same counts). Null when free.
 */
export function inUseReason(usage: Usage): string | null {
  const parts = usage.filter(([n]) => n > 0).map(([n, noun, plural]) => countOf(n, noun, plural));
  if (!parts.length) {
    return null;
  }
  const last = parts.pop();
  return `In use by ${parts.length ? `${parts.join(', ')} and ` : ''}${last}; move them first`;
}

/**
 * A record's Delete (a table row's or a card's): disabled while the record is in use, described by
 * (and titled with) the reason, so the server's refusal is never what tells the user.
 */
export function DeleteAction({
  name,
  why,
  whyId,
  onClick,
}: {
  name: string;
  why: string | null;
  whyId: string;
  onClick(): void;
}) {
  return (
    <>
      <RowAction
        action="Delete"
        name={name}
        variant="danger"
        disabled={why !== null}
        title={why ?? undefined}
        aria-describedby={why === null ? undefined : whyId}
        onClick={onClick}
      />
      {why === null ? null : (
        <span id={whyId} className="visually-hidden">
          {why}
        </span>
      )}
    </>
  );
}
