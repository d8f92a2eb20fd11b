import { HEX_COLOR } from '@server/schemas/work-group-categories';
import './color-field.css';

interface ColorFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** Show the format hint under the field (and describe the field by it). */
  hint?: boolean;
}

/** A #RRGGBB colour: a picker and the text field it mirrors, so a code can be typed or pasted. */
export function ColorField({ id, label, value, onChange, hint = true }: ColorFieldProps) {
  const valid = HEX_COLOR.test(value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="color-field">
        <input
          type="color"
          className="color-field__picker"
          aria-label={`${label} picker`}
          value={valid ? value.toLowerCase() : '#000000'}
          onChange={(e) => onChange(e.target.value)}
        />
        <input
          id={id}
          className="input"
          value={value}
          maxLength={7}
          spellCheck={false}
          aria-invalid={!valid}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => onChange(e.target.value.trim())}
        />
      </div>
      {hint ? (
        <span id={`${id}-hint`} className={valid ? 'field__hint' : 'field__hint color-field__hint--invalid'}>
          {valid ? 'Hex colour, #RRGGBB' : 'Enter a colour as #RRGGBB, for example #1f2937'}
        </span>
      ) : null}
    </div>
  );
}
