import { useEffect, useRef } from 'react';
import { patchYoYBody } from '@shared/schemas/budget-categories';
import type { BudgetCategory } from '@web/api/budget-categories';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { parsePercent } from './forecast';

interface YoYInputProps {
  category: BudgetCategory;
  /**
   * The value being typed, for the live forecast: only a value the API's schema accepts (or null
   * for an empty field); while the field is refused, the forecast keeps the last valid value.
   */
  onDraft(value: number | null): void;
  /** Saves the value; a refusal rejects with the server's error. */
  onSave(value: number): Promise<unknown>;
  saving: boolean;
}

const show = (v: number | null) => (v === null ? '' : String(v));

/** What was typed as the schema reads it: a number, or the text itself (so its message says so). */
const asInput = (text: string) => parsePercent(text) ?? text;

/** The typed increase when the API's schema accepts it (null for an empty field), else undefined. */
function draftOf(text: string): number | null | undefined {
  if (text.trim() === '') {
    return null;
  }
  const parsed = patchYoYBody.safeParse({ defaultYoYIncrease: asInput(text) });
  return parsed.success ? parsed.data.defaultYoYIncrease : undefined;
}

/**
 * The quick edit of a category's default year-over-year increase: saved on blur or Enter, and only
 * when what was typed passes the API's own schema and differs from the saved value; a value the
 * schema or the server refuses stays, with the reason under it; Escape puts the saved value back.
 */
export function YoYInput({ category, onDraft, onSave, saving }: YoYInputProps) {
  const form = useSchemaForm(
    patchYoYBody,
    { defaultYoYIncrease: show(category.defaultYoYIncrease) },
    // Text that is not a number reaches the schema as such, so its own message says so.
    { toInput: (v) => ({ defaultYoYIncrease: asInput(v.defaultYoYIncrease) }) },
  );
  const { reset } = form;
  const submitted = useRef<number | null>(null);
  const id = `yoy-${category.id}`;

  const restore = () => {
    reset({ defaultYoYIncrease: show(category.defaultYoYIncrease) });
    onDraft(category.defaultYoYIncrease);
  };

  useEffect(() => {
    reset({ defaultYoYIncrease: show(category.defaultYoYIncrease) });
    submitted.current = null;
    // Only a new saved value resets the field (reset itself is a new function every render).
  }, [category.defaultYoYIncrease]);

  const commit = () => {
    if (form.values.defaultYoYIncrease.trim() === '') {
      restore();
      return;
    }
    const body = form.validate();
    const value = body?.defaultYoYIncrease ?? null;
    if (value === null || value === category.defaultYoYIncrease || value === submitted.current) {
      return;
    }
    submitted.current = value;
    onSave(value).catch((err: unknown) => {
      submitted.current = null;
      form.applyServerError(err, 'Failed to update YoY increase');
    });
  };

  return (
    <div className="bc-yoy">
      <Field
        id={id}
        label="Default YoY increase"
        error={form.errors.defaultYoYIncrease ?? form.formError ?? undefined}
        hint={
          <span className="visually-hidden">
            Percent per year. Saved when you press Enter or leave the field.
          </span>
        }
      >
        {(control) => (
          <div className="bc-yoy__input">
            <input
              {...control}
              className="input num"
              type="number"
              step={0.01}
              inputMode="decimal"
              value={form.values.defaultYoYIncrease}
              disabled={saving}
              onChange={(e) => {
                form.setValue('defaultYoYIncrease', e.target.value);
                form.setFormError(null);
                const draft = draftOf(e.target.value);
                if (draft !== undefined) {
                  onDraft(draft);
                }
              }}
              onBlur={commit}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  commit();
                } else if (e.key === 'Escape') {
                  restore();
                }
              }}
            />
            <span aria-hidden="true">%</span>
          </div>
        )}
      </Field>
    </div>
  );
}
