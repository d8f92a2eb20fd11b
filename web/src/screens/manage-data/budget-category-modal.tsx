import { useEffect, useState } from 'react';
import {
  useDeseCodes,
  useSaveBudgetCategory,
  useUpdateBudgetCategory,
  type BudgetCategory,
} from '@web/api/budget-categories';
import { errorMessage } from '@web/api/client';
import { DeseCodeSelect } from '@web/components/dese-code-select';
import { DescriptionField, ReferenceFormModal } from '@web/components/reference-form-modal';

interface BudgetCategoryModalProps {
  open: boolean;
  category: BudgetCategory | null;
  onOpenChange(open: boolean): void;
  onSaved(message: string): void;
}

/**
 * Add or edit a budget category's name, code, description and DESE function. Colour, order and
 * the default increase are edited on the Budget Categories screen; an edit here keeps them.
 */
export function BudgetCategoryModal({ open, category, onOpenChange, onSaved }: BudgetCategoryModalProps) {
  const save = useSaveBudgetCategory();
  const update = useUpdateBudgetCategory();
  const codes = useDeseCodes(open);
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [description, setDescription] = useState('');
  const [dese, setDese] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setName(category?.name ?? '');
      setCode(category?.code ?? '');
      setDescription(category?.description ?? '');
      setDese(category?.deseFunction ?? '');
      setError(null);
    }
  }, [open, category]);

  const busy = save.isPending || update.isPending;
  const onSubmit = () => {
    if (!name.trim()) {
      setError('Name is required');
      return;
    }
    const body = {
      name: name.trim(),
      code: code.trim() || null,
      description: description.trim() || null,
      deseFunction: dese || null,
    };
    const done = {
      onSuccess: () => {
        onSaved(category ? `Budget category ${body.name} updated` : `Budget category ${body.name} added`);
        onOpenChange(false);
      },
      onError: (err: unknown) => setError(errorMessage(err, 'Failed to save budget category')),
    };
    if (category) {
      update.mutate({ id: category.id, body }, done);
    } else {
      save.mutate(body, done);
    }
  };

  return (
    <ReferenceFormModal
      open={open}
      onOpenChange={onOpenChange}
      title={category ? 'Edit Budget Category' : 'Add Budget Category'}
      description="Proposed budget lines are grouped by category; the DESE function links it to the state's chart of accounts."
      idPrefix="bc"
      name={name}
      onNameChange={setName}
      error={error}
      busy={busy}
      onSubmit={onSubmit}
    >
      <div className="field">
        <label htmlFor="bc-code">Code</label>
        <input
          id="bc-code"
          className="input"
          maxLength={20}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <DescriptionField idPrefix="bc" value={description} onChange={setDescription} />
      <div className="field">
        <label htmlFor="bc-dese">DESE function</label>
        <DeseCodeSelect
          id="bc-dese"
          className="md-native-select"
          value={dese}
          codes={codes.data?.codes ?? []}
          onChange={setDese}
        />
        {codes.isError ? (
          <span className="field__hint md-error-text">The DESE codes could not be loaded.</span>
        ) : null}
      </div>
    </ReferenceFormModal>
  );
}
