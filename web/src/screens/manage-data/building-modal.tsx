import { BUILDING_TYPES } from '@shared/schemas/common';
import { createBuildingBody, updateBuildingBody } from '@shared/schemas/buildings';
import { useCreateBuilding, useUpdateBuilding, type Building } from '@web/api/buildings';
import { ReferenceFormModal } from '@web/components/reference-form-modal';
import { Field } from '@web/components/form/field';
import { Select } from '@web/components/select';
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
  const { modal, form } = useReferenceForm({
    ...props,
    noun: 'Building',
    failure: 'Failed to save building',
    schemas: { create: createBuildingBody, update: updateBuildingBody },
    create: useCreateBuilding(),
    update: useUpdateBuilding(),
    values: (building) => ({
      name: building?.name ?? '',
      code: building?.code ?? '',
      address: building?.address ?? '',
      deseSchoolCode: building?.deseSchoolCode ?? '',
      buildingType: building?.buildingType ?? NO_TYPE,
    }),
    toInput: (v) => ({ ...v, buildingType: v.buildingType === NO_TYPE ? null : v.buildingType }),
  });

  return (
    <ReferenceFormModal
      {...modal}
      title={props.record ? 'Edit Building' : 'Add Building'}
      description="The code is matched against location codes in payroll imports and must be unique."
      idPrefix="building"
      errorTitle="Failed to save building"
    >
      <div className="md-two-col">
        <Field id="building-code" label="Code" maxLength={20} {...form.bind('code')} />
        <Field id="building-type" label="Building type" error={form.errors.buildingType}>
          {(control) => (
            <Select
              {...control}
              value={form.values.buildingType}
              onValueChange={form.set('buildingType')}
              options={[
                { value: NO_TYPE, label: 'Not set' },
                ...BUILDING_TYPES.map((t) => ({ value: t, label: BUILDING_TYPE_LABELS[t] })),
              ]}
            />
          )}
        </Field>
      </div>
      <Field id="building-address" label="Address" {...form.bind('address')} />
      <Field
        id="building-dese-code"
        label="DESE school code"
        hint="The state's eight-digit code, where known"
        maxLength={8}
        {...form.bind('deseSchoolCode')}
      />
    </ReferenceFormModal>
  );
}
