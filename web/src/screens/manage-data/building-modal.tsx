import { useState } from 'react';
import { BUILDING_TYPES } from '@server/schemas/common';
import { useCreateBuilding, useUpdateBuilding, type Building } from '@web/api/buildings';
import { ReferenceFormModal } from '@web/components/reference-form-modal';
import { Field } from '@web/components/form/field';
import { Select } from '@web/components/select';
import { TextField } from './text-field';
import { useReferenceForm, type RecordModalProps } from './use-reference-form';

const NO_TYPE = 'none';
export const BUILDING_TYPE_LABELS: Record<(typeof BUILDING_TYPES)[number], string> = {
  preschool: 'Preschool',
  elementary: 'Elementary',
  middle: 'Middle',
  high: 'High',
  special: 'Special',
};

/** Add or edit a building: name, code, address and building type (which sets its grades). */
export function BuildingModal(props: RecordModalProps<Building>) {
  const [code, setCode] = useState('');
  const [address, setAddress] = useState('');
  const [type, setType] = useState(NO_TYPE);
  const form = useReferenceForm({
    ...props,
    noun: 'Building',
    failure: 'Failed to save building',
    create: useCreateBuilding(),
    update: useUpdateBuilding(),
    reset: (building) => {
      setCode(building?.code ?? '');
      setAddress(building?.address ?? '');
      setType(building?.buildingType ?? NO_TYPE);
    },
    body: (name) => ({
      name,
      code: code.trim() || null,
      address: address.trim() || null,
      buildingType: type === NO_TYPE ? null : (type as Building['buildingType']),
    }),
  });

  return (
    <ReferenceFormModal
      {...form}
      title={props.record ? 'Edit Building' : 'Add Building'}
      description="The code is matched against location codes in payroll imports and must be unique."
      idPrefix="building"
      errorTitle="Failed to save building"
    >
      <div className="md-two-col">
        <TextField id="building-code" label="Code" maxLength={20} value={code} onChange={setCode} />
        <Field id="building-type" label="Building type">
          <Select
            id="building-type"
            value={type}
            onValueChange={setType}
            options={[
              { value: NO_TYPE, label: 'Not set' },
              ...BUILDING_TYPES.map((t) => ({ value: t, label: BUILDING_TYPE_LABELS[t] })),
            ]}
          />
        </Field>
      </div>
      <TextField id="building-address" label="Address" value={address} onChange={setAddress} />
    </ReferenceFormModal>
  );
}
