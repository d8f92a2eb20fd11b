import { useState, type FormEvent } from 'react';
import { changePasswordBody, PASSWORD_MIN } from '@shared/schemas/auth';
import { useChangePassword } from '@web/api/auth';
import { useSession } from '@web/auth/session-context';
import { Alert } from '@web/components/alert';
import { Field, type FieldControlProps } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { PasswordInput } from '@web/components/password-input';
import { PASSWORD_MESSAGES, validatePasswordChange } from '@web/screens/profile/password-rules';
import { FormActions } from '@web/components/form/form-actions';

const EMPTY = { currentPassword: '', newPassword: '', confirm: '' };

export function PasswordTab() {
  const { replaceToken } = useSession();
  const change = useChangePassword();
  // The schema is the server's; `confirm` never leaves the browser (strictObject would refuse it).
  const form = useSchemaForm(changePasswordBody, EMPTY, {
    toInput: ({ currentPassword, newPassword }) => ({ currentPassword, newPassword }),
  });
  const [done, setDone] = useState<string | null>(null);
  const { currentPassword, newPassword, confirm } = form.values;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(null);
    // The form's own checks (the two match, 8 characters or more) come first; the shared schema then.
    const problem = validatePasswordChange(currentPassword, newPassword, confirm);
    if (problem) {
      form.setErrors({});
      form.setFormError(problem);
      return;
    }
    const body = form.validate();
    if (!body) {
      return;
    }
    change.mutate(body, {
      onSuccess: ({ message, token }) => {
        // The server revokes older tokens on a password change; keep the one it just issued.
        replaceToken(token);
        form.reset(EMPTY);
        setDone(message || 'Password changed');
      },
      onError: (err) => form.applyServerError(err, PASSWORD_MESSAGES.failed),
    });
  };

  const password = (field: keyof typeof EMPTY, autoComplete: string) => (control: FieldControlProps) => (
    <PasswordInput
      {...control}
      autoComplete={autoComplete}
      required
      value={form.values[field]}
      onChange={(event) => form.setValue(field, event.target.value)}
    />
  );

  return (
    <form className="form-stack" onSubmit={onSubmit} noValidate style={{ maxWidth: 480 }}>
      {form.formError ? <Alert>{form.formError}</Alert> : null}
      {done ? <Alert variant="success">{done}</Alert> : null}
      <Field id="current-password" label="Current password" required error={form.errors.currentPassword}>
        {password('currentPassword', 'current-password')}
      </Field>
      <Field
        id="new-password"
        label="New password"
        required
        error={form.errors.newPassword}
        hint={`At least ${PASSWORD_MIN} characters; not a commonly used password, your name or your email.`}
      >
        {password('newPassword', 'new-password')}
      </Field>
      <Field id="confirm-password" label="Confirm new password" required error={form.errors.confirm}>
        {password('confirm', 'new-password')}
      </Field>
      <FormActions busy={change.isPending} busyLabel="Changing..." submitLabel="Change Password" />
    </form>
  );
}
