import { useMemo, useState } from 'react';
import { useBuildings } from '@web/api/lookups';
import { BulkButton } from '@web/components/bulk-pick-action';
import { DISTRICT_WIDE } from '@web/components/data-grid/column-types';
import { Select } from '@web/components/select';

interface ProposedBulkBarProps {
  selectedCount: number;
  busy: boolean;
  /** Called with a building id, or null for District Wide. */
  onAssign(buildingId: number | null, buildingName: string): void;
  onDelete(): void;
  /** A refusal of the press ('Please select a building'), shown until the user does something else. */
  onProblem(message: string): void;
  /** The user did something else (picked a building): a refusal of an earlier press goes. */
  onMoveOn(): void;
}

/**
 * Bulk assign building and bulk delete for the selected proposed lines: both disabled, saying why,
 * while nothing is ticked.
 */
export function ProposedBulkBar({
  selectedCount,
  busy,
  onAssign,
  onDelete,
  onProblem,
  onMoveOn,
}: ProposedBulkBarProps) {
  const buildings = useBuildings();
  const [building, setBuilding] = useState('');
  const options = useMemo(
    () => [
      { value: 'none', label: DISTRICT_WIDE },
      ...(buildings.data?.buildings ?? []).map((b) => ({ value: String(b.id), label: b.name })),
    ],
    [buildings.data],
  );

  const assign = () => {
    if (!building) {
      onProblem('Please select a building');
      return;
    }
    const name = options.find((o) => o.value === building)?.label ?? '';
    onAssign(building === 'none' ? null : Number(building), name);
  };

  return (
    <div className="grid-toolbar__actions" role="group" aria-label="Bulk actions">
      <Select
        ariaLabel="Building to assign"
        value={building}
        placeholder="Assign to building..."
        options={options}
        onValueChange={(value) => {
          setBuilding(value);
          onMoveOn();
        }}
        disabled={busy}
      />
      <BulkButton selected={selectedCount} busy={busy} onClick={assign}>
        Assign Building
      </BulkButton>
      <BulkButton selected={selectedCount} busy={busy} variant="danger" onClick={onDelete}>
        Delete Selected
      </BulkButton>
    </div>
  );
}
