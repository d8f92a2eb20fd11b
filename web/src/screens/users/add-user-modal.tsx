import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN } from '@server/schemas/auth';
import type { Role } from '@server/schemas/common';
import { errorMessage } from '@web/api/client';
import { useRegisterUser } from '@web/api/users';
import { Alert } from '@web/components/alert';
import { Modal } from '@web/components/modal';
import { PasswordInput } from '@web/components/password-input';
import { Select } from '@web/components/select';
import { ROLE_LABELS } from '@web/lib/format';
import { generatePassword } from '@web/lib/password';
import { isValidEmail } from '@web/lib/validation';

const ROLE_OPTIONS = (Object.keys(ROLE_LABELS) as Role[]).map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
}));
const REGISTER_FAILED = 'Registration failed. Please try again.';

interface AddUserModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCreated(name: string): void;
}

function validate(name: string, email: string, password: string): string | null {
  if (!name.trim() || !email.trim() || !password) {
    return 'Please enter a name, email and password';
  }
  if (!isValidEmail(email)) {
    return 'Please enter a valid email address';
  }
  if (password.length < PASSWORD_MIN) {
    return `Password must be at least ${PASSWORD_MIN} characters`;
  }
  return null;
}

/** Creates an account through POST /auth/register; the new person's role defaults to FINANCE. */
export function AddUserModal({ open, onOpenChange, onCreated }: AddUserModalProps) {
  const register = useRegisterUser();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [role, setRole] = useState<Role>('FINANCE');
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setName('');
    setEmail('');
    setPassword('');
    setShowPassword(false);
    setRole('FINANCE');
    setError(null);
    register.reset();
  };

  const changeOpen = (next: boolean) => {
    if (!next) {
      reset();
    }
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validate(name, email, password);
    setError(problem);
    if (problem) {
      return;
    }
    register.mutate(
      { name: name.trim(), email: email.trim(), password, role },
      {
        onSuccess: ({ user }) => {
          onCreated(user.name);
          changeOpen(false);
        },
        onError: (err) => setError(errorMessage(err, REGISTER_FAILED)),
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={changeOpen}
      title="Add User"
      description="Create an account for a staff member."
    >
      <form className="form-stack" onSubmit={onSubmit} noValidate>
        {error ? <Alert title="Failed to create user">{error}</Alert> : null}
        <div className="field">
          <label htmlFor="new-user-name">Name</label>
          <input
            id="new-user-name"
            className="input"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="new-user-email">Email</label>
          <input
            id="new-user-email"
            className="input"
            type="email"
            autoComplete="off"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="new-user-password">Password</label>
          <div className="input-group">
            <PasswordInput
              id="new-user-password"
              autoComplete="new-password"
              required
              aria-describedby="new-user-password-hint"
              visible={showPassword}
              onVisibleChange={setShowPassword}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => {
                setPassword(generatePassword());
                setShowPassword(true);
              }}
            >
              Generate
            </button>
          </div>
          <span id="new-user-password-hint" className="field__hint">
            At least {PASSWORD_MIN} characters. Generate makes a 12-character password and shows it so you can
            pass it on.
          </span>
        </div>
        <div className="field">
          <label htmlFor="new-user-role">Role</label>
          <Select
            id="new-user-role"
            value={role}
            options={ROLE_OPTIONS}
            onValueChange={(v) => setRole(v as Role)}
          />
        </div>
        <div className="form-actions">
          <button type="button" className="btn btn--secondary" onClick={() => changeOpen(false)}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={register.isPending}>
            {register.isPending ? 'Creating...' : 'Create User'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
