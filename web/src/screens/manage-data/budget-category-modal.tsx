import { useState } from 'react';
import {
  useDeseCodes,
  useSaveBudgetCategory,
  useUpdateBudgetCategory,
  type BudgetCategory,
} from '@web/api/budget-categories';
import { Field } from '@web/components/form/field';
import { DeseCodeSelect } from '@web/components/dese-code-select';
import { DescriptionField, ReferenceFormModal } from '@web/components/reference-form-modal';
import { TextField } from './text-field';
import { useReferenceForm, type RecordModalProps } from './use-reference-form';

/**
 * Add or edit a budget category's name, code, description and DESE function. Colour, order and
 * the default increase are edited on the Budget Categories screen; an edit here keeps them.
 */
export function BudgetCategoryModal(props: RecordModalProps<BudgetCategory>) {
  const codes = useDeseCodes(props.open);
  const [code, setCode] = useState('');
  const [description, setDescription] = useState('');
  const [dese, setDese] = useState('');
  const form = useReferenceForm({
    ...props,
    noun: 'Budget category',
    failure: 'Failed to save budget category',
    create: useSaveBudgetCategory(),
    update: useUpdateBudgetCategory(),
    reset: (category) => {
      setCode(category?.code ?? '');
      setDescription(category?.description ?? '');
      setDese(category?.deseFunction ?? '');
    },
    body: (name) => ({
      name,
      code: code.trim() || null,
      description: description.trim() || null,
      deseFunction: dese || null,
    }),
  });

  return (
    <ReferenceFormModal
      {...form}
      title={props.record ? 'Edit Budget Category' : 'Add Budget Category'}
      description="Proposed budget lines are grouped by category; the DESE function links it to the state's chart of accounts."
      idPrefix="bc"
    >
      <TextField id="bc-code" label="Code" maxLength={20} value={code} onChange={setCode} />
      <DescriptionField idPrefix="bc" value={description} onChange={setDescription} />
      <Field
        id="bc-dese"
        label="DESE function"
        hint={codes.isError ? 'The DESE codes could not be loaded.' : undefined}
      >
        <DeseCodeSelect id="bc-dese" value={dese} codes={codes.data?.codes ?? []} onChange={setDese} />
      </Field>
    </ReferenceFormModal>
  );
}
