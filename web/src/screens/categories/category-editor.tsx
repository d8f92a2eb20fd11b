import { useEffect, useState } from 'react';
import { DEFAULT_CATEGORY_COLOR } from '@server/schemas/budget-categories';
import { HEX_COLOR } from '@server/schemas/work-group-categories';
import {
  useDeseCodes,
  useSaveBudgetCategory,
  type BudgetCategory,
  type SaveBudgetCategory,
} from '@web/api/budget-categories';
import { errorMessage } from '@web/api/client';
import { ColorField } from '@web/components/color-field';
import { DeseCodeSelect } from '@web/components/dese-code-select';
import { DescriptionField, ReferenceFormModal } from '@web/components/reference-form-modal';
import { parsePercent } from './forecast';

interface CategoryEditorProps {
  open: boolean;
  category: BudgetCategory | null;
  onOpenChange(open: boolean): void;
  onSaved(): void;
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

/** Checks what the server would refuse, so the message names the field before a round trip. */
function problem(d: Draft): string | null {
  if (!d.name.trim()) {
    return 'Name is required';
  }
  if (d.yoy.trim() !== '' && parsePercent(d.yoy) === null) {
    return 'Default YoY increase must be a number';
  }
  if (!HEX_COLOR.test(d.color)) {
    return 'Colour must be a hex value in the form #RRGGBB';
  }
  if (!/^-?\d+$/.test(d.displayOrder.trim())) {
    return 'Display order must be a whole number';
  }
  return null;
}

/** Add or edit every field of a budget category (POST /categories, with the id when editing). */
export function CategoryEditor({ open, category, onOpenChange, onSaved }: CategoryEditorProps) {
  const save = useSaveBudgetCategory();
  const codes = useDeseCodes(open);
  const [d, setD] = useState<Draft>(fromCategory(null));
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setD((prev) => ({ ...prev, [key]: value }));

  useEffect(() => {
    if (open) {
      setD(fromCategory(category));
      setError(null);
    }
  }, [open, category]);

  const onSubmit = () => {
    const bad = problem(d);
    if (bad) {
      setError(`Failed to save: ${bad}`);
      return;
    }
    const body: SaveBudgetCategory = {
      ...(category ? { id: category.id } : {}),
      name: d.name.trim(),
      code: d.code.trim() || null,
      description: d.description.trim() || null,
      deseFunction: d.deseFunction || null,
      defaultYoYIncrease: parsePercent(d.yoy),
      color: d.color,
      displayOrder: Number(d.displayOrder.trim()),
      isPersonnel: d.isPersonnel,
    };
    save.mutate(body, {
      onSuccess: () => {
        onSaved();
        onOpenChange(false);
      },
      onError: (err) => setError(`Failed to save: ${errorMessage(err, 'Unknown error')}`),
    });
  };

  return (
    <ReferenceFormModal
      open={open}
      onOpenChange={onOpenChange}
      title={category ? 'Edit Category' : 'Add Category'}
      idPrefix="cat"
      name={d.name}
      onNameChange={(v) => set('name', v)}
      error={error}
      busy={save.isPending}
      onSubmit={onSubmit}
    >
      <div className="bc-form-row">
        <div className="field">
          <label htmlFor="cat-code">Code</label>
          <input
            id="cat-code"
            className="input"
            maxLength={20}
            value={d.code}
            onChange={(e) => set('code', e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="cat-dese">DESE function</label>
          <DeseCodeSelect
            id="cat-dese"
            className="bc-native-select"
            value={d.deseFunction}
            codes={codes.data?.codes ?? []}
            onChange={(v) => set('deseFunction', v)}
          />
        </div>
      </div>
      <DescriptionField idPrefix="cat" value={d.description} onChange={(v) => set('description', v)} />
      <div className="bc-form-row">
        <div className="field">
          <label htmlFor="cat-yoy">Default YoY increase (%)</label>
          <input
            id="cat-yoy"
            className="input num"
            type="number"
            step={0.01}
            value={d.yoy}
            aria-describedby="cat-yoy-hint"
            onChange={(e) => set('yoy', e.target.value)}
          />
          <span id="cat-yoy-hint" className="field__hint">
            Leave empty for no default.
          </span>
        </div>
        <div className="field">
          <label htmlFor="cat-order">Display order</label>
          <input
            id="cat-order"
            className="input num"
            type="number"
            step={1}
            value={d.displayOrder}
            onChange={(e) => set('displayOrder', e.target.value)}
          />
        </div>
      </div>
      <ColorField
        id="cat-color"
        label="Colour"
        value={d.color}
        onChange={(v) => set('color', v)}
        hint={false}
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
