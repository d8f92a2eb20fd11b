import { HEX_COLOR } from '@server/schemas/work-group-categories';

interface ColorFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
}

/** A #RRGGBB colour: a picker and the text field it mirrors, so a code can be typed or pasted. */
export function ColorField({ id, label, value, onChange }: ColorFieldProps) {
  const valid = HEX_COLOR.test(value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="md-color-field">
        <input
          type="color"
          className="md-color-field__picker"
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
          aria-describedby={`${id}-hint`}
          onChange={(e) => onChange(e.target.value.trim())}
        />
      </div>
      <span id={`${id}-hint`} className={valid ? 'field__hint' : 'field__hint md-error-text'}>
        {valid ? 'Hex colour, #RRGGBB' : 'Enter a colour as #RRGGBB, for example #1f2937'}
      </span>
    </div>
  );
}
