import { useEffect } from 'react';
import { DEFAULT_CATEGORY_COLOR, saveCategoryBody } from '@shared/schemas/budget-categories';
import {
  useDeseCodes,
  useSaveBudgetCategory,
  type BudgetCategory,
  type SaveBudgetCategory,
} from '@web/api/budget-categories';
import { errorMessage } from '@web/api/client';
import { ColorField } from '@web/components/color-field';
import { DeseCodeSelect } from '@web/components/dese-code-select';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { DescriptionField, ReferenceFormModal } from '@web/components/reference-form-modal';
import { parsePercent } from './forecast';

interface CategoryEditorProps {
  open: boolean;
  category: BudgetCategory | null;
  onOpenChange(open: boolean): void;
  /** `answer`: the save's, with the locked salary lines' note when a new code or flag moved a voted roster's cost. */
  onSaved(answer: object): void;
}

interface Draft {
  name: string;
  code: string;
  description: string;
  deseFunction: string;
  yoy: string;
  color: string;
  displayOrder: string;
  isPersonnel: boolean;
}

const fromCategory = (c: BudgetCategory | null): Draft => ({
  name: c?.name ?? '',
  code: c?.code ?? '',
  description: c?.description ?? '',
  deseFunction: c?.deseFunction ?? '',
  yoy:
    c?.defaultYoYIncrease === null || c?.defaultYoYIncrease === undefined ? '' : String(c.defaultYoYIncrease),
  color: c?.color ?? DEFAULT_CATEGORY_COLOR,
  displayOrder: String(c?.displayOrder ?? 0),
  isPersonnel: c?.isPersonnel ?? false,
});

/** The request body from the draft; text that is not a number goes as NaN, which the schema refuses. */
function toBody(d: Draft, id: number | undefined): SaveBudgetCategory {
  return {
    ...(id ? { id } : {}),
    name: d.name,
    code: d.code.trim() || null,
    description: d.description.trim() || null,
    deseFunction: d.deseFunction || null,
    defaultYoYIncrease: d.yoy.trim() === '' ? null : (parsePercent(d.yoy) ?? Number.NaN),
    color: d.color,
    displayOrder: /^-?\d+$/.test(d.displayOrder.trim()) ? Number(d.displayOrder.trim()) : Number.NaN,
    isPersonnel: d.isPersonnel,
  };
}

/** Add or edit every field of a budget category (POST /categories, with the id when editing). */
export function CategoryEditor({ open, category, onOpenChange, onSaved }: CategoryEditorProps) {
  const save = useSaveBudgetCategory();
  const codes = useDeseCodes(open);
  // Checked with the server's own schema, so each message names its field before a round trip.
  const form = useSchemaForm(saveCategoryBody, fromCategory(null), {
    toInput: (d) => toBody(d, category?.id),
    fieldFor: (path) => (path === 'defaultYoYIncrease' ? 'yoy' : path),
  });
  const { values: d, errors, setValue: set, reset } = form;

  useEffect(() => {
    if (open) {
      reset(fromCategory(category));
    }
    // reset is a new function each render; only opening (or another category) refills the form.
  }, [open, category]);

  const onSubmit = () => {
    if (!form.validate()) {
      return;
    }
    save.mutate(
      { ...toBody(d, category?.id), name: d.name.trim() },
      {
        onSuccess: (answer) => {
          onSaved(answer);
          onOpenChange(false);
        },
        onError: (err) => {
          form.applyServerError(err, 'Unknown error');
          form.setFormError(`Failed to save: ${errorMessage(err, 'Unknown error')}`);
        },
      },
    );
  };

  return (
    <ReferenceFormModal
      open={open}
      onOpenChange={onOpenChange}
      title={category ? 'Edit Category' : 'Add Category'}
      idPrefix="cat"
      name={d.name}
      onNameChange={(v) => set('name', v)}
      nameError={errors.name}
      error={form.formError}
      busy={save.isPending}
      onSubmit={onSubmit}
    >
      <div className="bc-form-row">
        <Field
          id="cat-code"
          label="Code"
          maxLength={20}
          value={d.code}
          error={errors.code}
          onChange={(e) => set('code', e.target.value)}
        />
        <Field id="cat-dese" label="DESE function" error={errors.deseFunction}>
          <DeseCodeSelect
            id="cat-dese"
            value={d.deseFunction}
            codes={codes.data?.codes ?? []}
            onChange={(v) => set('deseFunction', v)}
          />
        </Field>
      </div>
      <DescriptionField idPrefix="cat" value={d.description} onChange={(v) => set('description', v)} />
      <div className="bc-form-row">
        <Field
          id="cat-yoy"
          label="Default YoY increase (%)"
          className="input num"
          type="number"
          step={0.01}
          value={d.yoy}
          hint="Leave empty for no default."
          error={errors.yoy}
          onChange={(e) => set('yoy', e.target.value)}
        />
        <Field
          id="cat-order"
          label="Display order"
          className="input num"
          type="number"
          step={1}
          value={d.displayOrder}
          error={errors.displayOrder}
          onChange={(e) => set('displayOrder', e.target.value)}
        />
      </div>
      <ColorField
        id="cat-color"
        label="Colour"
        value={d.color}
        onChange={(v) => set('color', v)}
        hint={false}
        error={errors.color}
      />
      <label className="bc-check">
        <input
          type="checkbox"
          checked={d.isPersonnel}
          onChange={(e) => set('isPersonnel', e.target.checked)}
        />
        Personnel category (salaries and wages)
      </label>
    </ReferenceFormModal>
  );
}
