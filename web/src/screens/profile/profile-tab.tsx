import { useState, type FormEvent } from 'react';
import { updateProfileBody } from '@shared/schemas/auth';
import { useUpdateProfile } from '@web/api/auth';
import { useSession } from '@web/auth/session-context';
import { Alert } from '@web/components/alert';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { PasswordInput } from '@web/components/password-input';
import { FormActions } from '@web/components/form/form-actions';
import { ROLE_LABELS } from '@web/lib/format';

export function ProfileTab() {
  const { user, updateUser } = useSession();
  const update = useUpdateProfile();
  const initial = { name: user?.name ?? '', email: user?.email ?? '', currentPassword: '' };
  // The email is the sign-in name: changing it needs the current password (the server checks too).
  const emailChanges = (values: typeof initial) =>
    values.email.trim().toLowerCase() !== (user?.email ?? '').toLowerCase();
  const form = useSchemaForm(updateProfileBody, initial, {
    toInput: (values) => (emailChanges(values) ? values : { name: values.name, email: values.email }),
  });
  const [saved, setSaved] = useState(false);
  const needsPassword = emailChanges(form.values);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const body = form.validate();
    if (!body) {
      return;
    }
    if (needsPassword && !form.values.currentPassword) {
      form.setErrors({ currentPassword: 'Enter your current password to change your email' });
      return;
    }
    update.mutate(body, {
      onSuccess: ({ user: fresh }) => {
        updateUser(fresh);
        form.reset({ name: fresh.name, email: fresh.email, currentPassword: '' });
        setSaved(true);
      },
      onError: (err) => form.applyServerError(err, 'Failed to update profile'),
    });
  };

  return (
    <form className="form-stack" onSubmit={onSubmit} noValidate style={{ maxWidth: 480 }}>
      {form.formError ? <Alert>{form.formError}</Alert> : null}
      {saved ? <Alert variant="success">Profile updated</Alert> : null}
      <Field id="profile-name" label="Name" autoComplete="name" required {...form.bind('name')} />
      <Field
        id="profile-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        {...form.bind('email')}
      />
      {needsPassword ? (
        <Field
          id="profile-current-password"
          label="Current password"
          required
          hint="Needed to change the email you sign in with."
          error={form.errors.currentPassword}
        >
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="current-password"
              required
              value={form.values.currentPassword}
              onChange={(event) => form.setValue('currentPassword', event.target.value)}
            />
          )}
        </Field>
      ) : null}
      <div className="field">
        <span className="field__label">Role</span>
        <span>{user ? ROLE_LABELS[user.role] : null}</span>
      </div>
      <FormActions busy={update.isPending} submitLabel="Save Profile" />
    </form>
  );
}
