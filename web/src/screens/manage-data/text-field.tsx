import { Field } from '@web/components/form/field';

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
    <Field
      id={id}
      label={label}
      maxLength={maxLength}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
