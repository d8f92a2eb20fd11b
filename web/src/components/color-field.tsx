import { HEX_COLOR } from '@shared/schemas/work-group-categories';
import { Field } from '@web/components/form/field';
import './color-field.css';

interface ColorFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** Show the format hint under the field (and describe the field by it). */
  hint?: boolean;
  /** The field's validation message (from the form's schema or the server); replaces the hint. */
  error?: string;
}

/** A #RRGGBB colour: a picker and the text field it mirrors, so a code can be typed or pasted. */
export function ColorField({ id, label, value, onChange, hint = true, error }: ColorFieldProps) {
  const valid = HEX_COLOR.test(value);
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint={
        hint ? (
          <span className={valid ? undefined : 'color-field__hint--invalid'}>
            {valid ? 'Hex colour, #RRGGBB' : 'Enter a colour as #RRGGBB, for example #1f2937'}
          </span>
        ) : undefined
      }
    >
      {(control) => (
        <div className="color-field">
          <input
            type="color"
            className="color-field__picker"
            aria-label={`${label} picker`}
            value={valid ? value.toLowerCase() : '#000000'}
            onChange={(e) => onChange(e.target.value)}
          />
          <input
            {...control}
            className="input"
            value={value}
            maxLength={7}
            spellCheck={false}
            aria-invalid={!valid || Boolean(error)}
            onChange={(e) => onChange(e.target.value.trim())}
          />
        </div>
      )}
    </Field>
  );
}
