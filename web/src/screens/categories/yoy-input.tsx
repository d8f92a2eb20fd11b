import { useEffect, useRef, useState } from 'react';
import type { BudgetCategory } from '@web/api/budget-categories';
import { parsePercent } from './forecast';

interface YoYInputProps {
  category: BudgetCategory;
  /** The value being typed, for the live forecast. */
  onDraft(value: number | null): void;
  /** Resolves false when the save failed, so the saved value comes back. */
  onSave(value: number): Promise<boolean>;
  saving: boolean;
}

const show = (v: number | null) => (v === null ? '' : String(v));

/**
 * The quick edit of a category's default year-over-year increase: saved on blur or Enter, and only
 * when what was typed is a number that differs from the saved one; Escape puts the saved value back.
 */
export function YoYInput({ category, onDraft, onSave, saving }: YoYInputProps) {
  const [text, setText] = useState(show(category.defaultYoYIncrease));
  const submitted = useRef<number | null>(null);
  const id = `yoy-${category.id}`;

  useEffect(() => {
    setText(show(category.defaultYoYIncrease));
    submitted.current = null;
  }, [category.defaultYoYIncrease]);

  const commit = () => {
    const value = parsePercent(text);
    if (value === null) {
      setText(show(category.defaultYoYIncrease));
      onDraft(category.defaultYoYIncrease);
      return;
    }
    if (value === category.defaultYoYIncrease || value === submitted.current) {
      return;
    }
    submitted.current = value;
    void onSave(value).then((saved) => {
      if (!saved) {
        submitted.current = null;
        setText(show(category.defaultYoYIncrease));
        onDraft(category.defaultYoYIncrease);
      }
    });
  };

  return (
    <div className="bc-yoy">
      <label htmlFor={id}>Default YoY increase</label>
      <div className="bc-yoy__input">
        <input
          id={id}
          className="input num"
          type="number"
          step={0.01}
          inputMode="decimal"
          aria-describedby={`${id}-hint`}
          value={text}
          disabled={saving}
          onChange={(e) => {
            setText(e.target.value);
            onDraft(parsePercent(e.target.value));
          }}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            } else if (e.key === 'Escape') {
              setText(show(category.defaultYoYIncrease));
              onDraft(category.defaultYoYIncrease);
            }
          }}
        />
        <span aria-hidden="true">%</span>
      </div>
      <span id={`${id}-hint`} className="visually-hidden">
        Percent per year. Saved when you press Enter or leave the field.
      </span>
    </div>
  );
}
