import { useEffect, useState, type FormEvent } from 'react';
import { BUILDING_TYPES } from '@server/schemas/common';
import { useCreateBuilding, useUpdateBuilding, type Building } from '@web/api/buildings';
import { errorMessage } from '@web/api/client';
import { Alert } from '@web/components/alert';
import { Modal } from '@web/components/modal';
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
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
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
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={building ? 'Edit Building' : 'Add Building'}
      description="The code is matched against location codes in payroll imports and must be unique."
    >
      <form className="form-stack" onSubmit={onSubmit} noValidate>
        {error ? (
          <Alert title="Failed to save building">{error === 'Failed to save building' ? null : error}</Alert>
        ) : null}
        <div className="field">
          <label htmlFor="building-name">Name</label>
          <input
            id="building-name"
            className="input"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
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
        <div className="form-actions">
          <button type="button" className="btn btn--secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
