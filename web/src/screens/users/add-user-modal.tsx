import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN, registerBody } from '@shared/schemas/auth';
import type { Role } from '@shared/schemas/common';
import { useRegisterUser } from '@web/api/users';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { Modal } from '@web/components/modal';
import { PasswordInput } from '@web/components/password-input';
import { Select } from '@web/components/select';
import { ROLE_LABELS } from '@web/lib/format';
import { generatePassword } from '@web/lib/password';
import { FormActions } from '@web/components/form/form-actions';

const ROLE_OPTIONS = (Object.keys(ROLE_LABELS) as Role[]).map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
}));
const REGISTER_FAILED = 'Registration failed. Please try again.';
const EMPTY = { name: '', email: '', password: '', role: 'FINANCE' as Role };

interface AddUserModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCreated(name: string): void;
}

/**
 * Creates an account through POST /auth/register; the new person's role defaults to FINANCE.
 * The register schema's own messages mark the bad fields; only a failed request shows the
 * 'Failed to create user' alert.
 */
export function AddUserModal({ open, onOpenChange, onCreated }: AddUserModalProps) {
  const register = useRegisterUser();
  const form = useSchemaForm(registerBody, EMPTY);
  const [showPassword, setShowPassword] = useState(false);

  const changeOpen = (next: boolean) => {
    if (!next) {
      form.reset();
      setShowPassword(false);
      register.reset();
    }
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) {
      return;
    }
    register.mutate(body, {
      onSuccess: ({ user }) => {
        onCreated(user.name);
        changeOpen(false);
      },
      onError: (err) => form.applyServerError(err, REGISTER_FAILED),
    });
  };

  return (
    <Modal
      open={open}
      onOpenChange={changeOpen}
      title="Add User"
      description="Create an account for a staff member."
    >
      <form className="form-stack" onSubmit={onSubmit} noValidate>
        {form.formError ? <Alert title="Failed to create user">{form.formError}</Alert> : null}
        <Field id="new-user-name" label="Name" required {...form.bind('name')} />
        <Field
          id="new-user-email"
          label="Email"
          type="email"
          autoComplete="off"
          required
          {...form.bind('email')}
        />
        <Field
          id="new-user-password"
          label="Password"
          required
          error={form.errors.password}
          hint={
            <>
              At least {PASSWORD_MIN} characters. Generate makes a 12-character password and shows it so you
              can pass it on.
            </>
          }
        >
          {(control) => (
            <div className="input-group">
              <PasswordInput
                {...control}
                autoComplete="new-password"
                required
                visible={showPassword}
                onVisibleChange={setShowPassword}
                value={form.values.password}
                onChange={(e) => form.setValue('password', e.target.value)}
              />
              <Button
                onClick={() => {
                  form.setValue('password', generatePassword());
                  setShowPassword(true);
                }}
              >
                Generate
              </Button>
            </div>
          )}
        </Field>
        <Field id="new-user-role" label="Role">
          <Select
            id="new-user-role"
            value={form.values.role}
            options={ROLE_OPTIONS}
            onValueChange={(v) => form.setValue('role', v as Role)}
          />
        </Field>
        <FormActions
          onCancel={() => changeOpen(false)}
          busy={register.isPending}
          busyLabel="Creating..."
          submitLabel="Create User"
        />
      </form>
    </Modal>
  );
}
