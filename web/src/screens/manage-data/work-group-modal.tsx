import { createWorkGroupBody, updateWorkGroupBody } from '@shared/schemas/work-groups';
import {
  useCreateWorkGroup,
  useUpdateWorkGroup,
  type WorkGroup,
  type WorkGroupCategory,
} from '@web/api/work-groups';
import { DescriptionField, ReferenceFormModal } from '@web/components/reference-form-modal';
import { Field } from '@web/components/form/field';
import { Select } from '@web/components/select';
import { useReferenceForm, type RecordModalProps } from './use-reference-form';

const NO_CATEGORY = 'none';

interface WorkGroupModalProps extends RecordModalProps<WorkGroup> {
  categories: readonly WorkGroupCategory[];
}

/** Add or edit a work group: name, description and category. */
export function WorkGroupModal({ categories, ...props }: WorkGroupModalProps) {
  const { modal, form } = useReferenceForm({
    ...props,
    noun: 'Work group',
    failure: 'Failed to save work group',
    schemas: { create: createWorkGroupBody, update: updateWorkGroupBody },
    create: useCreateWorkGroup(),
    update: useUpdateWorkGroup(),
    values: (workGroup) => ({
      name: workGroup?.name ?? '',
      description: workGroup?.description ?? '',
      categoryId: workGroup?.categoryId ? String(workGroup.categoryId) : NO_CATEGORY,
    }),
    toInput: (v) => ({ ...v, categoryId: v.categoryId === NO_CATEGORY ? null : Number(v.categoryId) }),
  });

  return (
    <ReferenceFormModal
      {...modal}
      title={props.record ? 'Edit Work Group' : 'Add Work Group'}
      description="Work groups are the bargaining units employees belong to; contracts and COLA apply per work group."
      idPrefix="wg"
    >
      <DescriptionField
        idPrefix="wg"
        value={form.values.description}
        onChange={form.set('description')}
        error={form.errors.description}
      />
      <Field id="wg-category" label="Category" error={form.errors.categoryId}>
        {(control) => (
          <Select
            {...control}
            value={form.values.categoryId}
            onValueChange={form.set('categoryId')}
            options={[
              { value: NO_CATEGORY, label: 'No category' },
              ...categories.map((c) => ({ value: String(c.id), label: c.name })),
            ]}
          />
        )}
      </Field>
    </ReferenceFormModal>
  );
}
