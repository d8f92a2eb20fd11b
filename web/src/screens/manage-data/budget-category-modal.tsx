import { saveCategoryBody, updateCategoryBody } from '@shared/schemas/budget-categories';
import {
  useDeseCodes,
  useSaveBudgetCategory,
  useUpdateBudgetCategory,
  type BudgetCategory,
} from '@web/api/budget-categories';
import { Field } from '@web/components/form/field';
import { DeseCodeSelect } from '@web/components/dese-code-select';
import { DescriptionField, ReferenceFormModal } from '@web/components/reference-form-modal';
import { useReferenceForm, type RecordModalProps } from './use-reference-form';

/**
 * Add or edit a budget category's name, code, description and DESE function. Colour, order and
 * the default increase are edited on the Budget Categories screen; an edit here keeps them.
 */
export function BudgetCategoryModal(props: RecordModalProps<BudgetCategory>) {
  const codes = useDeseCodes(props.open);
  const { modal, form } = useReferenceForm({
    ...props,
    noun: 'Budget category',
    failure: 'Failed to save budget category',
    schemas: { create: saveCategoryBody, update: updateCategoryBody },
    create: useSaveBudgetCategory(),
    update: useUpdateBudgetCategory(),
    values: (category) => ({
      name: category?.name ?? '',
      code: category?.code ?? '',
      description: category?.description ?? '',
      deseFunction: category?.deseFunction ?? '',
    }),
  });

  return (
    <ReferenceFormModal
      {...modal}
      title={props.record ? 'Edit Budget Category' : 'Add Budget Category'}
      description="Proposed budget lines are grouped by category; the DESE function links it to the state's chart of accounts."
      idPrefix="bc"
    >
      <Field id="bc-code" label="Code" maxLength={20} {...form.bind('code')} />
      <DescriptionField
        idPrefix="bc"
        value={form.values.description}
        onChange={form.set('description')}
        error={form.errors.description}
      />
      <Field
        id="bc-dese"
        label="DESE function"
        error={form.errors.deseFunction}
        hint={codes.isError ? 'The DESE codes could not be loaded.' : undefined}
      >
        {(control) => (
          <DeseCodeSelect
            {...control}
            value={form.values.deseFunction}
            codes={codes.data?.codes ?? []}
            onChange={form.set('deseFunction')}
          />
        )}
      </Field>
    </ReferenceFormModal>
  );
}
