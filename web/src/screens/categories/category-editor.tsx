import { useEffect, useState, type FormEvent } from 'react';
import { DEFAULT_CATEGORY_COLOR } from '@server/schemas/budget-categories';
import { HEX_COLOR } from '@server/schemas/work-group-categories';
import {
  useDeseCodes,
  useSaveBudgetCategory,
  type BudgetCategory,
  type SaveBudgetCategory,
} from '@web/api/budget-categories';
import { errorMessage } from '@web/api/client';
import { Alert } from '@web/components/alert';
import { Modal } from '@web/components/modal';
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

  const groups = new Map<string, { code: string; name: string }[]>();
  for (const c of codes.data?.codes ?? []) {
    groups.set(c.parentName, [...(groups.get(c.parentName) ?? []), c]);
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
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
    <Modal open={open} onOpenChange={onOpenChange} title={category ? 'Edit Category' : 'Add Category'}>
      <form className="form-stack" onSubmit={onSubmit} noValidate>
        {error ? <Alert>{error}</Alert> : null}
        <div className="field">
          <label htmlFor="cat-name">Name</label>
          <input
            id="cat-name"
            className="input"
            required
            value={d.name}
            onChange={(e) => set('name', e.target.value)}
          />
        </div>
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
            <select
              id="cat-dese"
              className="bc-native-select"
              value={d.deseFunction}
              onChange={(e) => set('deseFunction', e.target.value)}
            >
              <option value="">None</option>
              {[...groups].map(([parent, list]) => (
                <optgroup key={parent} label={parent}>
                  {list.map((c) => (
                    <option key={c.code} value={c.code}>{`${c.code} ${c.name}`}</option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
        </div>
        <div className="field">
          <label htmlFor="cat-description">Description</label>
          <textarea
            id="cat-description"
            className="input bc-textarea"
            value={d.description}
            onChange={(e) => set('description', e.target.value)}
          />
        </div>
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
        <div className="field">
          <label htmlFor="cat-color">Colour</label>
          <div className="bc-color">
            <input
              type="color"
              className="bc-color__picker"
              aria-label="Colour picker"
              value={HEX_COLOR.test(d.color) ? d.color.toLowerCase() : '#000000'}
              onChange={(e) => set('color', e.target.value)}
            />
            <input
              id="cat-color"
              className="input"
              maxLength={7}
              spellCheck={false}
              aria-invalid={!HEX_COLOR.test(d.color)}
              value={d.color}
              onChange={(e) => set('color', e.target.value.trim())}
            />
          </div>
        </div>
        <label className="bc-check">
          <input
            type="checkbox"
            checked={d.isPersonnel}
            onChange={(e) => set('isPersonnel', e.target.checked)}
          />
          Personnel category (salaries and wages)
        </label>
        <div className="form-actions">
          <button type="button" className="btn btn--secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
