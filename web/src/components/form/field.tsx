import type { InputHTMLAttributes, ReactNode } from 'react';

/** What a Field hands its control: the id its label points at, and the invalid/described-by wiring. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> {
  id: string;
  label: ReactNode;
  /** Shown under the control until an error replaces it. */
  hint?: ReactNode;
  /** The field's validation message; it marks the control invalid and is read with it. */
  error?: string;
  /** Marks the label (visually) and the control (for screen readers) as required. */
  required?: boolean;
  /** Spans both columns of a form grid. */
  full?: boolean;
  /** Takes the free width of a filter bar (a search box). */
  grow?: boolean;
  /**
   * The control, when it is not a plain text input: a function gets the id and aria wiring to
   * spread onto it. Without children, Field renders an `.input` with the remaining input props.
   */
  children?: ReactNode | ((control: FieldControlProps) => ReactNode);
}

/**
 * One labelled form control: label, control, then its error (or hint) tied to it with
 * aria-describedby, so every form marks a bad field the same way.
 */
export function Field({
  id,
  label,
  hint,
  error,
  required = false,
  full = false,
  grow = false,
  children,
  ...inputProps
}: FieldProps) {
  const noteId = `${id}-note`;
  const note = error || hint;
  const control: FieldControlProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': note ? noteId : undefined,
    'aria-required': required ? true : undefined,
  };
  let body: ReactNode;
  if (typeof children === 'function') {
    body = children(control);
  } else if (children !== undefined) {
    body = children;
  } else {
    body = (
      <input
        className="input"
        {...inputProps}
        {...control}
        // The input's own aria-invalid (e.g. set from a form-level message) stands without a field error.
        aria-invalid={control['aria-invalid'] ?? inputProps['aria-invalid']}
        required={required || undefined}
      />
    );
  }
  return (
    <div className={`field${full ? ' field--full' : ''}${grow ? ' field--grow' : ''}`}>
      {required ? (
        // The marker sits beside the label, not in it, so the control's name stays the label text.
        <span className="field__label-row">
          <label htmlFor={id}>{label}</label>
          <span className="field__required" aria-hidden="true">
            *
          </span>
        </span>
      ) : (
        <label htmlFor={id}>{label}</label>
      )}
      {body}
      {note ? (
        <span id={noteId} className={error ? 'field__error' : 'field__hint'}>
          {note}
        </span>
      ) : null}
    </div>
  );
}

interface FieldGroupProps {
  id: string;
  label: ReactNode;
  className?: string;
  /** The group's controls; the function gets the label's id for the group's aria-labelledby. */
  children: (labelledBy: string) => ReactNode;
}

/**
 * A labelled group of controls that act as one field (toggle buttons, radio buttons, presets):
 * its label names the group, which a <label> cannot do for more than one control.
 */
export function FieldGroup({ id, label, className = 'field', children }: FieldGroupProps) {
  const labelId = `${id}-label`;
  return (
    <div className={className}>
      <span className="field__label" id={labelId}>
        {label}
      </span>
      {children(labelId)}
    </div>
  );
}
