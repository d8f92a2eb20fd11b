import { useEffect, useState } from 'react';
import { BUILDING_TYPES } from '@server/schemas/common';
import { useCreateBuilding, useUpdateBuilding, type Building } from '@web/api/buildings';
import { errorMessage } from '@web/api/client';
import { ReferenceFormModal } from '@web/components/reference-form-modal';
import { Select } from '@web/components/select';

const NO_TYPE = 'none';
export const BUILDING_TYPE_LABELS: Record<(typeof BUILDING_TYPES)[number], string> = {
  preschool: 'Preschool',
  elementary: 'Elementary',
  middle: 'Middle',
  high: 'High',
  special: 'Special',
};

interface BuildingModalProps {
  open: boolean;
  building: Building | null;
  onOpenChange(open: boolean): void;
  onSaved(message: string): void;
}

/** Add or edit a building: name, code, address and building type (which sets its grades). */
export function BuildingModal({ open, building, onOpenChange, onSaved }: BuildingModalProps) {
  const create = useCreateBuilding();
  const update = useUpdateBuilding();
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [address, setAddress] = useState('');
  const [type, setType] = useState(NO_TYPE);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setName(building?.name ?? '');
      setCode(building?.code ?? '');
      setAddress(building?.address ?? '');
      setType(building?.buildingType ?? NO_TYPE);
      setError(null);
    }
  }, [open, building]);

  const busy = create.isPending || update.isPending;
  const onSubmit = () => {
    if (!name.trim()) {
      setError('Name is required');
      return;
    }
    const body = {
      name: name.trim(),
      code: code.trim() || null,
      address: address.trim() || null,
      buildingType: type === NO_TYPE ? null : (type as Building['buildingType']),
    };
    const done = {
      onSuccess: () => {
        onSaved(building ? `Building ${body.name} updated` : `Building ${body.name} added`);
        onOpenChange(false);
      },
      onError: (err: unknown) => setError(errorMessage(err, 'Failed to save building')),
    };
    if (building) {
      update.mutate({ id: building.id, body }, done);
    } else {
      create.mutate(body, done);
    }
  };

  return (
    <ReferenceFormModal
      open={open}
      onOpenChange={onOpenChange}
      title={building ? 'Edit Building' : 'Add Building'}
      description="The code is matched against location codes in payroll imports and must be unique."
      idPrefix="building"
      name={name}
      onNameChange={setName}
      error={error}
      errorTitle="Failed to save building"
      busy={busy}
      onSubmit={onSubmit}
    >
      <div className="md-two-col">
        <div className="field">
          <label htmlFor="building-code">Code</label>
          <input
            id="building-code"
            className="input"
            maxLength={20}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="building-type">Building type</label>
          <Select
            id="building-type"
            value={type}
            onValueChange={setType}
            options={[
              { value: NO_TYPE, label: 'Not set' },
              ...BUILDING_TYPES.map((t) => ({ value: t, label: BUILDING_TYPE_LABELS[t] })),
            ]}
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor="building-address">Address</label>
        <input
          id="building-address"
          className="input"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
        />
      </div>
    </ReferenceFormModal>
  );
}
