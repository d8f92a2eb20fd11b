import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN } from '@server/schemas/auth';
import { useChangePassword } from '@web/api/auth';
import { errorMessage } from '@web/api/client';
import { useSession } from '@web/auth/session-context';
import { Alert } from '@web/components/alert';
import { PasswordInput } from '@web/components/password-input';
import { PASSWORD_MESSAGES, validatePasswordChange } from '@web/screens/profile/password-rules';

export function PasswordTab() {
  const { replaceToken } = useSession();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(null);
    const problem = validatePasswordChange(current, next, confirm);
    setError(problem);
    if (problem) {
      return;
    }
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: ({ message, token }) => {
          // The server revokes older tokens on a password change; keep the one it just issued.
          replaceToken(token);
          setCurrent('');
          setNext('');
          setConfirm('');
          setDone(message || 'Password changed');
        },
        onError: (err) => setError(errorMessage(err, PASSWORD_MESSAGES.failed)),
      },
    );
  };

  return (
    <form className="form-stack" onSubmit={onSubmit} noValidate style={{ maxWidth: 480 }}>
      {error ? <Alert>{error}</Alert> : null}
      {done ? <Alert variant="success">{done}</Alert> : null}
      <div className="field">
        <label htmlFor="current-password">Current password</label>
        <PasswordInput
          id="current-password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="new-password">New password</label>
        <PasswordInput
          id="new-password"
          autoComplete="new-password"
          required
          aria-describedby="new-password-hint"
          value={next}
          onChange={(event) => setNext(event.target.value)}
        />
        <span id="new-password-hint" className="field__hint">
          At least {PASSWORD_MIN} characters.
        </span>
      </div>
      <div className="field">
        <label htmlFor="confirm-password">Confirm new password</label>
        <PasswordInput
          id="confirm-password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change Password'}
        </button>
      </div>
    </form>
  );
}
