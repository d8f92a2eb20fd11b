import { useEffect, useState } from 'react';
import { errorMessage } from '@web/api/client';
import {
  useCreateWorkGroup,
  useUpdateWorkGroup,
  type WorkGroup,
  type WorkGroupCategory,
} from '@web/api/work-groups';
import { DescriptionField, ReferenceFormModal } from '@web/components/reference-form-modal';
import { Select } from '@web/components/select';

const NO_CATEGORY = 'none';

interface WorkGroupModalProps {
  open: boolean;
  /** The work group being edited, or null to add one. */
  workGroup: WorkGroup | null;
  categories: readonly WorkGroupCategory[];
  onOpenChange(open: boolean): void;
  onSaved(message: string): void;
}

/** Add or edit a work group: name, description and category. */
export function WorkGroupModal({ open, workGroup, categories, onOpenChange, onSaved }: WorkGroupModalProps) {
  const create = useCreateWorkGroup();
  const update = useUpdateWorkGroup();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [categoryId, setCategoryId] = useState(NO_CATEGORY);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setName(workGroup?.name ?? '');
      setDescription(workGroup?.description ?? '');
      setCategoryId(workGroup?.categoryId ? String(workGroup.categoryId) : NO_CATEGORY);
      setError(null);
    }
  }, [open, workGroup]);

  const busy = create.isPending || update.isPending;
  const onSubmit = () => {
    if (!name.trim()) {
      setError('Name is required');
      return;
    }
    const body = {
      name: name.trim(),
      description: description.trim() || null,
      categoryId: categoryId === NO_CATEGORY ? null : Number(categoryId),
    };
    const done = {
      onSuccess: () => {
        onSaved(workGroup ? `Work group ${body.name} updated` : `Work group ${body.name} added`);
        onOpenChange(false);
      },
      onError: (err: unknown) => setError(errorMessage(err, 'Failed to save work group')),
    };
    if (workGroup) {
      update.mutate({ id: workGroup.id, body }, done);
    } else {
      create.mutate(body, done);
    }
  };

  return (
    <ReferenceFormModal
      open={open}
      onOpenChange={onOpenChange}
      title={workGroup ? 'Edit Work Group' : 'Add Work Group'}
      description="Work groups are the bargaining units employees belong to; contracts and COLA apply per work group."
      idPrefix="wg"
      name={name}
      onNameChange={setName}
      error={error}
      busy={busy}
      onSubmit={onSubmit}
    >
      <DescriptionField idPrefix="wg" value={description} onChange={setDescription} />
      <div className="field">
        <label htmlFor="wg-category">Category</label>
        <Select
          id="wg-category"
          value={categoryId}
          onValueChange={setCategoryId}
          options={[
            { value: NO_CATEGORY, label: 'No category' },
            ...categories.map((c) => ({ value: String(c.id), label: c.name })),
          ]}
        />
      </div>
    </ReferenceFormModal>
  );
}
