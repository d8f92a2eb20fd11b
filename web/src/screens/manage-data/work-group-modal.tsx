import { useState } from 'react';
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
  const [description, setDescription] = useState('');
  const [categoryId, setCategoryId] = useState(NO_CATEGORY);
  const form = useReferenceForm({
    ...props,
    noun: 'Work group',
    failure: 'Failed to save work group',
    create: useCreateWorkGroup(),
    update: useUpdateWorkGroup(),
    reset: (workGroup) => {
      setDescription(workGroup?.description ?? '');
      setCategoryId(workGroup?.categoryId ? String(workGroup.categoryId) : NO_CATEGORY);
    },
    body: (name) => ({
      name,
      description: description.trim() || null,
      categoryId: categoryId === NO_CATEGORY ? null : Number(categoryId),
    }),
  });

  return (
    <ReferenceFormModal
      {...form}
      title={props.record ? 'Edit Work Group' : 'Add Work Group'}
      description="Work groups are the bargaining units employees belong to; contracts and COLA apply per work group."
      idPrefix="wg"
    >
      <DescriptionField idPrefix="wg" value={description} onChange={setDescription} />
      <Field id="wg-category" label="Category">
        <Select
          id="wg-category"
          value={categoryId}
          onValueChange={setCategoryId}
          options={[
            { value: NO_CATEGORY, label: 'No category' },
            ...categories.map((c) => ({ value: String(c.id), label: c.name })),
          ]}
        />
      </Field>
    </ReferenceFormModal>
  );
}
