import type { FormEvent, ReactNode } from 'react';
import { Alert } from '@web/components/alert';
import { Field } from '@web/components/form/field';
import { Modal } from '@web/components/modal';
import './reference-form-modal.css';
import { FormActions } from '@web/components/form/form-actions';

interface ReferenceFormModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  /** The id prefix of the Name field (`<prefix>-name`), unique on the page. */
  idPrefix: string;
  name: string;
  onNameChange(name: string): void;
  /** What is wrong with the Name, shown under it. */
  nameError?: string;
  /** What went wrong on the last Save, shown above the fields; null when nothing did. */
  error: string | null;
  /** A bold heading for the error; an error equal to it is not repeated under it. */
  errorTitle?: string;
  /** A save is in flight: Save is disabled and says so. */
  busy: boolean;
  /** Called on Save (or Enter) with the browser's own submission already prevented. */
  onSubmit(): void;
  /** The fields after Name. */
  children: ReactNode;
}

/**
 * The form every reference-data record (building, category, work group, ...) is added and edited
 * with: the error alert, the Name field, the record's own fields and the Cancel/Save footer. The
 * browser's validation is off so our messages, not its bubbles, explain a refused save.
 */
export function ReferenceFormModal({
  open,
  onOpenChange,
  title,
  description,
  idPrefix,
  name,
  onNameChange,
  nameError,
  error,
  errorTitle,
  busy,
  onSubmit,
  children,
}: ReferenceFormModalProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form className="form-stack" onSubmit={submit} noValidate>
        {error ? <Alert title={errorTitle}>{error === errorTitle ? null : error}</Alert> : null}
        <Field
          id={`${idPrefix}-name`}
          label="Name"
          required
          error={nameError}
          value={name}
          onChange={(e) => onNameChange(e.target.value)}
        />
        {children}
        <FormActions onCancel={() => onOpenChange(false)} busy={busy} submitLabel="Save" />
      </form>
    </Modal>
  );
}

interface DescriptionFieldProps {
  /** The id prefix of the form (`<prefix>-description`). */
  idPrefix: string;
  value: string;
  onChange(value: string): void;
  /** The Description's validation message (e.g. too long), from the schema or the server. */
  error?: string;
}

/** The free-text Description most reference records carry; placed where each form wants it. */
export function DescriptionField({ idPrefix, value, onChange, error }: DescriptionFieldProps) {
  return (
    <Field id={`${idPrefix}-description`} label="Description" error={error}>
      {(control) => (
        <textarea
          {...control}
          className="input reference-form__textarea"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
