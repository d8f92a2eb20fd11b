import { useMemo, useState } from 'react';
import { errorMessage } from '@web/api/client';
import { useBuildings } from '@web/api/lookups';
import { useBulkPositions, type Position } from '@web/api/positions';
import { DISTRICT_WIDE } from '@web/components/data-grid/column-types';
import { Button } from '@web/components/form/button';
import { Select } from '@web/components/select';
import { countOf } from '@web/lib/format';

/** What the bulk bar does to the selected positions: a status, or a building. */
const ACTIONS = [
  { value: 'status:posted', label: 'Mark posted' },
  { value: 'status:frozen', label: 'Freeze' },
  { value: 'status:vacant', label: 'Reopen as vacant' },
  { value: 'status:closed', label: 'Close' },
];

interface PositionBulkBarProps {
  selected: Position[];
  /**
   * Why there is nothing to change when the list holds no positions (the year has none, or the
   * filters match none); null otherwise.
   */
  nothingToChange: string | null;
  /** `lines`: the server's note when the locked salary lines do not have the change (salaryLines). */
  onDone(message: string, lines?: string): void;
}

const WHY_ID = 'positions-bulk-why';

/**
 * One change to every selected position through POST /positions/bulk: each is sent with the version
 * read, so a position someone else changed meanwhile refuses the whole change (nothing is written).
 */
export function PositionBulkBar({ selected, nothingToChange, onDone }: PositionBulkBarProps) {
  const buildings = useBuildings();
  const bulk = useBulkPositions();
  const [action, setAction] = useState('');
  const options = useMemo(
    () => [
      ...ACTIONS,
      { value: 'building:none', label: `Move to ${DISTRICT_WIDE}` },
      ...(buildings.data?.buildings ?? []).map((b) => ({
        value: `building:${b.id}`,
        label: `Move to ${b.name}`,
      })),
    ],
    [buildings.data],
  );
  const [problem, setProblem] = useState<string | null>(null);

  // As the Employee Manager's Bulk Actions: no change is offered with nothing to change, and the
  // bar says why (read with the controls) rather than refusing a press afterwards.
  const why =
    nothingToChange ??
    (selected.length === 0 ? 'Tick the positions to change (the box at the start of each row)' : null);

  const apply = () => {
    if (why) {
      return;
    }
    if (!action) {
      setProblem('Choose what to do to them');
      return;
    }
    setProblem(null);
    const [kind, value] = action.split(':');
    const patch =
      kind === 'status'
        ? { status: value as 'vacant' | 'posted' | 'frozen' | 'closed' }
        : { buildingId: value === 'none' ? null : Number(value) };
    const label = options.find((o) => o.value === action)?.label ?? action;
    bulk.mutate(
      { items: selected.map((p) => ({ id: p.id, version: p.version })), patch },
      {
        onSuccess: (r) => {
          setAction('');
          onDone(`${label}: ${countOf(r.updated, 'position')} changed`, r.salaryLines?.message);
        },
      },
    );
  };

  const message = problem ?? (bulk.isError ? errorMessage(bulk.error, 'Nothing was changed') : null);
  return (
    <div className="grid-toolbar__actions" role="group" aria-label="Bulk actions">
      <Select
        ariaLabel="Change for the selected positions"
        value={action}
        placeholder="Bulk change..."
        options={options}
        onValueChange={setAction}
        disabled={bulk.isPending || Boolean(why)}
        aria-describedby={why ? WHY_ID : undefined}
      />
      <Button
        className="btn--small"
        busy={bulk.isPending}
        busyLabel="Applying..."
        disabled={Boolean(why)}
        aria-describedby={why ? WHY_ID : undefined}
        onClick={apply}
      >
        Apply to Selected
      </Button>
      {why ? (
        <span id={WHY_ID} className="field__hint">
          {why}
        </span>
      ) : null}
      {message ? (
        <span className="field__error" role="alert">
          {message}
        </span>
      ) : null}
    </div>
  );
}
