import * as RadioGroup from '@radix-ui/react-radio-group';
import type { Base } from '@shared/schemas/ledger-base';
import { FieldGroup } from './field';
import { RadioOption } from './radio-option';

/** What each base means, in the words every screen uses. */
export const BASE_LABELS: Record<Base, string> = {
  budget: 'Last year’s budget',
  actual: 'Last year’s actual spending',
};

/**
 * The planning base: last year's budget or its actual spending (the ledger's projected year-end).
 * A labelled radio group, so a screen reader names the choice and each option.
 */
export function BaseChoice({
  id,
  value,
  onChange,
  label = 'Base',
  disabled = false,
}: {
  id: string;
  value: Base;
  onChange(value: Base): void;
  label?: string;
  disabled?: boolean;
}) {
  return (
    <FieldGroup id={id} label={label}>
      {(labelledBy) => (
        <RadioGroup.Root
          className="radio-row"
          aria-labelledby={labelledBy}
          value={value}
          disabled={disabled}
          onValueChange={(v) => onChange(v as Base)}
        >
          {(Object.keys(BASE_LABELS) as Base[]).map((b) => (
            <RadioOption key={b} value={b}>
              {BASE_LABELS[b]}
            </RadioOption>
          ))}
        </RadioGroup.Root>
      )}
    </FieldGroup>
  );
}
