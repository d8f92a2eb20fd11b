interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  maxLength?: number;
}

/** A labelled one-line text input of a reference-data form (Code, Address, ...). */
export function TextField({ id, label, value, onChange, maxLength }: TextFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        maxLength={maxLength}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
